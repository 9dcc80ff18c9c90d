import {
  ENTITY_SEARCH_DIRECTIONS,
  type EntityId,
  type EntityType,
  RELATION_TYPES,
  type RelationEntityTypeFilter,
} from '@meridian/common';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/AddButton';
import { RemoveItem } from '../../../components/device-profile/alarm-rules/RemoveItem';
import {
  EntityListSelect,
  EntitySelect,
  EntityTypeSelect,
} from '../../../components/entity-select/EntitySelect';
import type { EntitySelectApi } from '../../../components/entity-select/entity-select-api';
import { SubtypeInput, SubtypesInput } from '../../../components/entity-select/SubtypeInput';
import { entityTypeLabel } from '../../../components/entity-tabs/entity-type-labels';
import { formRow } from '../../../components/form-row';
import {
  type FilterDraft,
  isRelationFilter,
  isSearchQueryFilter,
  isSubtypeFilter,
  SEARCH_QUERY_FILTERS,
  SUBTYPE_FILTERS,
} from './alias-filter-values';
import { aliasSelectors as S } from './alias-selectors';

export interface AliasFilterFieldsProps {
  filter: FilterDraft;
  onChange: (filter: FilterDraft) => void;
  /** Entity types of the user's scope. */
  entityTypes: readonly EntityType[];
  /** The filter's error (an i18n key) once the user tried to save. */
  error: string | null;
  api: EntitySelectApi;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const entityOf = (value: unknown): EntityId | null =>
  value && typeof value === 'object' && typeof (value as EntityId).id === 'string'
    ? (value as EntityId)
    : null;

/** A plain text field of the filter. */
function TextInput({
  label,
  value,
  onChange,
  required,
  error,
  testId,
  type,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  required?: boolean;
  error?: string;
  testId: string;
  type?: string;
}) {
  return (
    <TextField
      fullWidth
      margin="dense"
      label={label}
      type={type}
      required={required}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    />
  );
}

/** Relation type: the suggested ones offered, any typed; empty means any type. */
function RelationTypeInput({
  value,
  onChange,
  testId,
}: {
  value: string;
  onChange: (v: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      options={RELATION_TYPES}
      value={value}
      inputValue={value}
      onInputChange={(_event, next) => onChange(next)}
      onChange={(_event, next) => onChange(next ?? '')}
      clearText={t('action.clear')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('relation.relation-type')}
          margin="dense"
          placeholder={t('dashboard-aliases.any-relation-type')}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': testId } }}
        />
      )}
    />
  );
}

/** Entity types as chips; none means any type. */
function EntityTypesInput({
  value,
  types,
  onChange,
  testId,
}: {
  value: readonly EntityType[];
  types: readonly EntityType[];
  onChange: (value: EntityType[]) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Autocomplete<EntityType, true>
      multiple
      options={[...types]}
      value={[...value]}
      onChange={(_event, next) => onChange(next)}
      getOptionLabel={(type) => entityTypeLabel(t, type)}
      filterSelectedOptions
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('dashboard-aliases.entity-types')}
          placeholder={value.length === 0 ? t('dashboard-aliases.any-entity-type') : undefined}
          margin="dense"
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': testId } }}
        />
      )}
    />
  );
}

/** The relation filters of a relations query: relation type and entity types, any number of them. */
function RelationFiltersInput({
  value,
  types,
  onChange,
}: {
  value: RelationEntityTypeFilter[];
  types: readonly EntityType[];
  onChange: (value: RelationEntityTypeFilter[]) => void;
}) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<RelationEntityTypeFilter>) =>
    onChange(value.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  return (
    <Box>
      {value.map((item, index) => (
        <Paper
          // Relation filters have no identity of their own.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          variant="outlined"
          sx={{ p: 1, mb: 1, display: 'flex', gap: 1, alignItems: 'flex-start' }}
        >
          <Box sx={{ ...formRow, flex: 1, minWidth: 0 }}>
            <Box sx={{ flex: 1 }}>
              <RelationTypeInput
                value={item.relationType ?? ''}
                onChange={(relationType) => set(index, { relationType: relationType || null })}
                testId={S.relationFilterType(index)}
              />
            </Box>
            <Box sx={{ flex: 2 }}>
              <EntityTypesInput
                value={item.entityTypes}
                types={types}
                onChange={(entityTypes) => set(index, { entityTypes })}
                testId={S.relationFilterEntityTypes(index)}
              />
            </Box>
          </Box>
          <RemoveItem
            sx={{ pt: 1 }}
            label={t('dashboard-aliases.remove-relation-filter')}
            onClick={() => onChange(value.filter((_item, i) => i !== index))}
            testId={S.removeRelationFilter(index)}
          />
        </Paper>
      ))}
      <AddButton
        label={t('dashboard-aliases.add-relation-filter')}
        onClick={() => onChange([...value, { relationType: null, entityTypes: [] }])}
        testId={S.addRelationFilter}
      />
    </Box>
  );
}

/** The state parameter naming the entity, and the entity to use when the state has none. */
function StateEntityFields({ filter, onChange, entityTypes, api }: Omit<AliasFilterFieldsProps, 'error'>) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('dashboard-aliases.state-param')}
        value={text(filter.stateEntityParamName)}
        onChange={(value) =>
          onChange({ ...filter, stateEntityParamName: value.trim() === '' ? null : value })
        }
        testId={S.stateParam}
      />
      <EntitySelect
        api={api}
        label={t('dashboard-aliases.default-state-entity')}
        types={entityTypes}
        value={entityOf(filter.defaultStateEntity)}
        onChange={(defaultStateEntity) => onChange({ ...filter, defaultStateEntity })}
        testIds={{ type: S.defaultEntityType, entity: S.defaultEntity }}
      />
    </>
  );
}

/** Root (an entity or the dashboard state's), direction, depth and what the relations lead to. */
function RelationFields({ filter, onChange, entityTypes, error, api }: AliasFilterFieldsProps) {
  const { t } = useTranslation();
  const set = (patch: Record<string, unknown>) => onChange({ ...filter, ...patch });
  const rootFromState = filter.rootStateEntity === true;
  const type = filter.type;
  return (
    <>
      <FormControlLabel
        control={
          <Checkbox
            checked={rootFromState}
            onChange={(_event, checked) => set({ rootStateEntity: checked })}
            slotProps={{ input: { 'data-testid': S.rootStateEntity } as object }}
          />
        }
        label={t('dashboard-aliases.root-state-entity')}
      />
      {rootFromState ? (
        <StateEntityFields filter={filter} onChange={onChange} entityTypes={entityTypes} api={api} />
      ) : (
        <EntitySelect
          api={api}
          label={t('dashboard-aliases.root-entity')}
          types={entityTypes}
          value={entityOf(filter.rootEntity)}
          onChange={(rootEntity) => set({ rootEntity })}
          required
          error={error === 'dashboard-aliases.root-required' ? t(error) : undefined}
          testIds={{ type: S.rootEntityType, entity: S.rootEntity }}
        />
      )}
      <Box sx={formRow}>
        <TextField
          select
          fullWidth
          margin="dense"
          label={t('relation.direction')}
          value={filter.direction === 'TO' ? 'TO' : 'FROM'}
          onChange={(event) => set({ direction: event.target.value })}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': S.direction } as object } }}
        >
          {ENTITY_SEARCH_DIRECTIONS.map((direction) => (
            <MenuItem key={direction} value={direction}>
              {t(direction === 'TO' ? 'relation.direction-to' : 'relation.direction-from')}
            </MenuItem>
          ))}
        </TextField>
        <TextInput
          label={t('dashboard-aliases.max-level')}
          type="number"
          value={String(filter.maxLevel ?? '')}
          onChange={(value) => set({ maxLevel: value === '' ? '' : Number(value) })}
          error={error === 'dashboard-aliases.max-level-invalid' ? t(error) : undefined}
          testId={S.maxLevel}
        />
      </Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={filter.fetchLastLevelOnly === true}
            onChange={(_event, checked) => set({ fetchLastLevelOnly: checked })}
            slotProps={{ input: { 'data-testid': S.lastLevelOnly } as object }}
          />
        }
        label={t('dashboard-aliases.last-level-only')}
      />
      {isSearchQueryFilter(type) ? (
        <>
          <RelationTypeInput
            value={text(filter.relationType)}
            onChange={(relationType) => set({ relationType: relationType || null })}
            testId={S.relationType}
          />
          <SubtypesInput
            api={api}
            label={t(`dashboard-aliases.subtypes.${type}`)}
            entityType={SEARCH_QUERY_FILTERS[type].entityType}
            value={(filter[SEARCH_QUERY_FILTERS[type].typesKey] as string[] | undefined) ?? []}
            onChange={(types) => set({ [SEARCH_QUERY_FILTERS[type].typesKey]: types })}
            placeholder={t('dashboard-aliases.any-subtype')}
            testId={S.subtypes}
          />
        </>
      ) : (
        <RelationFiltersInput
          value={(filter.filters as RelationEntityTypeFilter[] | undefined) ?? []}
          types={entityTypes}
          onChange={(filters) => set({ filters })}
        />
      )}
    </>
  );
}

/** The fields of one alias filter type (reference console §5.3: fifteen filter types). */
export function AliasFilterFields(props: AliasFilterFieldsProps) {
  const { filter, onChange, entityTypes, error, api } = props;
  const { t } = useTranslation();
  const set = (patch: Record<string, unknown>) => onChange({ ...filter, ...patch });
  const shown = (key: string) => (error === key ? t(key) : undefined);
  const type = filter.type;
  const entityType = (
    entityTypes.includes(filter.entityType as EntityType) ? filter.entityType : entityTypes[0]
  ) as EntityType;

  if (isSubtypeFilter(type)) {
    const { entityType: subtypeOf, typeKey, nameKey } = SUBTYPE_FILTERS[type];
    return (
      <>
        <SubtypeInput
          api={api}
          label={t(`dashboard-aliases.subtype.${type}`)}
          entityType={subtypeOf}
          value={text(filter[typeKey])}
          onChange={(value) => set({ [typeKey]: value })}
          required
          error={shown('dashboard-aliases.type-required')}
          testId={S.subtype}
        />
        <TextInput
          label={t('dashboard-aliases.name-starts-with')}
          value={text(filter[nameKey])}
          onChange={(value) => set({ [nameKey]: value })}
          testId={S.namePrefix}
        />
      </>
    );
  }
  if (isRelationFilter(type)) return <RelationFields {...props} />;
  switch (type) {
    case 'singleEntity':
      return (
        <EntitySelect
          api={api}
          label={t('dashboard-aliases.entity')}
          types={entityTypes}
          value={entityOf(filter.singleEntity)}
          onChange={(singleEntity) => set({ singleEntity })}
          required
          error={shown('dashboard-aliases.entity-required')}
          testIds={{ type: S.entityType, entity: S.entity }}
        />
      );
    case 'entityList':
      return (
        <>
          <EntityTypeSelect
            label={t('entity-select.entity-type')}
            value={entityType}
            types={entityTypes}
            onChange={(next) => set({ entityType: next, entityList: [] })}
            testId={S.entityType}
          />
          <EntityListSelect
            api={api}
            label={t('dashboard-aliases.entities')}
            entityType={entityType}
            value={(filter.entityList as string[] | undefined) ?? []}
            onChange={(entityList) => set({ entityType, entityList })}
            error={shown('dashboard-aliases.entities-required')}
            testId={S.entityList}
          />
        </>
      );
    case 'entityName':
    case 'entityType':
      return (
        <>
          <EntityTypeSelect
            label={t('entity-select.entity-type')}
            value={entityType}
            types={entityTypes}
            onChange={(next) => set({ entityType: next })}
            testId={S.entityType}
          />
          {type === 'entityName' && (
            <TextInput
              label={t('dashboard-aliases.name-starts-with')}
              value={text(filter.entityNameFilter)}
              onChange={(value) => set({ entityType, entityNameFilter: value })}
              required
              error={shown('dashboard-aliases.name-prefix-required')}
              testId={S.namePrefix}
            />
          )}
        </>
      );
    case 'stateEntity':
      return <StateEntityFields filter={filter} onChange={onChange} entityTypes={entityTypes} api={api} />;
    default:
      // Api usage state: the tenant's own record; nothing to choose.
      return null;
  }
}
