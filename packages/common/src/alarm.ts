import type { AlarmId, CustomerId, TenantId } from './entity-ids.js';
import type { EntityId } from './entity-types.js';
import type { JsonValue } from './json.js';
import type { TimePageLink } from './page-link.js';
import { timePageLinkToQueryString } from './page-link.js';
import type { EntityKeyType, TsValue } from './query.js';

/**
 * Alarms: severities, statuses and the alarm record (spec 2 §3 "Alarm", reference §1.4, §1.5).
 */

/** Severities from highest to lowest (the reference enum's order). */
export const ALARM_SEVERITIES = ['CRITICAL', 'MAJOR', 'MINOR', 'WARNING', 'INDETERMINATE'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

/** Display colour per severity (spec 2 §3). */
export const ALARM_SEVERITY_COLORS: Readonly<Record<AlarmSeverity, string>> = {
  CRITICAL: 'red',
  MAJOR: 'orange',
  MINOR: 'yellow',
  WARNING: 'olive',
  INDETERMINATE: 'green',
};

/**
 * The highest of the given severities, or null for none — what `GET /api/alarm/highestSeverity/…`
 * reports.
 */
export function highestAlarmSeverity(severities: Iterable<AlarmSeverity>): AlarmSeverity | null {
  let best: number | null = null;
  for (const severity of severities) {
    const rank = ALARM_SEVERITIES.indexOf(severity);
    if (best === null || rank < best) {
      best = rank;
    }
  }
  return best === null ? null : (ALARM_SEVERITIES[best] ?? null);
}

/** The four combinations of active/cleared and acknowledged/unacknowledged. */
export const ALARM_STATUSES = ['ACTIVE_UNACK', 'ACTIVE_ACK', 'CLEARED_UNACK', 'CLEARED_ACK'] as const;
export type AlarmStatus = (typeof ALARM_STATUSES)[number];

/** Status filters of alarm queries; each selects a set of {@link AlarmStatus} values. */
export const ALARM_SEARCH_STATUSES = ['ANY', 'ACTIVE', 'CLEARED', 'ACK', 'UNACK'] as const;
export type AlarmSearchStatus = (typeof ALARM_SEARCH_STATUSES)[number];

/** True for ACTIVE_UNACK and ACTIVE_ACK. */
export function isAlarmActive(status: AlarmStatus): boolean {
  return status === 'ACTIVE_UNACK' || status === 'ACTIVE_ACK';
}

/** True for ACTIVE_ACK and CLEARED_ACK. */
export function isAlarmAcknowledged(status: AlarmStatus): boolean {
  return status === 'ACTIVE_ACK' || status === 'CLEARED_ACK';
}

/** The status with the given active and acknowledged flags. */
export function alarmStatusOf(active: boolean, acknowledged: boolean): AlarmStatus {
  if (active) {
    return acknowledged ? 'ACTIVE_ACK' : 'ACTIVE_UNACK';
  }
  return acknowledged ? 'CLEARED_ACK' : 'CLEARED_UNACK';
}

/** Status after acknowledging: the active/cleared half is kept. */
export function acknowledgedAlarmStatus(status: AlarmStatus): AlarmStatus {
  return alarmStatusOf(isAlarmActive(status), true);
}

/** Status after clearing: the acknowledged half is kept. */
export function clearedAlarmStatus(status: AlarmStatus): AlarmStatus {
  return alarmStatusOf(false, isAlarmAcknowledged(status));
}

/** The statuses a search status selects (ANY: all four; ACTIVE/CLEARED and ACK/UNACK: two each). */
export function alarmStatusesForSearchStatus(searchStatus: AlarmSearchStatus): AlarmStatus[] {
  return ALARM_STATUSES.filter((status) => alarmMatchesSearchStatus(status, searchStatus));
}

/** Whether an alarm with `status` is selected by `searchStatus` (`GET /api/alarm/…?searchStatus=`). */
export function alarmMatchesSearchStatus(status: AlarmStatus, searchStatus: AlarmSearchStatus): boolean {
  switch (searchStatus) {
    case 'ANY':
      return true;
    case 'ACTIVE':
      return isAlarmActive(status);
    case 'CLEARED':
      return !isAlarmActive(status);
    case 'ACK':
      return isAlarmAcknowledged(status);
    case 'UNACK':
      return !isAlarmAcknowledged(status);
  }
}

/** The alarm record on the wire. `name` is read-only and equals `type`. */
export interface Alarm {
  id: AlarmId;
  createdTime: number;
  tenantId: TenantId;
  customerId: CustomerId;
  type: string;
  originator: EntityId;
  severity: AlarmSeverity;
  status: AlarmStatus;
  startTs: number;
  endTs: number;
  ackTs: number;
  clearTs: number;
  details: JsonValue;
  propagate: boolean;
  propagateToOwner: boolean;
  propagateToTenant: boolean;
  propagateRelationTypes: string[] | null;
  name?: string;
}

/** Alarm plus the originator's name (filled when `fetchOriginator=true`). */
export interface AlarmInfo extends Alarm {
  originatorName: string | null;
}

/** A row of an alarm data query: the alarm with its entity's latest values (reference §3.3). */
export interface AlarmData extends AlarmInfo {
  entityId: EntityId;
  latest: Partial<Record<EntityKeyType, Record<string, TsValue>>>;
}

/** Alarm table columns and the alarm field each one shows (spec 2 §3). */
export const ALARM_COLUMNS = [
  { key: 'createdTime', field: 'createdTime' },
  { key: 'startTime', field: 'startTs' },
  { key: 'endTime', field: 'endTs' },
  { key: 'ackTime', field: 'ackTs' },
  { key: 'clearTime', field: 'clearTs' },
  { key: 'originator', field: 'originatorName' },
  { key: 'originatorType', field: 'originator.entityType' },
  { key: 'type', field: 'type' },
  { key: 'severity', field: 'severity' },
  { key: 'status', field: 'status' },
] as const;
export type AlarmColumnKey = (typeof ALARM_COLUMNS)[number]['key'];

/** Alarm fields shown as timestamps in alarm data (spec 2 §3). */
export const ALARM_TIMESTAMP_FIELDS = ['createdTime', 'ackTs', 'clearTs', 'endTs'] as const;

/** Data keys an alarm widget starts with (spec 2 §3). */
export const DEFAULT_ALARM_DATA_KEYS = ['createdTime', 'originator', 'type', 'severity', 'status'] as const;

/** Parameters of `GET /api/alarm/{entityType}/{entityId}`: `searchStatus` wins over `status`. */
export interface AlarmQuery {
  affectedEntityId: EntityId;
  pageLink: TimePageLink;
  searchStatus?: AlarmSearchStatus;
  status?: AlarmStatus;
  fetchOriginator?: boolean;
}

/**
 * Path and query of an alarm list request relative to `/api/alarm/`, as the reference console
 * builds it: `{entityType}/{id}?<time page link>[&searchStatus=..|&status=..][&fetchOriginator=..]`.
 */
export function alarmQueryToPath(query: AlarmQuery): string {
  let path = `${query.affectedEntityId.entityType}/${query.affectedEntityId.id}?${timePageLinkToQueryString(query.pageLink)}`;
  if (query.searchStatus) {
    path += `&searchStatus=${query.searchStatus}`;
  } else if (query.status) {
    path += `&status=${query.status}`;
  }
  if (query.fetchOriginator !== undefined) {
    path += `&fetchOriginator=${query.fetchOriginator}`;
  }
  return path;
}
