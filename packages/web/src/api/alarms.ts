import {
  type AlarmInfo,
  type AlarmQuery,
  alarmQueryToPath,
  type EntityId,
  type PageData,
} from '@meridian/common';
import type { HttpClient, RequestOptions } from '../app/http/http-client';
import type { AlarmsTabApi, AlarmsTabQuery } from '../components/entity-tabs/alarms/types';

/** Alarm calls of reference §1.3 AlarmController (tenant administrators and customer users). */

const id = encodeURIComponent;

/**
 * `GET /api/alarm/{entityType}/{entityId}`: one page of the alarms of an entity (its own and those
 * propagated to it) within the link's time bounds, filtered by `searchStatus` or `status`.
 */
export function getAlarms(
  http: HttpClient,
  query: AlarmQuery,
  options: RequestOptions = {},
): Promise<PageData<AlarmInfo>> {
  return http.get(`/api/alarm/${alarmQueryToPath(query)}`, options);
}

/** `GET /api/alarm/info/{alarmId}`: one alarm with its originator's name. */
export function getAlarmInfo(
  http: HttpClient,
  alarmId: string,
  options: RequestOptions = {},
): Promise<AlarmInfo> {
  return http.get(`/api/alarm/info/${id(alarmId)}`, options);
}

/** `POST /api/alarm/{alarmId}/ack` (200, empty). */
export function ackAlarm(http: HttpClient, alarmId: string): Promise<void> {
  return http.post(`/api/alarm/${id(alarmId)}/ack`);
}

/** `POST /api/alarm/{alarmId}/clear` (200, empty). */
export function clearAlarm(http: HttpClient, alarmId: string): Promise<void> {
  return http.post(`/api/alarm/${id(alarmId)}/clear`);
}

/** The calls of the Alarms tab, bound to the HTTP client; lists come with originator names. */
export function alarmsTabApi(http: HttpClient): AlarmsTabApi {
  return {
    getAlarms: (entityId: EntityId, { pageLink, searchStatus }: AlarmsTabQuery, signal: AbortSignal) =>
      getAlarms(
        http,
        { affectedEntityId: entityId, pageLink, searchStatus, fetchOriginator: true },
        { signal },
      ),
    getAlarmInfo: (alarmId: string, signal?: AbortSignal) => getAlarmInfo(http, alarmId, { signal }),
    ackAlarm: (alarmId: string) => ackAlarm(http, alarmId),
    clearAlarm: (alarmId: string) => clearAlarm(http, alarmId),
  };
}
