import type { QueueConfig } from './queue-config.js';

/** One message of a pack, whatever queue it came from. */
export interface PackItem {
  /** For the SEQUENTIAL_BY_* strategies. */
  originatorKey: string;
  tenantKey: string;
  process(): Promise<void>;
  /**
   * The processing strategy is done with the item: it succeeded (settled at once, before the rest of
   * the pack finishes) or failed and is not retried.
   */
  settle(outcome: { ok: true } | { ok: false; error: Error }): void;
  /**
   * The processor was stopped while the item still had retries left. Without it the item is settled
   * as failed; a broker-backed queue uses it to hand the message back for redelivery instead.
   */
  abandon?(): void;
}

type Outcome = 'ok' | 'failed' | 'timeout';
type Outcomes = Map<PackItem, { outcome: Outcome; error?: Error; settled: boolean }>;
/** What every succeeded item records: one object for all of them (the ingest's common case). */
const SUCCEEDED = Object.freeze({ outcome: 'ok', settled: true } as const);
const SETTLED_OK = Object.freeze({ ok: true } as const);

export class TimedOutError extends Error {
  constructor(ms: number) {
    super(`Message processing timed out after ${ms} ms`);
  }
}

/** 32-bit FNV-1a: a stable, cheap spread of partition keys, the same on every node. */
export function fnv1a(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The partition of a key in a queue of `partitions` partitions. */
export function partitionOf(partitionKey: string, partitions: number): number {
  return fnv1a(partitionKey) % Math.max(1, partitions);
}

function pauseFor(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Runs packs by a queue's strategies (reference §6.3): submits a pack by the submit strategy, waits
 * up to the pack timeout and applies the processing strategy to what failed or timed out, with the
 * pauses between retries. Shared by the in-process queue and the JetStream one, so both behave alike.
 */
export class PackProcessor {
  constructor(
    readonly config: QueueConfig,
    /** Once aborted, no retry starts and a pause ends at once. */
    private readonly signal?: AbortSignal,
  ) {}

  async process(pack: readonly PackItem[]): Promise<void> {
    const { retries, processingStrategy: strategy } = this.config;
    let pending = pack;
    for (let attempt = 0; ; attempt++) {
      const outcomes = await this.submit(pending);
      if (pending.every((item) => outcomes.get(item) === SUCCEEDED)) return;
      const failed = pending.filter((item) => outcomes.get(item)?.outcome === 'failed');
      const timedOut = pending.filter((item) => outcomes.get(item)?.outcome === 'timeout');
      let retry: readonly PackItem[] = [];
      const percent = pending.length === 0 ? 0 : ((failed.length + timedOut.length) * 100) / pending.length;
      if (percent > this.config.failurePercentage || (this.config.failurePercentage === 0 && percent > 0)) {
        if (strategy === 'RETRY_ALL' && failed.length + timedOut.length > 0) retry = pending;
        else if (strategy === 'RETRY_FAILED') retry = failed;
        else if (strategy === 'RETRY_TIMED_OUT') retry = timedOut;
        else if (strategy === 'RETRY_FAILED_AND_TIMED_OUT') retry = [...failed, ...timedOut];
      }
      const exhausted = retries > 0 && attempt >= retries;
      const stopped = this.signal?.aborted === true;
      const retrying = exhausted || stopped ? new Set<PackItem>() : new Set(retry);
      for (const item of pending) {
        if (retrying.has(item)) continue;
        const result = outcomes.get(item);
        if (!result || result.outcome === 'ok' || result.settled) continue;
        if (stopped && !exhausted && retry.includes(item) && item.abandon) item.abandon();
        else item.settle({ ok: false, error: result.error ?? new Error('Message processing failed') });
      }
      if (retrying.size === 0) return;
      pending = pending.filter((item) => retrying.has(item));
      const pause = Math.min(
        this.config.pauseBetweenRetriesMs * 2 ** attempt,
        this.config.maxPauseBetweenRetriesMs,
      );
      await pauseFor(pause, this.signal);
    }
  }

  /**
   * Submits a pack by the submit strategy and waits for it, at most the pack timeout. A message
   * that succeeds is settled at once, so its device is acknowledged without waiting for the rest
   * of the pack.
   */
  private async submit(pack: readonly PackItem[]): Promise<Outcomes> {
    const outcomes: Outcomes = new Map();
    // A promise chain, not an async function: a suspended async call per message in flight kept
    // more alive than these two callbacks (issue 14).
    const run = (item: PackItem): Promise<void> => {
      let processing: Promise<void>;
      try {
        processing = item.process();
      } catch (error) {
        processing = Promise.reject(error);
      }
      return processing.then(
        () => {
          if (outcomes.has(item)) return;
          outcomes.set(item, SUCCEEDED);
          try {
            item.settle(SETTLED_OK);
          } catch {
            // Settling is the item's own business; the pack goes on.
          }
        },
        (error: unknown) => {
          if (!outcomes.has(item))
            outcomes.set(item, { outcome: 'failed', error: error as Error, settled: false });
        },
      );
    };
    const sequentially = async (items: readonly PackItem[]) => {
      for (const item of items) await run(item);
    };
    const groups = (key: (item: PackItem) => string) => {
      const byKey = new Map<string, PackItem[]>();
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
