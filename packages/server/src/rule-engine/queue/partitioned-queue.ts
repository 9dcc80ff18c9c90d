import { type PackItem, PackProcessor, partitionOf } from './pack-processor.js';
import type { QueueConfig } from './queue-config.js';

export { fnv1a, partitionOf, TimedOutError } from './pack-processor.js';

/**
 * A queued unit of work: processing resolves when every branch of the message completed and
 * rejects when one failed. `settle` is told the final outcome once the processing strategy is done
 * with it (the device acknowledgement waits for it).
 */
export interface QueueItem extends PackItem {
  /** Messages of one key (tenant + originator) always go to the same partition, in order. */
  partitionKey: string;
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

interface Partition {
  items: QueueItem[];
  /** The partition's drain while it runs. */
  running: Promise<void> | null;
}

/**
 * The in-process queue of the embedded mode: partitions by tenant and originator; each partition
 * takes packs of waiting items one pack at a time, submits them by the submit strategy, waits up
 * to the pack timeout and applies the processing strategy to what failed or timed out. Packs of
 * different partitions run concurrently, so one slow originator holds up only its partition.
 */
export class PartitionedQueue implements RuleEngineQueue {
  private readonly partitions: Partition[];
  private closed = false;
  private readonly stop = new AbortController();
  private readonly packs: PackProcessor;

  constructor(
    readonly config: QueueConfig,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.packs = new PackProcessor(config, this.stop.signal);
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
    const partition = this.partitions[partitionOf(item.partitionKey, this.partitions.length)];
    if (!partition) return;
    partition.items.push(item);
    // drain() awaits its first pack before it can end, so this assignment comes before its own
    // clearing of `running`.
    if (!partition.running) partition.running = this.drain(partition);
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
    this.stop.abort();
  }

  /**
   * Runs the partition's packs until none waits. `running` is cleared in the same step that finds
   * the partition empty: cleared a few microtasks later (in a `finally` callback), an item added
   * in between found the partition still running and was never taken (issue 14: devices of the
   * embedded store stopped getting acknowledgements).
   */
  private async drain(partition: Partition): Promise<void> {
    try {
      while (partition.items.length > 0) {
        const pack = partition.items.splice(0, this.config.packSize);
        try {
          await this.packs.process(pack);
        } catch (error) {
          // Never expected; a broken pack must not stop the partition.
          this.onError(error);
          for (const item of pack) item.settle({ ok: false, error: error as Error });
        }
      }
    } finally {
      partition.running = null;
    }
  }
}
