import { VALUE_TYPES, type ValueType } from '@meridian/common';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entityTabsSelectors } from '../selectors';
import { type ValueDraft, valueDraftError, withValueType } from './value-input';

const S = entityTabsSelectors.valueInput;

const TYPE_LABELS: Record<ValueType, string> = {
  STRING: 'value.string',
  INTEGER: 'value.integer',
  DOUBLE: 'value.double',
  BOOLEAN: 'value.boolean',
  JSON: 'value.json',
};

const VALUE_LABELS: Record<Exclude<ValueType, 'BOOLEAN'>, string> = {
  STRING: 'value.string-value',
  INTEGER: 'value.integer-value',
  DOUBLE: 'value.double-value',
  JSON: 'value.json-value',
};

const VALUE_TEST_IDS: Record<Exclude<ValueType, 'BOOLEAN'>, string> = {
  STRING: S.string,
  INTEGER: S.integer,
  DOUBLE: S.double,
  JSON: S.json,
};

export interface ValueInputProps {
  draft: ValueDraft;
  onChange: (draft: ValueDraft) => void;
  autoFocus?: boolean;
}

/**
 * The value input of spec 3: a value type (String, Integer, Double, Boolean, JSON) and the value
 * typed by it. Errors show once the field was left or holds text.
 */
export function ValueInput({ draft, onChange, autoFocus }: ValueInputProps) {
  const { t } = useTranslation();
  const [touched, setTouched] = useState(false);
  const error = valueDraftError(draft);
  const shownError = error !== null && (touched || draft.text !== '') ? t(error) : undefined;
  const changeType = (type: ValueType) => {
    setTouched(false);
    onChange(withValueType(draft, type));
  };
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <TextField
        select
        margin="dense"
        label={t('value.type')}
        value={draft.type}
        onChange={(event) => changeType(event.target.value as ValueType)}
        sx={{ width: 150 }}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': S.type } as object } }}
      >
        {VALUE_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(TYPE_LABELS[type])}
          </MenuItem>
        ))}
      </TextField>
      {draft.type === 'BOOLEAN' ? (
        <FormControlLabel
          sx={{ mt: 2 }}
          control={
            <Checkbox
              checked={draft.checked}
              onChange={(event) => onChange({ ...draft, checked: event.target.checked })}
              slotProps={{ input: { 'data-testid': S.boolean } as object }}
            />
          }
          label={draft.checked ? t('value.true') : t('value.false')}
        />
      ) : (
        <TextField
          margin="dense"
          required
          autoFocus={autoFocus}
          label={t(VALUE_LABELS[draft.type])}
          value={draft.text}
          onChange={(event) => onChange({ ...draft, text: event.target.value })}
          onBlur={() => setTouched(true)}
          error={shownError !== undefined}
          helperText={shownError}
          type={draft.type === 'INTEGER' || draft.type === 'DOUBLE' ? 'number' : 'text'}
          multiline={draft.type === 'JSON'}
          minRows={draft.type === 'JSON' ? 4 : undefined}
          maxRows={draft.type === 'JSON' ? 16 : undefined}
          sx={{ flex: '1 1 220px' }}
          slotProps={{
            htmlInput: {
              'data-testid': VALUE_TEST_IDS[draft.type],
              step: draft.type === 'DOUBLE' ? 'any' : draft.type === 'INTEGER' ? 1 : undefined,
              style: draft.type === 'JSON' ? { fontFamily: 'monospace', fontSize: 13 } : undefined,
            },
          }}
        />
      )}
    </Box>
  );
}
