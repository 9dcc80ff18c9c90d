import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm } from '../../entity-table/DialogForm';

export interface RuleDialogProps {
  title: ReactNode;
  onClose: () => void;
  /** Called with the submit event already stopped (see below). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitDisabled?: boolean;
  testIds: { dialog: string; cancel: string; submit: string };
  children: ReactNode;
}

/**
 * The frame of the alarm rule dialogs (condition, schedule): wider than the small form dialogs, and
 * opened from inside the device profile form. React bubbles a portal's events through the component
 * tree, so the dialog's submit is stopped here and never reaches the profile form.
 */
export function RuleDialog({ title, onClose, onSubmit, submitDisabled, testIds, children }: RuleDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      data-testid={testIds.dialog}
    >
      <DialogForm
        onSubmit={(event) => {
          event.preventDefault();
          event.stopPropagation();
          onSubmit(event);
        }}
      >
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid={testIds.cancel}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={submitDisabled} data-testid={testIds.submit}>
            {t('action.save')}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
