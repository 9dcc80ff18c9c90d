import type { AggregationType, PredefinedInterval } from './aggregation.js';
import {
  AVG_DATAPOINTS,
  MAX_DATAPOINTS_FOR_MIN_INTERVAL,
  MIN_DATAPOINTS_LIMIT,
  PREDEFINED_AGGREGATION_INTERVALS,
} from './aggregation.js';
import { DAY_MS, SECOND_MS } from './time.js';

/**
 * Bounds of the grouping interval a timewindow may use (spec 1 §5, §9). Intervals live between
 * {@link MIN_INTERVAL_MS} and {@link MAX_INTERVAL_MS}; for a window, the smallest interval splits it into
 * 500 points and the largest into 7.
 */

/**
 * Smallest interval. Spec 1 does not give the constant; 1 s follows from rounding minimums up to whole
 * seconds and matches the shortest predefined interval.
 */
export const MIN_INTERVAL_MS = SECOND_MS;
/** Largest interval: about 20 years (7300 days). */
export const MAX_INTERVAL_MS = 7300 * DAY_MS;

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** A lower bound rounded up to whole seconds, then kept within the global limits. */
export function boundMinInterval(min: number | null | undefined): number {
  if (min === null || min === undefined || Number.isNaN(min)) {
    return MIN_INTERVAL_MS;
  }
  return clamp(Math.ceil(min / SECOND_MS) * SECOND_MS, MIN_INTERVAL_MS, MAX_INTERVAL_MS);
}

/** An upper bound rounded down to whole seconds, then kept within the global limits. */
export function boundMaxInterval(max: number | null | undefined): number {
  if (max === null || max === undefined || Number.isNaN(max)) {
    return MAX_INTERVAL_MS;
  }
  return clamp(Math.floor(max / SECOND_MS) * SECOND_MS, MIN_INTERVAL_MS, MAX_INTERVAL_MS);
}

/** Smallest interval allowed for a window: window / 500, bounded. */
export function minIntervalForWindow(windowMs: number): number {
  return boundMinInterval(windowMs / MAX_DATAPOINTS_FOR_MIN_INTERVAL);
}

/** Largest interval allowed for a window: window / 7, bounded. */
export function maxIntervalForWindow(windowMs: number): number {
  return boundMaxInterval(windowMs / MIN_DATAPOINTS_LIMIT);
}

/** Interval aimed at when none is chosen: window / 200, bounded like a minimum. */
export function avgIntervalForWindow(windowMs: number): number {
  return boundMinInterval(windowMs / AVG_DATAPOINTS);
}

/** Keeps an interval within `[min, max]` (spec 1 §5). */
export function clampInterval(intervalMs: number, min: number, max: number): number {
  return clamp(intervalMs, min, max);
}

/** The predefined intervals between the bounded `min` and `max`, shortest first. */
export function predefinedIntervalsInRange(min: number, max: number): PredefinedInterval[] {
  const lower = boundMinInterval(min);
  const upper = boundMaxInterval(max);
  return PREDEFINED_AGGREGATION_INTERVALS.filter((interval) => interval.ms >= lower && interval.ms <= upper);
}

/** The predefined intervals a window may use. */
export function predefinedIntervalsForWindow(windowMs: number): PredefinedInterval[] {
  return predefinedIntervalsInRange(minIntervalForWindow(windowMs), maxIntervalForWindow(windowMs));
}

/**
 * The predefined interval in `[min, max]` nearest to `intervalMs` (or to `min` when no interval is
 * given); the shorter one wins a tie. Without predefined intervals in range, the input is returned.
 */
export function nearestPredefinedInterval(min: number, max: number, intervalMs?: number | null): number {
  const target = intervalMs && intervalMs > 0 ? intervalMs : min;
  let best: number | null = null;
  for (const interval of predefinedIntervalsInRange(min, max)) {
    if (best === null || Math.abs(interval.ms - target) < Math.abs(best - target)) {
      best = interval.ms;
    }
  }
  return best ?? target;
}

/**
 * The grouping interval actually used for a window: 1 s without aggregation; otherwise the chosen
 * interval clamped to the window's bounds, or, when none is chosen, the predefined interval nearest
 * to the window's average interval.
 */
export function boundIntervalToWindow(
  windowMs: number,
  intervalMs: number | null | undefined,
  type: AggregationType,
): number {
  if (type === 'NONE') {
    return SECOND_MS;
  }
  const min = minIntervalForWindow(windowMs);
  const max = maxIntervalForWindow(windowMs);
  if (intervalMs) {
    return clampInterval(intervalMs, min, max);
  }
  return nearestPredefinedInterval(min, max, avgIntervalForWindow(windowMs));
}
