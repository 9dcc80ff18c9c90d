import {
  type AlarmData,
  type EntityId,
  type EntityKeyType,
  type PageData,
  SubscriptionErrorCode,
  TOO_MANY_UPDATES_ERROR,
  type TsValue,
} from '@meridian/common';

/**
 * The update messages of the telemetry WebSocket (reference §3.3), field for field in the order the
 * reference writes them, nulls included.
 */

/** `[ts, valueAsString]` pairs per key; a missing value is null, as the reference writes it. */
export type V1Data = Record<string, [number, string | null][]>;

/** v1 update (attribute, time-series and history commands, and command validation errors). */
export interface V1Update {
  subscriptionId: number;
  errorCode: number;
  errorMsg: string | null;
  data: V1Data | null;
  latestValues: Record<string, number>;
}

/** `latestValues` is the timestamp of the last pair of each key, like `TelemetrySubscriptionUpdate`. */
export function v1Data(cmdId: number, data: V1Data): V1Update {
  const latestValues: Record<string, number> = {};
  for (const [key, pairs] of Object.entries(data)) {
    const last = pairs[pairs.length - 1];
    if (last) latestValues[key] = last[0];
  }
  return { subscriptionId: cmdId, errorCode: 0, errorMsg: null, data, latestValues };
}

export function v1Error(cmdId: number, errorCode: number, errorMsg: string): V1Update {
  return { subscriptionId: cmdId, errorCode, errorMsg, data: null, latestValues: {} };
}

/** The exact reply to a frame that is not a command wrapper (reference §3.1). */
export const PARSE_ERROR_REPLY = v1Error(
  0,
  SubscriptionErrorCode.BAD_REQUEST,
  'Failed to parse websocket command!',
);

/** Access failures never tell a missing entity from someone else's. */
export const UNAUTHORIZED_MSG = 'Unauthorized';

/**
 * EntityData as updates carry it: an update of latest values has `timeseries: null`, an update of
 * time series `latest: null`, as the reference sends them.
 */
export interface EntityDataWire {
  entityId: EntityId;
  latest: Partial<Record<EntityKeyType, Record<string, TsValue>>> | null;
  timeseries: Record<string, TsValue[]> | null;
}

export interface EntityDataUpdateWire {
  cmdId: number;
  errorCode: number;
  errorMsg: string | null;
  cmdUpdateType: 'ENTITY_DATA';
  data: PageData<EntityDataWire> | null;
  update: EntityDataWire[] | null;
  allowedEntities: number;
}

export function entityDataPage(
  cmdId: number,
  data: PageData<EntityDataWire>,
  allowedEntities: number,
): EntityDataUpdateWire {
  return {
    cmdId,
    errorCode: 0,
    errorMsg: null,
    cmdUpdateType: 'ENTITY_DATA',
    data,
    update: null,
    allowedEntities,
  };
}

export function entityDataChanges(
  cmdId: number,
  update: EntityDataWire[],
  allowedEntities: number,
): EntityDataUpdateWire {
  return {
    cmdId,
    errorCode: 0,
    errorMsg: null,
    cmdUpdateType: 'ENTITY_DATA',
    data: null,
    update,
    allowedEntities,
  };
}

export function entityDataError(
  cmdId: number,
  errorCode: number,
  errorMsg: string,
  allowedEntities: number,
): EntityDataUpdateWire {
  return {
    cmdId,
    errorCode,
    errorMsg,
    cmdUpdateType: 'ENTITY_DATA',
    data: null,
    update: null,
    allowedEntities,
  };
}

export interface EntityCountUpdateWire {
  cmdId: number;
  errorCode: number;
  errorMsg: string | null;
  cmdUpdateType: 'COUNT_DATA';
  count: number;
}

export function entityCount(cmdId: number, count: number): EntityCountUpdateWire {
  return { cmdId, errorCode: 0, errorMsg: null, cmdUpdateType: 'COUNT_DATA', count };
}

/** A failed count: the count is 0 and the error code says it means nothing. */
export function entityCountError(cmdId: number, errorCode: number, errorMsg: string): EntityCountUpdateWire {
  return { cmdId, errorCode, errorMsg, cmdUpdateType: 'COUNT_DATA', count: 0 };
}

export interface AlarmDataUpdateWire {
  cmdId: number;
  errorCode: number;
  errorMsg: string | null;
  cmdUpdateType: 'ALARM_DATA';
  data: PageData<AlarmData> | null;
  update: AlarmData[] | null;
  allowedEntities: number;
  totalEntities: number;
}

/** The alarm page (first reply, and again after every re-query). */
export function alarmDataPage(
  cmdId: number,
  data: PageData<AlarmData>,
  allowedEntities: number,
  totalEntities: number,
): AlarmDataUpdateWire {
  return {
    cmdId,
    errorCode: 0,
    errorMsg: null,
    cmdUpdateType: 'ALARM_DATA',
    data,
    update: null,
    allowedEntities,
    totalEntities,
  };
}

/** Alarms of the page that changed in place. */
export function alarmDataChanges(
  cmdId: number,
  update: AlarmData[],
  allowedEntities: number,
  totalEntities: number,
): AlarmDataUpdateWire {
  return {
    cmdId,
    errorCode: 0,
    errorMsg: null,
    cmdUpdateType: 'ALARM_DATA',
    data: null,
    update,
    allowedEntities,
    totalEntities,
  };
}

export function alarmDataError(
  cmdId: number,
  errorCode: number,
  errorMsg: string,
  allowedEntities: number,
): AlarmDataUpdateWire {
  return {
    cmdId,
    errorCode,
    errorMsg,
    cmdUpdateType: 'ALARM_DATA',
    data: null,
    update: null,
    allowedEntities,
    totalEntities: 0,
  };
}

/** Sent once when a session goes over its update rate (reference §3.1). */
export function tooManyUpdates(subscriptionId: number) {
  return { subscriptionId, ...TOO_MANY_UPDATES_ERROR };
}

/** Any message the server sends, with the id the rate limiter reports. */
export type WsUpdate = V1Update | EntityDataUpdateWire | EntityCountUpdateWire | AlarmDataUpdateWire;

export const updateId = (update: WsUpdate): number =>
  'subscriptionId' in update ? update.subscriptionId : update.cmdId;
