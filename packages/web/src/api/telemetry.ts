import {
  type AttributeData,
  type AttributeScope,
  type EntityId,
  type JsonValue,
  type TimeseriesData,
  telemetryBasePath,
} from '@meridian/common';
import type { HttpClient, RequestOptions } from '../app/http/http-client';

/** Attribute and time-series calls of reference §1.3 TelemetryController (spec 1 §7 "Telemetry"). */

export const telemetryKeys = {
  all: ['telemetry'] as const,
  entity: (entityId: EntityId) => [...telemetryKeys.all, entityId.entityType, entityId.id] as const,
};

/** `keys=a,b`: each key URL-encoded, joined by literal commas as the reference console sends them. */
function keysParam(keys: readonly string[]): string {
  return `keys=${keys.map(encodeURIComponent).join(',')}`;
}

/** `GET …/values/attributes/{scope}`: every attribute of the scope, values keeping their types. */
export function getAttributes(
  http: HttpClient,
  entityId: EntityId,
  scope: AttributeScope,
  options: RequestOptions = {},
): Promise<AttributeData[]> {
  return http.get(`${telemetryBasePath(entityId)}/values/attributes/${scope}`, options);
}

/** `POST …/attributes/{scope}` with a key → value map (SERVER_SCOPE, or SHARED_SCOPE of a device). */
export function saveAttributes(
  http: HttpClient,
  entityId: EntityId,
  scope: AttributeScope,
  values: Record<string, JsonValue>,
  options: RequestOptions = {},
): Promise<void> {
  return http.post(`${telemetryBasePath(entityId)}/attributes/${scope}`, values, options);
}

/** `POST …/timeseries/ANY` with a key → value map: one point per key at the server's time. */
export function saveTimeseries(
  http: HttpClient,
  entityId: EntityId,
  values: Record<string, JsonValue>,
  options: RequestOptions = {},
): Promise<void> {
  return http.post(`${telemetryBasePath(entityId)}/timeseries/ANY`, values, options);
}

/** `DELETE …/{scope}?keys=`. */
export function deleteAttributes(
  http: HttpClient,
  entityId: EntityId,
  scope: AttributeScope,
  keys: readonly string[],
): Promise<void> {
  return http.delete(`${telemetryBasePath(entityId)}/${scope}?${keysParam(keys)}`);
}

/** `GET …/keys/timeseries`: the keys that have a latest value. */
export function getTimeseriesKeys(
  http: HttpClient,
  entityId: EntityId,
  options: RequestOptions = {},
): Promise<string[]> {
  return http.get(`${telemetryBasePath(entityId)}/keys/timeseries`, options);
}

/** `GET …/values/timeseries?keys=…&useStrictDataTypes=true`: the latest value of each key, typed. */
export function getLatestTimeseries(
  http: HttpClient,
  entityId: EntityId,
  keys: readonly string[],
  options: RequestOptions = {},
): Promise<TimeseriesData> {
  return http.get(
    `${telemetryBasePath(entityId)}/values/timeseries?${keysParam(keys)}&useStrictDataTypes=true`,
    options,
  );
}

/** `DELETE …/timeseries/delete?keys=…&deleteAllDataForKeys=true`: every point of the keys. */
export function deleteTimeseries(
  http: HttpClient,
  entityId: EntityId,
  keys: readonly string[],
): Promise<void> {
  return http.delete(
    `${telemetryBasePath(entityId)}/timeseries/delete?${keysParam(keys)}&deleteAllDataForKeys=true`,
  );
}

/**
 * The latest time series as attribute-like rows (key, time of the latest point, value): the keys
 * first, then their latest values; a key without a point is left out.
 */
export async function getLatestTelemetry(
  http: HttpClient,
  entityId: EntityId,
  options: RequestOptions = {},
): Promise<AttributeData[]> {
  const keys = await getTimeseriesKeys(http, entityId, options);
  if (keys.length === 0) {
    return [];
  }
  const latest = await getLatestTimeseries(http, entityId, keys, options);
  return keys.flatMap((key) => {
    const point = latest[key]?.[0];
    return point && point.value !== null && point.value !== undefined
      ? [{ key, lastUpdateTs: point.ts, value: point.value as JsonValue }]
      : [];
  });
}

/** The calls of the Attributes and Latest telemetry tabs, bound to the HTTP client. */
export function telemetryTabApi(http: HttpClient) {
  return {
    getAttributes: (entityId: EntityId, scope: AttributeScope, signal: AbortSignal) =>
      getAttributes(http, entityId, scope, { signal }),
    saveAttributes: (entityId: EntityId, scope: AttributeScope, values: Record<string, JsonValue>) =>
      saveAttributes(http, entityId, scope, values),
    deleteAttributes: (entityId: EntityId, scope: AttributeScope, keys: readonly string[]) =>
      deleteAttributes(http, entityId, scope, keys),
    getLatestTelemetry: (entityId: EntityId, signal: AbortSignal) =>
      getLatestTelemetry(http, entityId, { signal }),
    deleteTelemetry: (entityId: EntityId, keys: readonly string[]) => deleteTimeseries(http, entityId, keys),
  };
}
