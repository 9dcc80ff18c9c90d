import {
  type AggregationType,
  aggregationLimit,
  alignToInterval,
  boundIntervalToWindow,
  HistoryWindowType,
  isSoFarQuickInterval,
  MAX_TS_INTERVALS,
  PREDEFINED_AGGREGATION_INTERVALS,
  quickIntervalDurationMs,
  quickIntervalRange,
  RealtimeWindowType,
  realtimeWindowStart,
  restoreTimewindow,
  SECOND_MS,
  SERVER_MAX_DATAPOINTS_LIMIT,
  type Timewindow,
  TimewindowType,
} from '@meridian/common';

/** How the points of a window are grouped: the type, the bucket length and the points asked for. */
export interface WindowAggregation {
  type: AggregationType;
  intervalMs: number;
  limit: number;
}

/**
 * What a dashboard (or widget) time window asks of the data subscriptions (reference console §5.5):
 * a rolling window of the last N ms that keeps following new data, or a fixed range fetched once;
 * with the aggregation its points are read with.
 */
export type SubscriptionWindow = (
  | {
      kind: 'realtime';
      timewindowMs: number;
      /**
       * A "current …" interval (spec 2 §4): its calendar start, and its end (none for the "so far"
       * ones, which end now). Without it the window is the last `timewindowMs` up to now.
       */
      current?: { startTs: number; endTs?: number };
    }
  | { kind: 'history'; startTs: number; endTs: number }
) & { aggregation?: WindowAggregation };

/** The subscription window of a saved (possibly partial) time window at `nowMs`. */
export function subscriptionWindowOf(
  saved: Timewindow | undefined,
  nowMs: number,
  browserTimeZone: string,
): SubscriptionWindow {
  const window = restoreTimewindow(saved ?? {}, nowMs, SERVER_MAX_DATAPOINTS_LIMIT);
  const timeZone = window.timezone ?? browserTimeZone;
  const withAggregation = (base: SubscriptionWindow, windowMs: number, intervalMs: number | undefined) => {
    const type = window.aggregation.type;
    const interval = boundIntervalToWindow(windowMs, intervalMs, type);
    const limit = aggregationLimit({
      type,
      windowMs,
      intervalMs: interval,
      maxDatapointsLimit: SERVER_MAX_DATAPOINTS_LIMIT,
      limit: window.aggregation.limit,
    });
    return { ...base, aggregation: { type, intervalMs: interval, limit } };
  };
  if (window.selectedTab === TimewindowType.HISTORY) {
    const history = window.history;
    let range: { startTs: number; endTs: number };
    if (history.historyType === HistoryWindowType.FIXED && history.fixedTimewindow) {
      range = rangeOf(history.fixedTimewindow);
    } else if (history.historyType === HistoryWindowType.INTERVAL && history.quickInterval) {
      range = rangeOf(quickIntervalRange(history.quickInterval, nowMs, timeZone));
    } else {
      const ms = history.timewindowMs ?? 60_000;
      range = { startTs: nowMs - ms, endTs: nowMs };
    }
    return withAggregation({ kind: 'history', ...range }, range.endTs - range.startTs, history.interval);
  }
  const realtime = window.realtime;
  if (realtime.realtimeType === RealtimeWindowType.INTERVAL && realtime.quickInterval) {
    // A "current …" interval covers its calendar range (to now for "so far") and follows new data.
    const range = quickIntervalRange(realtime.quickInterval, nowMs, timeZone);
    const soFar = isSoFarQuickInterval(realtime.quickInterval);
    const current = soFar
      ? { startTs: range.startTimeMs }
      : { startTs: range.startTimeMs, endTs: range.endTimeMs };
    const timewindowMs = range.endTimeMs - range.startTimeMs;
    // Its grouping follows the interval's nominal length, as the reference sizes it.
    const nominal = quickIntervalDurationMs(realtime.quickInterval);
    return withAggregation({ kind: 'realtime', timewindowMs, current }, nominal, realtime.interval);
  }
  const timewindowMs = realtime.timewindowMs ?? 60_000;
  return withAggregation({ kind: 'realtime', timewindowMs }, timewindowMs, realtime.interval);
}

/** The length of the window in ms. */
export function windowLengthMs(window: SubscriptionWindow): number {
  return window.kind === 'realtime' ? window.timewindowMs : window.endTs - window.startTs;
}

/** Buckets a downsampled chart read may have: one per pixel, within the server's bucket guard. */
export const MIN_CHART_POINTS = 100;

/**
 * The aggregation a chart reads its window with (decision 0028). A window with a real aggregation
 * keeps it. With aggregation NONE, a window longer than one second per point the chart can show
 * (its width in pixels, from 100 up to the server's 700 buckets) is read as averages instead: the
 * interval is the smallest predefined one that keeps the window within that many buckets (whole
 * seconds beyond 30 days), so any window returns at most about `points` values per key.
 */
export function chartAggregation(
  window: SubscriptionWindow,
  chartWidthPx: number,
): WindowAggregation | undefined {
  const aggregation = window.aggregation;
  if (aggregation?.type !== 'NONE') return aggregation;
  const points = Math.min(MAX_TS_INTERVALS, Math.max(MIN_CHART_POINTS, Math.round(chartWidthPx) || 0));
  const windowMs = windowLengthMs(window);
  const needed = windowMs / points;
  if (needed <= SECOND_MS) return aggregation;
  const predefined = PREDEFINED_AGGREGATION_INTERVALS.find((interval) => interval.ms >= needed);
  const intervalMs = predefined?.ms ?? Math.ceil(needed / SECOND_MS) * SECOND_MS;
  return { type: 'AVG', intervalMs, limit: Math.ceil(windowMs / intervalMs) };
}

/** Start of the points a window shows at `nowMs`: a rolling window's start is aligned to its buckets. */
export function windowStartTs(
  window: SubscriptionWindow,
  nowMs: number,
  aggregation?: WindowAggregation,
): number {
  if (window.kind === 'history') return window.startTs;
  const agg = aggregation ?? window.aggregation;
  if (window.current) {
    return agg ? alignToInterval(window.current.startTs, agg.intervalMs, agg.type) : window.current.startTs;
  }
  return agg
    ? realtimeWindowStart(nowMs, window.timewindowMs, agg.intervalMs, agg.type)
    : nowMs - window.timewindowMs;
}

function rangeOf(range: { startTimeMs: number; endTimeMs: number }) {
  return { startTs: range.startTimeMs, endTs: range.endTimeMs };
}

/** The time range a window covers at `nowMs`. */
export function subscriptionRange(
  window: SubscriptionWindow,
  nowMs: number,
): { startTs: number; endTs: number } {
  if (window.kind === 'history') return { startTs: window.startTs, endTs: window.endTs };
  if (window.current) return { startTs: window.current.startTs, endTs: window.current.endTs ?? nowMs };
  return { startTs: nowMs - window.timewindowMs, endTs: nowMs };
}

/** The browser's time zone, for quick intervals that follow the calendar. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
