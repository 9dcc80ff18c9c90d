import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { type FieldPath, type FieldValues, type UseControllerProps, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** Longest subtype (spec 3 §9). */
export const SUBTYPE_MAX_LENGTH = 255;

export type SubtypeFieldProps<T extends FieldValues, N extends FieldPath<T>> = Pick<
  UseControllerProps<T, N>,
  'control' | 'name'
> & {
  label: string;
  /** The tenant's subtypes of this entity type. */
  options: readonly string[];
  /** i18n keys of the required and too-long messages. */
  requiredMessage: string;
  maxLengthMessage: string;
  disabled: boolean;
  testId?: string;
};

/**
 * A required subtype (asset type, entity view type, …) bound to a string form field (spec 3 §5
 * subtype autocomplete): existing types matching the typed prefix, case insensitive; a new type is
 * typed in freely; at most {@link SUBTYPE_MAX_LENGTH} characters.
 */
export function SubtypeField<T extends FieldValues, N extends FieldPath<T>>({
  control,
  name,
  label,
  options,
  requiredMessage,
  maxLengthMessage,
  disabled,
  testId,
}: SubtypeFieldProps<T, N>) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({
    control,
    name,
    rules: {
      validate: (value: string) =>
        value.trim().length === 0
          ? requiredMessage
          : value.length > SUBTYPE_MAX_LENGTH
            ? maxLengthMessage
            : true,
    },
  });
  const error = fieldState.error?.message;
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      options={[...options]}
      value={value}
      inputValue={value}
      onInputChange={(_event, next) => field.onChange(next)}
      onChange={(_event, next) => field.onChange(next ?? '')}
      onBlur={field.onBlur}
      disabled={disabled}
      filterOptions={(all, state) => {
        const text = state.inputValue.toLowerCase();
        return all.filter((option) => option.toLowerCase().startsWith(text));
      }}
      clearText={t('action.clear')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required
          margin="dense"
          error={Boolean(error)}
          helperText={error ? t(error) : undefined}
          inputRef={field.ref}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': testId } }}
        />
      )}
    />
  );
}
