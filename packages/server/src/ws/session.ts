import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { Principal } from '../auth/principal.js';
import { RateLimits } from '../limits/rate-limits.js';
import type { WsSettings } from './settings.js';
import { tooManyUpdates, updateId, type WsUpdate } from './updates.js';

/** Something a command left running: live updates, a refresh timer. */
export interface Subscription {
  close(): void;
}

/**
 * v1 subscriptions (attributes, time series) share one id space per session, as in the reference;
 * entity data, alarm data and entity count commands have their own.
 */
export type SubscriptionKind = 'v1' | 'data' | 'alarm' | 'count';

/** WebSocket close codes the session uses (reference §3.1). */
export const CloseCode = {
  BAD_DATA: 1007,
  POLICY_VIOLATION: 1008,
  NOT_ACCEPTABLE: 1003,
  SESSION_NOT_RELIABLE: 4500,
} as const;

/**
 * One client connection: what it may read (its principal), what it subscribed to, and the way out,
 * guarded by the update rate limit and the outgoing queue limit. Commands of a session run one at
 * a time, in arrival order, so a command never sees a half-applied earlier one.
 */
export class WsSession {
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly limits: RateLimits | undefined;
  private overLimit = false;
  /** Messages sent since the socket's buffer was last seen empty (see `write`). */
  private backlog = 0;
  private work: Promise<void> = Promise.resolve();
  private closed = false;
  /** Last message or pong from the client (epoch ms). */
  lastActivity = Date.now();

  constructor(
    private readonly socket: WebSocket,
    readonly principal: Principal,
    private readonly settings: WsSettings,
    readonly log: FastifyBaseLogger,
  ) {
    this.limits = settings.maxUpdatesPerSession ? new RateLimits(settings.maxUpdatesPerSession) : undefined;
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /**
   * Sends an update unless the session is over its rate: then the first refused update is
   * replaced by one "Too many updates!" message and the rest are dropped until tokens return.
   */
  send(update: WsUpdate): void {
    if (this.closed) return;
    if (this.limits && !this.limits.tryConsume()) {
      if (!this.overLimit) {
        this.overLimit = true;
        this.write(JSON.stringify(tooManyUpdates(updateId(update))));
      }
      return;
    }
    this.overLimit = false;
    this.write(JSON.stringify(update));
  }

  /**
   * Sends an update if the session has a token for it; otherwise sends nothing and answers false,
   * for senders that keep their update and merge later changes into it (entity data), so the
   * client always ends with the newest state even when the rate is exceeded.
   */
  trySend(update: WsUpdate): boolean {
    if (this.closed) return true;
    if (this.limits && !this.limits.tryConsume()) return false;
    this.overLimit = false;
    this.write(JSON.stringify(update));
    return true;
  }

  /**
   * The queue limit counts messages still waiting in this process because the client does not read
   * fast enough: messages sent while the socket's buffer is not empty. A burst that the operating
   * system accepts at once does not count; a client that stops reading is cut off.
   */
  private write(text: string): void {
    if (this.socket.bufferedAmount === 0) this.backlog = 0;
    if (this.backlog >= this.settings.maxQueuePerSession) {
      this.close(CloseCode.POLICY_VIOLATION, 'Max pending updates limit reached!');
      return;
    }
    this.socket.send(text, (error) => {
      if (error && !this.closed) this.log.debug({ err: error }, 'websocket send failed');
    });
    if (this.socket.bufferedAmount > 0) this.backlog += 1;
  }

  /** Runs the task after every task queued before it; a failing task does not stop the queue. */
  enqueue(task: () => Promise<void>): void {
    this.work = this.work.then(async () => {
      if (this.closed) return;
      try {
        await task();
      } catch (error) {
        this.log.error({ err: error }, 'websocket command failed');
      }
    });
  }

  get(kind: SubscriptionKind, cmdId: number): Subscription | undefined {
    return this.subscriptions.get(`${kind}:${cmdId}`);
  }

  /** Keeps the subscription under its id, closing the one it replaces. */
  put(kind: SubscriptionKind, cmdId: number, subscription: Subscription): void {
    if (this.closed) {
      subscription.close();
      return;
    }
    const key = `${kind}:${cmdId}`;
    const previous = this.subscriptions.get(key);
    this.subscriptions.set(key, subscription);
    if (previous && previous !== subscription) previous.close();
  }

  cancel(kind: SubscriptionKind, cmdId: number): void {
    const key = `${kind}:${cmdId}`;
    const subscription = this.subscriptions.get(key);
    this.subscriptions.delete(key);
    subscription?.close();
  }

  cancelAll(kind: SubscriptionKind): void {
    for (const [key, subscription] of [...this.subscriptions]) {
      if (key.startsWith(`${kind}:`)) {
        this.subscriptions.delete(key);
        subscription.close();
      }
    }
  }

  /** Closes the connection and everything it subscribed to. */
  close(code: number, reason = ''): void {
    if (this.closed) return;
    this.dispose();
    this.socket.close(code, reason);
  }

  /** Drops every subscription; called once the connection is gone. */
  dispose(): void {
    this.closed = true;
    const all = [...this.subscriptions.values()];
    this.subscriptions.clear();
    for (const subscription of all) subscription.close();
  }

  ping(): void {
    if (!this.closed) this.socket.ping();
  }
}
