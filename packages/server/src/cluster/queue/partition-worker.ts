import type { Consumer, ConsumerMessages, JsMsg } from '@nats-io/jetstream';
import { type PackItem, PackProcessor } from '../../rule-engine/queue/pack-processor.js';
import type { QueueConfig } from '../../rule-engine/queue/queue-config.js';
import type { PartitionLeases, PartitionRef } from './partition-leases.js';

export type QueueHandler = (queueName: string, payload: Uint8Array) => Promise<void>;

export const KEY_HEADER = 'Meridian-Partition-Key';
export const TENANT_HEADER = 'Meridian-Tenant-Key';

/**
 * Consumes one partition on the node that holds its lease: fetches messages into a buffer, runs
 * them one pack at a time through the pack processor and acknowledges each message the processing
 * strategy is done with.
 *
 * Ordering across a move. JetStream redelivers an unacknowledged message only after the consumer's
 * ack wait, and meanwhile delivers newer ones to whoever pulls. So:
 * - the holder keeps the messages it holds alive with "working" acks, and sends them (and pulls)
 *   only while its lease surely stands (PartitionLeases.valid, which ends before the key can expire);
 * - a clean hand-over (the key deleted by its holder) happens only after the holder finished its
 *   pack and nak'ed, in stream order, every message it held, so they are redelivered first;
 * - a node that takes a partition otherwise (the holder died) and finds messages still pending or
 *   pull requests still waiting on the consumer waits the ack wait (plus a margin) before its first
 *   pull: by then everything the dead node held is due for redelivery, which JetStream serves before
 *   newer messages; should it hand the partition on before that wait is over, it keeps the lease
 *   until then, as the next owner, told of a clean release, does not wait.
 * The ack wait sits a little below the lease TTL so that this wait is short, and `max_ack_pending`
 * equals the pack size so a node never holds more than one pack ahead.
 */
export class PartitionWorker {
  private readonly buffer: JsMsg[] = [];
  /** Received and neither acknowledged nor handed back. */
  private readonly held = new Map<number, JsMsg>();
  private readonly unfinished = new Set<JsMsg>();
  private readonly stopRetries = new AbortController();
  private readonly packs: PackProcessor;
  private messages: ConsumerMessages | undefined;
  private pumping: Promise<void> | null = null;
  private running: Promise<void> = Promise.resolve();
  private wake: (() => void) | undefined;
  private state: 'running' | 'releasing' | 'dead' = 'running';
  private get dead(): boolean {
    return this.state === 'dead';
  }
  private lastDelivery = 0;
  /** Until when messages of a previous holder may still be on their way back (see run). */
  private stragglersUntil = 0;
  private lastWorking = Date.now();
  private timer: NodeJS.Timeout | undefined;
  private released: Promise<void> | undefined;

  constructor(
    private readonly ref: PartitionRef,
    private readonly config: QueueConfig,
    private readonly consumer: Promise<Consumer>,
    private readonly leases: PartitionLeases,
    private readonly handler: QueueHandler,
    private readonly options: {
      ackWaitMs: number;
      onError: (error: unknown) => void;
      flush: () => Promise<void>;
    },
  ) {
    this.packs = new PackProcessor(config, this.stopRetries.signal);
  }

  start(clean: boolean): void {
    this.timer = setInterval(() => this.watch(), Math.max(20, Math.floor(this.leases.leaseTtlMs / 10)));
    this.timer.unref();
    this.running = this.run(clean).catch((error) => {
      this.options.onError(error);
      this.abandon();
    });
  }

  /** Clean hand-over: see the class comment. */
  release(): Promise<void> {
    this.released ??= this.handOver();
    return this.released;
  }

  /** The lease is gone (or the node "dies"): stop without acknowledging or handing back anything. */
  abandon(): void {
    this.state = 'dead';
    clearInterval(this.timer);
    this.stopRetries.abort();
    void this.messages?.close();
    this.wake?.();
  }

  private async handOver(): Promise<void> {
    if (this.state === 'dead') return;
    this.state = 'releasing';
    this.stopRetries.abort();
    this.wake?.();
    await this.running;
    await this.pumping;
    if (this.state !== 'releasing') return;
    const back = [...this.unfinished, ...this.buffer].sort((a, b) => a.seq - b.seq);
    for (const msg of back) {
      msg.nak();
      this.held.delete(msg.seq);
    }
    this.buffer.length = 0;
    this.unfinished.clear();
    await this.options.flush();
    // Should a delivery have been lost all the same (a fetch that failed), it becomes redeliverable
    // only after the ack wait: the key stays ours (and keeps being renewed) until then.
    const info = await (await this.consumer).info();
    if (info.delivered.consumer_seq > this.lastDelivery) {
      this.stragglersUntil = Math.max(this.stragglersUntil, Date.now() + this.stragglerWaitMs());
    }
    // Handed over before a dead holder's messages were due again, the next owner, told of a clean
    // release, would not wait for them: wait here instead.
    await this.pause(this.stragglersUntil - Date.now(), true);
    clearInterval(this.timer);
    this.state = 'dead';
  }

  private async run(clean: boolean): Promise<void> {
    const consumer = await this.consumer;
    const info = await consumer.info();
    this.lastDelivery = info.delivered.consumer_seq;
    if (!clean && (info.num_ack_pending > 0 || info.num_waiting > 0)) {
      this.stragglersUntil = Date.now() + this.stragglerWaitMs();
      await this.pause(this.stragglersUntil - Date.now());
    }
    while (this.state === 'running') {
      if (!this.pumping) this.pump(consumer);
      if (this.buffer.length === 0) {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
        });
        this.wake = undefined;
        continue;
      }
      if (!this.leases.valid(this.ref)) return this.abandon();
      const pack = this.buffer.splice(0, this.config.packSize);
      await this.processPack(pack);
    }
  }

  /**
   * Fetches one pull request after the other rather than `consume`: a fetch ends when the server says
   * its request is over, so a hand-over never drops messages sent to a request it abandoned (those
   * would wait for the ack wait). At most `expires` of idle time is spent finishing it.
   */
  private pump(consumer: Consumer): void {
    const expires = Math.max(1000, Math.min(Math.floor(this.options.ackWaitMs / 4), 5000));
    this.pumping = (async () => {
      while (this.state === 'running') {
        const messages = await consumer.fetch({ max_messages: this.config.packSize, expires });
        this.messages = messages;
        if (this.dead) await messages.close();
        for await (const msg of messages) {
          if (this.dead) continue;
          this.lastDelivery = Math.max(this.lastDelivery, msg.info.deliverySequence);
          // Redelivered while still held (working acks came too late, e.g. a blocked event loop):
          // acknowledge the latest delivery, but do not run the message twice.
          const again = this.held.has(msg.seq);
          this.held.set(msg.seq, msg);
          if (!again) this.buffer.push(msg);
          this.wake?.();
        }
      }
    })()
      .catch(async (error) => {
        this.options.onError(error);
        await new Promise((resolve) => setTimeout(resolve, 1000).unref());
      })
      .finally(() => {
        // A fetch loop that failed is started again by the run loop.
        this.messages = undefined;
        this.pumping = null;
        this.wake?.();
      });
  }

  private async processPack(pack: JsMsg[]): Promise<void> {
    const items = pack.map((msg): PackItem => {
      const key = msg.headers?.get(KEY_HEADER) || msg.subject;
      return {
        originatorKey: key,
        tenantKey: msg.headers?.get(TENANT_HEADER) || key,
        process: () => this.handler(this.ref.queue, msg.data),
        // Given up by the strategy is done as well: acknowledged, as the in-process queue settles it.
        settle: () => this.done(msg),
        abandon: () => this.unfinished.add(msg),
      };
    });
    try {
      await this.packs.process(items);
    } catch (error) {
      // Never expected; as the in-process queue, a broken pack is given up rather than stop the partition.
      this.options.onError(error);
      for (const msg of pack) this.done(msg);
    }
  }

  private done(msg: JsMsg): void {
    const latest = this.held.get(msg.seq);
    if (this.state === 'dead' || !latest) return;
    this.held.delete(msg.seq);
    latest.ack();
  }

  /** Keeps held messages from being redelivered while the lease stands; drops the partition when it does not. */
  private watch(): void {
    if (this.state === 'dead') return;
    if (!this.leases.valid(this.ref)) {
      this.abandon();
      return;
    }
    if (Date.now() - this.lastWorking < this.options.ackWaitMs / 3) return;
    this.lastWorking = Date.now();
    for (const msg of this.held.values()) msg.working();
  }

  private stragglerWaitMs(): number {
    return this.options.ackWaitMs + Math.max(250, Math.floor(this.options.ackWaitMs / 4));
  }

  private async pause(ms: number, evenIfReleasing = false): Promise<void> {
    const until = Date.now() + ms;
    while (
      Date.now() < until &&
      (this.state === 'running' || (evenIfReleasing && this.state === 'releasing'))
    ) {
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, Math.min(100, until - Date.now())).unref();
      });
      this.wake = undefined;
    }
  }
}
