import type { EntityId } from '@meridian/common';

/** Where statistics and error events go (the events module's recorder). */
export interface ComponentStatsSink {
  stats(tenantId: string, entityId: EntityId, messagesProcessed: number, errorsOccurred: number): void;
  error(tenantId: string, entityId: EntityId, method: string, error: string | Error): void;
}

/** Reference `actors.statistics.*` and `actors.rule.node.error_persist_frequency`. */
export interface ComponentStatsSettings {
  enabled: boolean;
  /** How often each component's counts are written as a STATS event (and reset). */
  persistFrequencyMs: number;
  /** At most one ERROR event per component in this time. */
  errorPersistFrequencyMs: number;
}

export const DEFAULT_COMPONENT_STATS: ComponentStatsSettings = {
  enabled: true,
  persistFrequencyMs: 3_600_000,
  errorPersistFrequencyMs: 3000,
};

interface Counts {
  tenantId: string;
  entityId: EntityId;
  processed: number;
  errors: number;
  lastErrorEventTs: number;
}

/**
 * Message and error counts of rule chains and nodes, as the reference's component actors keep
 * them: each period, a component that saw messages or errors gets a STATS event with its counts,
 * which then start again from zero; a node that throws gets an ERROR event, rate limited per node.
 */
export class ComponentStats {
  private readonly counts = new Map<string, Counts>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly sink: ComponentStatsSink,
    private readonly settings: ComponentStatsSettings = DEFAULT_COMPONENT_STATS,
    private readonly now: () => number = Date.now,
  ) {
    if (settings.enabled) {
      this.timer = setInterval(() => this.persist(), Math.max(1, settings.persistFrequencyMs));
      this.timer.unref();
    }
  }

  processed(tenantId: string, entityId: EntityId): void {
    if (!this.settings.enabled) return;
    this.of(tenantId, entityId).processed++;
  }

  failed(tenantId: string, entityId: EntityId, method: string, error: string | Error): void {
    if (!this.settings.enabled) return;
    const counts = this.of(tenantId, entityId);
    counts.errors++;
    const now = this.now();
    if (now - counts.lastErrorEventTs >= this.settings.errorPersistFrequencyMs) {
      counts.lastErrorEventTs = now;
      this.sink.error(tenantId, entityId, method, error);
    }
  }

  /** Writes the counts of every component that saw something since the last time, and resets them. */
  persist(): void {
    for (const [key, counts] of this.counts) {
      if (counts.processed > 0 || counts.errors > 0) {
        this.sink.stats(counts.tenantId, counts.entityId, counts.processed, counts.errors);
        counts.processed = 0;
        counts.errors = 0;
      } else if (this.now() - counts.lastErrorEventTs >= this.settings.errorPersistFrequencyMs) {
        // Idle for a whole period: forget it, so removed chains and nodes do not stay here.
        this.counts.delete(key);
      }
    }
  }

  /** Stops the timer; what was counted since the last period is written. */
  close(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    if (this.settings.enabled) this.persist();
  }

  private of(tenantId: string, entityId: EntityId): Counts {
    let counts = this.counts.get(entityId.id);
    if (!counts) {
      counts = { tenantId, entityId, processed: 0, errors: 0, lastErrorEventTs: Number.NEGATIVE_INFINITY };
      this.counts.set(entityId.id, counts);
    }
    return counts;
  }
}
