import { PeriodicCleanup } from '../../db/periodic-cleanup.js';
import type { EventsRepo } from './repo.js';

/** `sql.ttl.events` of the reference (§7): the periodic clean-up of old events. */
export interface EventsTtlSettings {
  /** `sql.ttl.events.enabled` (SQL_TTL_EVENTS_ENABLED). */
  enabled: boolean;
  /** `sql.ttl.events.execution_interval_ms` (SQL_TTL_EVENTS_EXECUTION_INTERVAL). */
  intervalMs: number;
  /** `events_ttl` in seconds (SQL_TTL_EVENTS_EVENTS_TTL) for error, lifecycle and statistics events; 0 keeps them. */
  eventsTtlSec: number;
  /** `debug_events_ttl` in seconds (SQL_TTL_EVENTS_DEBUG_EVENTS_TTL); 0 keeps them. */
  debugEventsTtlSec: number;
}

export interface EventsTtlOutcome {
  deletedDebugEvents: number;
  deletedOtherEvents: number;
}

interface TtlLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Removes debug events older than `debug_events_ttl` and the other events older than
 * `events_ttl`, every interval, the first time after a random part of it (as telemetry's TTL).
 */
export class EventsTtlCleanup extends PeriodicCleanup<EventsTtlOutcome> {
  constructor(
    private readonly repo: Pick<EventsRepo, 'deleteOlderThan'>,
    private readonly settings: EventsTtlSettings,
    private readonly log: TtlLog,
    private readonly now: () => number = Date.now,
  ) {
    super(settings, log, 'event TTL clean-up');
  }

  protected async clean(): Promise<EventsTtlOutcome> {
    const now = this.now();
    const { debugEventsTtlSec, eventsTtlSec } = this.settings;
    const deletedDebugEvents =
      debugEventsTtlSec > 0 ? await this.repo.deleteOlderThan(now - debugEventsTtlSec * 1000, 'debug') : 0;
    const deletedOtherEvents =
      eventsTtlSec > 0 ? await this.repo.deleteOlderThan(now - eventsTtlSec * 1000, 'other') : 0;
    if (deletedDebugEvents > 0 || deletedOtherEvents > 0)
      this.log.info({ deletedDebugEvents, deletedOtherEvents }, 'removed events past their TTL');
    return { deletedDebugEvents, deletedOtherEvents };
  }
}
