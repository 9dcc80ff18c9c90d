import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEventHandler, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogForm } from './DialogForm';

export interface FormDialogProps {
  title: ReactNode;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The submit button's text (Add, Assign, Save…). */
  submitLabel: string;
  submitDisabled: boolean;
  /** Lines above and below the content, for forms that scroll. */
  dividers?: boolean;
  testIds: { dialog: string; cancel: string; submit: string };
  children: ReactNode;
}

/** The frame of the small form dialogs: a title, the form's fields, Cancel and a submit button. */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  submitLabel,
  submitDisabled,
  dividers,
  testIds,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
      data-testid={testIds.dialog}
    >
      <DialogForm onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers={dividers}>{children}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid={testIds.cancel}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={submitDisabled} data-testid={testIds.submit}>
            {submitLabel}
          </Button>
        </DialogActions>
      </DialogForm>
    </Dialog>
  );
}
