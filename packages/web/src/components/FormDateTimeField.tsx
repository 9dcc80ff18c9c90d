import type { ReactNode } from 'react';
import {
  type FieldPath,
  type FieldValues,
  type UseControllerProps,
  useController,
  type Validate,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fromDateTimeInput } from '../i18n/date-time';
import { DateTimePicker } from './date-time-picker/DateTimePicker';

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

/** Text the picker passes on while it is not a date and time; the picker itself says what to type. */
const isDateTimeOrEmpty = (value: unknown) =>
  typeof value !== 'string' ||
  value === '' ||
  fromDateTimeInput(value) !== null ||
  'date-time-picker.invalid';

/**
 * A date and time picker (to the second, in the browser's time zone) bound to a string field in
 * `datetime-local` format ('' when empty); validation messages are i18n keys. Typed text that is
 * not a date and time keeps the form from submitting.
 */
export function FormDateTimeField<T extends FieldValues, N extends FieldPath<T>>(
  props: FormDateTimeFieldProps<T, N>,
) {
  const { label, required, disabled, helperText, testId, rules, ...controller } = props;
  const { t } = useTranslation();
  const own = rules?.validate;
  const validate: Record<string, Validate<T[N], T>> = {
    ...(typeof own === 'function' ? { own } : own),
    dateTime: isDateTimeOrEmpty,
  };
  const { field, fieldState } = useController({ ...controller, rules: { ...rules, validate } });
  const errorKey = fieldState.error?.message;
  const value: unknown = field.value;
  return (
    <DateTimePicker
      margin="dense"
      precision="seconds"
      label={label}
      required={required}
      disabled={disabled}
      name={field.name}
      value={typeof value === 'string' ? value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error !== undefined}
      // The picker names the expected format itself when the text is not a date.
      helperText={errorKey && errorKey !== 'date-time-picker.invalid' ? t(errorKey) : helperText}
      testId={testId}
    />
  );
}
