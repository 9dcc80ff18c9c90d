import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Store } from '../../db/store.js';
import { afterMicrotasks } from '../../rule-engine/testing/microtasks.js';
import { TelemetryRepo } from '../../telemetry/repo.js';
import { type TelemetryChange, TelemetryService } from '../../telemetry/service.js';
import { TelemetryInputError } from '../../telemetry/values.js';
import { IngestBatcher, SETTLED_PER_TURN } from './ingest.js';
import { demoStore } from './test-store.js';

let store: Store & { tenantId: string };
let telemetry: TelemetryService;
let transactions = 0;

beforeAll(async () => {
  store = await demoStore();
  telemetry = new TelemetryService(new TelemetryRepo(store.db));
  const original = telemetry.saveTimeseriesBatch.bind(telemetry);
  telemetry.saveTimeseriesBatch = (trx, writes) => {
    transactions++;
    return original(trx, writes);
  };
});

afterAll(async () => {
  await store?.close();
});

const deviceId = (n: number) => `00000000-0000-1000-8000-${String(n).padStart(12, '0')}`;
const device = (n: number) => ({ entityType: 'DEVICE' as const, id: deviceId(n) });
const point = (ts: number, key: string, value: number) => [
  { ts, values: [{ key, value: { type: 'LONG' as const, value: BigInt(value) } }] },
];

describe('IngestBatcher', () => {
  it('commits a burst in few transactions and resolves every write once stored', async () => {
    const batcher = new IngestBatcher(store.db, telemetry, 10_000);
    const heard: TelemetryChange[] = [];
    const stop = telemetry.onChange((change) => {
      heard.push(change);
    });
    transactions = 0;
    const writes = Array.from({ length: 200 }, (_, i) =>
      batcher.saveTimeseries(store.tenantId, device(i % 20), point(1000 + i, 'v', i)),
    );
    await Promise.all(writes);
    stop();
    expect(transactions).toBeLessThanOrEqual(2);
    expect(heard.filter((c) => c.type === 'TIMESERIES_UPDATED')).toHaveLength(200);
    const latest = await telemetry.latest({ entityType: 'DEVICE', id: deviceId(7) }, ['v']);
    expect(latest.map((p) => [p.ts, p.value])).toEqual([[1000 + 187, { type: 'LONG', value: 187n }]]);
  });

  it('settles a large batch over several turns of the event loop, letting I/O in between', async () => {
    const batcher = new IngestBatcher(store.db, telemetry, 10_000);
    transactions = 0;
    let settled = 0;
    let settledAtNextTurn: number | undefined;
    const writes = Array.from({ length: 4 * SETTLED_PER_TURN }, (_, i) =>
      batcher.saveTimeseries(store.tenantId, device(600 + (i % 10)), point(i, 'turns', i)).then(() => {
        if (settled++ === 0) setImmediate(() => (settledAtNextTurn = settled));
      }),
    );
    await Promise.all(writes);
    expect(transactions).toBe(1);
    // Settled all at once, every write would have run before the next turn.
    expect(settledAtNextTurn).toBeGreaterThanOrEqual(SETTLED_PER_TURN);
    expect(settledAtNextTurn).toBeLessThan(writes.length);
  });

  it('stores a write that comes at any moment while the last flush loop ends', async () => {
    for (let ticks = 0; ticks < 40; ticks++) {
      const batcher = new IngestBatcher(store.db, telemetry, 10_000, 1);
      const second = new Promise<string>((resolve) => {
        void batcher.saveTimeseries(store.tenantId, device(700), point(ticks, 'race', 1)).then(() => {
          afterMicrotasks(ticks, () =>
            batcher
              .saveTimeseries(store.tenantId, device(701), point(ticks, 'race', 2))
              .then(() => resolve('stored')),
          );
        });
      });
      const outcome = await Promise.race([
        second,
        new Promise<string>((resolve) => setTimeout(() => resolve('left behind'), 1000)),
      ]);
      expect(outcome, `second write ${ticks} microtasks after the first`).toBe('stored');
    }
  });

  it('splits batches at the point cap', async () => {
    const batcher = new IngestBatcher(store.db, telemetry, 10);
    transactions = 0;
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        batcher.saveTimeseries(store.tenantId, device(100), point(i, 'cap', i)),
      ),
    );
    expect(transactions).toBe(3);
  });

  it('writes while a flush runs go together in the next one', async () => {
    const batcher = new IngestBatcher(store.db, telemetry, 10_000);
    transactions = 0;
    const first = batcher.saveTimeseries(store.tenantId, device(200), point(1, 'k', 1));
    await new Promise((resolve) => setImmediate(resolve));
    // The first flush is running now; these queue behind it.
    const later = Array.from({ length: 50 }, (_, i) =>
      batcher.saveTimeseries(store.tenantId, device(201), point(2 + i, 'k', i)),
    );
    expect(batcher.queued).toBe(50);
    await Promise.all([first, ...later]);
    expect(transactions).toBe(2);
  });

  it('with a concurrency of two, a second batch is taken while the first one commits', async () => {
    const original = telemetry.saveTimeseriesBatch;
    // A slow database: each batch takes 30 ms.
    telemetry.saveTimeseriesBatch = async (trx, writes) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return original(trx, writes);
    };
    const queuedWhileCommitting = async (concurrency: number) => {
      const batcher = new IngestBatcher(store.db, telemetry, 5, concurrency);
      const writes = Array.from({ length: 10 }, (_, i) =>
        batcher.saveTimeseries(store.tenantId, device(500 + (i % 4)), point(i, 'c2', i)),
      );
      await new Promise((resolve) => setTimeout(resolve, 10));
      const queued = batcher.queued;
      await Promise.all(writes);
      return queued;
    };
    try {
      expect(await queuedWhileCommitting(1)).toBe(5);
      expect(await queuedWhileCommitting(2)).toBe(0);
    } finally {
      telemetry.saveTimeseriesBatch = original;
    }
    const latest = await telemetry.latest({ entityType: 'DEVICE', id: deviceId(503) }, ['c2']);
    expect(latest.map((p) => p.ts)).toEqual([7]);
  });

  it('rejects only the bad write of a failed batch', async () => {
    const batcher = new IngestBatcher(store.db, telemetry, 10_000);
    const good = batcher.saveTimeseries(store.tenantId, device(300), point(5, 'ok', 1));
    const bad = batcher.saveTimeseries(store.tenantId, device(301), point(Number.MAX_VALUE, 'ok', 1));
    const attributes = batcher.saveAttributes(device(300), 'CLIENT_SCOPE', [
      { key: 'fw', value: { type: 'STRING', value: '1.0' } },
    ]);
    await expect(bad).rejects.toBeInstanceOf(TelemetryInputError);
    await expect(good).resolves.toBeUndefined();
    await expect(attributes).resolves.toBeUndefined();
    const stored = await telemetry.attributes({ entityType: 'DEVICE', id: deviceId(300) }, 'CLIENT_SCOPE');
    expect(stored.map((a) => a.key)).toEqual(['fw']);
    expect(await telemetry.latest({ entityType: 'DEVICE', id: deviceId(300) }, ['ok'])).toHaveLength(1);
  });

  it('resolves empty writes at once and waits for queued writes on close', async () => {
    const batcher = new IngestBatcher(store.db, telemetry, 10_000);
    await expect(batcher.saveTimeseries(store.tenantId, device(400), [])).resolves.toBeUndefined();
    let done = false;
    void batcher.saveTimeseries(store.tenantId, device(400), point(1, 'c', 1)).then(() => {
      done = true;
    });
    await batcher.close();
    expect(done).toBe(true);
  });
});
