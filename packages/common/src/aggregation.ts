import type { TimeUnit } from './time.js';
import { TIME_UNIT_MS } from './time.js';

/**
 * Aggregation of time series and the data-point limits around it (spec 2 §5, §9; spec 1 §9;
 * reference §1.4 "Aggregation").
 */

export const AGGREGATION_TYPES = ['MIN', 'MAX', 'AVG', 'SUM', 'COUNT', 'NONE'] as const;
export type AggregationType = (typeof AGGREGATION_TYPES)[number];

/** A predefined grouping interval: `amount` of `unit`, and its length in ms. */
export interface PredefinedInterval {
  amount: number;
  unit: TimeUnit;
  ms: number;
}

const predefined = (amount: number, unit: TimeUnit): PredefinedInterval => ({
  amount,
  unit,
  ms: amount * TIME_UNIT_MS[unit],
});

/** Grouping intervals offered by the timewindow control, shortest first (spec 2 §9). */
export const PREDEFINED_AGGREGATION_INTERVALS: readonly PredefinedInterval[] = [
  predefined(1, 'SECONDS'),
  predefined(5, 'SECONDS'),
  predefined(10, 'SECONDS'),
  predefined(15, 'SECONDS'),
  predefined(30, 'SECONDS'),
  predefined(1, 'MINUTES'),
  predefined(2, 'MINUTES'),
  predefined(5, 'MINUTES'),
  predefined(10, 'MINUTES'),
  predefined(15, 'MINUTES'),
  predefined(30, 'MINUTES'),
  predefined(1, 'HOURS'),
  predefined(2, 'HOURS'),
  predefined(5, 'HOURS'),
  predefined(10, 'HOURS'),
  predefined(12, 'HOURS'),
  predefined(1, 'DAYS'),
  predefined(7, 'DAYS'),
  predefined(30, 'DAYS'),
];

/** Max data points the console assumes until the server tells it (`/api/dashboard/maxDatapointsLimit`). */
export const DEFAULT_MAX_DATAPOINTS_LIMIT = 500;
/** What the reference server reports by default (`ui.dashboard.max_datapoints_limit`). */
export const SERVER_MAX_DATAPOINTS_LIMIT = 50000;
/** Fewest data points a window is divided into; bounds the largest interval. */
export const MIN_DATAPOINTS_LIMIT = 7;
/** Points a window is divided into when no interval is chosen. */
export const AVG_DATAPOINTS = 200;
/** Most points a window is divided into; bounds the smallest interval. */
export const MAX_DATAPOINTS_FOR_MIN_INTERVAL = 500;
/** Buckets one aggregated query may have (`database.ts_max_intervals`). */
export const MAX_TS_INTERVALS = 700;
/** Limit a WebSocket time-series command uses when it sends 0 (reference §3.2). */
export const DEFAULT_WS_TS_LIMIT = 100;

/**
 * Max-datapoints rule (spec 1 §9): the server's value is used unless it is missing or 7 or less, in
 * which case it is raised to 8.
 */
export function normalizeMaxDatapointsLimit(limit: number | null | undefined): number {
  if (!limit || limit <= MIN_DATAPOINTS_LIMIT) {
    return MIN_DATAPOINTS_LIMIT + 1;
  }
  return limit;
}

/**
 * Number of points to request (spec 2 §5): for real aggregations the window length divided by the
 * interval, rounded up so a partial last bucket counts; for NONE the configured limit, falling back
 * to the max data-point limit when none (or 0) is configured.
 */
export function aggregationLimit(params: {
  type: AggregationType;
  windowMs: number;
  intervalMs: number;
  maxDatapointsLimit: number;
  limit?: number | null;
}): number {
  if (params.type === 'NONE' || params.intervalMs <= 0) {
    return params.limit || params.maxDatapointsLimit;
  }
  return Math.ceil(params.windowMs / params.intervalMs);
}

/**
 * Start of a realtime "last interval" window (spec 2 §5): `now - window`, aligned down to a multiple of
 * the aggregation interval unless aggregation is NONE, so buckets stay stable as time moves on.
 */
export function realtimeWindowStart(
  nowMs: number,
  windowMs: number,
  intervalMs: number,
  type: AggregationType,
): number {
  const start = nowMs - windowMs;
  return alignToInterval(start, intervalMs, type);
}

/** Aligns a timestamp down to a multiple of `intervalMs` (unchanged for NONE or a non-positive interval). */
export function alignToInterval(ts: number, intervalMs: number, type: AggregationType): number {
  if (type === 'NONE' || intervalMs <= 0) {
    return ts;
  }
  return ts - (((ts % intervalMs) + intervalMs) % intervalMs);
}

/**
 * Server guard (reference §1.4): an aggregated query is rejected when it would produce more than
 * {@link MAX_TS_INTERVALS} buckets, counting intervals below 1 s as 1 s.
 */
export function exceedsMaxTsIntervals(startTs: number, endTs: number, intervalMs: number): boolean {
  return (endTs - startTs) / Math.max(intervalMs, 1000) > MAX_TS_INTERVALS;
}
