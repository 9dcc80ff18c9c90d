import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useSyncExternalStore } from 'react';
import { coreSelectors } from '../../core-selectors';
import { useServices } from '../services/useServices';

/**
 * Renders the alert and confirm dialogs requested through the DialogStore. The route guard closes
 * them when a navigation starts.
 */
export function DialogHost() {
  const { dialogs } = useServices();
  const open = useSyncExternalStore(dialogs.subscribe, dialogs.getDialogs, dialogs.getDialogs);

  return (
    <>
      {open.map((dialog) => {
        const titleId = `dialog-title-${dialog.id}`;
        return (
          <Dialog
            key={dialog.id}
            open
            onClose={() => dialogs.close(dialog.id, false)}
            aria-labelledby={titleId}
            data-testid={coreSelectors.app.dialog}
            maxWidth="xs"
            fullWidth
          >
            <DialogTitle id={titleId}>{dialog.title}</DialogTitle>
            <DialogContent>
              <DialogContentText sx={{ whiteSpace: 'pre-line' }}>{dialog.message}</DialogContentText>
            </DialogContent>
            <DialogActions>
              {dialog.kind === 'confirm' && (
                <Button
                  onClick={() => dialogs.close(dialog.id, false)}
                  data-testid={coreSelectors.app.dialogCancel}
                >
                  {dialog.cancelLabel}
                </Button>
              )}
              <Button
                variant="contained"
                autoFocus
                onClick={() => dialogs.close(dialog.id, true)}
                data-testid={coreSelectors.app.dialogOk}
              >
                {dialog.okLabel}
              </Button>
            </DialogActions>
          </Dialog>
        );
      })}
    </>
  );
}
