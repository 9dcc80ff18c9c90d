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
  /** The submit button's text; Assign by default. */
  submitLabel?: string;
  /** The assign dialog's own test ids by default. */
  testIds?: { dialog: string; cancel: string; submit: string };
  /** The picker (and any text above it). */
  children: ReactNode;
}

const ASSIGN_TEST_IDS = {
  dialog: selectors.assignDialog.root,
  cancel: selectors.assignDialog.cancel,
  submit: selectors.assignDialog.submit,
};

/**
 * The frame of the assign dialogs (reference console §4.7): a title, the picker, Cancel and
 * Assign; Assign waits for the call and is disabled until something is picked. Dialogs that pick
 * for another action (set a dashboard's customers, unassign) name their button and test ids.
 */
export function AssignDialog({
  title,
  picked,
  onAssign,
  onClose,
  submitLabel,
  testIds = ASSIGN_TEST_IDS,
  children,
}: AssignDialogProps) {
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
      submitLabel={submitLabel ?? t('action.assign')}
      submitDisabled={!picked || busy}
      testIds={testIds}
    >
      {children}
    </FormDialog>
  );
}
