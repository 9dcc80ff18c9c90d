import type { EntityId, EntityType } from '@meridian/common';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  EntityAutocomplete,
  EntityMultiAutocomplete,
  type PickerOption,
} from '../entity-table/EntityAutocomplete';
import { entityTypeLabel } from '../entity-tabs/entity-type-labels';
import { formRow } from '../form-row';
import type { EntitySelectApi } from './entity-select-api';

/** The names of saved entity ids, loaded once per set of ids. */
function useNames(api: EntitySelectApi, ids: readonly EntityId[]) {
  return useQuery({
    queryKey: ['entity-select', 'names', ...ids.map((id) => id.id)],
    queryFn: ({ signal }) => api.entityNames(ids, signal),
    enabled: ids.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export interface EntityTypeSelectProps {
  label: string;
  value: EntityType;
  types: readonly EntityType[];
  onChange: (type: EntityType) => void;
  testId: string;
}

/** Picks one of the entity types offered, by its translated name. */
export function EntityTypeSelect({ label, value, types, onChange, testId }: EntityTypeSelectProps) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      fullWidth
      margin="dense"
      label={label}
      value={types.includes(value) ? value : ''}
      onChange={(event) => onChange(event.target.value as EntityType)}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
    >
      {types.map((type) => (
        <MenuItem key={type} value={type}>
          {entityTypeLabel(t, type)}
        </MenuItem>
      ))}
    </TextField>
  );
}

export interface EntitySelectProps {
  api: EntitySelectApi;
  label: string;
  /** The entity types offered (those of the user's scope). */
  types: readonly EntityType[];
  value: EntityId | null;
  onChange: (value: EntityId | null) => void;
  required?: boolean;
  error?: string;
  testIds: { type: string; entity: string };
}

/**
 * An entity of the user's scope (spec 3 §5 entity select): its type, then the entity searched by
 * name on the server. A saved id shows its entity's name.
 */
export function EntitySelect({
  api,
  label,
  types,
  value,
  onChange,
  required,
  error,
  testIds,
}: EntitySelectProps) {
  const { t } = useTranslation();
  const [firstType] = types;
  const type = value?.entityType ?? firstType ?? 'DEVICE';
  const names = useNames(api, value ? [value] : []);
  const selected: PickerOption | null = value
    ? { id: value.id, label: names.data?.[value.id] ?? value.id }
    : null;
  return (
    <Box sx={formRow}>
      <Box sx={{ flex: '0 0 200px' }}>
        <EntityTypeSelect
          label={t('entity-select.entity-type')}
          value={type}
          types={types}
          onChange={(next) => onChange(next === type ? value : null)}
          testId={testIds.type}
        />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }} key={type}>
        <EntityAutocomplete<PickerOption>
          label={label}
          required={required}
          error={error}
          queryKey={['entity-select', type]}
          search={(text, signal) => api.searchEntities(type, text, signal)}
          noOptionsText={(text) =>
            text ? t('entity-select.no-entities-matching', { text }) : t('entity-select.no-entities-found')
          }
          value={selected}
          onChange={(option) => onChange(option ? { entityType: type, id: option.id } : null)}
          testId={testIds.entity}
        />
      </Box>
    </Box>
  );
}

export interface EntityListSelectProps {
  api: EntitySelectApi;
  label: string;
  entityType: EntityType;
  /** Ids of entities of `entityType`. */
  value: readonly string[];
  onChange: (value: string[]) => void;
  error?: string;
  testId: string;
}

/** Several entities of one type, searched by name on the server (the entity list alias). */
export function EntityListSelect({
  api,
  label,
  entityType,
  value,
  onChange,
  error,
  testId,
}: EntityListSelectProps) {
  const { t } = useTranslation();
  const names = useNames(
    api,
    value.map((id) => ({ entityType, id })),
  );
  const selected = value.map((id) => ({ id, label: names.data?.[id] ?? id }));
  return (
    <EntityMultiAutocomplete<PickerOption>
      label={label}
      required
      error={error}
      queryKey={['entity-select', entityType]}
      search={(text, signal) => api.searchEntities(entityType, text, signal)}
      noOptionsText={(text) =>
        text ? t('entity-select.no-entities-matching', { text }) : t('entity-select.no-entities-found')
      }
      value={selected}
      onChange={(options) => onChange(options.map((option) => option.id))}
      testId={testId}
    />
  );
}
