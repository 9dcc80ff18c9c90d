import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { type FormEventHandler, type ReactNode, useId } from 'react';
import { DialogForm } from './DialogForm';

export interface DialogFrameProps {
  title: ReactNode;
  onClose: () => void;
  maxWidth: 'sm' | 'md';
  /** Lines above and below the content, for content that scrolls. */
  dividers?: boolean;
  /** Makes title, content and actions one form, submitted by a submit button among the actions. */
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** The buttons at the bottom. */
  actions: ReactNode;
  testId: string;
  children: ReactNode;
}

/** What every full-width dialog is made of: a title naming the dialog, the content and a row of buttons. */
export function DialogFrame({
  title,
  onClose,
  maxWidth,
  dividers,
  onSubmit,
  actions,
  testId,
  children,
}: DialogFrameProps) {
  const titleId = useId();
  const body = (
    <>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent dividers={dividers}>{children}</DialogContent>
      <DialogActions>{actions}</DialogActions>
    </>
  );
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={maxWidth}
      fullWidth
      data-testid={testId}
    >
      {onSubmit ? <DialogForm onSubmit={onSubmit}>{body}</DialogForm> : body}
    </Dialog>
  );
}
