import type { DataKey, EntityData, EntityDataUpdate, TsValue } from '@meridian/common';
import { convertValue, type JobResult, type PostProcessJob } from '../sandbox/protocol';
import { entityKeyOf } from './widget-data';

/**
 * Post-processing of received values (reference data key `postFuncBody`, run as
 * `function (time, value, prevValue, timePrev, prevOrigValue)`): the jobs one update needs, sent
 * to the tenant script sandbox in one message, and the processed values the update's reducer takes
 * in place of the raw ones.
 */

/** Whether a key's values go through its post-processing function. */
export function hasPostProcessing(dataKey: DataKey): boolean {
  return dataKey.usePostProcessing !== false && Boolean(dataKey.postFuncBody?.trim());
}

/** What a key remembers between updates: its last processed value and the original it came from. */
export interface PrevPoint {
  value: unknown;
  ts: number;
  origValue: unknown;
}

/** Last processed point per entity and key index (`<entity id>:<index>`); the reference starts at 0. */
export type PostProcessingMemory = Map<string, PrevPoint>;

const memoryKey = (entityId: string, index: number) => `${entityId}:${index}`;
const START: PrevPoint = { value: 0, ts: 0, origValue: 0 };

/** Where one job's values go: an entity's latest value or the points of one of its series. */
export interface PostTarget {
  entityId: string;
  index: number;
  slot: 'latest' | 'series';
  times: number[];
}

/** The values a key received in one entity's data: its latest value, or its series. */
function receivedOf(data: EntityData, dataKey: DataKey): { slot: 'latest' | 'series'; points: TsValue[] }[] {
  const key = entityKeyOf(dataKey);
  const received: { slot: 'latest' | 'series'; points: TsValue[] }[] = [];
  const latest = data.latest?.[key.type]?.[key.key];
  if (latest) received.push({ slot: 'latest', points: [latest] });
  const series = dataKey.type === 'timeseries' ? data.timeseries?.[dataKey.name] : undefined;
  if (series?.length) received.push({ slot: 'series', points: [...series].sort((a, b) => a.ts - b.ts) });
  return received;
}

/** The post-processing jobs of one update, one per entity, key and slot with received values. */
export function postProcessJobs(
  update: EntityDataUpdate,
  dataKeys: readonly DataKey[],
  memory: PostProcessingMemory,
): { jobs: PostProcessJob[]; targets: PostTarget[] } {
  const jobs: PostProcessJob[] = [];
  const targets: PostTarget[] = [];
  if (update.errorCode !== 0) return { jobs, targets };
  for (const data of update.data?.data ?? update.update ?? []) {
    dataKeys.forEach((dataKey, index) => {
      if (!hasPostProcessing(dataKey)) return;
      for (const { slot, points } of receivedOf(data, dataKey)) {
        jobs.push({
          kind: 'postProcess',
          body: dataKey.postFuncBody ?? '',
          points: points.map((p) => [p.ts, p.value]),
          prev: memory.get(memoryKey(data.entityId.id, index)) ?? START,
        });
        targets.push({ entityId: data.entityId.id, index, slot, times: points.map((p) => p.ts) });
      }
    });
  }
  return { jobs, targets };
}

/** How a processed value is kept: values are text in this viewer, as the server sends them. */
export function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One entity's processed values by key index and slot: time → processed value. */
export type EntityProcessedValues = Map<
  number,
  { latest?: Map<number, string>; series?: Map<number, string> }
>;

/** Processed values by entity id. */
export type ProcessedValues = Map<string, EntityProcessedValues>;

/**
 * Reads the sandbox's answers: the processed values per target, the memory for the next update,
 * and the first error (a throwing function) if any.
 */
export function readPostResults(
  targets: readonly PostTarget[],
  results: readonly JobResult[],
  jobs: readonly PostProcessJob[],
  memory: PostProcessingMemory,
): { processed: ProcessedValues; error: string | null } {
  const processed: ProcessedValues = new Map();
  let error: string | null = null;
  targets.forEach((target, i) => {
    const result = results[i];
    const job = jobs[i];
    if (!result || !job) return;
    if (!result.ok) {
      error ??= result.error;
      return;
    }
    const values = result.value as unknown[];
    const byTime = new Map(target.times.map((ts, j) => [ts, valueText(values[j])]));
    const byIndex = processed.get(target.entityId) ?? new Map();
    processed.set(target.entityId, byIndex);
    byIndex.set(target.index, { ...byIndex.get(target.index), [target.slot]: byTime });
    const last = job.points.length - 1;
    const lastPoint = job.points[last];
    const key = memoryKey(target.entityId, target.index);
    const known = memory.get(key);
    if (lastPoint && (!known || lastPoint[0] >= known.ts)) {
      memory.set(key, { value: values[last], ts: lastPoint[0], origValue: convertValue(lastPoint[1]) });
    }
  });
  return { processed, error };
}
