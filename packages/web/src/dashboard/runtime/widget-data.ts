import {
  type DataKey,
  dataKeyTypeToEntityKeyType,
  type EntityData,
  type EntityDataCmd,
  type EntityDataUpdate,
  type EntityKey,
  type TsValue,
} from '@meridian/common';
import { type AliasEntity, aliasQuery, filterOfEntities } from './alias-resolution';
import { foldRawPoints, pruneBuckets, type SeriesBuckets } from './live-aggregation';
import type { EntityProcessedValues, ProcessedValues } from './post-processing';
import { type SubscriptionWindow, type WindowAggregation, windowStartTs } from './subscription-window';

/**
 * A widget's data over the telemetry socket (reference backend §3: entity data commands): the
 * command one datasource subscribes with, and the pure reducer that folds its updates into the
 * values a widget renders. Kept apart from React and from the socket (PRACTICES: no subscription
 * god object).
 */

/** Points a time-series widget asks for per key without aggregation, as the reference's default "max values" limit. */
export const TIMESERIES_POINT_LIMIT = 25_000;

/** Key types a datasource of type `entity` can show in this viewer. */
const SUPPORTED_KEY_TYPES = new Set(['timeseries', 'attribute', 'entityField']);

export function isSupportedDataKey(dataKey: DataKey): boolean {
  return SUPPORTED_KEY_TYPES.has(dataKey.type);
}

/** How a data key is asked for in an entity query. */
export function entityKeyOf(dataKey: DataKey): EntityKey {
  return { type: dataKeyTypeToEntityKeyType(dataKey.type) ?? 'TIME_SERIES', key: dataKey.name };
}

/** Values and series of one entity, by data key index. */
export interface EntityValues {
  entity: AliasEntity;
  /** Latest value per data key (index in the datasource's keys); undefined while none is known. */
  latest: (TsValue | undefined)[];
  /** Points per data key, oldest first (time-series widgets). */
  series: TsValue[][];
  /** Figures of the buckets live points were folded into, per data key (aggregated realtime windows). */
  buckets?: SeriesBuckets[];
}

/** Whether a widget follows the latest values or a time window of its keys. */
export type DataMode = 'latest' | 'timeseries';

/** The entity data command of one datasource, or null when its entities or keys leave nothing to ask. */
export function datasourceCommand(
  entities: readonly AliasEntity[],
  dataKeys: readonly DataKey[],
  mode: DataMode,
  window: SubscriptionWindow,
  nowMs: number,
  aggregation: WindowAggregation | undefined = window.aggregation,
): Omit<EntityDataCmd, 'cmdId'> | null {
  const filter = filterOfEntities(entities);
  const keys = dataKeys.filter(isSupportedDataKey);
  if (!filter || keys.length === 0) return null;
  const query = aliasQuery(filter, entities.length > 1);
  if (mode === 'latest') {
    const entityKeys = keys.map(entityKeyOf);
    query.entityFields = [
      ...(query.entityFields ?? []),
      ...entityKeys.filter((k) => k.type === 'ENTITY_FIELD' && k.key !== 'name' && k.key !== 'label'),
    ];
    query.latestValues = entityKeys.filter((k) => k.type !== 'ENTITY_FIELD');
    return { query, latestCmd: { keys: entityKeys } };
  }
  const names = [...new Set(keys.filter((k) => k.type === 'timeseries').map((k) => k.name))];
  if (names.length === 0) return null;
  // The window's aggregation (or the chart's downsampling) goes to the server: grouped reads of
  // `interval` ms, or up to `limit` raw points with NONE.
  const limits = aggregation
    ? {
        interval: aggregation.type === 'NONE' ? 0 : aggregation.intervalMs,
        limit: aggregation.limit,
        agg: aggregation.type,
      }
    : { interval: 0, limit: TIMESERIES_POINT_LIMIT, agg: 'NONE' as const };
  if (window.kind === 'realtime') {
    const startTs = windowStartTs(window, nowMs, aggregation);
    const endTs = window.current?.endTs ?? nowMs;
    return {
      query,
      tsCmd: { keys: names, startTs, timeWindow: endTs - startTs, ...limits },
    };
  }
  return { query, historyCmd: { keys: names, startTs: window.startTs, endTs: window.endTs, ...limits } };
}

/** The values of the resolved entities before any update arrived. */
export function initialValues(
  entities: readonly AliasEntity[],
  dataKeys: readonly DataKey[],
): EntityValues[] {
  return entities.map((entity) => ({
    entity,
    latest: dataKeys.map(() => undefined),
    series: dataKeys.map(() => []),
  }));
}

const byTs = (a: TsValue, b: TsValue) => a.ts - b.ts;

/** The index of the first point at or after `sinceTs` in a series sorted by time. */
function firstIndexFrom(series: readonly TsValue[], sinceTs: number): number {
  let low = 0;
  let high = series.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((series[middle]?.ts ?? 0) < sinceTs) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Merges new points into a series: one point per timestamp, oldest first, none before `sinceTs`.
 * Live updates only add newer points, so that case appends without sorting; a series that neither
 * gains nor loses a point is returned as it is.
 */
export function mergeSeries(
  series: readonly TsValue[],
  points: readonly TsValue[],
  sinceTs: number,
): TsValue[] {
  const start = firstIndexFrom(series, sinceTs);
  if (points.length === 0) return start === 0 ? (series as TsValue[]) : series.slice(start);
  const fresh = points.filter((point) => point.ts >= sinceTs).sort(byTs);
  const last = series.at(-1);
  if (!last || (fresh[0] && fresh[0].ts > last.ts)) {
    const merged = series.slice(start);
    for (const point of fresh) {
      const tail = merged.at(-1);
      if (tail && tail.ts === point.ts) merged[merged.length - 1] = point;
      else merged.push(point);
    }
    return merged;
  }
  const merged = new Map<number, TsValue>();
  for (let index = start; index < series.length; index++) {
    const point = series[index];
    if (point) merged.set(point.ts, point);
  }
  for (const point of fresh) merged.set(point.ts, point);
  return [...merged.values()].sort(byTs);
}

/** A point with its post-processed value, where its key's function gave one for its time. */
const processedPoint = (point: TsValue, byTime: ReadonlyMap<number, string> | undefined): TsValue => {
  const value = byTime?.get(point.ts);
  return value === undefined ? point : { ts: point.ts, value };
};

function applyEntityData(
  values: EntityValues,
  data: EntityData,
  dataKeys: readonly DataKey[],
  replaceSeries: boolean,
  sinceTs: number,
  aggregation: WindowAggregation | undefined,
  processed: EntityProcessedValues | undefined,
): EntityValues {
  const latest = dataKeys.map((dataKey, index) => {
    const key = entityKeyOf(dataKey);
    const received = data.latest?.[key.type]?.[key.key];
    const fresh = received && processedPoint(received, processed?.get(index)?.latest);
    const known = values.latest[index];
    // Stale deliveries (older than what is shown) never move a value back.
    return fresh && (!known || fresh.ts >= known.ts) ? fresh : known;
  });
  // Live points of an aggregated window are raw: they are folded into its buckets.
  const folding = !replaceSeries && aggregation !== undefined && aggregation.type !== 'NONE';
  const buckets: SeriesBuckets[] = [];
  const series = dataKeys.map((dataKey, index) => {
    const received = dataKey.type === 'timeseries' ? data.timeseries?.[dataKey.name] : undefined;
    // Processed before they are merged or folded: a live point of an aggregated window goes into
    // its interval with the value its key's function made of it.
    const byTime = processed?.get(index)?.series;
    const points = byTime ? received?.map((point) => processedPoint(point, byTime)) : received;
    const current = values.series[index] ?? [];
    const known = replaceSeries ? new Map() : (values.buckets?.[index] ?? new Map());
    buckets[index] = known;
    if (!points) return replaceSeries ? [] : current;
    if (folding) {
      const folded = foldRawPoints(current, known, points, aggregation);
      buckets[index] = pruneBuckets(folded.buckets, sinceTs, aggregation.intervalMs);
      return mergeSeries(folded.series, [], sinceTs);
    }
    return mergeSeries(replaceSeries ? [] : current, points, sinceTs);
  });
  return { ...values, latest, series, ...(aggregation ? { buckets } : {}) };
}

/**
 * The values after one update: a page (`data`) replaces series wholesale, a change (`update`) adds
 * to them. Entities not in the update keep their values; `sinceTs` drops points that have left a
 * rolling window. `processed` holds the update's values as the keys' post-processing functions
 * made them, which take the place of the raw ones.
 */
export function reduceUpdate(
  values: readonly EntityValues[],
  update: EntityDataUpdate,
  dataKeys: readonly DataKey[],
  sinceTs: number,
  aggregation?: WindowAggregation,
  processed?: ProcessedValues,
): EntityValues[] {
  if (update.errorCode !== 0) return [...values];
  const page = update.data?.data;
  const changes = page ?? update.update ?? [];
  const byId = new Map(changes.map((data) => [data.entityId.id, data]));
  return values.map((entityValues) => {
    const data = byId.get(entityValues.entity.id.id);
    if (!data) {
      if (sinceTs <= 0) return entityValues;
      const series = entityValues.series.map((points) => mergeSeries(points, [], sinceTs));
      return series.every((points, index) => points === entityValues.series[index])
        ? entityValues
        : { ...entityValues, series };
    }
    const entityId = entityValues.entity.id.id;
    return applyEntityData(
      entityValues,
      data,
      dataKeys,
      page !== undefined,
      sinceTs,
      aggregation,
      processed?.get(entityId),
    );
  });
}
