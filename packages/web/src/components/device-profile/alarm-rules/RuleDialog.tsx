import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../entity-table/FormDialog';

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
export function RuleDialog({ onSubmit, submitDisabled = false, ...frame }: RuleDialogProps) {
  const { t } = useTranslation();
  return (
    <FormDialog
      {...frame}
      maxWidth="md"
      dividers
      submitLabel={t('action.save')}
      submitDisabled={submitDisabled}
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        onSubmit(event);
      }}
    />
  );
}
