import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from './time.js';
import {
  avgIntervalForWindow,
  boundIntervalToWindow,
  boundMaxInterval,
  boundMinInterval,
  clampInterval,
  MAX_INTERVAL_MS,
  MIN_INTERVAL_MS,
  maxIntervalForWindow,
  minIntervalForWindow,
  nearestPredefinedInterval,
  predefinedIntervalsForWindow,
  predefinedIntervalsInRange,
} from './timewindow-interval.js';

describe('interval bounds', () => {
  it('rounds the minimum up and the maximum down to whole seconds', () => {
    expect(boundMinInterval(1500)).toBe(2000);
    expect(boundMinInterval(1200)).toBe(2000);
    expect(boundMaxInterval(1999)).toBe(1000);
    expect(boundMinInterval(172_800.5)).toBe(173_000);
    expect(boundMaxInterval(8571.43)).toBe(8000);
    expect(boundMaxInterval(12_342_857.1)).toBe(12_342_000);
  });

  it('keeps bounds within 1 s and 7300 days', () => {
    expect(MAX_INTERVAL_MS).toBe(7300 * DAY_MS);
    expect(boundMinInterval(0)).toBe(MIN_INTERVAL_MS);
    expect(boundMinInterval(1)).toBe(1000);
    expect(boundMaxInterval(999)).toBe(MIN_INTERVAL_MS);
    expect(boundMinInterval(MAX_INTERVAL_MS * 2)).toBe(MAX_INTERVAL_MS);
    expect(boundMaxInterval(undefined)).toBe(MAX_INTERVAL_MS);
    expect(boundMinInterval(null)).toBe(MIN_INTERVAL_MS);
  });

  it('derives window bounds from 500, 7 and 200 points', () => {
    expect(minIntervalForWindow(MINUTE_MS)).toBe(1000);
    expect(maxIntervalForWindow(MINUTE_MS)).toBe(8000);
    expect(minIntervalForWindow(DAY_MS)).toBe(173_000);
    expect(maxIntervalForWindow(DAY_MS)).toBe(12_342_000);
    expect(avgIntervalForWindow(DAY_MS)).toBe(432_000);
  });

  it('clamps intervals', () => {
    expect(clampInterval(500, 1000, 8000)).toBe(1000);
    expect(clampInterval(9000, 1000, 8000)).toBe(8000);
    expect(clampInterval(5000, 1000, 8000)).toBe(5000);
  });
});

describe('predefined intervals for a window', () => {
  it('offers 1 s and 5 s for one minute', () => {
    expect(predefinedIntervalsForWindow(MINUTE_MS).map((i) => i.ms)).toEqual([1000, 5000]);
  });

  it('offers 5 min to 2 h for one day', () => {
    expect(predefinedIntervalsForWindow(DAY_MS).map((i) => i.ms)).toEqual([
      5 * MINUTE_MS,
      10 * MINUTE_MS,
      15 * MINUTE_MS,
      30 * MINUTE_MS,
      HOUR_MS,
      2 * HOUR_MS,
    ]);
  });

  it('filters by explicit bounds (inclusive)', () => {
    expect(predefinedIntervalsInRange(10 * SECOND_MS, MINUTE_MS).map((i) => i.ms)).toEqual([
      10000, 15000, 30000, 60000,
    ]);
    expect(predefinedIntervalsInRange(3000, 4000)).toEqual([]);
  });

  it('picks the nearest predefined interval, shorter on ties', () => {
    expect(
      nearestPredefinedInterval(minIntervalForWindow(DAY_MS), maxIntervalForWindow(DAY_MS), 432_000),
    ).toBe(5 * MINUTE_MS);
    expect(nearestPredefinedInterval(1000, 60_000, 12_500)).toBe(10_000);
    expect(nearestPredefinedInterval(3000, 4000, 3500)).toBe(3500);
  });
});

describe('boundIntervalToWindow', () => {
  it('is 1 s without aggregation', () => {
    expect(boundIntervalToWindow(DAY_MS, HOUR_MS, 'NONE')).toBe(SECOND_MS);
  });

  it('clamps a chosen interval to the window', () => {
    expect(boundIntervalToWindow(DAY_MS, SECOND_MS, 'AVG')).toBe(173_000);
    expect(boundIntervalToWindow(DAY_MS, DAY_MS, 'AVG')).toBe(12_342_000);
    expect(boundIntervalToWindow(DAY_MS, HOUR_MS, 'AVG')).toBe(HOUR_MS);
  });

  it('picks a predefined interval near the average when none is chosen', () => {
    expect(boundIntervalToWindow(DAY_MS, undefined, 'AVG')).toBe(5 * MINUTE_MS);
    expect(boundIntervalToWindow(MINUTE_MS, 0, 'MAX')).toBe(SECOND_MS);
  });
});
