import type { DebugMsgDirection, EntityId, EventType, LifecycleEventName } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import { RateLimits } from '../../limits/rate-limits.js';
import type { RuleMsg } from '../../rule-engine/message.js';
import { debugBody, errorBody, lifecycleBody, statsBody } from './bodies.js';
import type { EventsRepo, NewEventRow } from './repo.js';

/** How the recorder writes (reference `event.debug.max-symbols`, `actors.rule.chain.debug_mode_rate_limits_per_tenant`). */
export interface EventRecorderSettings {
  /** The `server` field of every event: this instance's service id. */
  serviceId: string;
  /** Longest data/metadata text kept in a debug event; 0 keeps all. */
  debugMaxSymbols: number;
  /** Debug events per tenant, `capacity:seconds[,…]`; empty: no limit. */
  debugRateLimit: string;
  /** Longest wait before buffered events are written. */
  flushIntervalMs: number;
  /** Events written per INSERT. */
  batchSize: number;
  /** Events held while the store is slow; beyond this, new events are dropped. */
  maxPending: number;
}

export const DEFAULT_RECORDER_SETTINGS: Omit<EventRecorderSettings, 'serviceId'> = {
  debugMaxSymbols: 4096,
  debugRateLimit: '50000:3600',
  flushIntervalMs: 250,
  batchSize: 500,
  maxPending: 20_000,
};

interface RecorderLog {
  warn(details: object, message: string): void;
}

export interface NodeDebugEvent {
  tenantId: string;
  ruleChainId: string;
  nodeId: string;
  direction: DebugMsgDirection;
  msg: RuleMsg;
  relationType?: string;
  error?: string;
}

export interface ChainDebugEvent {
  tenantId: string;
  ruleChainId: string;
  direction: DebugMsgDirection;
  msg: RuleMsg;
  relationType?: string;
  error?: string;
}

const messageOf = (error: string | Error) => (typeof error === 'string' ? error : error.message);

/**
 * Records entity events for the rule engine and other components. Every call returns at once: the
 * event is buffered and written in batches in the background, so recording never slows down or
 * fails the message being processed. A store error loses the batch (logged), nothing else. Debug
 * events count against a per-tenant rate limit and are dropped silently beyond it, as the
 * reference does.
 */
export class EventRecorder {
  private pending: NewEventRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private tail: Promise<void> = Promise.resolve();
  private readonly debugLimits = new Map<string, RateLimits>();
  private droppedTotal = 0;
  private closed = false;

  constructor(
    private readonly repo: Pick<EventsRepo, 'insert'>,
    private readonly settings: EventRecorderSettings,
    private readonly log: RecorderLog,
    private readonly now: () => number = Date.now,
  ) {
    // Malformed limits fail at start-up, not on the first debug event.
    new RateLimits(settings.debugRateLimit);
  }

  /** A message entering (IN) or leaving (OUT) a rule node in debug mode (DEBUG_RULE_NODE). */
  nodeDebug(event: NodeDebugEvent): void {
    this.debug('DEBUG_RULE_NODE', event.tenantId, { entityType: 'RULE_NODE', id: event.nodeId }, event);
  }

  /** A message entering or leaving a rule chain in debug mode (DEBUG_RULE_CHAIN). */
  chainDebug(event: ChainDebugEvent): void {
    this.debug(
      'DEBUG_RULE_CHAIN',
      event.tenantId,
      { entityType: 'RULE_CHAIN', id: event.ruleChainId },
      event,
    );
  }

  /** A component started, was updated or stopped; with an error when that failed (LC_EVENT). */
  lifecycle(tenantId: string, entityId: EntityId, event: LifecycleEventName, error?: string | Error): void {
    const body = lifecycleBody(
      this.settings.serviceId,
      event,
      error === undefined ? undefined : messageOf(error),
    );
    this.add('LC_EVENT', tenantId, entityId, body);
  }

  /** A component failed while doing `method` (ERROR). */
  error(tenantId: string, entityId: EntityId, method: string, error: string | Error): void {
    this.add('ERROR', tenantId, entityId, errorBody(this.settings.serviceId, method, messageOf(error)));
  }

  /** A component's message counts since its last statistics event (STATS). */
  stats(tenantId: string, entityId: EntityId, messagesProcessed: number, errorsOccurred: number): void {
    this.add(
      'STATS',
      tenantId,
      entityId,
      statsBody(this.settings.serviceId, messagesProcessed, errorsOccurred),
    );
  }

  /** Writes everything recorded so far; resolves when it is stored (or its batch failed and was logged). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const run = this.tail.then(() => this.drain());
    this.tail = run;
    return run;
  }

  /** Writes what is buffered and stops accepting events. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
  }

  private debug(
    type: EventType,
    tenantId: string,
    entityId: EntityId,
    event: Omit<NodeDebugEvent, 'tenantId' | 'ruleChainId' | 'nodeId'>,
  ): void {
    if (!this.debugAllowed(tenantId)) return;
    const body = debugBody(
      this.settings.serviceId,
      { direction: event.direction, msg: event.msg, relationType: event.relationType, error: event.error },
      this.settings.debugMaxSymbols,
    );
    this.add(type, tenantId, entityId, body);
  }

  private debugAllowed(tenantId: string): boolean {
    let limits = this.debugLimits.get(tenantId);
    if (!limits) {
      limits = new RateLimits(this.settings.debugRateLimit, this.now);
      this.debugLimits.set(tenantId, limits);
    }
    return limits.tryConsume();
  }

  private add(type: EventType, tenantId: string, entityId: EntityId, body: object): void {
    if (this.closed) return;
    if (this.pending.length >= this.settings.maxPending) {
      this.dropped();
      return;
    }
    const id = uuidv1();
    const now = this.now();
    this.pending.push({
      id,
      createdTime: now,
      ts: now,
      tenantId,
      entityType: entityId.entityType,
      entityId: entityId.id,
      eventType: type,
      eventUid: id,
      body: JSON.stringify(body),
    });
    if (this.pending.length >= this.settings.batchSize) {
      void this.flush();
    } else if (this.timer === undefined) {
      this.timer = setTimeout(() => void this.flush(), this.settings.flushIntervalMs);
      this.timer.unref();
    }
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, this.settings.batchSize);
      try {
        await this.repo.insert(batch);
      } catch (err) {
        this.log.warn({ err, events: batch.length }, 'could not store entity events; they are lost');
      }
    }
  }

  private dropped(): void {
    this.droppedTotal += 1;
    if (this.droppedTotal === 1 || this.droppedTotal % 10_000 === 0)
      this.log.warn(
        { dropped: this.droppedTotal, maxPending: this.settings.maxPending },
        'entity events arrive faster than the store takes them; dropping',
      );
  }
}
