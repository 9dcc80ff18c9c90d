import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { DateTimePicker } from '../../components/date-time-picker/DateTimePicker';
import { inputSelectors as s } from '../input-support/selectors';
import type { FieldSpec, FieldValue } from './multiple-input-model';

const INPUT_TYPES: Partial<Record<FieldSpec['valueType'], string>> = {
  double: 'number',
  integer: 'number',
  date: 'date',
  time: 'time',
};

export interface FieldProps {
  field: FieldSpec;
  value: FieldValue;
  /** The problem in words, or '' when the value is fine. */
  error: string;
  /** A line under the field when nothing is wrong (why it is disabled). */
  note?: string;
  disabled: boolean;
  onChange: (value: FieldValue) => void;
  /** The user is done with the field: a text field lost focus, a toggle or a choice changed. */
  onCommit: (value: FieldValue) => void;
}

/** One data key of the form, drawn as its `dataKeyValueType` says. */
export function MultipleInputField({ field, value, error, note, disabled, onChange, onCommit }: FieldProps) {
  const readOnly = field.editable === 'readonly';
  const testProps = { 'data-testid': s.multipleField, 'data-key': field.keyName };
  if (typeof value === 'boolean') {
    const Toggle = field.valueType === 'booleanSwitch' ? Switch : Checkbox;
    return (
      <Box>
        <FormControlLabel
          label={field.label}
          labelPlacement={field.labelBefore ? 'start' : 'end'}
          sx={field.labelBefore ? { ml: 0 } : undefined}
          control={
            <Toggle
              checked={value}
              disabled={disabled}
              onChange={(event) => {
                if (readOnly) return;
                onChange(event.target.checked);
                onCommit(event.target.checked);
              }}
              slotProps={{ input: { ...testProps, readOnly } as object }}
            />
          }
        />
        {note && <FormHelperText>{note}</FormHelperText>}
      </Box>
    );
  }
  if (field.valueType === 'dateTime') {
    return (
      <DateTimePicker
        size="small"
        label={field.label}
        value={value}
        required={field.rules.required}
        disabled={disabled}
        readOnly={readOnly}
        error={error !== ''}
        helperText={error || note || ' '}
        onChange={onChange}
        onCommit={onCommit}
        testId={s.multipleField}
        dataAttributes={{ 'data-key': field.keyName }}
      />
    );
  }
  const select = field.valueType === 'select';
  const json = field.valueType === 'JSON';
  const dateLike = field.valueType === 'date' || field.valueType === 'time';
  return (
    <TextField
      size="small"
      fullWidth
      select={select}
      multiline={json}
      maxRows={json ? 4 : undefined}
      label={field.label}
      value={value}
      type={INPUT_TYPES[field.valueType] ?? 'text'}
      required={field.rules.required}
      disabled={disabled}
      error={error !== ''}
      helperText={error || note || ' '}
      onChange={(event) => {
        onChange(event.target.value);
        if (select || dateLike) onCommit(event.target.value);
      }}
      onBlur={() => {
        if (!select && !dateLike) onCommit(value);
      }}
      slotProps={{
        inputLabel: dateLike ? { shrink: true } : undefined,
        htmlInput: {
          ...(select ? {} : testProps),
          readOnly,
          ...(field.valueType === 'integer' ? { step: field.step ?? 1 } : {}),
          ...(field.valueType === 'double' ? { step: field.step ?? 'any' } : {}),
        },
        select: select ? { SelectDisplayProps: testProps as object, readOnly } : undefined,
      }}
    >
      {select &&
        field.selectOptions.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
    </TextField>
  );
}
