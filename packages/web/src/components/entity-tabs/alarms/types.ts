import type { AlarmInfo, AlarmSearchStatus, EntityId, PageData, TimePageLink } from '@meridian/common';

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
}
