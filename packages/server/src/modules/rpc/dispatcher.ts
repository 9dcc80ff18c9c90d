import type { RpcStatus } from '@meridian/common';
import type { RpcReplySink, ToDeviceRpc } from '../../transport/core/types.js';
import type { RpcDeliveryChannel } from './delivery-channel.js';
import type { RpcOptions } from './options.js';
import { replyJson } from './reply-json.js';
import type { RpcStatusWriter } from './repo.js';
import { type RpcRow, readStoredRequest } from './wire.js';

/** How a waiting (non-persistent) RPC ended, as the REST call reports it. */
export type RpcOutcome =
  /** A two-way RPC was answered; `payload` is the device's raw reply text. */
  | { kind: 'replied'; payload: string }
  /** A one-way RPC was taken by the device. */
  | { kind: 'delivered' }
  /** The device took the RPC (or refused it too often) but did not finish before the expiration. */
  | { kind: 'timeout' }
  /** No session of the device took the RPC before the expiration. */
  | { kind: 'noConnection' };

/** An RPC to send. */
export interface RpcSubmission {
  deviceId: string;
  method: string;
  /** Any JSON value. */
  params: unknown;
  oneway: boolean;
  /** Epoch ms. */
  expirationTime: number;
  /** Refused deliveries allowed before giving up; capped by RpcOptions.maxRetries. */
  retries: number | undefined;
}

/**
 * Where the RPC service hands persistent RPCs: this node's dispatcher, or in a cluster the
 * dispatcher of the node that owns the device.
 */
export interface PersistentRpcs {
  queuePersistent(id: string, submission: RpcSubmission): void;
  forget(id: string): void;
}

/** queued: not taken yet; sent: handed to a session; delivered: the device has it. */
type Stage = 'queued' | 'sent' | 'delivered';

interface PendingRpc {
  readonly rpc: ToDeviceRpc;
  readonly deviceId: string;
  /** The `rpc` table id of a persistent RPC. */
  readonly persistentId: string | undefined;
  readonly maxRetries: number;
  failures: number;
  stage: Stage;
  timer: NodeJS.Timeout | undefined;
  /** Resolves the REST call waiting for a non-persistent RPC. */
  settle: ((outcome: RpcOutcome) => void) | undefined;
  /** Status writes of a persistent RPC, chained so they land in order. */
  writes: Promise<void>;
}

export interface DispatcherLogger {
  warn(details: object, message: string): void;
}

/** setTimeout takes at most a signed 32-bit delay; longer expirations are re-armed. */
const MAX_TIMER_DELAY_MS = 2_147_483_647;

/** The stored response of a two-way reply: its JSON, or the text as a JSON string when it is not JSON. */
export function replyAsJson(payload: string): string {
  if (payload.trim() === '') return 'null';
  return replyJson(payload) ?? JSON.stringify(payload);
}

/**
 * Sends server-side RPCs to devices and maps their answers back (reference device actor: pending
 * RPC map, per-device request ids, expiration timers). Non-persistent RPCs live only here, with a
 * REST call waiting for their outcome; persistent ones also have a row in the `rpc` table whose
 * status follows QUEUED → SENT → DELIVERED → SUCCESSFUL, or EXPIRED (never taken) / TIMEOUT (taken,
 * never finished) at the expiration, or FAILED once refused more often than its retries allow.
 * RPCs wait for a session to subscribe; a new subscription gets every RPC the device has not
 * confirmed yet. Single-node: all of this is in memory.
 */
export class RpcDispatcher implements RpcReplySink {
  private readonly pendingByDevice = new Map<string, Map<number, PendingRpc>>();
  private readonly persistentById = new Map<string, PendingRpc>();
  private readonly nextRequestId = new Map<string, number>();
  private readonly inFlightWrites = new Set<Promise<void>>();
  private channel: RpcDeliveryChannel | undefined;
  private stopListening: (() => void) | undefined;
  private closed = false;

  constructor(
    private readonly statuses: RpcStatusWriter,
    private readonly log: DispatcherLogger,
    private readonly options: Pick<RpcOptions, 'maxRetries'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Connects to the transports' session registry; RPCs waiting so far are offered at once. */
  attach(channel: RpcDeliveryChannel): void {
    this.stopListening?.();
    this.channel = channel;
    // Deferred: the subscribing transport finishes its own bookkeeping before RPCs arrive.
    this.stopListening = channel.onRpcSubscribed((deviceId) =>
      queueMicrotask(() => this.flush(deviceId, true)),
    );
    for (const deviceId of [...this.pendingByDevice.keys()]) this.flush(deviceId, false);
  }

  /** Sends a non-persistent RPC and resolves with its outcome; never rejects. */
  call(submission: RpcSubmission): Promise<RpcOutcome> {
    if (this.closed || submission.expirationTime <= this.now()) {
      return Promise.resolve({ kind: 'timeout' });
    }
    return new Promise((resolve) => {
      const entry = this.add(submission, undefined, 'queued');
      entry.settle = resolve;
      this.flush(submission.deviceId, false);
    });
  }

  /**
   * Takes over a persistent RPC whose row (status QUEUED) is stored. `delivered` marks one the
   * device already has (restored after a restart): it is only waited for, not sent again.
   */
  queuePersistent(id: string, submission: RpcSubmission, delivered = false): void {
    if (this.closed || this.persistentById.has(id)) return;
    this.add(submission, id, delivered ? 'delivered' : 'queued');
    if (!delivered) this.flush(submission.deviceId, false);
  }

  /**
   * Picks up the open persistent RPCs of a previous run: expired ones are closed, the others wait
   * for their device again under new request ids.
   */
  restore(rows: readonly RpcRow[]): void {
    for (const row of rows) {
      const request = readStoredRequest(row.request);
      let params: unknown = null;
      try {
        params = request ? JSON.parse(request.body.params) : null;
      } catch {
        params = request?.body.params ?? null;
      }
      if (!request) {
        this.log.warn({ rpcId: row.id }, 'stored RPC request is unreadable; marking it FAILED');
        this.write(row.id, 'FAILED', JSON.stringify({ error: 'Stored RPC request is unreadable' }));
        continue;
      }
      if (row.expirationTime <= this.now()) {
        this.write(row.id, row.status === 'QUEUED' ? 'EXPIRED' : 'TIMEOUT');
        continue;
      }
      this.queuePersistent(
        row.id,
        {
          deviceId: row.deviceId,
          method: request.body.method,
          params,
          oneway: request.oneway,
          expirationTime: row.expirationTime,
          retries: request.retries ?? undefined,
        },
        row.status === 'DELIVERED',
      );
    }
  }

  /** Persistent RPCs this dispatcher holds (in a cluster, those of the devices its node owns). */
  heldPersistentIds(): string[] {
    return [...this.persistentById.keys()];
  }

  /** Drops a persistent RPC whose row was deleted, or that another node now holds; nothing more is written for it. */
  forget(id: string): void {
    const entry = this.persistentById.get(id);
    if (entry) this.remove(entry);
  }

  delivered(deviceId: string, requestId: number): void {
    const entry = this.pendingByDevice.get(deviceId)?.get(requestId);
    if (!entry || entry.stage === 'delivered') return;
    if (entry.rpc.oneway) {
      this.finish(entry, { kind: 'delivered' }, 'SUCCESSFUL');
    } else {
      this.advance(entry, 'delivered');
    }
  }

  reply(deviceId: string, requestId: number, payload: string): void {
    const entry = this.pendingByDevice.get(deviceId)?.get(requestId);
    // A reply to an RPC that expired, was deleted or is unknown is stale: the reference drops it too.
    if (!entry) return;
    if (entry.rpc.oneway) {
      this.delivered(deviceId, requestId);
      return;
    }
    this.finish(entry, { kind: 'replied', payload }, 'SUCCESSFUL', replyAsJson(payload));
  }

  /** RPCs waiting for a device (tests and diagnostics). */
  pendingCount(deviceId?: string): number {
    if (deviceId !== undefined) return this.pendingByDevice.get(deviceId)?.size ?? 0;
    let count = 0;
    for (const pending of this.pendingByDevice.values()) count += pending.size;
    return count;
  }

  /** Resolves once every status write issued so far has landed. */
  async idle(): Promise<void> {
    while (this.inFlightWrites.size > 0) await Promise.allSettled([...this.inFlightWrites]);
  }

  /**
   * Stops: timers end, waiting REST calls get a timeout, persistent RPCs keep their stored status
   * for the next start. Resolves after the last status write.
   */
  async close(): Promise<void> {
    this.closed = true;
    this.stopListening?.();
    this.stopListening = undefined;
    for (const pending of [...this.pendingByDevice.values()]) {
      for (const entry of [...pending.values()]) {
        this.remove(entry);
        entry.settle?.({ kind: 'timeout' });
      }
    }
    await this.idle();
  }

  private add(submission: RpcSubmission, persistentId: string | undefined, stage: Stage): PendingRpc {
    const { deviceId } = submission;
    const requestId = this.nextRequestId.get(deviceId) ?? 0;
    this.nextRequestId.set(deviceId, requestId + 1);
    const entry: PendingRpc = {
      rpc: {
        requestId,
        method: submission.method,
        params: submission.params,
        oneway: submission.oneway,
        expirationTime: submission.expirationTime,
      },
      deviceId,
      persistentId,
      maxRetries: Math.min(submission.retries ?? this.options.maxRetries, this.options.maxRetries),
      failures: 0,
      stage,
      timer: undefined,
      settle: undefined,
      writes: Promise.resolve(),
    };
    let pending = this.pendingByDevice.get(deviceId);
    if (!pending) {
      pending = new Map();
      this.pendingByDevice.set(deviceId, pending);
    }
    pending.set(requestId, entry);
    if (persistentId !== undefined) this.persistentById.set(persistentId, entry);
    this.arm(entry);
    return entry;
  }

  private arm(entry: PendingRpc): void {
    const delay = Math.max(0, entry.rpc.expirationTime - this.now());
    entry.timer = setTimeout(
      () => {
        if (!this.isPending(entry)) return;
        if (this.now() < entry.rpc.expirationTime) this.arm(entry);
        else this.expire(entry);
      },
      Math.min(delay, MAX_TIMER_DELAY_MS),
    );
    entry.timer.unref();
  }

  private isPending(entry: PendingRpc): boolean {
    return this.pendingByDevice.get(entry.deviceId)?.get(entry.rpc.requestId) === entry;
  }

  /**
   * Offers the device's waiting RPCs, oldest first, while a session listens. `resendSent` (a new
   * subscription) also offers RPCs handed to a session that never confirmed them. A refusal ends
   * the round; it counts against the RPC's retries unless another RPC was taken in the same round
   * (then the session is merely full, like an HTTP long poll that answered with one RPC).
   */
  private flush(deviceId: string, resendSent: boolean): void {
    const channel = this.channel;
    const pending = this.pendingByDevice.get(deviceId);
    if (!channel || !pending || this.closed) return;
    let tookOne = false;
    for (const entry of [...pending.values()]) {
      if (!this.isPending(entry)) continue;
      if (entry.stage === 'delivered' || (entry.stage === 'sent' && !resendSent)) continue;
      if (entry.rpc.expirationTime <= this.now()) {
        this.expire(entry);
        continue;
      }
      if (!channel.hasRpcSubscriber(deviceId)) return;
      if (channel.deliverRpc(deviceId, entry.rpc)) {
        tookOne = true;
        // The channel may already have reported the delivery (and a one-way RPC be finished).
        if (this.isPending(entry) && entry.stage === 'queued') this.advance(entry, 'sent');
      } else {
        if (!tookOne) this.refused(entry);
        return;
      }
    }
  }

  private advance(entry: PendingRpc, stage: 'sent' | 'delivered'): void {
    entry.stage = stage;
    if (entry.persistentId !== undefined) {
      this.writeFor(entry, stage === 'sent' ? 'SENT' : 'DELIVERED');
    }
  }

  private refused(entry: PendingRpc): void {
    entry.failures += 1;
    if (entry.failures <= entry.maxRetries) return;
    const error = `The device refused the RPC and all retry attempts have been exhausted. Retry attempts set: ${entry.maxRetries}`;
    this.finish(entry, { kind: 'timeout' }, 'FAILED', JSON.stringify({ error }));
  }

  private expire(entry: PendingRpc): void {
    const taken = entry.stage !== 'queued';
    this.finish(entry, taken ? { kind: 'timeout' } : { kind: 'noConnection' }, taken ? 'TIMEOUT' : 'EXPIRED');
  }

  private finish(entry: PendingRpc, outcome: RpcOutcome, status: RpcStatus, response?: string): void {
    this.remove(entry);
    if (entry.persistentId !== undefined) this.writeFor(entry, status, response);
    entry.settle?.(outcome);
  }

  private remove(entry: PendingRpc): void {
    clearTimeout(entry.timer);
    const pending = this.pendingByDevice.get(entry.deviceId);
    if (pending?.get(entry.rpc.requestId) === entry) {
      pending.delete(entry.rpc.requestId);
      if (pending.size === 0) this.pendingByDevice.delete(entry.deviceId);
    }
    if (entry.persistentId !== undefined && this.persistentById.get(entry.persistentId) === entry) {
      this.persistentById.delete(entry.persistentId);
    }
  }

  private writeFor(entry: PendingRpc, status: RpcStatus, response?: string): void {
    const id = entry.persistentId;
    if (id === undefined) return;
    entry.writes = entry.writes.then(() => this.statusWrite(id, status, response));
    this.track(entry.writes);
  }

  private write(id: string, status: RpcStatus, response?: string): void {
    this.track(this.statusWrite(id, status, response));
  }

  private async statusWrite(id: string, status: RpcStatus, response?: string): Promise<void> {
    try {
      await this.statuses.setStatus(id, status, response);
    } catch (err) {
      this.log.warn({ err, rpcId: id, status }, 'persistent RPC status could not be stored');
    }
  }

  private track(write: Promise<void>): void {
    this.inFlightWrites.add(write);
    void write.finally(() => this.inFlightWrites.delete(write));
  }
}
