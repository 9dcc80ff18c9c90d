import { JetStreamApiCodes, JetStreamApiError } from '@nats-io/jetstream';
import { type KV, Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/nats-core';
import type { ClusterMembers } from '../membership.js';
import { rendezvousOwner } from '../ownership.js';

export interface PartitionRef {
  queue: string;
  partition: number;
}

export interface LeaseListener {
  /**
   * The node now holds the partition. `clean` when the previous holder released it (deleted its key)
   * rather than its lease expiring or the partition never having been held.
   */
  acquired?(ref: PartitionRef, how: { clean: boolean }): void;
  /**
   * The partition is being handed over: awaited before the key is deleted, so the next owner starts
   * only once this node stopped consuming it. The lease is renewed meanwhile.
   */
  releasing?(ref: PartitionRef): Promise<void>;
  released?(ref: PartitionRef): void;
  /** The lease ran out or was taken: stop at once, without acknowledging anything more. */
  lost?(ref: PartitionRef): void;
}

export interface PartitionLeasesOptions {
  /** The KV bucket of the leases (tests use their own). */
  bucket?: string;
  /** How long a lease lives without renewal; renewed every third of it. */
  ttlMs?: number;
  onError?: (error: unknown) => void;
}

export const DEFAULT_LEASE_BUCKET = 'meridian_partitions';
export const DEFAULT_LEASE_TTL_MS = 6000;

/**
 * Queue names become subject tokens, durable names and KV keys: anything beyond letters, digits,
 * `-` and `_` is escaped so that distinct names stay distinct.
 */
export function queueToken(queue: string): string {
  return queue.replace(/[^A-Za-z0-9-]|_/g, (c) => `_${c.charCodeAt(0).toString(16)}_`);
}

export function leaseKey(ref: PartitionRef): string {
  return `${queueToken(ref.queue)}.${ref.partition}`;
}

interface Held {
  ref: PartitionRef;
  revision: number;
  /** Local time until which no other node can have taken the key (see renew). */
  validUntil: number;
  state: 'active' | 'releasing' | 'deleting';
}

const isWrongSequence = (error: unknown) =>
  error instanceof JetStreamApiError &&
  (error.code === JetStreamApiCodes.StreamWrongLastSequence ||
    error.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown);

/**
 * Partition ownership by JetStream KV leases. A node holds a partition while its key in the bucket
 * is its own: it takes a free key with `create`, renews it by `update` on the last revision (so a
 * renewal never overwrites another holder) and deletes it on a clean hand-over. The bucket's TTL
 * removes the key of a node that died. Which node should hold a partition is decided by rendezvous
 * hashing over the live nodes; each node claims the free partitions it should hold and releases the
 * ones it should no longer hold.
 */
export class PartitionLeases {
  /** The TTL asked for; `leaseMs` is the bucket's own, which counts. */
  readonly ttlMs: number;
  private leaseMs: number;
  private readonly bucket: string;
  private readonly onError: (error: unknown) => void;
  private readonly held = new Map<string, Held>();
  private readonly listeners = new Set<LeaseListener>();
  private readonly releases = new Set<Promise<void>>();
  private kv: KV | undefined;
  private timer: NodeJS.Timeout | undefined;
  private unwatch: (() => void) | undefined;
  private ticking: Promise<void> | null = null;
  private tickAgain = false;
  private stopped = false;
  /** No more claims: close() is handing everything over. */
  private closing = false;

  constructor(
    private readonly nc: NatsConnection,
    private readonly members: ClusterMembers,
    private readonly queues: readonly { name: string; partitions: number }[],
    options: PartitionLeasesOptions = {},
  ) {
    this.bucket = options.bucket ?? DEFAULT_LEASE_BUCKET;
    this.ttlMs = options.ttlMs ?? DEFAULT_LEASE_TTL_MS;
    this.leaseMs = this.ttlMs;
    this.onError = options.onError ?? (() => {});
  }

  /** How long a lease lives, by the bucket (known once started). */
  get leaseTtlMs(): number {
    return this.leaseMs;
  }

  get nodeId(): string {
    return this.members.nodeId;
  }

  subscribe(listener: LeaseListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Opens (or creates) the bucket, then claims and renews from now on. */
  async start(): Promise<void> {
    this.kv = await this.openBucket();
    this.unwatch = this.members.onChange(() => this.tick());
    this.timer = setInterval(() => this.tick(), Math.max(50, Math.floor(this.leaseMs / 3)));
    this.timer.unref();
    await this.tick();
  }

  /** Opens the bucket without taking part (the health endpoint of a node that consumes nothing). */
  async openBucket(): Promise<KV> {
    if (!this.kv) {
      const kv = await new Kvm(this.nc).create(this.bucket, { ttl: this.ttlMs, history: 1 });
      // An existing bucket keeps the TTL it was created with, and that is how long keys live.
      const { ttl } = await kv.status();
      if (ttl > 0) this.leaseMs = ttl;
      this.kv = kv;
    }
    return this.kv;
  }

  /** The partitions whose lease this node holds (including those being handed over). */
  owned(): PartitionRef[] {
    return [...this.held.values()].map((h) => ({ ...h.ref }));
  }

  /** True while the node's lease on the partition surely still stands. */
  valid(ref: PartitionRef): boolean {
    const held = this.held.get(leaseKey(ref));
    return held !== undefined && Date.now() < held.validUntil;
  }

  /** Whose lease the partition is under, as stored in the bucket. */
  async ownerOf(ref: PartitionRef): Promise<string | null> {
    const kv = await this.openBucket();
    const entry = await kv.get(leaseKey(ref));
    return entry && entry.operation === 'PUT' ? entry.string() : null;
  }

  /** Which node should hold the partition, by the current members. */
  desiredOwner(ref: PartitionRef): string | null {
    return rendezvousOwner(leaseKey(ref), this.members.liveNodes());
  }

  /**
   * Hands every partition over cleanly and stops. Leases are renewed until their hand-over is done,
   * which may take a pack timeout and an ack wait.
   */
  async close(): Promise<void> {
    this.closing = true;
    if (this.ticking) await this.ticking;
    for (const held of this.held.values()) {
      if (held.state === 'active') this.release(held);
    }
    while (this.releases.size > 0) await Promise.all([...this.releases]);
    this.halt();
    if (this.ticking) await this.ticking;
  }

  /** Stops renewing without releasing anything, as if the node died (tests). */
  abandon(): void {
    this.halt();
    this.held.clear();
  }

  private halt(): void {
    this.stopped = true;
    clearInterval(this.timer);
    this.unwatch?.();
  }

  /** Runs one round at a time; a call during a round asks for another one after it. */
  private tick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.ticking) {
      this.tickAgain = true;
      return this.ticking;
    }
    this.ticking = (async () => {
      do {
        this.tickAgain = false;
        try {
          await this.round();
        } catch (error) {
          this.onError(error);
        }
      } while (this.tickAgain && !this.stopped);
    })().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async round(): Promise<void> {
    await Promise.all([...this.held.values()].map((held) => this.renew(held)));
    if (this.stopped || this.closing) return;
    const live = this.members.liveNodes();
    const claims: Promise<void>[] = [];
    for (const queue of this.queues) {
      for (let partition = 0; partition < queue.partitions; partition++) {
        const ref = { queue: queue.name, partition };
        const key = leaseKey(ref);
        const mine = rendezvousOwner(key, live) === this.nodeId;
        const held = this.held.get(key);
        if (held && !mine && held.state === 'active') this.release(held);
        else if (!held && mine) claims.push(this.claim(ref));
      }
    }
    await Promise.all(claims);
  }

  /**
   * The key expires `ttl` after the server stored the renewal, which is after the request left;
   * counting validity from the request's departure, minus a margin, keeps this node's idea of its
   * lease strictly inside the real one.
   */
  private async renew(held: Held): Promise<void> {
    if (held.state === 'deleting' || !this.kv) return;
    const key = leaseKey(held.ref);
    const sentAt = Date.now();
    if (sentAt >= held.validUntil) {
      // Another node may hold it by now, or may still take it: this node's consumer has stopped (see
      // PartitionWorker), and the key is left to expire so the next holder knows it was no clean hand-over.
      this.lose(key, held);
      return;
    }
    try {
      held.revision = await this.kv.update(key, this.nodeId, held.revision, Math.floor(this.leaseMs / 3));
      held.validUntil = this.validFrom(sentAt);
    } catch (error) {
      // The release deleting the key finishes the lease itself.
      if (this.held.get(key) !== held || (held.state as Held['state']) === 'deleting') return;
      if (isWrongSequence(error) || Date.now() >= held.validUntil) this.lose(key, held);
      else this.onError(error);
    }
  }

  private validFrom(sentAt: number): number {
    return sentAt + this.leaseMs - Math.floor(this.leaseMs / 5);
  }

  private lose(key: string, held: Held): void {
    this.held.delete(key);
    this.emit((l) => l.lost?.(held.ref));
  }

  private async claim(ref: PartitionRef): Promise<void> {
    if (!this.kv) return;
    const key = leaseKey(ref);
    try {
      const previous = await this.kv.get(key);
      if (previous?.operation === 'PUT') return;
      const sentAt = Date.now();
      const revision = await this.kv.create(key, this.nodeId);
      if (this.stopped || this.closing) {
        await this.kv.delete(key, { previousSeq: revision });
        return;
      }
      const held: Held = {
        ref,
        revision,
        validUntil: this.validFrom(sentAt),
        state: 'active',
      };
      this.held.set(key, held);
      // A delete marker is left only by a clean release; an expired lease leaves nothing.
      this.emit((l) => l.acquired?.(ref, { clean: previous !== null }));
    } catch (error) {
      if (!isWrongSequence(error)) this.onError(error);
    }
  }

  private release(held: Held): void {
    held.state = 'releasing';
    const key = leaseKey(held.ref);
    const done = (async () => {
      try {
        await Promise.all([...this.listeners].map((l) => l.releasing?.(held.ref)));
      } catch (error) {
        this.onError(error);
      }
      if (this.held.get(key) !== held) return;
      if (Date.now() >= held.validUntil) {
        // The consumer stopped short of a clean hand-over (see PartitionWorker): let the key expire.
        this.lose(key, held);
        return;
      }
      held.state = 'deleting';
      // A renewal may be on its way; wait for it so the revision below is the last one.
      if (this.ticking) await this.ticking.catch(() => {});
      try {
        await this.kv?.delete(key, { previousSeq: held.revision });
      } catch (error) {
        if (!isWrongSequence(error)) this.onError(error);
      }
      this.held.delete(key);
      this.emit((l) => l.released?.(held.ref));
    })();
    this.releases.add(done);
    done.finally(() => this.releases.delete(done));
  }

  private emit(call: (listener: LeaseListener) => void): void {
    for (const listener of this.listeners) {
      try {
        call(listener);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
