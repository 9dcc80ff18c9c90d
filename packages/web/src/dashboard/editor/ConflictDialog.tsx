import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { editorSelectors } from './editor-selectors';
import type { DashboardEditor } from './useDashboardEditor';

/**
 * Apply was refused because someone else saved the dashboard since it was loaded: reload theirs
 * (these changes are lost) or overwrite it with these changes. Cancel keeps editing.
 */
export function ConflictDialog({ editor }: { editor: DashboardEditor }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={editor.conflict}
      onClose={editor.dismissConflict}
      aria-labelledby={titleId}
      data-testid={editorSelectors.conflictDialog}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('dashboard-editor.conflict-title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('dashboard-editor.conflict-text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={editor.dismissConflict}>{t('action.cancel')}</Button>
        <Button data-testid={editorSelectors.conflictReload} onClick={() => void editor.reload()}>
          {t('dashboard-editor.reload')}
        </Button>
        <Button
          variant="contained"
          data-testid={editorSelectors.conflictOverwrite}
          disabled={editor.saving}
          onClick={() => void editor.overwrite()}
        >
          {t('dashboard-editor.overwrite')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
