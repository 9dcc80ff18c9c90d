import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { type FieldPath, type FieldValues, type UseControllerProps, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export type FormDateTimeFieldProps<T extends FieldValues, N extends FieldPath<T>> = UseControllerProps<
  T,
  N
> & {
  label: ReactNode;
  required?: boolean;
  disabled?: boolean;
  helperText?: ReactNode;
  testId?: string;
};

/**
 * A date and time input (to the second, in the browser's time zone) bound to a string field in
 * `datetime-local` format ('' when empty); validation messages are i18n keys.
 */
export function FormDateTimeField<T extends FieldValues, N extends FieldPath<T>>(
  props: FormDateTimeFieldProps<T, N>,
) {
  const { label, required, disabled, helperText, testId, ...controller } = props;
  const { t } = useTranslation();
  const { field, fieldState } = useController(controller);
  const errorKey = fieldState.error?.message;
  const value: unknown = field.value;
  return (
    <TextField
      type="datetime-local"
      fullWidth
      margin="dense"
      label={label}
      required={required}
      disabled={disabled}
      name={field.name}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error !== undefined}
      helperText={errorKey ? t(errorKey) : helperText}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1, 'data-testid': testId } }}
    />
  );
}
