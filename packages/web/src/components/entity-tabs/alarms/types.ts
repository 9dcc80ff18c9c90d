import type { AlarmInfo, AlarmSearchStatus, EntityId, PageData, TimePageLink } from '@meridian/common';
import type { HistoryWindow } from '../history-window/history-window';

/** What the Alarms tab asks for: a page within a time window, and the status filter. */
export interface AlarmsTabQuery {
  pageLink: TimePageLink;
  searchStatus: AlarmSearchStatus;
}

/** The calls the Alarms tab makes (`api/alarms.ts` provides them). */
export interface AlarmsTabApi {
  /** Alarms of the entity (raised by it or propagated to it), with originator names. */
  getAlarms(entityId: EntityId, query: AlarmsTabQuery, signal: AbortSignal): Promise<PageData<AlarmInfo>>;
  getAlarmInfo(alarmId: string, signal?: AbortSignal): Promise<AlarmInfo>;
  ackAlarm(alarmId: string): Promise<unknown>;
  clearAlarm(alarmId: string): Promise<unknown>;
  /** Tells the tab when the entity's alarms change; without it the list changes only on Refresh. */
  live?: LiveAlarmSource;
}

/**
 * Alarm changes of one entity (the telemetry socket provides them: `api/ws/live-alarms.ts`). The
 * call subscribes until the returned function is called; `onChange` is called for every change to
 * an alarm of the entity (its own or propagated to it) within the window after subscribing, not for
 * the alarms already there.
 */
export interface LiveAlarmSource {
  alarmChanges(entityId: EntityId, window: HistoryWindow, onChange: () => void): () => void;
}
