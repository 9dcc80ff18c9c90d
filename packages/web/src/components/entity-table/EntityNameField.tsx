import type { FieldPath, FieldValues, UseControllerProps } from 'react-hook-form';
import { FormTextField } from '../FormTextField';
import { requiredTextRule } from '../form-rules';

export type EntityNameFieldProps<T extends FieldValues, N extends FieldPath<T>> = Pick<
  UseControllerProps<T, N>,
  'control' | 'name'
> & {
  /** Translated label, e.g. "Name*" or "Title*". */
  label: string;
  /** The form is editable: the field is enabled and takes the focus. */
  editing: boolean;
  maxLength: number;
  /** Full i18n keys of the blank and too-long messages. */
  messages: { required: string; maxLength: string };
  testId: string;
};

/**
 * The required name (or title) an entity form starts with: focused as soon as the form is
 * editable, refused when blank or longer than `maxLength`.
 */
export function EntityNameField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  label,
  editing,
  maxLength,
  messages,
  testId,
}: EntityNameFieldProps<T, N>) {
  return (
    <FormTextField
      control={control}
      name={name}
      label={label}
      required
      disabled={!editing}
      autoFocus={editing}
      rules={{ validate: requiredTextRule(messages.required, messages.maxLength, maxLength) }}
      testId={testId}
    />
  );
}
