import type { DataKey, EntityData, EntityDataUpdate } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { createSandboxHandler } from '../sandbox/sandbox-handler';
import {
  hasPostProcessing,
  type PostProcessingMemory,
  postProcessJobs,
  readPostResults,
  valueText,
} from './post-processing';
import { initialValues, reduceUpdate } from './widget-data';

const TIMES_TEN = 'return value * 10;';
const key = (name: string, fields: Partial<DataKey> = {}): DataKey => ({
  name,
  type: 'timeseries',
  label: name,
  color: '#000',
  ...fields,
});
const DEVICE = { id: { entityType: 'DEVICE' as const, id: 'd1' }, name: 'T1', label: '' };
const entityData = (fields: Partial<EntityData>): EntityData => ({
  entityId: DEVICE.id,
  latest: {},
  timeseries: {},
  ...fields,
});
const changes = (data: EntityData[]): EntityDataUpdate => ({
  cmdId: 1,
  cmdUpdateType: 'ENTITY_DATA',
  errorCode: 0,
  errorMsg: null,
  data: null,
  update: data,
  allowedEntities: 10000,
});
const handle = createSandboxHandler((names, body) => new Function(...names, body) as never);

/** One update through jobs, the (in-thread) sandbox, the reducer and the overlay. */
async function apply(
  values: ReturnType<typeof initialValues>,
  update: EntityDataUpdate,
  keys: DataKey[],
  memory: PostProcessingMemory,
) {
  const { jobs, targets } = postProcessJobs(update, keys, memory);
  const { results } = await handle({ id: 1, jobs });
  const { processed, error } = readPostResults(targets, results, jobs, memory);
  return { values: reduceUpdate(values, update, keys, 0, undefined, processed), error, jobs };
}

describe('post-processing', () => {
  it('applies to keys with a function body unless switched off', () => {
    expect(hasPostProcessing(key('t', { postFuncBody: TIMES_TEN }))).toBe(true);
    expect(hasPostProcessing(key('t', { postFuncBody: TIMES_TEN, usePostProcessing: false }))).toBe(false);
    expect(hasPostProcessing(key('t', { postFuncBody: '  ', usePostProcessing: true }))).toBe(false);
    expect(hasPostProcessing(key('t'))).toBe(false);
  });

  it('processes the latest values of one update in one message and leaves other keys raw', async () => {
    const keys = [key('temperature', { postFuncBody: TIMES_TEN }), key('humidity')];
    const memory: PostProcessingMemory = new Map();
    const update = changes([
      entityData({
        latest: { TIME_SERIES: { temperature: { ts: 5, value: '2.5' }, humidity: { ts: 5, value: '40' } } },
      }),
    ]);
    const { values, jobs, error } = await apply(initialValues([DEVICE], keys), update, keys, memory);
    expect(error).toBeNull();
    expect(jobs).toHaveLength(1);
    expect(values[0]?.latest).toEqual([
      { ts: 5, value: '25' },
      { ts: 5, value: '40' },
    ]);
    expect(memory.get('d1:0')).toEqual({ value: 25, ts: 5, origValue: 2.5 });
  });

  it('processes every point of a series, passing the previous result and original along', async () => {
    const keys = [key('temperature', { postFuncBody: 'return value + prevValue;' })];
    const memory: PostProcessingMemory = new Map();
    const first = changes([
      entityData({
        timeseries: {
          temperature: [
            { ts: 2, value: '2' },
            { ts: 1, value: '1' },
          ],
        },
      }),
    ]);
    const after = await apply(initialValues([DEVICE], keys), first, keys, memory);
    expect(after.values[0]?.series[0]).toEqual([
      { ts: 1, value: '1' },
      { ts: 2, value: '3' },
    ]);
    const next = changes([entityData({ timeseries: { temperature: [{ ts: 3, value: '10' }] } })]);
    const later = await apply(after.values, next, keys, memory);
    expect(later.values[0]?.series[0]?.map((p) => p.value)).toEqual(['1', '3', '13']);
  });

  it('folds live points of an aggregated realtime window with their processed values', async () => {
    const keys = [key('temperature', { postFuncBody: TIMES_TEN })];
    const memory: PostProcessingMemory = new Map();
    const average = { type: 'AVG' as const, intervalMs: 1000, limit: 100 };
    const live = changes([
      entityData({
        timeseries: {
          temperature: [
            { ts: 1200, value: '2' },
            { ts: 1400, value: '4' },
          ],
        },
      }),
    ]);
    const { jobs, targets } = postProcessJobs(live, keys, memory);
    const { results } = await handle({ id: 1, jobs });
    const { processed } = readPostResults(targets, results, jobs, memory);
    const values = reduceUpdate(initialValues([DEVICE], keys), live, keys, 0, average, processed);
    // One interval, the average of 20 and 40: the processed values, not the raw 2 and 4.
    expect(values[0]?.series[0]?.map((p) => Number(p.value))).toEqual([30]);
  });

  it('reports a throwing function and keeps the raw value of its key', async () => {
    const keys = [key('temperature', { postFuncBody: 'throw new Error("no");' })];
    const update = changes([entityData({ latest: { TIME_SERIES: { temperature: { ts: 5, value: '2' } } } })]);
    const { values, error } = await apply(initialValues([DEVICE], keys), update, keys, new Map());
    expect(error).toBe('Error: no');
    expect(values[0]?.latest[0]).toEqual({ ts: 5, value: '2' });
  });

  it('keeps processed values as text', () => {
    expect(valueText(12.5)).toBe('12.5');
    expect(valueText(true)).toBe('true');
    expect(valueText(null)).toBe('');
    expect(valueText({ a: 1 })).toBe('{"a":1}');
  });
});
