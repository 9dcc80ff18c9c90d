import {
  DAY_MS,
  HistoryWindowType,
  localTimeZone,
  MINUTE_MS,
  PREDEFINED_AGGREGATION_INTERVALS,
  type PredefinedInterval,
  quickIntervalRange,
  RealtimeWindowType,
  restoreTimewindow,
  SECOND_MS,
  type Timewindow,
  TimewindowType,
} from '@meridian/common';

/**
 * The history time window of a time-ranged table (audit logs, reference console §3.14; alarms,
 * §4.3): the last N (one of the predefined intervals, spec 2 §9) up to now, or a fixed period.
 */
export type HistoryWindow =
  | { kind: 'last'; durationMs: number }
  | { kind: 'fixed'; startTimeMs: number; endTimeMs: number };

/** The audit log opens on the last day. */
export const DEFAULT_HISTORY_WINDOW: HistoryWindow = { kind: 'last', durationMs: DAY_MS };

/** "Last …" choices: the predefined intervals of a minute or more. */
export const HISTORY_INTERVALS: readonly PredefinedInterval[] = PREDEFINED_AGGREGATION_INTERVALS.filter(
  (interval) => interval.ms >= MINUTE_MS,
);

/** Shortest fixed period: the start lies at least 1 s before the end (spec 3 §5). */
export const MIN_PERIOD_MS = SECOND_MS;

/** The epoch-ms bounds a window stands for at `nowMs` (a "last" window ends now). */
export function historyWindowRange(
  window: HistoryWindow,
  nowMs: number,
): { startTime: number; endTime: number } {
  return window.kind === 'last'
    ? { startTime: nowMs - window.durationMs, endTime: nowMs }
    : { startTime: window.startTimeMs, endTime: window.endTimeMs };
}

/**
 * A fixed period as chosen, or null when it is not one: both bounds set and the start at least 1 s
 * before the end. An end after now is clamped to now (spec 3 §5).
 */
export function fixedWindowOf(
  startTimeMs: number | null,
  endTimeMs: number | null,
  nowMs: number,
): HistoryWindow | null {
  if (startTimeMs === null || endTimeMs === null) {
    return null;
  }
  const end = Math.min(endTimeMs, nowMs);
  return end - startTimeMs >= MIN_PERIOD_MS ? { kind: 'fixed', startTimeMs, endTimeMs: end } : null;
}

/**
 * The timewindow a table's window starts the panel from: a "last" window on the Realtime tab when
 * the table follows live data, else on the History tab; a fixed window on the History tab.
 */
export function timewindowOfHistory(window: HistoryWindow, realtime: boolean): Timewindow {
  const hidden = { hideAggregation: true, hideAggInterval: true, hideTimezone: true };
  if (window.kind === 'fixed') {
    return {
      ...hidden,
      selectedTab: TimewindowType.HISTORY,
      history: {
        historyType: HistoryWindowType.FIXED,
        fixedTimewindow: { startTimeMs: window.startTimeMs, endTimeMs: window.endTimeMs },
      },
    };
  }
  return realtime
    ? {
        ...hidden,
        selectedTab: TimewindowType.REALTIME,
        realtime: { realtimeType: RealtimeWindowType.LAST_INTERVAL, timewindowMs: window.durationMs },
      }
    : {
        ...hidden,
        selectedTab: TimewindowType.HISTORY,
        history: { historyType: HistoryWindowType.LAST_INTERVAL, timewindowMs: window.durationMs },
      };
}

/**
 * The table window a timewindow stands for at `nowMs`: a last interval (on either tab) stays
 * "last"; a fixed range or a quick interval (in the browser's time zone) becomes a fixed range.
 */
export function historyWindowOf(saved: Timewindow, nowMs: number): HistoryWindow {
  const timewindow = restoreTimewindow(saved, nowMs);
  const zone = timewindow.timezone ?? localTimeZone();
  const fixed = (range: { startTimeMs: number; endTimeMs: number }): HistoryWindow => ({
    kind: 'fixed',
    ...range,
  });
  if (timewindow.selectedTab === TimewindowType.HISTORY) {
    const history = timewindow.history;
    if (history.historyType === HistoryWindowType.FIXED && history.fixedTimewindow) {
      return fixed(history.fixedTimewindow);
    }
    if (history.historyType === HistoryWindowType.INTERVAL && history.quickInterval) {
      return fixed(quickIntervalRange(history.quickInterval, nowMs, zone));
    }
    return { kind: 'last', durationMs: history.timewindowMs ?? DAY_MS };
  }
  const live = timewindow.realtime;
  if (live.realtimeType === RealtimeWindowType.INTERVAL && live.quickInterval) {
    return fixed(quickIntervalRange(live.quickInterval, nowMs, zone));
  }
  return { kind: 'last', durationMs: live.timewindowMs ?? DAY_MS };
}
