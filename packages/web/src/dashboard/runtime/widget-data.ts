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

/** Merges new points into a series: one point per timestamp, oldest first, none before `sinceTs`. */
export function mergeSeries(
  series: readonly TsValue[],
  points: readonly TsValue[],
  sinceTs: number,
): TsValue[] {
  const merged = new Map<number, TsValue>();
  for (const point of [...series, ...points]) {
    if (point.ts >= sinceTs) merged.set(point.ts, point);
  }
  return [...merged.values()].sort(byTs);
}

function applyEntityData(
  values: EntityValues,
  data: EntityData,
  dataKeys: readonly DataKey[],
  replaceSeries: boolean,
  sinceTs: number,
  aggregation: WindowAggregation | undefined,
): EntityValues {
  const latest = dataKeys.map((dataKey, index) => {
    const key = entityKeyOf(dataKey);
    const fresh = data.latest?.[key.type]?.[key.key];
    const known = values.latest[index];
    // Stale deliveries (older than what is shown) never move a value back.
    return fresh && (!known || fresh.ts >= known.ts) ? fresh : known;
  });
  // Live points of an aggregated window are raw: they are folded into its buckets.
  const folding = !replaceSeries && aggregation !== undefined && aggregation.type !== 'NONE';
  const buckets: SeriesBuckets[] = [];
  const series = dataKeys.map((dataKey, index) => {
    const points = dataKey.type === 'timeseries' ? data.timeseries?.[dataKey.name] : undefined;
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
 * rolling window.
 */
export function reduceUpdate(
  values: readonly EntityValues[],
  update: EntityDataUpdate,
  dataKeys: readonly DataKey[],
  sinceTs: number,
  aggregation?: WindowAggregation,
): EntityValues[] {
  if (update.errorCode !== 0) return [...values];
  const page = update.data?.data;
  const changes = page ?? update.update ?? [];
  const byId = new Map(changes.map((data) => [data.entityId.id, data]));
  return values.map((entityValues) => {
    const data = byId.get(entityValues.entity.id.id);
    if (!data) {
      return sinceTs > 0
        ? { ...entityValues, series: entityValues.series.map((s) => mergeSeries(s, [], sinceTs)) }
        : entityValues;
    }
    return applyEntityData(entityValues, data, dataKeys, page !== undefined, sinceTs, aggregation);
  });
}
