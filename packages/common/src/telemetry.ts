import type { AggregationType } from './aggregation.js';
import type { EntityId } from './entity-types.js';
import type { JsonValue } from './json.js';
import type { SortDirection } from './page.js';
import type { TsValue } from './query.js';

/**
 * Attributes and time series over REST (spec 1 §7 "Telemetry", §5; spec 2 §3; reference §1.4).
 */

/**
 * Attribute scopes as the console lists them. LATEST_TELEMETRY is a console-only pseudo scope for
 * the latest time-series values; the other three are real attribute scopes.
 */
export const ATTRIBUTE_SCOPES = ['LATEST_TELEMETRY', 'CLIENT_SCOPE', 'SERVER_SCOPE', 'SHARED_SCOPE'] as const;
export type TelemetryScope = (typeof ATTRIBUTE_SCOPES)[number];
export type AttributeScope = Exclude<TelemetryScope, 'LATEST_TELEMETRY'>;

/** Scopes the REST API lets users write (others answer 400 "Invalid scope: X"). */
export const WRITABLE_ATTRIBUTE_SCOPES = [
  'SERVER_SCOPE',
  'SHARED_SCOPE',
] as const satisfies readonly AttributeScope[];
/** Scopes the REST API lets users delete from. */
export const DELETABLE_ATTRIBUTE_SCOPES = [
  'SERVER_SCOPE',
  'SHARED_SCOPE',
  'CLIENT_SCOPE',
] as const satisfies readonly AttributeScope[];

/** True for the scopes `POST …/attributes/{scope}` accepts. */
export function isWritableAttributeScope(scope: string): scope is (typeof WRITABLE_ATTRIBUTE_SCOPES)[number] {
  return (WRITABLE_ATTRIBUTE_SCOPES as readonly string[]).includes(scope);
}

/** How a stored value is typed (attribute and telemetry storage columns). */
export const TELEMETRY_DATA_TYPES = ['STRING', 'LONG', 'BOOLEAN', 'DOUBLE', 'JSON'] as const;
export type TelemetryDataType = (typeof TELEMETRY_DATA_TYPES)[number];

/** Value types offered when a user edits an attribute value. */
export const VALUE_TYPES = ['STRING', 'INTEGER', 'DOUBLE', 'BOOLEAN', 'JSON'] as const;
export type ValueType = (typeof VALUE_TYPES)[number];

/** The editor value type of an existing value (whole numbers are INTEGER, objects and arrays JSON). */
export function inferValueType(value: JsonValue): ValueType {
  if (typeof value === 'boolean') {
    return 'BOOLEAN';
  }
  if (typeof value === 'number') {
    return Number.isInteger(value) ? 'INTEGER' : 'DOUBLE';
  }
  if (typeof value === 'object' && value !== null) {
    return 'JSON';
  }
  return 'STRING';
}

/** One attribute as `GET …/values/attributes` returns it; `value` keeps its type. */
export interface AttributeData {
  lastUpdateTs: number;
  key: string;
  value: JsonValue;
}

/** Time series by key, as `GET …/values/timeseries` returns them. */
export type TimeseriesData = Record<string, TsValue[]>;

/** Base path of the telemetry API for an entity. */
export function telemetryBasePath(entityId: EntityId): string {
  return `/api/plugins/telemetry/${entityId.entityType}/${entityId.id}`;
}

/** Parameters of a history time-series query. */
export interface TimeseriesQuery {
  keys: readonly string[];
  startTs: number;
  endTs: number;
  limit?: number | null;
  agg?: AggregationType | null;
  interval?: number | null;
  orderBy?: SortDirection | null;
  useStrictDataTypes?: boolean | null;
}

/**
 * Query string of `GET …/values/timeseries` (spec 1 §5): keys, startTs and endTs always; limit, agg,
 * interval, orderBy and useStrictDataTypes only when present (not null or undefined). No leading `?`.
 */
export function timeseriesQueryString(query: TimeseriesQuery): string {
  let result = `keys=${query.keys.map(encodeURIComponent).join(',')}&startTs=${query.startTs}&endTs=${query.endTs}`;
  const optional: [string, string | number | boolean | null | undefined][] = [
    ['limit', query.limit],
    ['agg', query.agg],
    ['interval', query.interval],
    ['orderBy', query.orderBy],
    ['useStrictDataTypes', query.useStrictDataTypes],
  ];
  for (const [name, value] of optional) {
    if (value !== null && value !== undefined) {
      result += `&${name}=${value}`;
    }
  }
  return result;
}

/** An attribute or time-series entry being saved from the console. */
export interface KeyValueEntry {
  key: string;
  value: JsonValue | undefined;
}

/**
 * Saving attributes or time series (spec 1 §5): entries with no value (null or undefined) are deleted
 * instead of saved. Returns the key→value map to post and the keys to delete.
 */
export function splitEntriesForSave(entries: readonly KeyValueEntry[]): {
  save: Record<string, JsonValue>;
  deleteKeys: string[];
} {
  const save: Record<string, JsonValue> = {};
  const deleteKeys: string[] = [];
  for (const entry of entries) {
    if (entry.value === null || entry.value === undefined) {
      deleteKeys.push(entry.key);
    } else {
      save[entry.key] = entry.value;
    }
  }
  return { save, deleteKeys };
}

/** The real attribute scopes, in the order the reference merges them when no scope is given. */
export const ATTRIBUTE_STORAGE_SCOPES = [
  'CLIENT_SCOPE',
  'SERVER_SCOPE',
  'SHARED_SCOPE',
] as const satisfies readonly AttributeScope[];

/** True for CLIENT_SCOPE, SERVER_SCOPE and SHARED_SCOPE. */
export function isAttributeScope(scope: string): scope is AttributeScope {
  return (ATTRIBUTE_STORAGE_SCOPES as readonly string[]).includes(scope);
}

/**
 * A stored value: exactly one of the five storage types (reference §5.2). LONG is a bigint so every
 * int64 round-trips; JSON holds the JSON text as it was written.
 */
export type KvValue =
  | { type: 'BOOLEAN'; value: boolean }
  | { type: 'LONG'; value: bigint }
  | { type: 'DOUBLE'; value: number }
  | { type: 'STRING'; value: string }
  | { type: 'JSON'; value: string };

/** A key with its typed value. */
export interface KvEntry {
  key: string;
  value: KvValue;
}

/** A time-series point: a typed value of a key at `ts` (epoch ms). */
export interface TsKvEntry extends KvEntry {
  ts: number;
}

/** A stored attribute: a typed value of a key in a scope, with the time it was last written. */
export interface AttributeKvEntry extends KvEntry {
  scope: AttributeScope;
  lastUpdateTs: number;
}

/** Time-series points sharing one timestamp, as devices and the REST API post them. */
export interface TsEntries {
  ts: number;
  values: readonly KvEntry[];
}
