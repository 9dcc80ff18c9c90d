import {
  ALIAS_FILTER_TYPES,
  type AssetSearchQueryFilter,
  BOOLEAN_OPERATIONS,
  COMPLEX_OPERATIONS,
  type DeviceSearchQueryFilter,
  DYNAMIC_VALUE_SOURCE_TYPES,
  type DynamicValue,
  ENTITY_KEY_VALUE_TYPES,
  ENTITY_SEARCH_DIRECTIONS,
  ENTITY_TYPES,
  type EntityDataSortOrder,
  type EntityFilter,
  type EntityId,
  type EntityKey,
  type EntityType,
  type EntityViewSearchQueryFilter,
  type FilterPredicateValue,
  type KeyFilter,
  NUMERIC_OPERATIONS,
  QUERY_ENTITY_KEY_TYPES,
  type QueryEntityKeyType,
  type RelationEntityTypeFilter,
  type RelationsQueryFilter,
  STRING_OPERATIONS,
} from '@meridian/common';
import { badRequest } from '../../http/api-error.js';
import { isKnownEntityField, isQueryableEntityType } from './entity-tables.js';

/**
 * Reads an entity query body (reference §3.4) into checked values. Anything the query cannot run
 * is a 400 naming the offending field, before any SQL is built.
 */

/** Filter types the server runs; edge filters have no data here. */
export type SupportedEntityFilter = Exclude<EntityFilter, { type: 'edgeType' } | { type: 'edgeSearchQuery' }>;
export type SearchQueryFilter =
  | AssetSearchQueryFilter
  | DeviceSearchQueryFilter
  | EntityViewSearchQueryFilter;

/** Key types the server's entity query reads (ALARM_FIELD belongs to alarm queries). */
export type DataKeyType = Exclude<QueryEntityKeyType, 'ALARM_FIELD'>;
export type DataKey = EntityKey<DataKeyType>;

export interface ParsedPageLink {
  pageSize: number;
  page: number;
  textSearch: string | null;
  sortOrder: (EntityDataSortOrder & { key: DataKey }) | null;
}

/** Limits that keep one query's SQL reasonable. */
export const LIMITS = {
  keys: 100,
  keyFilters: 100,
  predicateDepth: 8,
  /** Predicates of all key filters together, nested ones included. */
  predicates: 1_000,
  listEntries: 10_000,
  relationFilters: 100,
  maxPageSize: 2_147_483_647,
} as const;

const UNSUPPORTED_FILTER_TYPES: ReadonlySet<string> = new Set(['edgeType', 'edgeSearchQuery', 'stateEntity']);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const fail = (message: string): never => {
  throw badRequest(message);
};

const describe = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;

type Json = Record<string, unknown>;

function object(value: unknown, path: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail(`Invalid entity query: '${path}' must be an object, not ${describe(value)}`);
  }
  return value as Json;
}

function optionalObject(value: unknown, path: string): Json | null {
  return value === undefined || value === null ? null : object(value, path);
}

function string(value: unknown, path: string): string {
  if (typeof value !== 'string') return fail(`Invalid entity query: '${path}' must be a string`);
  return value;
}

function optionalString(value: unknown, path: string): string | null {
  return value === undefined || value === null ? null : string(value, path);
}

function boolean(value: unknown, path: string, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'boolean') return fail(`Invalid entity query: '${path}' must be a boolean`);
  return value;
}

function integer(value: unknown, path: string, min: number, max: number, fallback?: number): number {
  if ((value === undefined || value === null) && fallback !== undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    return fail(`Invalid entity query: '${path}' must be an integer from ${min} to ${max}`);
  }
  return value;
}

function list(value: unknown, path: string, max: number): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) return fail(`Invalid entity query: '${path}' must be an array`);
  if (value.length > max) return fail(`Invalid entity query: '${path}' has more than ${max} entries`);
  return value;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], path: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    return fail(`Invalid entity query: '${path}' must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

function uuid(value: unknown, path: string): string {
  if (typeof value !== 'string' || !UUID.test(value)) {
    return fail(`Invalid entity query: '${path}' must be a UUID`);
  }
  return value.toLowerCase();
}

/** An entity type the query can return; other known types are refused by name. */
function queryableType(value: unknown, path: string): EntityType {
  const type = oneOf(value, ENTITY_TYPES, path);
  if (!isQueryableEntityType(type)) fail(`Entity type '${type}' is not supported by entity queries`);
  return type;
}

function entityId(value: unknown, path: string): EntityId {
  const json = object(value, path);
  return {
    entityType: oneOf(json.entityType, ENTITY_TYPES, `${path}.entityType`),
    id: uuid(json.id, `${path}.id`),
  };
}

// ---------------------------------------------------------------------------------------------
// Entity filters
// ---------------------------------------------------------------------------------------------

function relationBase(json: Json, path: string, rootRequired: boolean) {
  return {
    rootEntity: rootRequired
      ? entityId(json.rootEntity, `${path}.rootEntity`)
      : json.rootEntity === undefined || json.rootEntity === null
        ? null
        : entityId(json.rootEntity, `${path}.rootEntity`),
    direction: oneOf(json.direction, ENTITY_SEARCH_DIRECTIONS, `${path}.direction`),
    maxLevel: integer(json.maxLevel, `${path}.maxLevel`, -2_147_483_648, 2_147_483_647, 0),
    fetchLastLevelOnly: boolean(json.fetchLastLevelOnly, `${path}.fetchLastLevelOnly`, false),
  };
}

function relationFilters(value: unknown, path: string): RelationEntityTypeFilter[] {
  return list(value, path, LIMITS.relationFilters).map((entry, i) => {
    const json = object(entry, `${path}[${i}]`);
    return {
      relationType: optionalString(json.relationType, `${path}[${i}].relationType`),
      entityTypes: list(json.entityTypes, `${path}[${i}].entityTypes`, ENTITY_TYPES.length * 4).map(
        (type, j) => oneOf(type, ENTITY_TYPES, `${path}[${i}].entityTypes[${j}]`),
      ),
    };
  });
}

function stringList(value: unknown, path: string): string[] {
  return list(value, path, LIMITS.listEntries).map((entry, i) => string(entry, `${path}[${i}]`));
}

function relationsQuery(json: Json, path: string): RelationsQueryFilter {
  const multiRoot = boolean(json.multiRoot, `${path}.multiRoot`, false);
  const filter: RelationsQueryFilter = {
    type: 'relationsQuery',
    ...relationBase(json, path, !multiRoot),
    filters: relationFilters(json.filters, `${path}.filters`),
    multiRoot,
  };
  if (multiRoot) {
    filter.multiRootEntitiesType = oneOf(
      json.multiRootEntitiesType,
      ENTITY_TYPES,
      `${path}.multiRootEntitiesType`,
    );
    filter.multiRootEntityIds = list(
      json.multiRootEntityIds,
      `${path}.multiRootEntityIds`,
      LIMITS.listEntries,
    ).map((id, i) => uuid(id, `${path}.multiRootEntityIds[${i}]`));
  }
  return filter;
}

function searchQuery(json: Json, path: string, type: SearchQueryFilter['type']): SearchQueryFilter {
  const base = {
    ...relationBase(json, path, true),
    relationType: optionalString(json.relationType, `${path}.relationType`),
  };
  switch (type) {
    case 'assetSearchQuery':
      return { type, ...base, assetTypes: stringList(json.assetTypes, `${path}.assetTypes`) };
    case 'deviceSearchQuery':
      return { type, ...base, deviceTypes: stringList(json.deviceTypes, `${path}.deviceTypes`) };
    case 'entityViewSearchQuery':
      return { type, ...base, entityViewTypes: stringList(json.entityViewTypes, `${path}.entityViewTypes`) };
  }
}

export function parseEntityFilter(value: unknown, path = 'entityFilter'): SupportedEntityFilter {
  const json = object(value, path);
  const type = json.type;
  if (typeof type !== 'string') return fail(`Invalid entity query: '${path}.type' is required`);
  if (UNSUPPORTED_FILTER_TYPES.has(type)) return fail(`Entity filter type '${type}' is not supported`);
  if (!(ALIAS_FILTER_TYPES as readonly string[]).includes(type)) {
    return fail(`Unknown entity filter type '${type}'`);
  }
  switch (type) {
    case 'singleEntity': {
      const id = entityId(json.singleEntity, `${path}.singleEntity`);
      queryableType(id.entityType, `${path}.singleEntity.entityType`);
      return { type, singleEntity: id };
    }
    case 'entityList':
      return {
        type,
        entityType: queryableType(json.entityType, `${path}.entityType`),
        entityList: list(json.entityList, `${path}.entityList`, LIMITS.listEntries).map((id, i) =>
          uuid(id, `${path}.entityList[${i}]`),
        ),
      };
    case 'entityName':
      return {
        type,
        entityType: queryableType(json.entityType, `${path}.entityType`),
        entityNameFilter: optionalString(json.entityNameFilter, `${path}.entityNameFilter`) ?? '',
      };
    case 'entityType':
      return { type, entityType: queryableType(json.entityType, `${path}.entityType`) };
    case 'assetType':
      return {
        type,
        assetType: string(json.assetType, `${path}.assetType`),
        assetNameFilter: optionalString(json.assetNameFilter, `${path}.assetNameFilter`) ?? '',
      };
    case 'deviceType':
      return {
        type,
        deviceType: string(json.deviceType, `${path}.deviceType`),
        deviceNameFilter: optionalString(json.deviceNameFilter, `${path}.deviceNameFilter`) ?? '',
      };
    case 'entityViewType':
      return {
        type,
        entityViewType: string(json.entityViewType, `${path}.entityViewType`),
        entityViewNameFilter: optionalString(json.entityViewNameFilter, `${path}.entityViewNameFilter`) ?? '',
      };
    case 'apiUsageState': {
      const customer =
        json.customerId === undefined || json.customerId === null
          ? null
          : entityId(json.customerId, `${path}.customerId`);
      return customer ? { type, customerId: { entityType: 'CUSTOMER', id: customer.id } } : { type };
    }
    case 'relationsQuery':
      return relationsQuery(json, path);
    case 'assetSearchQuery':
    case 'deviceSearchQuery':
    case 'entityViewSearchQuery':
      return searchQuery(json, path, type);
    default:
      return fail(`Unknown entity filter type '${type}'`);
  }
}

/** Does the filter select entities through relations (and so of several types)? */
export const isRelationsQuery = (filter: SupportedEntityFilter) => filter.type === 'relationsQuery';

// ---------------------------------------------------------------------------------------------
// Keys and key filters
// ---------------------------------------------------------------------------------------------

function entityKey(value: unknown, path: string, relationQuery: boolean): DataKey {
  const json = object(value, path);
  const type = oneOf(json.type, QUERY_ENTITY_KEY_TYPES, `${path}.type`);
  if (type === 'ALARM_FIELD')
    return fail(`Key type 'ALARM_FIELD' is not supported by entity queries (${path})`);
  const key = string(json.key, `${path}.key`);
  if (key.length === 0 || key.length > 255) {
    return fail(`Invalid entity query: '${path}.key' must have 1 to 255 characters`);
  }
  if (type === 'ENTITY_FIELD' && !isKnownEntityField(key, relationQuery)) {
    return fail(`Unknown entity field '${key}' (${path})`);
  }
  return { type, key };
}

function dynamicValue(value: unknown, path: string): DynamicValue | null {
  const json = optionalObject(value, path);
  if (!json) return null;
  const sourceType =
    json.sourceType === undefined || json.sourceType === null
      ? null
      : oneOf(json.sourceType, DYNAMIC_VALUE_SOURCE_TYPES, `${path}.sourceType`);
  const sourceAttribute = optionalString(json.sourceAttribute, `${path}.sourceAttribute`);
  return { sourceType, sourceAttribute, inherit: boolean(json.inherit, `${path}.inherit`, false) };
}

/** A predicate operand; `read` checks one non-null value and returns it typed. */
function predicateValue<T>(value: unknown, path: string, read: (value: unknown, path: string) => T) {
  const json = object(value, path);
  const optional = (field: 'defaultValue' | 'userValue') =>
    json[field] === undefined || json[field] === null ? null : read(json[field], `${path}.${field}`);
  const result: FilterPredicateValue<T | null> = {
    defaultValue: optional('defaultValue'),
    userValue: optional('userValue'),
    dynamicValue: dynamicValue(json.dynamicValue, `${path}.dynamicValue`),
  };
  const dynamic = result.dynamicValue;
  const hasDynamic = Boolean(dynamic?.sourceType && dynamic.sourceAttribute);
  if (result.defaultValue === null && result.userValue === null && !hasDynamic) {
    return fail(`Invalid entity query: '${path}' has no value (defaultValue, userValue or dynamicValue)`);
  }
  return result;
}

/** Numbers as JSON numbers or numeric text (the reference reads them into a Double). */
function numberValue(value: unknown, path: string): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    return fail(`Invalid entity query: '${path}' must be a number`);
  }
  return number;
}

function booleanValue(value: unknown, path: string): boolean {
  if (value === 'true' || value === 'false') return value === 'true';
  if (typeof value !== 'boolean') return fail(`Invalid entity query: '${path}' must be a boolean`);
  return value;
}

/** A checked predicate; values of simple predicates may still be null until dynamic ones resolve. */
export type ParsedPredicate =
  | {
      type: 'STRING';
      operation: (typeof STRING_OPERATIONS)[number];
      value: FilterPredicateValue<string | null>;
      ignoreCase: boolean;
    }
  | {
      type: 'NUMERIC';
      operation: (typeof NUMERIC_OPERATIONS)[number];
      value: FilterPredicateValue<number | null>;
    }
  | {
      type: 'BOOLEAN';
      operation: (typeof BOOLEAN_OPERATIONS)[number];
      value: FilterPredicateValue<boolean | null>;
    }
  | { type: 'COMPLEX'; operation: (typeof COMPLEX_OPERATIONS)[number]; predicates: ParsedPredicate[] };

/** How many more predicates a query may still hold. */
export interface PredicateBudget {
  left: number;
}

export function parsePredicate(
  value: unknown,
  path: string,
  budget: PredicateBudget = { left: LIMITS.predicates },
  depth = 0,
): ParsedPredicate {
  budget.left -= 1;
  if (budget.left < 0) {
    return fail(`Invalid entity query: the key filters hold more than ${LIMITS.predicates} predicates`);
  }
  if (depth > LIMITS.predicateDepth) {
    return fail(
      `Invalid entity query: '${path}' nests complex predicates deeper than ${LIMITS.predicateDepth}`,
    );
  }
  const json = object(value, path);
  const type = oneOf(json.type, ['STRING', 'NUMERIC', 'BOOLEAN', 'COMPLEX'] as const, `${path}.type`);
  switch (type) {
    case 'STRING':
      return {
        type,
        operation: oneOf(json.operation, STRING_OPERATIONS, `${path}.operation`),
        value: predicateValue(json.value, `${path}.value`, string),
        ignoreCase: boolean(json.ignoreCase, `${path}.ignoreCase`, false),
      };
    case 'NUMERIC':
      return {
        type,
        operation: oneOf(json.operation, NUMERIC_OPERATIONS, `${path}.operation`),
        value: predicateValue(json.value, `${path}.value`, numberValue),
      };
    case 'BOOLEAN':
      return {
        type,
        operation: oneOf(json.operation, BOOLEAN_OPERATIONS, `${path}.operation`),
        value: predicateValue(json.value, `${path}.value`, booleanValue),
      };
    case 'COMPLEX':
      return {
        type,
        operation: oneOf(json.operation, COMPLEX_OPERATIONS, `${path}.operation`),
        predicates: list(json.predicates, `${path}.predicates`, LIMITS.keyFilters).map((p, i) =>
          parsePredicate(p, `${path}.predicates[${i}]`, budget, depth + 1),
        ),
      };
  }
}

export interface CheckedKeyFilter {
  key: DataKey;
  valueType: KeyFilter['valueType'];
  predicate: ParsedPredicate;
}

function keyFilters(value: unknown, relationQuery: boolean): CheckedKeyFilter[] {
  const budget: PredicateBudget = { left: LIMITS.predicates };
  return list(value, 'keyFilters', LIMITS.keyFilters).map((entry, i) => {
    const path = `keyFilters[${i}]`;
    const json = object(entry, path);
    return {
      key: entityKey(json.key, `${path}.key`, relationQuery),
      valueType: oneOf(json.valueType, ENTITY_KEY_VALUE_TYPES, `${path}.valueType`),
      predicate: parsePredicate(json.predicate, `${path}.predicate`, budget),
    };
  });
}

function keys(value: unknown, path: string, relationQuery: boolean): DataKey[] {
  return list(value, path, LIMITS.keys).map((entry, i) => entityKey(entry, `${path}[${i}]`, relationQuery));
}

// ---------------------------------------------------------------------------------------------
// Queries
// ---------------------------------------------------------------------------------------------

export interface CountQueryInput {
  entityFilter: SupportedEntityFilter;
  keyFilters: CheckedKeyFilter[];
}

export interface DataQueryInput extends CountQueryInput {
  pageLink: ParsedPageLink;
  entityFields: DataKey[];
  latestValues: DataKey[];
}

export function parseCountQuery(body: unknown): CountQueryInput {
  const json = object(body, 'query');
  if (json.entityFilter === undefined || json.entityFilter === null) {
    return fail(`Invalid entity query: 'entityFilter' is required`);
  }
  const entityFilter = parseEntityFilter(json.entityFilter);
  return { entityFilter, keyFilters: keyFilters(json.keyFilters, isRelationsQuery(entityFilter)) };
}

export function parsePageLink(value: unknown, relationQuery: boolean): ParsedPageLink {
  if (value === undefined || value === null) return fail(`Invalid entity query: 'pageLink' is required`);
  const json = object(value, 'pageLink');
  const sort = optionalObject(json.sortOrder, 'pageLink.sortOrder');
  return {
    pageSize: integer(json.pageSize, 'pageLink.pageSize', 1, LIMITS.maxPageSize),
    page: integer(json.page, 'pageLink.page', 0, 2_147_483_647, 0),
    textSearch: optionalString(json.textSearch, 'pageLink.textSearch'),
    sortOrder: sort
      ? {
          key: entityKey(sort.key, 'pageLink.sortOrder.key', relationQuery),
          direction: oneOf(sort.direction ?? 'ASC', ['ASC', 'DESC'] as const, 'pageLink.sortOrder.direction'),
        }
      : null,
  };
}

export function parseDataQuery(body: unknown): DataQueryInput {
  const count = parseCountQuery(body);
  const json = body as Json;
  const relationQuery = isRelationsQuery(count.entityFilter);
  return {
    ...count,
    pageLink: parsePageLink(json.pageLink, relationQuery),
    entityFields: keys(json.entityFields, 'entityFields', relationQuery),
    latestValues: keys(json.latestValues, 'latestValues', relationQuery),
  };
}
