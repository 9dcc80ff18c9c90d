import type { JsonValue } from '@meridian/common';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../entity-table/FormDialog';
import { entityTabsSelectors } from '../selectors';
import { useContainedSubmit } from '../useContainedSubmit';
import { ValueInput } from './ValueInput';
import { type ValueDraft, valueDraftOf, valueOfDraft } from './value-input';

const S = entityTabsSelectors.attributes;

/** Longest attribute key the console accepts. */
const ATTRIBUTE_KEY_MAX_LENGTH = 255;

function keyError(key: string): string | null {
  if (key.trim() === '') {
    return 'attribute.key-required';
  }
  return key.length > ATTRIBUTE_KEY_MAX_LENGTH ? 'attribute.key-max-length' : null;
}

export interface AddAttributeDialogProps {
  onClose: () => void;
  /** Saves the attribute; rejects when the server refuses it (the dialog stays open). */
  onAdd: (key: string, value: JsonValue) => Promise<unknown>;
}

/** "Add attribute" (reference console §4.2): key, value type and value; Cancel and Add. */
export function AddAttributeDialog({ onClose, onAdd }: AddAttributeDialogProps) {
  const { t } = useTranslation();
  const [key, setKey] = useState('');
  const [keyTouched, setKeyTouched] = useState(false);
  const [draft, setDraft] = useState<ValueDraft>(() => valueDraftOf(null));
  const keyProblem = keyError(key);
  const value = valueOfDraft(draft);
  const valid = keyProblem === null && value !== null;
  const { saving, onSubmit } = useContainedSubmit(() => {
    if (!valid || value === null) {
      setKeyTouched(true);
      return null;
    }
    return onAdd(key.trim(), value);
  });

  return (
    <FormDialog
      title={t('attribute.add')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel={t('action.add')}
      submitDisabled={saving || !valid}
      dividers
      testIds={{ dialog: S.addDialog, cancel: S.addCancel, submit: S.addSubmit }}
    >
      <TextField
        fullWidth
        required
        autoFocus
        margin="dense"
        label={t('attribute.key')}
        value={key}
        onChange={(event) => setKey(event.target.value)}
        onBlur={() => setKeyTouched(true)}
        error={keyTouched && keyProblem !== null}
        helperText={keyTouched && keyProblem !== null ? t(keyProblem) : undefined}
        slotProps={{ htmlInput: { 'data-testid': S.key } }}
      />
      <ValueInput draft={draft} onChange={setDraft} />
    </FormDialog>
  );
}
