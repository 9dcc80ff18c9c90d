import type {
  EntityData,
  EntityDataQuery,
  EntityId,
  EntitySubtype,
  EntityType,
  PageData,
} from '@meridian/common';
import type { HttpClient } from '../app/http/http-client';
import type { EntitySelectApi } from '../components/entity-select/entity-select-api';
import { findEntitiesByName } from './relations';

/**
 * Names of saved entity ids (pickers show the name of an entity they were given by id) and the
 * subtypes of an entity type (device types, asset types, …), read over REST with the user's rights.
 */

/** The names of the entities, by id; an entity the user cannot read is left out. */
export async function entityNames(
  http: HttpClient,
  ids: readonly EntityId[],
  signal?: AbortSignal,
): Promise<Record<string, string>> {
  const [first] = ids;
  if (!first) return {};
  const query: EntityDataQuery = {
    entityFilter:
      ids.length === 1
        ? { type: 'singleEntity', singleEntity: first }
        : { type: 'entityList', entityType: first.entityType, entityList: ids.map((id) => id.id) },
    pageLink: { pageSize: Math.max(ids.length, 1), page: 0 },
    entityFields: [{ type: 'ENTITY_FIELD', key: 'name' }],
  };
  try {
    const page = await http.post<PageData<EntityData>>('/api/entitiesQuery/find', query, {
      signal,
      ignoreLoading: true,
      ignoreErrors: true,
    });
    const names: Record<string, string> = {};
    for (const row of page.data)
      names[row.entityId.id] = row.latest.ENTITY_FIELD?.name?.value ?? row.entityId.id;
    return names;
  } catch {
    return {};
  }
}

/** Where each entity type with subtypes lists them (reference §3: `GET /api/<type>/types`). */
const SUBTYPE_PATHS: Partial<Record<EntityType, string>> = {
  DEVICE: '/api/device/types',
  ASSET: '/api/asset/types',
  ENTITY_VIEW: '/api/entityView/types',
  EDGE: '/api/edge/types',
};

/** The tenant's subtypes of an entity type (names only); a failure gives none. */
export async function entitySubtypes(
  http: HttpClient,
  entityType: EntityType,
  signal?: AbortSignal,
): Promise<string[]> {
  const path = SUBTYPE_PATHS[entityType];
  if (!path) return [];
  try {
    const types = await http.get<EntitySubtype[]>(path, { signal, ignoreLoading: true, ignoreErrors: true });
    return types.map((item) => item.type);
  } catch {
    return [];
  }
}

/** The calls of the entity pickers (components/entity-select), bound to the HTTP client. */
export function entitySelectApi(http: HttpClient): EntitySelectApi {
  return {
    searchEntities: (entityType, text, signal) => findEntitiesByName(http, entityType, text, signal),
    entityNames: (ids, signal) => entityNames(http, ids, signal),
    subtypes: (entityType, signal) => entitySubtypes(http, entityType, signal),
  };
}
