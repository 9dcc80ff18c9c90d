import type { DataKey } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { createSandboxHandler } from '../sandbox/sandbox-handler';
import { applyGenerated, functionEntity, functionTimes, generateJobs } from './function-datasource';
import { type EntityValues, initialValues, TIMESERIES_POINT_LIMIT } from './widget-data';

const fn = (funcBody: string | null, label = 'f'): DataKey => ({
  name: 'f(x)',
  type: 'function',
  label,
  color: '#000',
  funcBody,
});
const handle = createSandboxHandler((names, body) => new Function(...names, body) as never);
const REALTIME = { kind: 'realtime' as const, timewindowMs: 5000 };

describe('function datasource', () => {
  it('makes a latest value now, and a rolling window one second apart then the seconds since', () => {
    expect(functionTimes('latest', REALTIME, null, 10_000)).toEqual([10_000]);
    expect(functionTimes('timeseries', REALTIME, null, 10_000)).toEqual([
      5000, 6000, 7000, 8000, 9000, 10_000,
    ]);
    expect(functionTimes('timeseries', REALTIME, 10_000, 12_500)).toEqual([11_000, 12_000]);
    expect(functionTimes('timeseries', REALTIME, 12_000, 12_500)).toEqual([]);
  });

  it('fills a fixed window once, within the point limit', () => {
    const day = { kind: 'history' as const, startTs: 0, endTs: 86_400_000 };
    const times = functionTimes('timeseries', day, null, 0);
    expect(times.length).toBeLessThanOrEqual(TIMESERIES_POINT_LIMIT + 1);
    expect(times[0]).toBe(0);
    expect(functionTimes('timeseries', day, 86_400_000, 0)).toEqual([]);
    const long = { kind: 'realtime' as const, timewindowMs: 7 * 86_400_000 };
    expect(functionTimes('timeseries', long, null, 1e12)).toHaveLength(TIMESERIES_POINT_LIMIT);
  });

  it('generates every function key in one message from its previous value', async () => {
    const keys = [fn('return prevValue + 1;'), fn(null), fn('return time;')];
    const entity = functionEntity({ type: 'function', name: 'Simulated', dataKeys: keys });
    expect(entity.name).toBe('Simulated');
    let values = initialValues([entity], keys)[0] as EntityValues;
    for (const times of [[1000, 2000], [3000]]) {
      const { jobs, indexes } = generateJobs(keys, times, values);
      expect(indexes).toEqual([0, 2]);
      const { results } = await handle({ id: 1, jobs });
      const next = applyGenerated(values, indexes, times, results, 0);
      expect(next.error).toBeNull();
      values = next.values;
    }
    expect(values.latest).toEqual([{ ts: 3000, value: '3' }, undefined, { ts: 3000, value: '3000' }]);
    expect(values.series[0]?.map((p) => p.value)).toEqual(['1', '2', '3']);
    expect(values.series[1]).toEqual([]);
  });

  it('returns a throwing key’s error and keeps the other keys going', async () => {
    const keys = [fn('throw new RangeError("oops");'), fn('return 7;')];
    const values = initialValues(
      [functionEntity({ type: 'function', dataKeys: keys })],
      keys,
    )[0] as EntityValues;
    const { jobs, indexes } = generateJobs(keys, [1000], values);
    const { results } = await handle({ id: 1, jobs });
    const next = applyGenerated(values, indexes, [1000], results, 0);
    expect(next.error).toBe('RangeError: oops');
    expect(next.values.latest).toEqual([undefined, { ts: 1000, value: '7' }]);
  });
});
