import { setImmediate as nextTurn } from 'node:timers/promises';
import type { EntityId, KvEntry, TsEntries } from '@meridian/common';
import type { Db } from '../../db/store.js';
import type { RuleEngineWrites } from '../../rule-engine/node.js';
import type { AttributesWrite, TelemetryService, TimeseriesWrite } from '../../telemetry/service.js';

/**
 * Group commit of device data. Every message resolves only once its data is committed (MQTT QoS 1
 * PUBACK, HTTP 200), yet committing each message alone would cap throughput at the database's
 * commit rate. So writes queue here and one flush at a time stores everything queued in a single
 * transaction: when idle a write is flushed at once (low latency); while a flush runs, new writes
 * gather and go together in the next one (large batches under load).
 */

interface QueuedWrite {
  timeseries?: TimeseriesWrite;
  attributes?: AttributesWrite;
  points: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export const countPoints = (entries: readonly TsEntries[]) =>
  entries.reduce((sum, e) => sum + e.values.length, 0);

/** `sql.ts.batch_size`: most data points one group commit writes. */
export const MAX_BATCH_POINTS = 10_000;

/**
 * Writes of a committed batch settled per turn of the event loop. Settling a write runs everything
 * that waited for it (the rule chain's next nodes, the device's acknowledgement) as one stretch of
 * microtasks: a batch of a thousand messages settled at once held the thread for 30–50 ms, and
 * REST requests and socket reads waited behind it.
 */
export const SETTLED_PER_TURN = 64;

export class IngestBatcher implements RuleEngineWrites {
  private queue: QueuedWrite[] = [];
  /** Flush loops running (for close); `loops` counts them at once, at most `concurrency`. */
  private readonly running = new Set<Promise<void>>();
  private loops = 0;
  /** Committed batches whose writes are still being settled. */
  private readonly settling = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly telemetry: TelemetryService,
    /** Most data points per transaction (`sql.ts.batch_size`); one larger write still goes alone. */
    private readonly maxBatchPoints: number,
    /**
     * Batches in flight at once: with more than one, a batch gathers and is sent while another
     * commits, so the commit latency does not cap the rate (the reference's `sql.ts.batch_threads`
     * 3). The embedded store runs them one after the other on its thread, without a gap.
     */
    private readonly concurrency = 1,
  ) {}

  /** Stores time-series points of an entity; resolves once committed. */
  saveTimeseries(
    tenantId: string,
    entityId: EntityId,
    entries: readonly TsEntries[],
    ttlSeconds = 0,
  ): Promise<void> {
    const points = countPoints(entries);
    if (points === 0) return Promise.resolve();
    return this.enqueue({ tenantId, entityId, entries, ttl: ttlSeconds }, undefined, points);
  }

  /** Stores attributes of an entity in a scope; resolves once committed. */
  saveAttributes(
    entityId: EntityId,
    scope: 'CLIENT_SCOPE' | 'SERVER_SCOPE' | 'SHARED_SCOPE',
    entries: readonly KvEntry[],
  ): Promise<void> {
    if (entries.length === 0) return Promise.resolve();
    return this.enqueue(undefined, { entityId, scope, entries }, entries.length);
  }

  /** Writes waiting for a flush (for tests and metrics). */
  get queued(): number {
    return this.queue.length;
  }

  private enqueue(
    timeseries: TimeseriesWrite | undefined,
    attributes: AttributesWrite | undefined,
    points: number,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      // One shape for every queued write, built in one step (thousands wait at a time under load).
      this.queue.push({ timeseries, attributes, points, resolve, reject });
      if (this.loops < this.concurrency) {
        this.loops++;
        const loop = this.drain().finally(() => this.running.delete(loop));
        this.running.add(loop);
      }
    });
  }

  /** Flushes batches until the queue is empty; up to `concurrency` of these loops run at once. */
  private async drain(): Promise<void> {
    try {
      // Let writes of the same tick join the first batch.
      await nextTurn();
      while (this.queue.length > 0) await this.flush(this.takeBatch());
    } finally {
      // In the step that found the queue empty: a write queued a few microtasks later must find
      // this loop gone and start one, or it waits for the next write (see PartitionedQueue.drain).
      this.loops--;
    }
  }

  private takeBatch(): QueuedWrite[] {
    let points = 0;
    let count = 0;
    while (count < this.queue.length) {
      const next = this.queue[count] as QueuedWrite;
      if (count > 0 && points + next.points > this.maxBatchPoints) break;
      points += next.points;
      count++;
    }
    return this.queue.splice(0, count);
  }

  private async flush(batch: QueuedWrite[]): Promise<void> {
    try {
      await this.commit(batch);
      // Not awaited: the next batch is taken while this one's writers go on.
      const settled = settleInTurns(batch).finally(() => this.settling.delete(settled));
      this.settling.add(settled);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // One bad write must not fail the others: retry each alone, so only the culprit is rejected.
      for (const write of batch) {
        try {
          await this.commit([write]);
          write.resolve();
        } catch (single) {
          write.reject(single);
        }
      }
    }
  }

  private async commit(batch: readonly QueuedWrite[]): Promise<void> {
    const timeseries: TimeseriesWrite[] = [];
    const attributes: AttributesWrite[] = [];
    for (const write of batch) {
      if (write.timeseries) timeseries.push(write.timeseries);
      if (write.attributes) attributes.push(write.attributes);
    }
    // Time series alone (the common batch) go without a transaction of ours: the repository writes
    // them in one statement when it can, so a commit is one round trip instead of four.
    if (attributes.length === 0) {
      (await this.telemetry.saveTimeseriesBatch(this.db, timeseries)).afterCommit();
      return;
    }
    const pending = await this.db.transaction().execute(async (trx) => {
      const saved = [];
      if (timeseries.length > 0) saved.push(await this.telemetry.saveTimeseriesBatch(trx, timeseries));
      saved.push(await this.telemetry.saveAttributesBatch(trx, attributes));
      return saved;
    });
    for (const changes of pending) changes.afterCommit();
  }

  /** Waits for queued writes to be stored and their writers told (shutdown). */
  async close(): Promise<void> {
    while (this.running.size > 0) await Promise.all(this.running);
    await Promise.all(this.settling);
  }
}

/** Resolves the writes {@link SETTLED_PER_TURN} at a time, letting I/O in between. */
async function settleInTurns(batch: readonly QueuedWrite[]): Promise<void> {
  for (let from = 0; from < batch.length; from += SETTLED_PER_TURN) {
    if (from > 0) await nextTurn();
    const to = Math.min(batch.length, from + SETTLED_PER_TURN);
    for (let i = from; i < to; i++) (batch[i] as QueuedWrite).resolve();
  }
}
