import type { AlarmRow } from './wire.js';

/**
 * In-process notices about alarms, emitted after the change committed. The device-profile alarm
 * rules listen: an alarm cleared, acknowledged or deleted through the REST API must not be updated
 * as if it were still the device's current alarm (the reference tells its rule node the same way,
 * with ALARM_CLEAR / ALARM_ACK messages).
 */
export type AlarmEvent =
  | { type: 'ALARM_SAVED'; alarm: AlarmRow }
  | { type: 'ALARM_ACK'; alarm: AlarmRow }
  | { type: 'ALARM_CLEAR'; alarm: AlarmRow }
  | { type: 'ALARM_DELETE'; alarm: AlarmRow };

export type AlarmEventListener = (event: AlarmEvent) => void;

export class AlarmEvents {
  private readonly listeners = new Set<AlarmEventListener>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  /** Adds a listener; returns the function that removes it. */
  on(listener: AlarmEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener; a failing listener never breaks the change that was made. */
  emit(event: AlarmEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
