import { type DataKey, type Datasource, NULL_UUID, type TsValue } from '@meridian/common';
import { convertValue, type GenerateJob, type JobResult } from '../sandbox/protocol';
import type { AliasEntity } from './alias-resolution';
import { valueText } from './post-processing';
import type { SubscriptionWindow } from './subscription-window';
import { type DataMode, type EntityValues, mergeSeries, TIMESERIES_POINT_LIMIT } from './widget-data';

/**
 * Function datasources (reference `type: 'function'`): each data key's `funcBody`, run as
 * `function (time, prevValue)` in the tenant script sandbox, makes the key's values. A latest
 * widget gets a new value every second; a time-series widget gets the points of its window one
 * second apart, then a new point every second (a fixed window is filled once).
 */

/** How often a function key makes a value, as the reference does for latest widgets and raw series. */
export const FUNCTION_FREQUENCY_MS = 1000;

/** The one entity a function datasource stands for; the reference names it `function`. */
export function functionEntity(datasource: Datasource): AliasEntity {
  return {
    id: { id: NULL_UUID, entityType: 'DEVICE' },
    name: datasource.name || 'function',
    label: datasource.name || 'function',
  };
}

export function isFunctionKey(dataKey: DataKey): boolean {
  return dataKey.type === 'function' && Boolean(dataKey.funcBody?.trim());
}

/**
 * The times of the next values: for a latest widget now; for a time-series one the points after
 * `lastTs` up to now, or on the first tick the whole window (at most the point limit of points,
 * the newest ones); a fixed window's points once, spaced so they stay within the limit.
 */
export function functionTimes(
  mode: DataMode,
  window: SubscriptionWindow,
  lastTs: number | null,
  nowMs: number,
  frequencyMs = FUNCTION_FREQUENCY_MS,
): number[] {
  if (mode === 'latest') return [nowMs];
  if (window.kind === 'history') {
    if (lastTs !== null) return [];
    const span = Math.max(0, window.endTs - window.startTs);
    const step = Math.max(frequencyMs, Math.ceil(span / TIMESERIES_POINT_LIMIT));
    const times: number[] = [];
    for (let t = window.startTs; t <= window.endTs; t += step) times.push(t);
    return times;
  }
  const first =
    lastTs === null
      ? Math.max(nowMs - window.timewindowMs, nowMs - frequencyMs * (TIMESERIES_POINT_LIMIT - 1))
      : lastTs + frequencyMs;
  const times: number[] = [];
  for (let t = first; t <= nowMs; t += frequencyMs) times.push(t);
  return times;
}

/** The generation jobs of one tick, one per key; keys without a function body get none. */
export function generateJobs(
  dataKeys: readonly DataKey[],
  times: readonly number[],
  values: EntityValues | undefined,
): { jobs: GenerateJob[]; indexes: number[] } {
  const jobs: GenerateJob[] = [];
  const indexes: number[] = [];
  if (times.length === 0) return { jobs, indexes };
  dataKeys.forEach((dataKey, index) => {
    if (!isFunctionKey(dataKey)) return;
    const prev = values?.latest[index]?.value;
    jobs.push({
      kind: 'generate',
      body: dataKey.funcBody ?? '',
      times: [...times],
      prevValue: prev === undefined ? 0 : convertValue(prev),
    });
    indexes.push(index);
  });
  return { jobs, indexes };
}

/**
 * The function entity's values after one tick's results; the first failing key's error comes
 * back apart.
 */
export function applyGenerated(
  values: EntityValues,
  indexes: readonly number[],
  times: readonly number[],
  results: readonly JobResult[],
  sinceTs: number,
): { values: EntityValues; error: string | null } {
  let error: string | null = null;
  const latest = [...values.latest];
  const series = [...values.series];
  indexes.forEach((index, i) => {
    const result = results[i];
    if (!result) return;
    if (!result.ok) {
      error ??= result.error;
      return;
    }
    const generated = result.value as unknown[];
    const points: TsValue[] = times.map((ts, j) => ({ ts, value: valueText(generated[j]) }));
    const last = points[points.length - 1];
    if (last) latest[index] = last;
    series[index] = mergeSeries(series[index] ?? [], points, sinceTs);
  });
  return { values: { ...values, latest, series }, error };
}
