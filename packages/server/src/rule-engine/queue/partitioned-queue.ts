import type { QueueConfig } from './queue-config.js';

/**
 * A queued unit of work: processing resolves when every branch of the message completed and
 * rejects when one failed. `settle` is told the final outcome once the processing strategy is done
 * with it (the device acknowledgement waits for it).
 */
export interface QueueItem {
  /** Messages of one key (tenant + originator) always go to the same partition, in order. */
  partitionKey: string;
  /** For the SEQUENTIAL_BY_* strategies. */
  originatorKey: string;
  tenantKey: string;
  process(): Promise<void>;
  settle(outcome: { ok: true } | { ok: false; error: Error }): void;
}

/** How a queue implementation is driven; the in-process one below, a broker-backed one for clusters. */
export interface RuleEngineQueue {
  readonly config: QueueConfig;
  add(item: QueueItem): void;
  /** True while items wait or are processed. */
  readonly busy: boolean;
  /** Waits until every item added so far is settled. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

type Outcome = 'ok' | 'failed' | 'timeout';

export class TimedOutError extends Error {
  constructor(ms: number) {
    super(`Message processing timed out after ${ms} ms`);
  }
}

/** 32-bit FNV-1a: a stable, cheap spread of partition keys. */
function hash(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * The in-process queue of the embedded mode: partitions by tenant and originator; each partition
 * takes packs of waiting items one pack at a time, submits them by the submit strategy, waits up
 * to the pack timeout and applies the processing strategy to what failed or timed out. Packs of
 * different partitions run concurrently, so one slow originator holds up only its partition.
 */
export class PartitionedQueue implements RuleEngineQueue {
  private readonly partitions: { items: QueueItem[]; running: Promise<void> | null }[];
  private closed = false;

  constructor(
    readonly config: QueueConfig,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.partitions = Array.from({ length: Math.max(1, config.partitions) }, () => ({
      items: [],
      running: null,
    }));
  }

  add(item: QueueItem): void {
    if (this.closed) {
      item.settle({ ok: false, error: new Error('The rule engine is stopping') });
      return;
    }
    const partition = this.partitions[hash(item.partitionKey) % this.partitions.length];
    if (!partition) return;
    partition.items.push(item);
    if (!partition.running) {
      partition.running = this.drain(partition).finally(() => {
        partition.running = null;
      });
    }
  }

  get busy(): boolean {
    return this.partitions.some((p) => p.running !== null || p.items.length > 0);
  }

  async idle(): Promise<void> {
    for (;;) {
      const running = this.partitions.map((p) => p.running).filter((p): p is Promise<void> => p !== null);
      if (running.length === 0) return;
      await Promise.all(running);
    }
  }

  async close(): Promise<void> {
    await this.idle();
    this.closed = true;
  }

  private async drain(partition: { items: QueueItem[] }): Promise<void> {
    while (partition.items.length > 0) {
      const pack = partition.items.splice(0, this.config.packSize);
      try {
        await this.processPack(pack);
      } catch (error) {
        // Never expected; a broken pack must not stop the partition.
        this.onError(error);
        for (const item of pack) item.settle({ ok: false, error: error as Error });
      }
    }
  }

  private async processPack(pack: QueueItem[]): Promise<void> {
    const { retries, processingStrategy: strategy } = this.config;
    let pending = pack;
    for (let attempt = 0; ; attempt++) {
      const outcomes = await this.submit(pending);
      const failed = pending.filter((item) => outcomes.get(item)?.outcome === 'failed');
      const timedOut = pending.filter((item) => outcomes.get(item)?.outcome === 'timeout');
      let retry: QueueItem[] = [];
      const percent = pending.length === 0 ? 0 : ((failed.length + timedOut.length) * 100) / pending.length;
      if (percent > this.config.failurePercentage || (this.config.failurePercentage === 0 && percent > 0)) {
        if (strategy === 'RETRY_ALL' && failed.length + timedOut.length > 0) retry = pending;
        else if (strategy === 'RETRY_FAILED') retry = failed;
        else if (strategy === 'RETRY_TIMED_OUT') retry = timedOut;
        else if (strategy === 'RETRY_FAILED_AND_TIMED_OUT') retry = [...failed, ...timedOut];
      }
      const exhausted = retries > 0 && attempt >= retries;
      const retrying = exhausted || this.closed ? new Set<QueueItem>() : new Set(retry);
      for (const item of pending) {
        if (retrying.has(item)) continue;
        const result = outcomes.get(item);
        if (result && result.outcome !== 'ok' && result.settled === false) {
          item.settle({ ok: false, error: result.error ?? new Error('Message processing failed') });
        }
      }
      if (retrying.size === 0) return;
      pending = pending.filter((item) => retrying.has(item));
      const pause = Math.min(
        this.config.pauseBetweenRetriesMs * 2 ** attempt,
        this.config.maxPauseBetweenRetriesMs,
      );
      await sleep(pause);
    }
  }

  /**
   * Submits a pack by the submit strategy and waits for it, at most the pack timeout. A message
   * that succeeds is settled at once, so its device is acknowledged without waiting for the rest
   * of the pack.
   */
  private async submit(
    pack: readonly QueueItem[],
  ): Promise<Map<QueueItem, { outcome: Outcome; error?: Error; settled: boolean }>> {
    const outcomes = new Map<QueueItem, { outcome: Outcome; error?: Error; settled: boolean }>();
    const run = async (item: QueueItem) => {
      try {
        await item.process();
        if (!outcomes.has(item)) {
          outcomes.set(item, { outcome: 'ok', settled: true });
          item.settle({ ok: true });
        }
      } catch (error) {
        if (!outcomes.has(item))
          outcomes.set(item, { outcome: 'failed', error: error as Error, settled: false });
      }
    };
    const sequentially = async (items: readonly QueueItem[]) => {
      for (const item of items) await run(item);
    };
    const groups = (key: (item: QueueItem) => string) => {
      const byKey = new Map<string, QueueItem[]>();
      for (const item of pack) {
        const k = key(item);
        const group = byKey.get(k);
        if (group) group.push(item);
        else byKey.set(k, [item]);
      }
      return [...byKey.values()];
    };
    let all: Promise<unknown>;
    switch (this.config.submitStrategy) {
      case 'BURST':
        all = Promise.all(pack.map(run));
        break;
      case 'BATCH':
        all = (async () => {
          for (let i = 0; i < pack.length; i += this.config.batchSize) {
            await Promise.all(pack.slice(i, i + this.config.batchSize).map(run));
          }
        })();
        break;
      case 'SEQUENTIAL_BY_ORIGINATOR':
        all = Promise.all(groups((item) => item.originatorKey).map(sequentially));
        break;
      case 'SEQUENTIAL_BY_TENANT':
        all = Promise.all(groups((item) => item.tenantKey).map(sequentially));
        break;
      case 'SEQUENTIAL':
        all = sequentially(pack);
        break;
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.config.packProcessingTimeoutMs);
    });
    await Promise.race([all, timeout]);
    clearTimeout(timer);
    for (const item of pack) {
      if (!outcomes.has(item)) {
        outcomes.set(item, {
          outcome: 'timeout',
          error: new TimedOutError(this.config.packProcessingTimeoutMs),
          settled: false,
        });
      }
    }
    return outcomes;
  }
}
