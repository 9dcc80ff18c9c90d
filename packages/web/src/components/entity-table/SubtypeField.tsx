import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { QueryKey } from '@tanstack/react-query';
import { type FieldPath, type FieldValues, type UseControllerProps, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { requiredTextRule } from '../form-rules';
import { type SubtypeSource, subtypeKeys, useSubtypeOptions } from './subtype-source';

/** Longest subtype (spec 3 §9). */
export const SUBTYPE_MAX_LENGTH = 255;

export type SubtypeFieldProps<T extends FieldValues, N extends FieldPath<T>, K extends QueryKey> = Pick<
  UseControllerProps<T, N>,
  'control' | 'name'
> & {
  /** The entity type's subtypes, offered as options, and its texts. */
  source: SubtypeSource<K>;
  disabled: boolean;
};

/**
 * A required subtype (asset type, entity view type, …) bound to a string form field (spec 3 §5
 * subtype autocomplete): existing types matching the typed prefix, case insensitive; a new type is
 * typed in freely; at most {@link SUBTYPE_MAX_LENGTH} characters.
 */
export function SubtypeField<T extends FieldValues, N extends FieldPath<T>, K extends QueryKey>({
  control,
  name,
  source,
  disabled,
}: SubtypeFieldProps<T, N, K>) {
  const { t } = useTranslation();
  const options = useSubtypeOptions(source.typesQuery);
  const keys = subtypeKeys(source.one);
  const { field, fieldState } = useController({
    control,
    name,
    rules: {
      validate: requiredTextRule(keys.required, keys.maxLength, SUBTYPE_MAX_LENGTH),
    },
  });
  const error = fieldState.error?.message;
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      options={options}
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
          label={t(keys.label)}
          required
          margin="dense"
          error={Boolean(error)}
          helperText={error ? t(error) : undefined}
          inputRef={field.ref}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': source.testIds.type } }}
        />
      )}
    />
  );
}
