import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from './DialogFrame';

export interface ViewDialogProps {
  title: ReactNode;
  onClose: () => void;
  /** Wider for content with long lines; `sm` by default. */
  maxWidth?: 'sm' | 'md';
  /**
   * How the dialog is left: `close`, a Close button after any other actions (details to look at);
   * `ok`, a focused OK button (a dialog that tells one thing and has nothing else to do).
   */
  closeAs?: 'close' | 'ok';
  /** Buttons before the closing one (Acknowledge, Clear…). */
  actions?: ReactNode;
  testIds: { dialog: string; close: string };
  children: ReactNode;
}

/** The frame of the read-only dialogs: a title, what is shown, any actions and a button closing it. */
export function ViewDialog({
  title,
  onClose,
  maxWidth = 'sm',
  closeAs = 'close',
  actions,
  testIds,
  children,
}: ViewDialogProps) {
  const { t } = useTranslation();
  const closeButton =
    closeAs === 'ok' ? (
      <Button variant="contained" onClick={onClose} autoFocus data-testid={testIds.close}>
        {t('action.ok')}
      </Button>
    ) : (
      <Button onClick={onClose} data-testid={testIds.close}>
        {t('action.close')}
      </Button>
    );
  return (
    <DialogFrame
      title={title}
      onClose={onClose}
      maxWidth={maxWidth}
      dividers
      testId={testIds.dialog}
      actions={
        <>
          {actions}
          {closeButton}
        </>
      }
    >
      {children}
    </DialogFrame>
  );
}
