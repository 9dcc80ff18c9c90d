import type { AggregationType } from './aggregation.js';
import { DEFAULT_MAX_DATAPOINTS_LIMIT } from './aggregation.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, MONTH_MS, SECOND_MS, WEEK_MS, YEAR_MS } from './time.js';

/**
 * The timewindow model stored in dashboards and widgets (spec 2 §4, §5, §9). Numeric enum values are
 * what the saved JSON holds (`selectedTab`, `realtimeType`, `historyType`).
 */

/** Which tab of the timewindow is active. */
export const TimewindowType = { REALTIME: 0, HISTORY: 1 } as const;
export type TimewindowType = (typeof TimewindowType)[keyof typeof TimewindowType];

/** Realtime sub-modes: the last N ms, or a "current …" quick interval. */
export const RealtimeWindowType = { LAST_INTERVAL: 0, INTERVAL: 1 } as const;
export type RealtimeWindowType = (typeof RealtimeWindowType)[keyof typeof RealtimeWindowType];

/** History sub-modes: the last N ms, a fixed range, or a quick interval. */
export const HistoryWindowType = { LAST_INTERVAL: 0, FIXED: 1, INTERVAL: 2 } as const;
export type HistoryWindowType = (typeof HistoryWindowType)[keyof typeof HistoryWindowType];

/** Predefined quick intervals (spec 2 §9), as stored in `quickInterval`. */
export const QUICK_TIME_INTERVALS = [
  'YESTERDAY',
  'DAY_BEFORE_YESTERDAY',
  'THIS_DAY_LAST_WEEK',
  'PREVIOUS_WEEK',
  'PREVIOUS_WEEK_ISO',
  'PREVIOUS_MONTH',
  'PREVIOUS_YEAR',
  'CURRENT_HOUR',
  'CURRENT_DAY',
  'CURRENT_DAY_SO_FAR',
  'CURRENT_WEEK',
  'CURRENT_WEEK_ISO',
  'CURRENT_WEEK_SO_FAR',
  'CURRENT_WEEK_ISO_SO_FAR',
  'CURRENT_MONTH',
  'CURRENT_MONTH_SO_FAR',
  'CURRENT_YEAR',
  'CURRENT_YEAR_SO_FAR',
] as const;
export type QuickTimeInterval = (typeof QUICK_TIME_INTERVALS)[number];

/** The "current …" intervals; the only ones offered on the realtime tab. */
export const REALTIME_QUICK_TIME_INTERVALS = QUICK_TIME_INTERVALS.filter((interval) =>
  interval.startsWith('CURRENT_'),
) as readonly QuickTimeInterval[];

/** An absolute time range in epoch ms. */
export interface FixedWindow {
  startTimeMs: number;
  endTimeMs: number;
}

export interface RealtimeWindow {
  realtimeType?: RealtimeWindowType;
  interval?: number;
  timewindowMs?: number;
  quickInterval?: QuickTimeInterval;
}

export interface HistoryWindow {
  historyType?: HistoryWindowType;
  interval?: number;
  timewindowMs?: number;
  fixedTimewindow?: FixedWindow;
  quickInterval?: QuickTimeInterval;
}

export interface TimewindowAggregation {
  type: AggregationType;
  limit: number;
}

/** A timewindow as saved; the hide flags hide parts of the control from viewers (spec 2 §5). */
export interface Timewindow {
  displayValue?: string;
  hideInterval?: boolean;
  hideAggregation?: boolean;
  hideAggInterval?: boolean;
  hideTimezone?: boolean;
  selectedTab?: TimewindowType;
  realtime?: RealtimeWindow;
  history?: HistoryWindow;
  aggregation?: TimewindowAggregation;
  timezone?: string;
}

/**
 * The default timewindow (spec 2 §9): realtime tab, last 1 minute with a 1 s interval, quick interval
 * "current day"; history set to the last interval with a fixed window covering the last day;
 * aggregation AVG limited to half the max data points.
 */
export function createDefaultTimewindow(
  nowMs: number,
  maxDatapointsLimit: number = DEFAULT_MAX_DATAPOINTS_LIMIT,
): Required<Omit<Timewindow, 'timezone'>> {
  return {
    displayValue: '',
    hideInterval: false,
    hideAggregation: false,
    hideAggInterval: false,
    hideTimezone: false,
    selectedTab: TimewindowType.REALTIME,
    realtime: {
      realtimeType: RealtimeWindowType.LAST_INTERVAL,
      interval: SECOND_MS,
      timewindowMs: MINUTE_MS,
      quickInterval: 'CURRENT_DAY',
    },
    history: {
      historyType: HistoryWindowType.LAST_INTERVAL,
      interval: SECOND_MS,
      timewindowMs: MINUTE_MS,
      fixedTimewindow: { startTimeMs: nowMs - DAY_MS, endTimeMs: nowMs },
      quickInterval: 'CURRENT_DAY',
    },
    aggregation: { type: 'AVG', limit: Math.floor(maxDatapointsLimit / 2) },
  };
}

/**
 * Nominal length of a quick interval, used to size realtime windows and aggregation (spec 2 §9:
 * a month counts as 30 days, a year as 365).
 */
export function quickIntervalDurationMs(interval: QuickTimeInterval): number {
  switch (interval) {
    case 'CURRENT_HOUR':
      return HOUR_MS;
    case 'YESTERDAY':
    case 'DAY_BEFORE_YESTERDAY':
    case 'THIS_DAY_LAST_WEEK':
    case 'CURRENT_DAY':
    case 'CURRENT_DAY_SO_FAR':
      return DAY_MS;
    case 'PREVIOUS_WEEK':
    case 'PREVIOUS_WEEK_ISO':
    case 'CURRENT_WEEK':
    case 'CURRENT_WEEK_ISO':
    case 'CURRENT_WEEK_SO_FAR':
    case 'CURRENT_WEEK_ISO_SO_FAR':
      return WEEK_MS;
    case 'PREVIOUS_MONTH':
    case 'CURRENT_MONTH':
    case 'CURRENT_MONTH_SO_FAR':
      return MONTH_MS;
    case 'PREVIOUS_YEAR':
    case 'CURRENT_YEAR':
    case 'CURRENT_YEAR_SO_FAR':
      return YEAR_MS;
  }
}

/**
 * Moves a fixed window back by its own length, so the new window ends where the old one started
 * (spec 2 §4: shifting a non-quick timewindow to the previous interval).
 */
export function previousFixedWindow(window: FixedWindow): FixedWindow {
  const length = window.endTimeMs - window.startTimeMs;
  return { startTimeMs: window.startTimeMs - length, endTimeMs: window.startTimeMs };
}

/** Moves a fixed window back by a positive number of milliseconds (spec 2 §4 custom shift). */
export function shiftFixedWindow(window: FixedWindow, shiftMs: number): FixedWindow {
  if (!(shiftMs > 0)) {
    throw new RangeError(`Timewindow shift must be a positive number of milliseconds, got ${shiftMs}`);
  }
  return { startTimeMs: window.startTimeMs - shiftMs, endTimeMs: window.endTimeMs - shiftMs };
}
