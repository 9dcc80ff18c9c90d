import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../selectors';
import { FormDialog } from './FormDialog';

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
    <FormDialog
      title={title}
      onClose={onClose}
      onSubmit={submit}
      submitLabel={t('action.assign')}
      submitDisabled={!picked || busy}
      testIds={{
        dialog: selectors.assignDialog.root,
        cancel: selectors.assignDialog.cancel,
        submit: selectors.assignDialog.submit,
      }}
    >
      {children}
    </FormDialog>
  );
}
