import type { AliasFilter, AliasFilterType, EntityId, EntityType } from '@meridian/common';

/**
 * The filter of an entity alias as the alias editor builds it (reference console §5.3; the JSON is
 * the reference's, `{type, …, resolveMultiple}`, so `runtime/alias-resolution.ts` resolves it): the
 * fields each filter type starts with, what is missing before it can be saved, and its summary.
 */

/** A filter being edited: the saved JSON, loosely typed while the user fills it in. */
export type FilterDraft = Record<string, unknown> & { type: AliasFilterType };

/** Filter types whose entities are typed subtypes (device type, asset type, …) and their fields. */
export const SUBTYPE_FILTERS = {
  assetType: { entityType: 'ASSET', typeKey: 'assetType', nameKey: 'assetNameFilter' },
  deviceType: { entityType: 'DEVICE', typeKey: 'deviceType', nameKey: 'deviceNameFilter' },
  entityViewType: { entityType: 'ENTITY_VIEW', typeKey: 'entityViewType', nameKey: 'entityViewNameFilter' },
  edgeType: { entityType: 'EDGE', typeKey: 'edgeType', nameKey: 'edgeNameFilter' },
} as const satisfies Partial<
  Record<AliasFilterType, { entityType: EntityType; typeKey: string; nameKey: string }>
>;
export type SubtypeFilterType = keyof typeof SUBTYPE_FILTERS;

/** Search queries over relations to entities of some subtypes, and the field listing them. */
export const SEARCH_QUERY_FILTERS = {
  assetSearchQuery: { entityType: 'ASSET', typesKey: 'assetTypes' },
  deviceSearchQuery: { entityType: 'DEVICE', typesKey: 'deviceTypes' },
  entityViewSearchQuery: { entityType: 'ENTITY_VIEW', typesKey: 'entityViewTypes' },
  edgeSearchQuery: { entityType: 'EDGE', typesKey: 'edgeTypes' },
} as const satisfies Partial<Record<AliasFilterType, { entityType: EntityType; typesKey: string }>>;
export type SearchQueryFilterType = keyof typeof SEARCH_QUERY_FILTERS;

export const isSubtypeFilter = (type: string): type is SubtypeFilterType =>
  Object.hasOwn(SUBTYPE_FILTERS, type);
export const isSearchQueryFilter = (type: string): type is SearchQueryFilterType =>
  Object.hasOwn(SEARCH_QUERY_FILTERS, type);
/** Filters starting from a root entity (or the dashboard state's entity) over relations. */
export const isRelationFilter = (type: string): boolean =>
  type === 'relationsQuery' || isSearchQueryFilter(type);

/** Filters that name one entity: "resolve as multiple entities" means nothing for them. */
const SINGLE_FILTERS: readonly AliasFilterType[] = ['singleEntity', 'stateEntity', 'apiUsageState'];
export const offersResolveMultiple = (type: AliasFilterType): boolean => !SINGLE_FILTERS.includes(type);

const RELATION_BASE = {
  rootStateEntity: false,
  stateEntityParamName: null,
  defaultStateEntity: null,
  rootEntity: null,
  direction: 'FROM',
  maxLevel: 1,
  fetchLastLevelOnly: false,
};

/** A new filter of a type with the reference's starting values. */
export function newFilterDraft(type: AliasFilterType, entityType: EntityType = 'DEVICE'): FilterDraft {
  if (isSubtypeFilter(type)) {
    const { typeKey, nameKey } = SUBTYPE_FILTERS[type];
    return { type, [typeKey]: '', [nameKey]: '', resolveMultiple: true };
  }
  if (isSearchQueryFilter(type)) {
    return {
      type,
      ...RELATION_BASE,
      relationType: null,
      [SEARCH_QUERY_FILTERS[type].typesKey]: [],
      resolveMultiple: true,
    };
  }
  switch (type) {
    case 'singleEntity':
      return { type, singleEntity: null, resolveMultiple: false };
    case 'entityList':
      return { type, entityType, entityList: [], resolveMultiple: true };
    case 'entityName':
      return { type, entityType, entityNameFilter: '', resolveMultiple: true };
    case 'entityType':
      return { type, entityType, resolveMultiple: true };
    case 'stateEntity':
      return { type, stateEntityParamName: null, defaultStateEntity: null, resolveMultiple: false };
    case 'apiUsageState':
      return { type, resolveMultiple: false };
    default:
      return { type, ...RELATION_BASE, filters: [], resolveMultiple: true };
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const entityOf = (value: unknown): EntityId | null =>
  value && typeof value === 'object' && typeof (value as EntityId).id === 'string'
    ? (value as EntityId)
    : null;

/** What keeps the filter from being saved (an i18n key of `dashboard-aliases`), or null. */
export function filterDraftError(filter: FilterDraft): string | null {
  const { type } = filter;
  if (isSubtypeFilter(type)) {
    return text(filter[SUBTYPE_FILTERS[type].typeKey]).trim() === ''
      ? 'dashboard-aliases.type-required'
      : null;
  }
  if (isRelationFilter(type)) {
    if (!filter.rootStateEntity && !entityOf(filter.rootEntity)) return 'dashboard-aliases.root-required';
    const level = Number(filter.maxLevel);
    return Number.isInteger(level) && level >= 1 ? null : 'dashboard-aliases.max-level-invalid';
  }
  switch (type) {
    case 'singleEntity':
      return entityOf(filter.singleEntity) ? null : 'dashboard-aliases.entity-required';
    case 'entityList':
      return list(filter.entityList).length > 0 ? null : 'dashboard-aliases.entities-required';
    case 'entityName':
      return text(filter.entityNameFilter).trim() === '' ? 'dashboard-aliases.name-prefix-required' : null;
    default:
      return null;
  }
}

/** The filter as saved: trimmed texts, optional name prefixes dropped when empty. */
export function aliasFilterOf(filter: FilterDraft): AliasFilter {
  const saved: Record<string, unknown> = { ...filter };
  if (isSubtypeFilter(filter.type)) {
    const { typeKey, nameKey } = SUBTYPE_FILTERS[filter.type];
    saved[typeKey] = text(filter[typeKey]).trim();
    saved[nameKey] = text(filter[nameKey]).trim();
  }
  if (filter.type === 'entityName') saved.entityNameFilter = text(filter.entityNameFilter).trim();
  if (isRelationFilter(filter.type)) saved.maxLevel = Number(filter.maxLevel);
  if (!offersResolveMultiple(filter.type)) saved.resolveMultiple = false;
  return saved as unknown as AliasFilter;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The entity type's name in the summary ("Device"), through the console's entity type labels. */
export type EntityTypeName = (type: string) => string;

/**
 * One line telling what the filter selects, as the aliases list shows it (reference: the filter
 * summary column), e.g. "Devices of type 'thermostat' whose name starts with 'T'".
 */
export function aliasFilterSummary(
  filter: AliasFilter,
  t: Translate,
  typeName: EntityTypeName,
  /** The name of a single entity, once loaded. */
  entityName: (id: EntityId) => string | undefined = () => undefined,
): string {
  const f = filter as unknown as Record<string, unknown>;
  const type = filter.type;
  if (isSubtypeFilter(type)) {
    const { entityType, typeKey, nameKey } = SUBTYPE_FILTERS[type];
    const prefix = text(f[nameKey]);
    const base = t('dashboard-aliases.summary.subtype', {
      entityType: typeName(entityType),
      subtype: text(f[typeKey]),
    });
    return prefix ? `${base} ${t('dashboard-aliases.summary.name-prefix', { prefix })}` : base;
  }
  if (isRelationFilter(type)) {
    const root = f.rootStateEntity
      ? t('dashboard-aliases.summary.state-root')
      : typeName(entityOf(f.rootEntity)?.entityType ?? '');
    const direction = t(f.direction === 'TO' ? 'relation.direction-to' : 'relation.direction-from');
    const what = isSearchQueryFilter(type)
      ? typeName(SEARCH_QUERY_FILTERS[type].entityType)
      : t('dashboard-aliases.summary.entities');
    return t('dashboard-aliases.summary.relations', { what, direction, root, level: f.maxLevel });
  }
  switch (type) {
    case 'singleEntity': {
      const entity = entityOf(f.singleEntity);
      const entityType = typeName(entity?.entityType ?? '');
      const name = entity ? entityName(entity) : undefined;
      return name
        ? t('dashboard-aliases.summary.single-named', { entityType, name })
        : t('dashboard-aliases.summary.single', { entityType });
    }
    case 'entityList':
      return t('dashboard-aliases.summary.list', {
        count: list(f.entityList).length,
        entityType: typeName(text(f.entityType)),
      });
    case 'entityName':
      return t('dashboard-aliases.summary.name', {
        entityType: typeName(text(f.entityType)),
        prefix: text(f.entityNameFilter),
      });
    case 'entityType':
      return t('dashboard-aliases.summary.type', { entityType: typeName(text(f.entityType)) });
    case 'stateEntity':
      return t('dashboard-aliases.summary.state', {
        param: text(f.stateEntityParamName) || t('dashboard-aliases.default-param'),
      });
    default:
      return t(`dashboard-aliases.filter-types.${type}`);
  }
}
