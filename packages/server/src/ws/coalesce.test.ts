import { describe, expect, it } from 'vitest';
import { merge, UpdateCoalescer } from './coalesce.js';
import type { EntityDataWire } from './updates.js';

const entityId = { entityType: 'DEVICE' as const, id: 'd1' };
const latest = (key: string, ts: number, value: string): EntityDataWire => ({
  entityId,
  latest: { TIME_SERIES: { [key]: { ts, value } } },
  timeseries: null,
});

describe('UpdateCoalescer', () => {
  it('merges the updates of one turn into one message, later values winning', async () => {
    const sent: EntityDataWire[][] = [];
    const coalescer = new UpdateCoalescer((updates) => sent.push(updates) > 0);
    coalescer.add(latest('t', 1, '20.0'));
    coalescer.add(latest('h', 1, '40'));
    coalescer.add(latest('t', 2, '21.0'));
    coalescer.add({ ...latest('t', 3, '1'), entityId: { entityType: 'DEVICE', id: 'd2' } });
    expect(sent).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual([
      {
        entityId,
        latest: { TIME_SERIES: { t: { ts: 2, value: '21.0' }, h: { ts: 1, value: '40' } } },
        timeseries: null,
      },
      {
        entityId: { entityType: 'DEVICE', id: 'd2' },
        latest: { TIME_SERIES: { t: { ts: 3, value: '1' } } },
        timeseries: null,
      },
    ]);
  });

  it('keeps an update the rate limit refused, merges later changes into it and sends it later', async () => {
    const sent: EntityDataWire[][] = [];
    let allowed = false;
    const coalescer = new UpdateCoalescer((updates) => {
      if (!allowed) return false;
      sent.push(updates);
      return true;
    });
    coalescer.add(latest('t', 1, '1'));
    await new Promise((resolve) => setImmediate(resolve));
    coalescer.add(latest('t', 2, '2'));
    allowed = true;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([
      [{ entityId, latest: { TIME_SERIES: { t: { ts: 2, value: '2' } } }, timeseries: null }],
    ]);
  });

  it('sends nothing that was cleared', async () => {
    const sent: EntityDataWire[][] = [];
    const coalescer = new UpdateCoalescer((updates) => sent.push(updates) > 0);
    coalescer.add(latest('t', 1, '1'));
    coalescer.clear();
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual([]);
  });

  it('appends time series points in order', () => {
    const a: EntityDataWire = { entityId, latest: null, timeseries: { t: [{ ts: 1, value: '1' }] } };
    const b: EntityDataWire = {
      entityId,
      latest: null,
      timeseries: { t: [{ ts: 2, value: '2' }], h: [{ ts: 2, value: '5' }] },
    };
    expect(merge(a, b).timeseries).toEqual({
      t: [
        { ts: 1, value: '1' },
        { ts: 2, value: '2' },
      ],
      h: [{ ts: 2, value: '5' }],
    });
  });
});
