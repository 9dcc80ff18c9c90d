import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../selectors';
import { DialogForm } from './DialogForm';

export interface AssignDialogProps {
  title: string;
  /** Something is chosen: Assign is enabled. */
  picked: boolean;
  /** Assigns what was chosen; the dialog closes when it resolves and stays open when it fails. */
  onAssign: () => Promise<unknown>;
  onClose: () => void;
  /** The picker (and any text above it). */
  children: ReactNode;
}

/**
 * The frame of the assign dialogs (reference console §4.7): a title, the picker, Cancel and
 * Assign; Assign waits for the call and is disabled until something is picked.
 */
export function AssignDialog({ title, picked, onAssign, onClose, children }: AssignDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!picked) {
      return;
    }
    setBusy(true);
    try {
      await onAssign();
      onClose();
    } catch {
      // Shown by the HTTP client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      data-testid={selectors.assignDialog.root}
    >
      <DialogForm onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid={selectors.assignDialog.cancel}>
            {t('action.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!picked || busy}
            data-testid={selectors.assignDialog.submit}
          >
            {t('action.assign')}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
