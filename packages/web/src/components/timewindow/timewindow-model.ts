import {
  type AggregationType,
  DEFAULT_MAX_DATAPOINTS_LIMIT,
  HistoryWindowType,
  maxIntervalForWindow,
  minIntervalForWindow,
  nearestPredefinedInterval,
  type PredefinedInterval,
  predefinedIntervalsForWindow,
  type QuickTimeInterval,
  quickIntervalDurationMs,
  RealtimeWindowType,
  type restoreTimewindow,
  TimewindowType,
} from '@meridian/common';

/**
 * The pure rules behind the time-window panel (spec 3 §2.3, spec 2 §4–§9, reference console §5.5):
 * which window a timewindow selects, which grouping intervals it may use, and what its button says.
 */

/** A complete timewindow, every part filled (what the panel edits). */
export type FullTimewindow = ReturnType<typeof restoreTimewindow>;

/** The length of the window a timewindow selects (quick intervals by their nominal length). */
export function selectedWindowMs(timewindow: FullTimewindow): number {
  if (timewindow.selectedTab === TimewindowType.HISTORY) {
    const history = timewindow.history;
    if (history.historyType === HistoryWindowType.FIXED && history.fixedTimewindow) {
      return Math.max(0, history.fixedTimewindow.endTimeMs - history.fixedTimewindow.startTimeMs);
    }
    if (history.historyType === HistoryWindowType.INTERVAL && history.quickInterval) {
      return quickIntervalDurationMs(history.quickInterval);
    }
    return history.timewindowMs ?? 0;
  }
  const realtime = timewindow.realtime;
  if (realtime.realtimeType === RealtimeWindowType.INTERVAL && realtime.quickInterval) {
    return quickIntervalDurationMs(realtime.quickInterval);
  }
  return realtime.timewindowMs ?? 0;
}

/** The grouping intervals offered for a window: predefined ones from window/500 to window/7. */
export function groupingIntervalsForWindow(windowMs: number): PredefinedInterval[] {
  return predefinedIntervalsForWindow(windowMs);
}

/**
 * The grouping interval kept when the window changes: the chosen one when the window allows it,
 * else the allowed predefined interval nearest to it.
 */
export function validGroupingInterval(windowMs: number, intervalMs: number | undefined): number {
  const min = minIntervalForWindow(windowMs);
  const max = maxIntervalForWindow(windowMs);
  if (intervalMs && intervalMs >= min && intervalMs <= max) return intervalMs;
  return nearestPredefinedInterval(min, max, intervalMs);
}

/** The selected tab's grouping interval, as saved. */
export function selectedInterval(timewindow: FullTimewindow): number | undefined {
  return timewindow.selectedTab === TimewindowType.HISTORY
    ? timewindow.history.interval
    : timewindow.realtime.interval;
}

/** The timewindow with the selected tab's grouping interval set. */
export function withSelectedInterval(timewindow: FullTimewindow, intervalMs: number): FullTimewindow {
  return timewindow.selectedTab === TimewindowType.HISTORY
    ? { ...timewindow, history: { ...timewindow.history, interval: intervalMs } }
    : { ...timewindow, realtime: { ...timewindow.realtime, interval: intervalMs } };
}

/** The timewindow with its grouping interval made valid for the window it selects. */
export function withValidInterval(timewindow: FullTimewindow): FullTimewindow {
  const interval = validGroupingInterval(selectedWindowMs(timewindow), selectedInterval(timewindow));
  return withSelectedInterval(timewindow, interval);
}

/** Limit of points for aggregation NONE: 1 up to the max data points. */
export function validLimit(limit: number, maxDatapointsLimit = DEFAULT_MAX_DATAPOINTS_LIMIT): number {
  if (!Number.isFinite(limit)) return maxDatapointsLimit;
  return Math.min(Math.max(1, Math.round(limit)), maxDatapointsLimit);
}

/** What the button shows, before translation. */
export type TimewindowDisplay =
  | { tab: 'realtime' | 'history'; kind: 'last'; durationMs: number }
  | { tab: 'realtime' | 'history'; kind: 'quick'; interval: QuickTimeInterval }
  | { tab: 'history'; kind: 'fixed'; startTimeMs: number; endTimeMs: number };

/** The parts of the reference's display value ("Realtime - last 1 minute", "History - Yesterday"). */
export function timewindowDisplay(timewindow: FullTimewindow): TimewindowDisplay {
  if (timewindow.selectedTab === TimewindowType.HISTORY) {
    const history = timewindow.history;
    if (history.historyType === HistoryWindowType.FIXED && history.fixedTimewindow) {
      return { tab: 'history', kind: 'fixed', ...history.fixedTimewindow };
    }
    if (history.historyType === HistoryWindowType.INTERVAL && history.quickInterval) {
      return { tab: 'history', kind: 'quick', interval: history.quickInterval };
    }
    return { tab: 'history', kind: 'last', durationMs: history.timewindowMs ?? 0 };
  }
  const realtime = timewindow.realtime;
  if (realtime.realtimeType === RealtimeWindowType.INTERVAL && realtime.quickInterval) {
    return { tab: 'realtime', kind: 'quick', interval: realtime.quickInterval };
  }
  return { tab: 'realtime', kind: 'last', durationMs: realtime.timewindowMs ?? 0 };
}

export type DurationUnit = 'DAYS' | 'HOURS' | 'MINUTES' | 'SECONDS';
const UNITS: [DurationUnit, number][] = [
  ['DAYS', 86_400_000],
  ['HOURS', 3_600_000],
  ['MINUTES', 60_000],
  ['SECONDS', 1000],
];

/**
 * A duration split into days, hours, minutes and seconds, leaving out zero parts ("1 day 2 hours"),
 * as the reference writes a time interval; under a second it is one second.
 */
export function timeIntervalParts(ms: number): { unit: DurationUnit; count: number }[] {
  let rest = Math.max(0, Math.round(ms / 1000) * 1000);
  const parts: { unit: DurationUnit; count: number }[] = [];
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size);
    if (count > 0) parts.push({ unit, count });
    rest -= count * size;
  }
  return parts.length > 0 ? parts : [{ unit: 'SECONDS', count: 1 }];
}

/** Aggregation types in the panel's order (reference: None first). */
export const PANEL_AGGREGATION_TYPES: readonly AggregationType[] = [
  'NONE',
  'MIN',
  'MAX',
  'AVG',
  'SUM',
  'COUNT',
];

/** Time zones the browser knows, for the time zone select (empty when it cannot list them). */
export function knownTimeZones(): string[] {
  const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
  try {
    return intl.supportedValuesOf ? intl.supportedValuesOf('timeZone') : [];
  } catch {
    return [];
  }
}
