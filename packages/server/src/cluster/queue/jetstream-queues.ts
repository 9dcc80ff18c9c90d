import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamClient,
  type JetStreamManager,
  jetstream,
  jetstreamManager,
  RetentionPolicy,
  StorageType,
} from '@nats-io/jetstream';
import { headers, type NatsConnection, nanos } from '@nats-io/nats-core';
import { partitionOf } from '../../rule-engine/queue/pack-processor.js';
import type { QueueConfig } from '../../rule-engine/queue/queue-config.js';
import type { ClusterMembers } from '../membership.js';
import {
  leaseKey,
  PartitionLeases,
  type PartitionLeasesOptions,
  type PartitionRef,
  queueToken,
} from './partition-leases.js';
import { KEY_HEADER, PartitionWorker, type QueueHandler, TENANT_HEADER } from './partition-worker.js';

export type { QueueHandler } from './partition-worker.js';

export interface JetStreamQueuesOptions {
  /** Stream of every rule engine queue; default `MERIDIAN_RULE_ENGINE`. */
  stream?: string;
  /** Subjects are `<prefix>.<queue>.<partition>`; default `meridian.re`. */
  subjectPrefix?: string;
  leases?: PartitionLeasesOptions;
  /** Default: four fifths of the lease TTL (see PartitionWorker). */
  ackWaitMs?: number;
  onError?: (error: unknown) => void;
}

export interface PartitionStatus {
  queue: string;
  partition: number;
  owner: string | null;
  pending: number;
}

export const DEFAULT_STREAM = 'MERIDIAN_RULE_ENGINE';
export const DEFAULT_SUBJECT_PREFIX = 'meridian.re';

/**
 * The rule engine queues of a cluster on JetStream: one stream, one subject and one durable pull
 * consumer per queue partition. A node consumes only the partitions whose lease it holds
 * (PartitionLeases) and runs them through the same PackProcessor as the in-process queue.
 */
export class JetStreamQueues {
  readonly leases: PartitionLeases;
  private readonly stream: string;
  private readonly prefix: string;
  private readonly ackWaitMs: number;
  private readonly onError: (error: unknown) => void;
  private readonly configs = new Map<string, QueueConfig>();
  private readonly workers = new Map<string, PartitionWorker>();
  private readonly js: JetStreamClient;
  private jsm: Promise<JetStreamManager> | undefined;
  private ready: Promise<void> | undefined;
  private handler: QueueHandler | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly nc: NatsConnection,
    members: ClusterMembers,
    queues: readonly QueueConfig[],
    options: JetStreamQueuesOptions = {},
  ) {
    for (const queue of queues) this.configs.set(queue.name, queue);
    this.stream = options.stream ?? DEFAULT_STREAM;
    this.prefix = options.subjectPrefix ?? DEFAULT_SUBJECT_PREFIX;
    this.onError = options.onError ?? (() => {});
    this.leases = new PartitionLeases(nc, members, queues, { onError: this.onError, ...options.leases });
    this.ackWaitMs = options.ackWaitMs ?? Math.floor((this.leases.ttlMs * 4) / 5);
    this.js = jetstream(nc);
  }

  /**
   * Resolves once JetStream stored the message (its PubAck), so an acknowledgement to the device may
   * follow; rejects otherwise. `tenantKey` groups messages for the SEQUENTIAL_BY_TENANT strategy.
   */
  async publish(
    queueName: string,
    partitionKey: string,
    payload: Uint8Array,
    tenantKey: string = partitionKey,
  ): Promise<void> {
    const config = this.configOf(queueName);
    await this.init();
    const h = headers();
    h.set(KEY_HEADER, partitionKey);
    h.set(TENANT_HEADER, tenantKey);
    const partition = partitionOf(partitionKey, config.partitions);
    await this.js.publish(this.subject({ queue: config.name, partition }), payload, {
      headers: h,
      expect: { streamName: this.stream },
    });
  }

  /** Consumes the partitions this node is given, from now until close. */
  async start(handler: QueueHandler): Promise<void> {
    if (this.handler) throw new Error('The JetStream queues are already started');
    this.handler = handler;
    await this.init();
    this.unsubscribe = this.leases.subscribe({
      acquired: (ref, { clean }) => this.startWorker(ref, clean),
      releasing: (ref) => this.workers.get(leaseKey(ref))?.release() ?? Promise.resolve(),
      released: (ref) => this.workers.delete(leaseKey(ref)),
      lost: (ref) => {
        this.workers.get(leaseKey(ref))?.abandon();
        this.workers.delete(leaseKey(ref));
      },
    });
    await this.leases.start();
  }

  /** Every partition with its lease holder and its backlog (waiting plus unacknowledged). */
  async status(): Promise<PartitionStatus[]> {
    await this.init();
    const jsm = await this.manager();
    const refs = [...this.configs.values()].flatMap((config) =>
      Array.from({ length: config.partitions }, (_, partition) => ({ queue: config.name, partition })),
    );
    return Promise.all(
      refs.map(async (ref) => {
        const [owner, info] = await Promise.all([
          this.leases.ownerOf(ref),
          jsm.consumers.info(this.stream, this.durable(ref)),
        ]);
        return { ...ref, owner, pending: info.num_pending + info.num_ack_pending };
      }),
    );
  }

  /** Stops fetching, lets the packs in flight finish and be acknowledged, and hands the partitions over. */
  async close(): Promise<void> {
    await this.leases.close();
    this.unsubscribe?.();
    await Promise.all([...this.workers.values()].map((worker) => worker.release()));
    this.workers.clear();
  }

  /** Stops everything at once, acknowledging and releasing nothing, as a node that dies (tests). */
  abandon(): void {
    this.leases.abandon();
    this.unsubscribe?.();
    for (const worker of this.workers.values()) worker.abandon();
    this.workers.clear();
  }

  /** Creates the stream and the consumers once per instance; they outlive the nodes. */
  private init(): Promise<void> {
    this.ready ??= (async () => {
      const jsm = await this.manager();
      if (!(await this.streamExists(jsm))) {
        try {
          // Work-queue retention drops a message once acknowledged: the stream holds only the backlog.
          await jsm.streams.add({
            name: this.stream,
            subjects: [`${this.prefix}.>`],
            storage: StorageType.File,
            retention: RetentionPolicy.Workqueue,
          });
        } catch (error) {
          // Another node starting at the same moment created it first.
          if (!(await this.streamExists(jsm))) throw error;
        }
      }
      for (const config of this.configs.values()) {
        for (let partition = 0; partition < config.partitions; partition++) {
          const ref = { queue: config.name, partition };
          await jsm.consumers.add(this.stream, {
            durable_name: this.durable(ref),
            filter_subject: this.subject(ref),
            ack_policy: AckPolicy.Explicit,
            deliver_policy: DeliverPolicy.All,
            ack_wait: nanos(this.ackWaitMs),
            max_ack_pending: config.packSize,
            max_deliver: -1,
          });
        }
      }
    })();
    this.ready.catch(() => {
      this.ready = undefined;
    });
    return this.ready;
  }

  private async streamExists(jsm: JetStreamManager): Promise<boolean> {
    try {
      await jsm.streams.info(this.stream);
      return true;
    } catch (error) {
      if (error instanceof JetStreamApiError && error.code === JetStreamApiCodes.StreamNotFound) return false;
      throw error;
    }
  }

  private manager(): Promise<JetStreamManager> {
    this.jsm ??= jetstreamManager(this.nc);
    return this.jsm;
  }

  private startWorker(ref: PartitionRef, clean: boolean): void {
    const handler = this.handler;
    if (!handler) return;
    const config = this.configOf(ref.queue);
    const worker = new PartitionWorker(
      ref,
      config,
      this.js.consumers.get(this.stream, this.durable(ref)),
      this.leases,
      handler,
      { ackWaitMs: this.ackWaitMs, onError: this.onError, flush: () => this.nc.flush() },
    );
    this.workers.set(leaseKey(ref), worker);
    worker.start(clean);
  }

  private configOf(queueName: string): QueueConfig {
    const config = this.configs.get(queueName);
    if (!config) throw new Error(`Unknown rule engine queue: ${queueName}`);
    return config;
  }

  private subject(ref: PartitionRef): string {
    return `${this.prefix}.${queueToken(ref.queue)}.${ref.partition}`;
  }

  private durable(ref: PartitionRef): string {
    return `${this.stream}_${queueToken(ref.queue)}_${ref.partition}`;
  }
}
