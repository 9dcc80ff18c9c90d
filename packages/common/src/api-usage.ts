/**
 * The reference's monthly API usage of a tenant (`ApiUsageState`, `ApiUsageRecordKey`,
 * `ApiFeature`): counters kept as time series of the tenant's API usage state entity, and one state
 * per feature that the tenant profile's monthly limits move from ENABLED to WARNING and DISABLED.
 */

export type ApiUsageStateValue = 'ENABLED' | 'WARNING' | 'DISABLED';

/** A counted usage: its time-series key and the tenant profile limit that applies to it. */
export interface ApiUsageRecordKey {
  key: string;
  feature: ApiFeature;
  limitKey:
    | 'maxTransportMessages'
    | 'maxTransportDataPoints'
    | 'maxREExecutions'
    | 'maxJSExecutions'
    | 'maxEmails'
    | 'maxSms'
    | 'maxCreatedAlarms'
    | null;
}

/** A feature the usage state turns off: its state column and its state time-series key. */
export type ApiFeature = 'TRANSPORT' | 'DB' | 'RE' | 'JS' | 'EMAIL' | 'SMS' | 'ALARM';

export const API_FEATURE_STATE_KEYS: Readonly<Record<ApiFeature, string>> = {
  TRANSPORT: 'transportApiState',
  DB: 'dbApiState',
  RE: 'ruleEngineApiState',
  JS: 'jsExecutionApiState',
  EMAIL: 'emailApiState',
  SMS: 'smsApiState',
  ALARM: 'alarmApiState',
};

export const API_USAGE_KEYS = {
  TRANSPORT_MSG_COUNT: { key: 'transportMsgCount', feature: 'TRANSPORT', limitKey: 'maxTransportMessages' },
  TRANSPORT_DP_COUNT: {
    key: 'transportDataPointsCount',
    feature: 'TRANSPORT',
    limitKey: 'maxTransportDataPoints',
  },
  STORAGE_DP_COUNT: { key: 'storageDataPointsCount', feature: 'DB', limitKey: null },
  RE_EXEC_COUNT: { key: 'ruleEngineExecutionCount', feature: 'RE', limitKey: 'maxREExecutions' },
  JS_EXEC_COUNT: { key: 'jsExecutionCount', feature: 'JS', limitKey: 'maxJSExecutions' },
  EMAIL_EXEC_COUNT: { key: 'emailCount', feature: 'EMAIL', limitKey: 'maxEmails' },
  SMS_EXEC_COUNT: { key: 'smsCount', feature: 'SMS', limitKey: 'maxSms' },
  CREATED_ALARMS_COUNT: { key: 'createdAlarmsCount', feature: 'ALARM', limitKey: 'maxCreatedAlarms' },
} as const satisfies Record<string, ApiUsageRecordKey>;

export type ApiUsageRecordName = keyof typeof API_USAGE_KEYS;

/** The hourly counter's time-series key beside the monthly one, as the reference names it. */
export const hourlyKey = (key: string): string => `${key}Hourly`;

/**
 * The state a count puts a feature in: DISABLED at the limit, WARNING from `warnThreshold` × limit
 * (the reference's default threshold is 0.8 when the profile sets none), ENABLED below or without a
 * limit.
 */
export function usageState(
  count: number,
  limit: number | undefined,
  warnThreshold: number | undefined,
): ApiUsageStateValue {
  if (limit === undefined || limit <= 0) return 'ENABLED';
  if (count >= limit) return 'DISABLED';
  const threshold =
    warnThreshold !== undefined && warnThreshold > 0 && warnThreshold < 1 ? warnThreshold : 0.8;
  return count >= limit * threshold ? 'WARNING' : 'ENABLED';
}

/** The worst of several states (a feature with two counters, such as transport messages and points). */
export function worstState(states: readonly ApiUsageStateValue[]): ApiUsageStateValue {
  if (states.includes('DISABLED')) return 'DISABLED';
  return states.includes('WARNING') ? 'WARNING' : 'ENABLED';
}

/** Start of the UTC month of `ts`: the monthly counters' timestamp and reset point. */
export function monthStart(ts: number): number {
  const date = new Date(ts);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

/** Start of the hour of `ts`: the hourly counters' timestamp. */
export function hourStart(ts: number): number {
  return ts - (ts % 3_600_000);
}
