import {
  HistoryWindowType,
  quickIntervalDurationMs,
  quickIntervalRange,
  RealtimeWindowType,
  restoreTimewindow,
  type Timewindow,
  TimewindowType,
} from '@meridian/common';

/**
 * What a dashboard (or widget) time window asks of the data subscriptions (reference console §5.5):
 * a rolling window of the last N ms that keeps following new data, or a fixed range fetched once.
 */
export type SubscriptionWindow =
  | { kind: 'realtime'; timewindowMs: number }
  | { kind: 'history'; startTs: number; endTs: number };

/** The subscription window of a saved (possibly partial) time window at `nowMs`. */
export function subscriptionWindowOf(
  saved: Timewindow | undefined,
  nowMs: number,
  timeZone: string,
): SubscriptionWindow {
  const window = restoreTimewindow(saved ?? {}, nowMs);
  if (window.selectedTab === TimewindowType.HISTORY) {
    const history = window.history;
    if (history.historyType === HistoryWindowType.FIXED && history.fixedTimewindow) {
      return { kind: 'history', ...rangeOf(history.fixedTimewindow) };
    }
    if (history.historyType === HistoryWindowType.INTERVAL && history.quickInterval) {
      return { kind: 'history', ...rangeOf(quickIntervalRange(history.quickInterval, nowMs, timeZone)) };
    }
    const ms = history.timewindowMs ?? 60_000;
    return { kind: 'history', startTs: nowMs - ms, endTs: nowMs };
  }
  const realtime = window.realtime;
  if (realtime.realtimeType === RealtimeWindowType.INTERVAL && realtime.quickInterval) {
    // A "current …" interval rolls like the last N ms of its nominal length.
    return { kind: 'realtime', timewindowMs: quickIntervalDurationMs(realtime.quickInterval) };
  }
  return { kind: 'realtime', timewindowMs: realtime.timewindowMs ?? 60_000 };
}

function rangeOf(range: { startTimeMs: number; endTimeMs: number }) {
  return { startTs: range.startTimeMs, endTs: range.endTimeMs };
}

export type DurationUnit = 'DAYS' | 'HOURS' | 'MINUTES' | 'SECONDS';
const UNITS: [DurationUnit, number][] = [
  ['DAYS', 86_400_000],
  ['HOURS', 3_600_000],
  ['MINUTES', 60_000],
  ['SECONDS', 1000],
];

/** A duration in the largest unit that divides it ("2 hours", "90 minutes"), for the toolbar text. */
export function durationParts(ms: number): { unit: DurationUnit; count: number } {
  for (const [unit, size] of UNITS) {
    if (ms >= size && ms % size === 0) return { unit, count: ms / size };
  }
  return { unit: 'SECONDS', count: Math.max(1, Math.round(ms / 1000)) };
}

/** The time range a window covers at `nowMs`. */
export function subscriptionRange(
  window: SubscriptionWindow,
  nowMs: number,
): { startTs: number; endTs: number } {
  return window.kind === 'realtime'
    ? { startTs: nowMs - window.timewindowMs, endTs: nowMs }
    : { startTs: window.startTs, endTs: window.endTs };
}

/** The browser's time zone, for quick intervals that follow the calendar. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
