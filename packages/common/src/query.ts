import type { AlarmSearchStatus, AlarmSeverity } from './alarm.js';
import type { EntityFilter } from './entity-filter.js';
import type { EntityId, EntityType } from './entity-types.js';
import type { SortDirection } from './page.js';

/**
 * The entity data query model (spec 2 §3 "Data keys and filters", "Queries and pages"; reference §3.4):
 * keys, key filters and predicates, entity-data page links and the queries built from them.
 */

/**
 * Kinds of entity keys. The first seven are understood by the server's query model; CONSTANT and
 * COUNT exist only on the console side (constant alarm-condition operands, entity-count datasources).
 */
export const ENTITY_KEY_TYPES = [
  'ATTRIBUTE',
  'CLIENT_ATTRIBUTE',
  'SHARED_ATTRIBUTE',
  'SERVER_ATTRIBUTE',
  'TIME_SERIES',
  'ENTITY_FIELD',
  'ALARM_FIELD',
  'CONSTANT',
  'COUNT',
] as const;
export type EntityKeyType = (typeof ENTITY_KEY_TYPES)[number];

/** Key types the server's entity query accepts (reference §3.4 `EntityKey.type`). */
export const QUERY_ENTITY_KEY_TYPES = [
  'ATTRIBUTE',
  'CLIENT_ATTRIBUTE',
  'SHARED_ATTRIBUTE',
  'SERVER_ATTRIBUTE',
  'TIME_SERIES',
  'ENTITY_FIELD',
  'ALARM_FIELD',
] as const satisfies readonly EntityKeyType[];
export type QueryEntityKeyType = (typeof QUERY_ENTITY_KEY_TYPES)[number];

/** A key of an entity: an attribute, time series, field, … named `key`. */
export interface EntityKey<T extends EntityKeyType = EntityKeyType> {
  type: T;
  key: string;
}

/** How a key's value is compared in a key filter. */
export const ENTITY_KEY_VALUE_TYPES = ['STRING', 'NUMERIC', 'BOOLEAN', 'DATE_TIME'] as const;
export type EntityKeyValueType = (typeof ENTITY_KEY_VALUE_TYPES)[number];

export const FILTER_PREDICATE_TYPES = ['STRING', 'NUMERIC', 'BOOLEAN', 'COMPLEX'] as const;
export type FilterPredicateType = (typeof FILTER_PREDICATE_TYPES)[number];

export const STRING_OPERATIONS = [
  'EQUAL',
  'NOT_EQUAL',
  'STARTS_WITH',
  'ENDS_WITH',
  'CONTAINS',
  'NOT_CONTAINS',
  'IN',
  'NOT_IN',
] as const;
export type StringOperation = (typeof STRING_OPERATIONS)[number];

export const NUMERIC_OPERATIONS = [
  'EQUAL',
  'NOT_EQUAL',
  'GREATER',
  'LESS',
  'GREATER_OR_EQUAL',
  'LESS_OR_EQUAL',
] as const;
export type NumericOperation = (typeof NUMERIC_OPERATIONS)[number];

export const BOOLEAN_OPERATIONS = ['EQUAL', 'NOT_EQUAL'] as const;
export type BooleanOperation = (typeof BOOLEAN_OPERATIONS)[number];

export const COMPLEX_OPERATIONS = ['AND', 'OR'] as const;
export type ComplexOperation = (typeof COMPLEX_OPERATIONS)[number];

/** Where a dynamic predicate value is read from. */
export const DYNAMIC_VALUE_SOURCE_TYPES = [
  'CURRENT_TENANT',
  'CURRENT_CUSTOMER',
  'CURRENT_USER',
  'CURRENT_DEVICE',
] as const;
export type DynamicValueSourceType = (typeof DYNAMIC_VALUE_SOURCE_TYPES)[number];

/** Dynamic sources that may inherit the attribute from their owner (the "separate list" of spec 2 §6). */
export const INHERITABLE_DYNAMIC_VALUE_SOURCE_TYPES = [
  'CURRENT_CUSTOMER',
  'CURRENT_DEVICE',
] as const satisfies readonly DynamicValueSourceType[];

export interface DynamicValue {
  sourceType: DynamicValueSourceType | null;
  sourceAttribute: string | null;
  inherit?: boolean;
}

/** A predicate operand: the default, an optional user-entered value and an optional dynamic source. */
export interface FilterPredicateValue<T> {
  defaultValue: T;
  userValue?: T | null;
  dynamicValue?: DynamicValue | null;
}

export interface StringFilterPredicate {
  type: 'STRING';
  operation: StringOperation;
  value: FilterPredicateValue<string>;
  ignoreCase?: boolean;
}

export interface NumericFilterPredicate {
  type: 'NUMERIC';
  operation: NumericOperation;
  value: FilterPredicateValue<number>;
}

export interface BooleanFilterPredicate {
  type: 'BOOLEAN';
  operation: BooleanOperation;
  value: FilterPredicateValue<boolean>;
}

export interface ComplexFilterPredicate {
  type: 'COMPLEX';
  operation: ComplexOperation;
  predicates: KeyFilterPredicate[];
}

export type SimpleKeyFilterPredicate =
  | StringFilterPredicate
  | NumericFilterPredicate
  | BooleanFilterPredicate;
export type KeyFilterPredicate = SimpleKeyFilterPredicate | ComplexFilterPredicate;

/** A key filter as the server's query model takes it. */
export interface KeyFilter {
  key: EntityKey;
  valueType: EntityKeyValueType;
  predicate: KeyFilterPredicate;
}

/** Sort of an entity-data page by an entity key. */
export interface EntityDataSortOrder {
  key: EntityKey;
  direction: SortDirection;
}

/**
 * Page link of entity-data queries. `textSearch` is a case-insensitive contains match over the
 * selected searchable columns; `dynamic` makes the server re-run the query periodically.
 */
export interface EntityDataPageLink {
  pageSize: number;
  page: number;
  textSearch?: string | null;
  sortOrder?: EntityDataSortOrder | null;
  dynamic?: boolean;
}

/** Page link of alarm-data queries with time range and status/severity/type filters. */
export interface AlarmDataPageLink extends EntityDataPageLink {
  startTs?: number;
  endTs?: number;
  timeWindow?: number;
  typeList?: string[];
  statusList?: AlarmSearchStatus[];
  severityList?: AlarmSeverity[];
  searchPropagatedAlarms?: boolean;
}

/** Body of `POST /api/entitiesQuery/count`. */
export interface EntityCountQuery {
  entityFilter: EntityFilter;
  keyFilters?: KeyFilter[];
}

/** Body of `POST /api/entitiesQuery/find`. */
export interface EntityDataQuery extends EntityCountQuery {
  pageLink: EntityDataPageLink;
  entityFields?: EntityKey[];
  latestValues?: EntityKey[];
}

/** Body of `POST /api/alarmsQuery/find`. */
export interface AlarmDataQuery extends EntityCountQuery {
  pageLink: AlarmDataPageLink;
  entityFields?: EntityKey[];
  latestValues?: EntityKey[];
  alarmFields?: EntityKey[];
}

/** A value with its timestamp; values are strings in query results. */
export interface TsValue {
  ts: number;
  value: string;
}

/** One entity of an entity-data page: latest values per key type and key, and time series. */
export interface EntityData {
  entityId: EntityId;
  latest: Partial<Record<EntityKeyType, Record<string, TsValue>>>;
  timeseries: Record<string, TsValue[]>;
}

/**
 * Answer of `POST /api/entitiesQuery/find/keys` (reference §1.4): the entity types found on the
 * query's page and the distinct time-series and attribute keys of those entities, sorted.
 */
export interface EntityKeysByQuery {
  entityTypes: EntityType[];
  timeseries: string[];
  attribute: string[];
}

/** Largest page `POST /api/entitiesQuery/find/keys` looks at; bigger page sizes are cut to it. */
export const MAX_ENTITY_KEYS_QUERY_PAGE_SIZE = 100;

const createdTimeDescending: EntityDataSortOrder = {
  key: { type: 'ENTITY_FIELD', key: 'createdTime' },
  direction: 'DESC',
};

/** Page link for "the one newest matching entity" (spec 2 §9: size 1, createdTime descending). */
export function singleEntityDataPageLink(): EntityDataPageLink {
  return {
    pageSize: 1,
    page: 0,
    sortOrder: { ...createdTimeDescending, key: { ...createdTimeDescending.key } },
  };
}

/** Default page link of entity-data queries (spec 2 §9: size 1024, createdTime descending). */
export function defaultEntityDataPageLink(): EntityDataPageLink {
  return {
    pageSize: 1024,
    page: 0,
    sortOrder: { ...createdTimeDescending, key: { ...createdTimeDescending.key } },
  };
}

/**
 * Key filter matching entities whose `name` field starts with `prefix`, ignoring case: what the console
 * sends when searching entities by name through the query API (spec 1 §3).
 */
export function nameStartsWithKeyFilter(prefix: string, field = 'name'): KeyFilter {
  return {
    key: { type: 'ENTITY_FIELD', key: field },
    valueType: 'STRING',
    predicate: {
      type: 'STRING',
      operation: 'STARTS_WITH',
      value: { defaultValue: prefix },
      ignoreCase: true,
    },
  };
}
