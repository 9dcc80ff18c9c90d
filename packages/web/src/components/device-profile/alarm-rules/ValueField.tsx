import type { EntityKeyValueType } from '@meridian/common';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DateTimePicker } from '../../date-time-picker/DateTimePicker';
import { RuleSelect } from './RuleSelect';

const BOOLEAN_TEXTS = ['true', 'false'] as const;

const INPUT_TYPES: Record<Exclude<EntityKeyValueType, 'DATE_TIME'>, string> = {
  STRING: 'text',
  NUMERIC: 'number',
  BOOLEAN: 'text',
};

export interface ValueFieldProps {
  /** The type the value is compared as: a boolean is picked, the others typed in their own input. */
  valueType: EntityKeyValueType;
  label: string;
  /** The value as text, the way the form holds it. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  required?: boolean;
  /** What is wrong with the value (an i18n key); nothing when it is fine or not shown yet. */
  error?: string | null;
  testId: string;
}

/** A value an alarm rule compares with (a constant key, a predicate operand), in the input its type needs. */
export function ValueField({
  valueType,
  label,
  value,
  onChange,
  disabled,
  required,
  error,
  testId,
}: ValueFieldProps) {
  const { t } = useTranslation();
  if (valueType === 'BOOLEAN') {
    return (
      <RuleSelect
        fullWidth
        label={label}
        value={value === 'true' ? 'true' : 'false'}
        options={BOOLEAN_TEXTS}
        optionLabel={(option) => t(`device-profile.alarm-rules.boolean-values.${option}`)}
        onChange={onChange}
        disabled={disabled}
        testId={testId}
      />
    );
  }
  if (valueType === 'DATE_TIME') {
    return (
      <DateTimePicker
        margin="dense"
        size="small"
        required={required}
        label={label}
        value={value}
        onChange={onChange}
        disabled={disabled}
        error={Boolean(error)}
        helperText={error ? t(error) : undefined}
        testId={testId}
      />
    );
  }
  return (
    <TextField
      fullWidth
      margin="dense"
      size="small"
      required={required}
      type={INPUT_TYPES[valueType]}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      error={Boolean(error)}
      helperText={error ? t(error) : undefined}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    />
  );
}
