import {
  type AliasFilter,
  defaultEntityDataPageLink,
  type EntityAlias,
  type EntityData,
  type EntityDataQuery,
  type EntityFilter,
  type EntityId,
  type KeyFilter,
  type PageData,
  singleEntityDataPageLink,
} from '@meridian/common';
import type { StateParams } from './state-param';

/**
 * Entity aliases (spec 2 §3; reference console §5.1): which entities a widget's datasource shows.
 * The alias filter is sent to the entity query API as it is — the server knows every filter type —
 * after the console-side parts (entity from the dashboard state) are filled in.
 */

/** One entity an alias resolved to. */
export interface AliasEntity {
  id: EntityId;
  name: string;
  label: string;
}

export type AliasResolution =
  | { kind: 'entities'; entities: AliasEntity[] }
  /** Nothing matched, or the filter needs a state entity that is not there. */
  | { kind: 'empty' };

/** Runs an entity query (`POST /api/entitiesQuery/find`). */
export type FindEntities = (query: EntityDataQuery) => Promise<PageData<EntityData>>;

/** Relation-based filters, whose root may be the dashboard state's entity. */
const ROOTED_FILTERS = new Set([
  'relationsQuery',
  'assetSearchQuery',
  'deviceSearchQuery',
  'edgeSearchQuery',
  'entityViewSearchQuery',
]);

/** The entity a state parameter names (`entityId` or `<param>.entityId`), else the default one. */
function stateEntity(filter: AliasFilter, params: StateParams): EntityId | null {
  const name = filter.stateEntityParamName;
  const source = name ? (params[name] as StateParams | undefined) : params;
  return source?.entityId ?? filter.defaultStateEntity ?? null;
}

/** The query filter of an alias filter in a state; null when it cannot name any entity. */
export function queryFilterOf(filter: AliasFilter, params: StateParams): EntityFilter | null {
  if (filter.type === 'stateEntity') {
    const entity = stateEntity(filter, params);
    return entity ? { type: 'singleEntity', singleEntity: entity } : null;
  }
  const {
    resolveMultiple: _multiple,
    rootStateEntity,
    stateEntityParamName: _param,
    defaultStateEntity: _d,
    ...rest
  } = filter;
  if (rootStateEntity && ROOTED_FILTERS.has(filter.type)) {
    const root = stateEntity(filter, params);
    return root ? ({ ...rest, rootEntity: root } as EntityFilter) : null;
  }
  return rest as EntityFilter;
}

/**
 * The entity query that resolves an alias: one entity unless the alias resolves to many; only the
 * entities passing a datasource's dashboard filter when it has one.
 */
export function aliasQuery(
  filter: EntityFilter,
  resolveMultiple: boolean,
  keyFilters: readonly KeyFilter[] = [],
): EntityDataQuery {
  return {
    entityFilter: filter,
    ...(keyFilters.length > 0 ? { keyFilters: [...keyFilters] } : {}),
    pageLink: resolveMultiple ? defaultEntityDataPageLink() : singleEntityDataPageLink(),
    entityFields: [
      { type: 'ENTITY_FIELD', key: 'name' },
      { type: 'ENTITY_FIELD', key: 'label' },
    ],
  };
}

/** The entity of an entity query row (its id, name and label fields). */
export function aliasEntityOf(data: EntityData): AliasEntity {
  const fields = data.latest.ENTITY_FIELD ?? {};
  return { id: data.entityId, name: fields.name?.value ?? '', label: fields.label?.value ?? '' };
}

/** Resolves one alias in a state through the entity query API, with a datasource's key filters. */
export async function resolveAlias(
  alias: EntityAlias,
  params: StateParams,
  find: FindEntities,
  keyFilters: readonly KeyFilter[] = [],
): Promise<AliasResolution> {
  const filter = queryFilterOf(alias.filter, params);
  if (!filter) return { kind: 'empty' };
  const page = await find(aliasQuery(filter, alias.filter.resolveMultiple === true, keyFilters));
  const entities = page.data.map(aliasEntityOf);
  return entities.length > 0 ? { kind: 'entities', entities } : { kind: 'empty' };
}

/**
 * The filter a data subscription of resolved entities uses: exactly the entities the alias resolved
 * to, so the widget shows what the alias showed even if more entities match later.
 */
export function filterOfEntities(entities: readonly AliasEntity[]): EntityFilter | null {
  const [first] = entities;
  if (!first) return null;
  if (entities.length === 1) return { type: 'singleEntity', singleEntity: first.id };
  return {
    type: 'entityList',
    entityType: first.id.entityType,
    entityList: entities.filter((e) => e.id.entityType === first.id.entityType).map((e) => e.id.id),
  };
}
