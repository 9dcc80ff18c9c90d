import {
  DEFAULT_RELATION_TYPE_GROUP,
  type EntityData,
  type EntityDataQuery,
  type EntityId,
  type EntityRelation,
  type EntityRelationInfo,
  type EntitySearchDirection,
  type EntityType,
  type PageData,
} from '@meridian/common';
import type { HttpClient, RequestOptions } from '../app/http/http-client';

/** Relation calls of reference §1.3 EntityRelationController (spec 1 §7 "Relations"). */

export const relationKeys = {
  all: ['relations'] as const,
  entity: (entityId: EntityId) => [...relationKeys.all, entityId.entityType, entityId.id] as const,
};

/** Page size of entity searches in pickers (spec 3 §9: entity autocomplete 50). */
export const ENTITY_SEARCH_PAGE_SIZE = 50;

const id = encodeURIComponent;

/**
 * `GET /api/relations/info?fromId&fromType` (direction FROM: relations starting at the entity) or
 * `?toId&toType` (TO: relations ending at it), with the names of both ends.
 */
export function getRelationInfos(
  http: HttpClient,
  entityId: EntityId,
  direction: EntitySearchDirection,
  options: RequestOptions = {},
): Promise<EntityRelationInfo[]> {
  const side = direction === 'FROM' ? 'from' : 'to';
  return http.get(
    `/api/relations/info?${side}Id=${id(entityId.id)}&${side}Type=${entityId.entityType}`,
    options,
  );
}

/** `POST /api/relation`: creates the relation, or replaces its additional info. */
export function saveRelation(http: HttpClient, relation: EntityRelation): Promise<void> {
  return http.post('/api/relation', relation);
}

/** `DELETE /api/relation?fromId&fromType&relationType&relationTypeGroup&toId&toType`. */
export function deleteRelation(http: HttpClient, relation: EntityRelation): Promise<void> {
  const query =
    `fromId=${id(relation.from.id)}&fromType=${relation.from.entityType}` +
    `&relationType=${id(relation.type)}&relationTypeGroup=${relation.typeGroup ?? DEFAULT_RELATION_TYPE_GROUP}` +
    `&toId=${id(relation.to.id)}&toType=${relation.to.entityType}`;
  return http.delete(`/api/relation?${query}`);
}

/** An entity found by name: its id and name. */
export interface EntityNameOption {
  id: string;
  label: string;
  entityId: EntityId;
}

/**
 * Entities of one type whose name contains `text` (spec 3 §7 "Search entities by type, name filter,
 * page size 50"), through the entity query so every type is searched the same way and only entities
 * the user may read come back. Sorted by name; loading indicator suppressed; a failure gives an
 * empty list.
 */
export async function findEntitiesByName(
  http: HttpClient,
  entityType: EntityType,
  text: string,
  signal?: AbortSignal,
): Promise<EntityNameOption[]> {
  const query: EntityDataQuery = {
    entityFilter: { type: 'entityType', entityType },
    pageLink: {
      pageSize: ENTITY_SEARCH_PAGE_SIZE,
      page: 0,
      textSearch: text.trim() === '' ? null : text.trim(),
      sortOrder: { key: { type: 'ENTITY_FIELD', key: 'name' }, direction: 'ASC' },
    },
    entityFields: [{ type: 'ENTITY_FIELD', key: 'name' }],
  };
  try {
    const page = await http.post<PageData<EntityData>>('/api/entitiesQuery/find', query, {
      signal,
      ignoreLoading: true,
      ignoreErrors: true,
    });
    return page.data.map((entity) => ({
      id: entity.entityId.id,
      label: entity.latest.ENTITY_FIELD?.name?.value ?? entity.entityId.id,
      entityId: entity.entityId,
    }));
  } catch {
    return [];
  }
}

/** The calls of the Relations tab, bound to the HTTP client. */
export function relationsTabApi(http: HttpClient) {
  return {
    getRelations: (entityId: EntityId, direction: EntitySearchDirection, signal: AbortSignal) =>
      getRelationInfos(http, entityId, direction, { signal }),
    saveRelation: (relation: EntityRelation) => saveRelation(http, relation),
    deleteRelation: (relation: EntityRelation) => deleteRelation(http, relation),
    searchEntities: (entityType: EntityType, text: string, signal: AbortSignal) =>
      findEntitiesByName(http, entityType, text, signal),
  };
}
