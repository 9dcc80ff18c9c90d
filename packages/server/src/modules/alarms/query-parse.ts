import {
  ALARM_SEARCH_STATUSES,
  ALARM_SEVERITIES,
  type AlarmSearchStatus,
  type AlarmSeverity,
  type AlarmStatus,
  alarmStatusesForSearchStatus,
  QUERY_ENTITY_KEY_TYPES,
} from '@meridian/common';
import { badRequest } from '../../http/api-error.js';

/**
 * Reads the alarm part of an AlarmDataQuery (reference §3.4 `AlarmDataPageLink`, `alarmFields`).
 * The entity part (filter, key filters, entity fields, latest values) is read by the entity query
 * parser when the entities are looked up. Bad input is a 400 naming the field.
 */

/** Sortable and searchable alarm fields and the column of the alarm query each one reads. */
export const ALARM_FIELD_COLUMNS: Readonly<Record<string, string>> = {
  createdTime: 'created_time',
  ackTs: 'ack_ts',
  ackTime: 'ack_ts',
  clearTs: 'clear_ts',
  clearTime: 'clear_ts',
  endTs: 'end_ts',
  endTime: 'end_ts',
  startTs: 'start_ts',
  startTime: 'start_ts',
  status: 'status',
  type: 'type',
  severity: 'severity',
  originatorId: 'originator_id',
  originatorType: 'originator_type',
  originator: 'originator_name',
  originatorName: 'originator_name',
  details: 'details',
};

export interface AlarmPageLinkInput {
  pageSize: number;
  page: number;
  textSearch: string | null;
  /** Sort by an alarm field; null when unsorted or sorted by an entity key (entity order then). */
  alarmSort: { column: string; direction: 'ASC' | 'DESC' } | null;
  startTs: number;
  endTs: number;
  timeWindow: number;
  typeList: string[];
  /** Absent: any status. */
  statuses: AlarmStatus[] | null;
  severityList: AlarmSeverity[];
  searchPropagatedAlarms: boolean;
  dynamic: boolean;
}

export interface AlarmQueryInput {
  pageLink: AlarmPageLinkInput;
  /** Columns of `alarmFields` that text search looks in. */
  searchColumns: string[];
  /** The entity sort key to order the entities by, when the sort is not by an alarm field. */
  entitySort: { key: { type: string; key: string }; direction: 'ASC' | 'DESC' } | null;
}

type Json = Record<string, unknown>;

const fail = (message: string): never => {
  throw badRequest(`Invalid alarm query: ${message}`);
};

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const absent = (value: unknown) => value === undefined || value === null;

function integer(value: unknown, path: string, min: number, fallback: number): number {
  if (absent(value)) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min) {
    return fail(`'${path}' must be an integer of at least ${min}`);
  }
  return value;
}

function list(value: unknown, path: string): unknown[] {
  if (absent(value)) return [];
  if (!Array.isArray(value)) return fail(`'${path}' must be an array`);
  return value;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], path: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    return fail(`'${path}' must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

function key(value: unknown, path: string): { type: string; key: string } {
  if (!isObject(value)) return fail(`'${path}' must be an object`);
  const type = oneOf(value.type, QUERY_ENTITY_KEY_TYPES, `${path}.type`);
  if (typeof value.key !== 'string' || value.key.length === 0) {
    return fail(`'${path}.key' must be a non-empty string`);
  }
  return { type, key: value.key };
}

/** The statuses the search statuses select together; null when that is every status (or ANY). */
function statusesOf(searchStatuses: readonly AlarmSearchStatus[]): AlarmStatus[] | null {
  if (searchStatuses.length === 0 || searchStatuses.includes('ANY')) return null;
  const statuses = new Set(searchStatuses.flatMap((s) => alarmStatusesForSearchStatus(s)));
  return statuses.size === 4 ? null : [...statuses];
}

export function parseAlarmQuery(body: unknown): AlarmQueryInput {
  if (!isObject(body)) return fail(`'query' must be an object`);
  const link = body.pageLink;
  if (absent(link)) return fail(`'pageLink' is required`);
  if (!isObject(link)) return fail(`'pageLink' must be an object`);
  const pageSize = integer(link.pageSize, 'pageLink.pageSize', 1, Number.NaN);
  if (Number.isNaN(pageSize)) return fail(`'pageLink.pageSize' is required`);
  const textSearch = absent(link.textSearch) ? null : link.textSearch;
  if (textSearch !== null && typeof textSearch !== 'string') {
    return fail(`'pageLink.textSearch' must be a string`);
  }
  let alarmSort: AlarmPageLinkInput['alarmSort'] = null;
  let entitySort: AlarmQueryInput['entitySort'] = null;
  if (!absent(link.sortOrder)) {
    if (!isObject(link.sortOrder)) return fail(`'pageLink.sortOrder' must be an object`);
    const sortKey = key(link.sortOrder.key, 'pageLink.sortOrder.key');
    const direction = oneOf(
      link.sortOrder.direction ?? 'ASC',
      ['ASC', 'DESC'] as const,
      'pageLink.sortOrder.direction',
    );
    if (sortKey.type === 'ALARM_FIELD') {
      const column = ALARM_FIELD_COLUMNS[sortKey.key];
      if (!column) return fail(`unknown alarm field '${sortKey.key}' (pageLink.sortOrder.key)`);
      alarmSort = { column, direction };
    } else {
      entitySort = { key: sortKey, direction };
    }
  }
  const bool = (value: unknown, path: string) => {
    if (absent(value)) return false;
    if (typeof value !== 'boolean') return fail(`'${path}' must be a boolean`);
    return value;
  };
  const searchStatuses = list(link.statusList, 'pageLink.statusList').map((s, i) =>
    oneOf(s, ALARM_SEARCH_STATUSES, `pageLink.statusList[${i}]`),
  );
  const searchColumns = list(body.alarmFields, 'alarmFields')
    .map((entry, i) => ALARM_FIELD_COLUMNS[key(entry, `alarmFields[${i}]`).key])
    .filter((column): column is string => column !== undefined);
  return {
    pageLink: {
      pageSize,
      page: integer(link.page, 'pageLink.page', 0, 0),
      textSearch: textSearch === '' ? null : (textSearch as string | null),
      alarmSort,
      startTs: integer(link.startTs, 'pageLink.startTs', Number.MIN_SAFE_INTEGER, 0),
      endTs: integer(link.endTs, 'pageLink.endTs', Number.MIN_SAFE_INTEGER, 0),
      timeWindow: integer(link.timeWindow, 'pageLink.timeWindow', Number.MIN_SAFE_INTEGER, 0),
      typeList: list(link.typeList, 'pageLink.typeList').map((type, i) =>
        typeof type === 'string' ? type : fail(`'pageLink.typeList[${i}]' must be a string`),
      ),
      statuses: statusesOf(searchStatuses),
      severityList: list(link.severityList, 'pageLink.severityList').map((s, i) =>
        oneOf(s, ALARM_SEVERITIES, `pageLink.severityList[${i}]`),
      ),
      searchPropagatedAlarms: bool(link.searchPropagatedAlarms, 'pageLink.searchPropagatedAlarms'),
      dynamic: bool(link.dynamic, 'pageLink.dynamic'),
    },
    searchColumns: [...new Set(searchColumns)],
    entitySort,
  };
}

/** The time range of the page link now: `timeWindow` back from now, else `startTs`/`endTs` (0: open). */
export function timeRangeOf(link: AlarmPageLinkInput, now: number): { startTs: number; endTs: number } {
  if (link.timeWindow > 0) return { startTs: now - link.timeWindow, endTs: now };
  return { startTs: link.startTs, endTs: link.endTs };
}
