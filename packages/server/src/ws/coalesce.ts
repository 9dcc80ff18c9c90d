import type { EntityDataWire } from './updates.js';

/**
 * Entity-data updates gathered over one turn of the event loop and sent as one message. A batch
 * of device messages is committed and heard in one go, so without this a page of 100 devices
 * would send 100 messages where one carries the same news. Merging costs no latency: the message
 * leaves at the end of the same turn. When the session is over its update rate (`300:1`), the
 * update is kept, later changes merge into it, and it is tried again shortly: the client gets
 * fewer messages but never misses the newest values, where dropping would lose them for good.
 */

/** How long an update refused by the rate limit waits before the next try. */
const RETRY_MS = 20;

export class UpdateCoalescer {
  private pending = new Map<string, EntityDataWire>();
  private scheduled = false;
  private timer: NodeJS.Timeout | undefined;

  /** `flush` answers false when the update could not be sent yet (rate limit): it is retried. */
  constructor(private readonly flush: (updates: EntityDataWire[]) => boolean) {}

  add(update: EntityDataWire): void {
    const key = update.entityId.id;
    const earlier = this.pending.get(key);
    this.pending.set(key, earlier ? merge(earlier, update) : update);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.send());
  }

  private send(): void {
    this.scheduled = false;
    this.timer = undefined;
    const updates = [...this.pending.values()];
    if (updates.length === 0) return;
    if (this.flush(updates)) {
      this.pending = new Map();
      return;
    }
    this.scheduled = true;
    this.timer = setTimeout(() => this.send(), RETRY_MS);
  }

  /** Forgets what is pending (the subscription closed or was replaced). */
  clear(): void {
    this.pending = new Map();
    clearTimeout(this.timer);
    this.timer = undefined;
    this.scheduled = false;
  }
}

/** Two updates of one entity: later latest values win, time series append in order. */
export function merge(earlier: EntityDataWire, later: EntityDataWire): EntityDataWire {
  let latest = earlier.latest;
  if (later.latest) {
    latest = { ...earlier.latest };
    for (const [type, values] of Object.entries(later.latest) as [keyof typeof later.latest, object][]) {
      latest[type] = { ...latest[type], ...values };
    }
  }
  let timeseries = earlier.timeseries;
  if (later.timeseries) {
    timeseries = { ...earlier.timeseries };
    for (const [key, points] of Object.entries(later.timeseries)) {
      timeseries[key] = [...(timeseries[key] ?? []), ...points];
    }
  }
  return { entityId: earlier.entityId, latest, timeseries };
}
