import { AGGREGATION_TYPES, type AggregationType, DEFAULT_MAX_DATAPOINTS_LIMIT } from './aggregation.js';
import { isJsonObject } from './json.js';
import {
  createDefaultTimewindow,
  HistoryWindowType,
  QUICK_TIME_INTERVALS,
  type QuickTimeInterval,
  RealtimeWindowType,
  type Timewindow,
  TimewindowType,
} from './timewindow.js';

/**
 * Reading saved timewindows. Dashboards and widgets often store only part of a timewindow (for
 * example `{"realtime":{"timewindowMs":60000}}`); this fills the rest from the defaults.
 */

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isQuickInterval = (value: unknown): value is QuickTimeInterval =>
  typeof value === 'string' && (QUICK_TIME_INTERVALS as readonly string[]).includes(value);
const isAggregationType = (value: unknown): value is AggregationType =>
  typeof value === 'string' && (AGGREGATION_TYPES as readonly string[]).includes(value);

/**
 * A complete timewindow from a saved (possibly partial or malformed) one: known fields with valid
 * values are kept, everything else comes from {@link createDefaultTimewindow}. When a sub-mode is not
 * saved it is inferred: realtime is a quick interval if only `quickInterval` says so; history is the
 * last interval if `timewindowMs` is saved, else a quick interval if `quickInterval` is, else fixed.
 * The tab is the saved one, else realtime when a realtime part exists, else history when a history
 * part exists. A missing or zero aggregation limit becomes half the max data points.
 */
export function restoreTimewindow(
  saved: unknown,
  nowMs: number,
  maxDatapointsLimit: number = DEFAULT_MAX_DATAPOINTS_LIMIT,
): Required<Omit<Timewindow, 'timezone'>> & Pick<Timewindow, 'timezone'> {
  const result: Required<Omit<Timewindow, 'timezone'>> & Pick<Timewindow, 'timezone'> =
    createDefaultTimewindow(nowMs, maxDatapointsLimit);
  if (!isJsonObject(saved)) {
    return result;
  }
  for (const flag of ['hideInterval', 'hideAggregation', 'hideAggInterval', 'hideTimezone'] as const) {
    const value = saved[flag];
    if (typeof value === 'boolean') {
      result[flag] = value;
    }
  }
  if (typeof saved.displayValue === 'string') {
    result.displayValue = saved.displayValue;
  }
  const realtime = isJsonObject(saved.realtime) ? saved.realtime : null;
  const history = isJsonObject(saved.history) ? saved.history : null;

  if (saved.selectedTab === TimewindowType.REALTIME || saved.selectedTab === TimewindowType.HISTORY) {
    result.selectedTab = saved.selectedTab;
  } else if (!realtime && history) {
    result.selectedTab = TimewindowType.HISTORY;
  }

  if (realtime) {
    if (isNumber(realtime.interval)) result.realtime.interval = realtime.interval;
    if (isNumber(realtime.timewindowMs)) result.realtime.timewindowMs = realtime.timewindowMs;
    if (isQuickInterval(realtime.quickInterval)) result.realtime.quickInterval = realtime.quickInterval;
    if (
      realtime.realtimeType === RealtimeWindowType.LAST_INTERVAL ||
      realtime.realtimeType === RealtimeWindowType.INTERVAL
    ) {
      result.realtime.realtimeType = realtime.realtimeType;
    } else if (isQuickInterval(realtime.quickInterval) && !isNumber(realtime.timewindowMs)) {
      result.realtime.realtimeType = RealtimeWindowType.INTERVAL;
    }
  }

  if (history) {
    if (isNumber(history.interval)) result.history.interval = history.interval;
    if (isNumber(history.timewindowMs)) result.history.timewindowMs = history.timewindowMs;
    if (isQuickInterval(history.quickInterval)) result.history.quickInterval = history.quickInterval;
    const fixed = isJsonObject(history.fixedTimewindow) ? history.fixedTimewindow : null;
    if (fixed && isNumber(fixed.startTimeMs) && isNumber(fixed.endTimeMs)) {
      result.history.fixedTimewindow = { startTimeMs: fixed.startTimeMs, endTimeMs: fixed.endTimeMs };
    }
    const type = history.historyType;
    if (
      type === HistoryWindowType.LAST_INTERVAL ||
      type === HistoryWindowType.FIXED ||
      type === HistoryWindowType.INTERVAL
    ) {
      result.history.historyType = type;
    } else if (isNumber(history.timewindowMs)) {
      result.history.historyType = HistoryWindowType.LAST_INTERVAL;
    } else if (isQuickInterval(history.quickInterval)) {
      result.history.historyType = HistoryWindowType.INTERVAL;
    } else {
      result.history.historyType = HistoryWindowType.FIXED;
    }
  }

  const aggregation = isJsonObject(saved.aggregation) ? saved.aggregation : null;
  if (aggregation) {
    if (isAggregationType(aggregation.type)) result.aggregation.type = aggregation.type;
    if (isNumber(aggregation.limit) && aggregation.limit > 0) result.aggregation.limit = aggregation.limit;
  }
  if (typeof saved.timezone === 'string' && saved.timezone.length > 0) {
    result.timezone = saved.timezone;
  }
  return result;
}
