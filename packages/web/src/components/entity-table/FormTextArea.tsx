import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { type FieldPath, type FieldValues, type UseControllerProps, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

export type FormTextAreaProps<T extends FieldValues, N extends FieldPath<T>> = UseControllerProps<T, N> & {
  label: ReactNode;
  required?: boolean;
  disabled?: boolean;
  minRows?: number;
  maxRows?: number;
  helperText?: ReactNode;
  testId?: string;
  /** Monospaced text (schemas, certificates, JSON). */
  code?: boolean;
};

/** A multi-line text input bound to react-hook-form; error messages are i18n keys. */
export function FormTextArea<T extends FieldValues, N extends FieldPath<T>>(props: FormTextAreaProps<T, N>) {
  const {
    label,
    required,
    disabled,
    minRows = 2,
    maxRows = 12,
    helperText,
    testId,
    code,
    ...controller
  } = props;
  const { t } = useTranslation();
  const { field, fieldState } = useController(controller);
  const errorKey = fieldState.error?.message;
  const value: unknown = field.value;
  return (
    <TextField
      multiline
      fullWidth
      margin="dense"
      minRows={minRows}
      maxRows={maxRows}
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
      slotProps={{
        htmlInput: {
          'data-testid': testId,
          style: code ? { fontFamily: 'monospace', fontSize: 13 } : undefined,
        },
      }}
    />
  );
}
