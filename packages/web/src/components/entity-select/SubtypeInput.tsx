import type { EntityType } from '@meridian/common';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EntitySelectApi } from './entity-select-api';

/** The tenant's subtypes of the entity type (its device types, asset types, …). */
function useSubtypes(api: EntitySelectApi, entityType: EntityType): string[] {
  const types = useQuery({
    queryKey: ['entity-select', 'subtypes', entityType],
    queryFn: ({ signal }) => api.subtypes(entityType, signal),
  });
  return types.data ?? [];
}

/** Existing subtypes starting with the typed text, case insensitive (spec 3 §5 subtype autocomplete). */
const startingWith = (all: string[], typed: string) =>
  all.filter((option) => option.toLowerCase().startsWith(typed.toLowerCase()));

export interface SubtypeInputProps {
  api: EntitySelectApi;
  label: string;
  entityType: EntityType;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: string;
  testId: string;
}

/** One subtype of an entity type: the tenant's existing ones offered, any other typed freely. */
export function SubtypeInput({
  api,
  label,
  entityType,
  value,
  onChange,
  required,
  error,
  testId,
}: SubtypeInputProps) {
  const { t } = useTranslation();
  const options = useSubtypes(api, entityType);
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      options={options}
      value={value}
      inputValue={value}
      onInputChange={(_event, next) => onChange(next)}
      onChange={(_event, next) => onChange(next ?? '')}
      filterOptions={(all, state) => startingWith(all, state.inputValue)}
      clearText={t('action.clear')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          margin="dense"
          error={Boolean(error)}
          helperText={error}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': testId } }}
        />
      )}
    />
  );
}

export interface SubtypesInputProps {
  api: EntitySelectApi;
  label: string;
  entityType: EntityType;
  value: readonly string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  testId: string;
}

/** Several subtypes of an entity type, as chips; none means any. */
export function SubtypesInput({
  api,
  label,
  entityType,
  value,
  onChange,
  placeholder,
  testId,
}: SubtypesInputProps) {
  const { t } = useTranslation();
  const options = useSubtypes(api, entityType);
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      options={options}
      value={[...value]}
      onChange={(_event, next) => onChange([...new Set(next.map((item) => item.trim()).filter(Boolean))])}
      filterOptions={(all, state) =>
        startingWith(all, state.inputValue).filter((option) => !value.includes(option))
      }
      clearText={t('action.clear')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={placeholder}
          margin="dense"
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': testId } }}
        />
      )}
    />
  );
}
