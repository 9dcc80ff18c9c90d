import Button from '@mui/material/Button';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from './DialogFrame';

export interface FormDialogProps {
  title: ReactNode;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The submit button's text (Add, Assign, Save…). */
  submitLabel: string;
  submitDisabled: boolean;
  /** Lines above and below the content, for forms that scroll. */
  dividers?: boolean;
  /** Wider for forms with rows of fields; `sm` by default. */
  maxWidth?: 'sm' | 'md';
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
  maxWidth = 'sm',
  testIds,
  children,
}: FormDialogProps) {
  const { t } = useTranslation();
  return (
    <DialogFrame
      title={title}
      onClose={onClose}
      maxWidth={maxWidth}
      dividers={dividers}
      onSubmit={onSubmit}
      testId={testIds.dialog}
      actions={
        <>
          <Button onClick={onClose} data-testid={testIds.cancel}>
            {t('action.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={submitDisabled} data-testid={testIds.submit}>
            {submitLabel}
          </Button>
        </>
      }
    >
      {children}
    </DialogFrame>
  );
}
