import type { AggregationType } from './aggregation.js';
import type { AlarmData } from './alarm.js';
import type { PageData } from './page.js';
import type { AlarmDataQuery, EntityCountQuery, EntityData, EntityDataQuery, EntityKey } from './query.js';

/**
 * The live-data WebSocket protocol (spec 2 §7; reference §3): the command wrapper the client sends,
 * the updates the server answers with, and the client's batching rule.
 */

/** Endpoint path; the access token goes in the `token` query parameter. */
export const TELEMETRY_WS_PATH = '/api/ws/plugins/telemetry';

/** Subscribe to attributes of one entity (v1 reply). */
export interface AttributesSubscriptionCmd {
  cmdId: number;
  entityType: string;
  entityId: string;
  /** Comma-separated; empty means all keys. */
  keys?: string;
  /** Empty means all scopes. */
  scope?: 'CLIENT_SCOPE' | 'SERVER_SCOPE' | 'SHARED_SCOPE' | '';
  unsubscribe?: boolean;
}

/** Subscribe to time series of one entity (v1 reply). */
export interface TimeseriesSubscriptionCmd {
  cmdId: number;
  entityType: string;
  entityId: string;
  keys?: string;
  unsubscribe?: boolean;
  startTs?: number;
  /** 0 sends latest values instead of history. */
  timeWindow?: number;
  interval?: number;
  /** 0 means 100. */
  limit?: number;
  agg?: AggregationType;
}

/** One-shot history fetch for one entity (v1 reply). */
export interface GetHistoryCmd {
  cmdId: number;
  entityType: string;
  entityId: string;
  keys: string;
  startTs: number;
  endTs: number;
  interval?: number;
  limit?: number;
  agg?: AggregationType;
}

export interface EntityHistoryCmd {
  keys: string[];
  startTs: number;
  endTs: number;
  interval?: number;
  limit?: number;
  agg?: AggregationType;
  fetchLatestPreviousPoint?: boolean;
}

export interface LatestValueCmd {
  keys: EntityKey[];
}

export interface TimeSeriesCmd {
  keys: string[];
  startTs: number;
  timeWindow: number;
  interval?: number;
  limit?: number;
  agg?: AggregationType;
  fetchLatestPreviousPoint?: boolean;
}

/** Run an entity query and optionally follow history, latest values or time series of its entities. */
export interface EntityDataCmd {
  cmdId: number;
  query?: EntityDataQuery;
  historyCmd?: EntityHistoryCmd;
  latestCmd?: LatestValueCmd;
  tsCmd?: TimeSeriesCmd;
}

/** Run an alarm query and follow changes. */
export interface AlarmDataCmd {
  cmdId: number;
  query: AlarmDataQuery;
}

/** Count entities of a query and follow the count. */
export interface EntityCountCmd {
  cmdId: number;
  query: EntityCountQuery;
}

/** Stop the command with this id. */
export interface UnsubscribeCmd {
  cmdId: number;
}

/** What one WebSocket frame from the client carries; all lists optional. */
export interface TelemetryPluginCmdsWrapper {
  attrSubCmds?: AttributesSubscriptionCmd[];
  tsSubCmds?: TimeseriesSubscriptionCmd[];
  historyCmds?: GetHistoryCmd[];
  entityDataCmds?: EntityDataCmd[];
  entityDataUnsubscribeCmds?: UnsubscribeCmd[];
  alarmDataCmds?: AlarmDataCmd[];
  alarmDataUnsubscribeCmds?: UnsubscribeCmd[];
  entityCountCmds?: EntityCountCmd[];
  entityCountUnsubscribeCmds?: UnsubscribeCmd[];
}
export type CmdListName = keyof TelemetryPluginCmdsWrapper;

/**
 * The order the client fills an outgoing batch in (spec 2 §7): attribute and time-series
 * subscriptions, history, then each v2 command list followed by its unsubscribes.
 */
export const WS_COMMAND_FILL_ORDER = [
  'attrSubCmds',
  'tsSubCmds',
  'historyCmds',
  'entityDataCmds',
  'entityDataUnsubscribeCmds',
  'alarmDataCmds',
  'alarmDataUnsubscribeCmds',
  'entityCountCmds',
  'entityCountUnsubscribeCmds',
] as const satisfies readonly CmdListName[];

/** The order the reference server processes the lists of one frame in (reference §3.2). */
export const WS_COMMAND_PROCESSING_ORDER = [
  'attrSubCmds',
  'tsSubCmds',
  'historyCmds',
  'entityDataCmds',
  'alarmDataCmds',
  'entityCountCmds',
  'entityDataUnsubscribeCmds',
  'alarmDataUnsubscribeCmds',
  'entityCountUnsubscribeCmds',
] as const satisfies readonly CmdListName[];

/**
 * Takes at most `maxCommands` commands from `pending` in fill order (spec 2 §7) and returns the frame
 * to send plus what is left for the next frame. Lists are copied, never mutated; empty lists are
 * left out of both results. `maxCommands` must be at least 1 (spec 2 does not give its value).
 */
export function takeCommandBatch(
  pending: TelemetryPluginCmdsWrapper,
  maxCommands: number,
): { batch: TelemetryPluginCmdsWrapper; rest: TelemetryPluginCmdsWrapper; count: number } {
  if (!(maxCommands >= 1)) {
    throw new RangeError(`maxCommands must be at least 1, got ${maxCommands}`);
  }
  const batch: Record<string, unknown[]> = {};
  const rest: Record<string, unknown[]> = {};
  let room = Math.floor(maxCommands);
  let count = 0;
  for (const name of WS_COMMAND_FILL_ORDER) {
    const list: readonly unknown[] = pending[name] ?? [];
    const taken = list.slice(0, room);
    const left = list.slice(taken.length);
    if (taken.length > 0) {
      batch[name] = taken;
    }
    if (left.length > 0) {
      rest[name] = left;
    }
    room -= taken.length;
    count += taken.length;
  }
  return { batch: batch as TelemetryPluginCmdsWrapper, rest: rest as TelemetryPluginCmdsWrapper, count };
}

/** Number of commands in a wrapper, over all lists. */
export function countCommands(wrapper: TelemetryPluginCmdsWrapper): number {
  return WS_COMMAND_FILL_ORDER.reduce((sum, name) => sum + (wrapper[name]?.length ?? 0), 0);
}

/** Error codes of v1 updates (`SubscriptionErrorCode`). */
export const SubscriptionErrorCode = {
  NO_ERROR: 0,
  INTERNAL_ERROR: 1,
  BAD_REQUEST: 2,
  UNAUTHORIZED: 3,
} as const;
export type SubscriptionErrorCode = (typeof SubscriptionErrorCode)[keyof typeof SubscriptionErrorCode];

/** v1 update for attribute, time-series and history commands; values are strings. */
export interface TelemetrySubscriptionUpdate {
  subscriptionId: number;
  errorCode: number;
  errorMsg: string | null;
  data: Record<string, [number, string][]> | null;
  latestValues?: Record<string, number>;
}

/** Kind of a v2 update (spec 2 "Subscription update kinds"). */
export const CMD_UPDATE_TYPES = ['ENTITY_DATA', 'ALARM_DATA', 'COUNT_DATA'] as const;
export type CmdUpdateType = (typeof CMD_UPDATE_TYPES)[number];

interface CmdUpdateBase {
  cmdId: number;
  errorCode: number;
  errorMsg: string | null;
}

export interface EntityDataUpdate extends CmdUpdateBase {
  cmdUpdateType: 'ENTITY_DATA';
  data: PageData<EntityData> | null;
  update: EntityData[] | null;
  allowedEntities: number;
}

export interface AlarmDataUpdate extends CmdUpdateBase {
  cmdUpdateType: 'ALARM_DATA';
  data: PageData<AlarmData> | null;
  update: AlarmData[] | null;
  allowedEntities: number;
  totalEntities: number;
}

export interface EntityCountUpdate extends CmdUpdateBase {
  cmdUpdateType: 'COUNT_DATA';
  count: number;
}

/** Any v2 update, discriminated by `cmdUpdateType`. */
export type CmdUpdate = EntityDataUpdate | AlarmDataUpdate | EntityCountUpdate;

/** Error code and message sent once when a session exceeds its update rate. */
export const TOO_MANY_UPDATES_ERROR = { errorCode: 34, errorMsg: 'Too many updates!' } as const;

/** Entities one data or alarm subscription may cover (reported as `allowedEntities`). */
export const MAX_ENTITIES_PER_SUBSCRIPTION = 10000;
