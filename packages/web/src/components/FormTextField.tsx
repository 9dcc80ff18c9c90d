import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ReactNode, useId } from 'react';
import { type FieldPath, type FieldValues, type UseControllerProps, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export type FormTextFieldProps<T extends FieldValues, N extends FieldPath<T>> = UseControllerProps<T, N> & {
  label: ReactNode;
  type?: string;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  autoComplete?: string;
  helperText?: ReactNode;
  /** data-testid on the <input> element. */
  testId?: string;
  /** Number input: '' becomes null, anything else a number (NaN when not numeric). */
  numeric?: boolean;
  endAdornment?: ReactNode;
};

function toNumber(raw: string): number | null {
  return raw.trim() === '' ? null : Number(raw);
}

/**
 * An outlined text input bound to react-hook-form; validation messages are i18n keys, translated
 * here. Built from the input parts rather than TextField so pages without selects stay small.
 */
export function FormTextField<T extends FieldValues, N extends FieldPath<T>>(
  props: FormTextFieldProps<T, N>,
) {
  const {
    name,
    control,
    rules,
    defaultValue,
    shouldUnregister,
    label,
    type,
    required,
    disabled,
    autoFocus,
    autoComplete,
    helperText,
    testId,
    numeric,
    endAdornment,
  } = props;
  const { t } = useTranslation();
  const id = useId();
  const { field, fieldState } = useController({ name, control, rules, defaultValue, shouldUnregister });
  const errorKey = fieldState.error?.message;
  const help = errorKey ? t(errorKey) : helperText;
  const value: unknown = field.value;
  return (
    <FormControl
      fullWidth
      margin="dense"
      variant="outlined"
      error={fieldState.error !== undefined}
      required={required}
      disabled={disabled}
    >
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        name={field.name}
        type={numeric ? 'number' : type}
        value={
          value === null || value === undefined || (typeof value === 'number' && Number.isNaN(value))
            ? ''
            : value
        }
        onChange={(event) => field.onChange(numeric ? toNumber(event.target.value) : event.target.value)}
        onBlur={field.onBlur}
        inputRef={field.ref}
        autoFocus={autoFocus}
        autoComplete={autoComplete}
        endAdornment={endAdornment}
        inputProps={{ 'data-testid': testId, 'aria-describedby': help ? `${id}-help` : undefined }}
      />
      {help && <FormHelperText id={`${id}-help`}>{help}</FormHelperText>}
    </FormControl>
  );
}
