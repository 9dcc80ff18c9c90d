import {
  ALARM_SEARCH_STATUSES,
  type AlarmData,
  type AlarmDataCmd,
  type AlarmDataUpdate,
  type AlarmSearchStatus,
  alarmMatchesSearchStatus,
} from '@meridian/common';
import { type AliasEntity, filterOfEntities } from './alias-resolution';
import type { SubscriptionWindow } from './subscription-window';

/**
 * An alarm widget's data over the telemetry socket (reference backend §3: alarm data commands):
 * the command that follows the alarms of the alarm source's entities in the widget's time window,
 * and the pure reducer that folds its replies into the list the widget shows, newest first.
 */

/** Alarms one alarm widget follows at most. */
export const ALARM_LIMIT = 1024;

/** The widget's `alarmSearchStatus`, ANY when unset or unknown. */
export function alarmSearchStatusOf(setting: unknown): AlarmSearchStatus {
  return (ALARM_SEARCH_STATUSES as readonly unknown[]).includes(setting)
    ? (setting as AlarmSearchStatus)
    : 'ANY';
}

export function alarmDataCommand(
  entities: readonly AliasEntity[],
  searchStatus: AlarmSearchStatus,
  window: SubscriptionWindow,
): Omit<AlarmDataCmd, 'cmdId'> | null {
  const entityFilter = filterOfEntities(entities);
  if (!entityFilter) return null;
  return {
    query: {
      entityFilter,
      pageLink: {
        page: 0,
        pageSize: ALARM_LIMIT,
        sortOrder: { key: { type: 'ALARM_FIELD', key: 'createdTime' }, direction: 'DESC' },
        searchPropagatedAlarms: true,
        ...(searchStatus === 'ANY' ? {} : { statusList: [searchStatus] }),
        ...(window.kind === 'history'
          ? { startTs: window.startTs, endTs: window.endTs }
          : window.current?.endTs !== undefined
            ? { startTs: window.current.startTs, endTs: window.current.endTs }
            : { timeWindow: window.timewindowMs }),
      },
    },
  };
}

/**
 * The alarms after a reply: a page replaces the list; changed alarms replace theirs (or join the
 * list), and those the status filter no longer selects leave it.
 */
export function reduceAlarmUpdate(
  current: readonly AlarmData[],
  update: AlarmDataUpdate,
  searchStatus: AlarmSearchStatus,
): AlarmData[] {
  if (update.errorCode !== 0) return [...current];
  let alarms = update.data ? [...update.data.data] : [...current];
  if (update.update) {
    const changed = new Map(update.update.map((alarm) => [alarm.id.id, alarm]));
    alarms = alarms.map((alarm) => changed.get(alarm.id.id) ?? alarm);
    const known = new Set(alarms.map((alarm) => alarm.id.id));
    alarms.push(...update.update.filter((alarm) => !known.has(alarm.id.id)));
  }
  return alarms
    .filter((alarm) => alarmMatchesSearchStatus(alarm.status, searchStatus))
    .sort((a, b) => b.createdTime - a.createdTime);
}
