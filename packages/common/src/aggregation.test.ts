import { describe, expect, it } from 'vitest';
import {
  aggregationLimit,
  alignToInterval,
  exceedsMaxTsIntervals,
  normalizeMaxDatapointsLimit,
  PREDEFINED_AGGREGATION_INTERVALS,
  realtimeWindowStart,
} from './aggregation.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from './time.js';

describe('PREDEFINED_AGGREGATION_INTERVALS', () => {
  it('lists the 19 intervals of spec 2 §9 in ms, shortest first', () => {
    expect(PREDEFINED_AGGREGATION_INTERVALS.map((i) => i.ms)).toEqual([
      1000, 5000, 10000, 15000, 30000, 60000, 120000, 300000, 600000, 900000, 1800000, 3600000, 7200000,
      18000000, 36000000, 43200000, 86400000, 604800000, 2592000000,
    ]);
    expect(PREDEFINED_AGGREGATION_INTERVALS[12]).toEqual({ amount: 2, unit: 'HOURS', ms: 2 * HOUR_MS });
  });
});

describe('normalizeMaxDatapointsLimit', () => {
  it('raises 7 or less (and missing values) to 8', () => {
    expect(normalizeMaxDatapointsLimit(7)).toBe(8);
    expect(normalizeMaxDatapointsLimit(1)).toBe(8);
    expect(normalizeMaxDatapointsLimit(0)).toBe(8);
    expect(normalizeMaxDatapointsLimit(-5)).toBe(8);
    expect(normalizeMaxDatapointsLimit(undefined)).toBe(8);
    expect(normalizeMaxDatapointsLimit(null)).toBe(8);
  });

  it('keeps 8 and above', () => {
    expect(normalizeMaxDatapointsLimit(8)).toBe(8);
    expect(normalizeMaxDatapointsLimit(500)).toBe(500);
    expect(normalizeMaxDatapointsLimit(50000)).toBe(50000);
  });
});

describe('aggregationLimit', () => {
  it('is window / interval for real aggregations, rounded up', () => {
    expect(
      aggregationLimit({ type: 'AVG', windowMs: DAY_MS, intervalMs: HOUR_MS, maxDatapointsLimit: 500 }),
    ).toBe(24);
    expect(
      aggregationLimit({
        type: 'MAX',
        windowMs: 10 * SECOND_MS,
        intervalMs: 3 * SECOND_MS,
        maxDatapointsLimit: 500,
      }),
    ).toBe(4);
    expect(
      aggregationLimit({
        type: 'SUM',
        windowMs: MINUTE_MS,
        intervalMs: SECOND_MS,
        maxDatapointsLimit: 10,
        limit: 3,
      }),
    ).toBe(60);
  });

  it('keeps the configured limit, else the max data-point limit, for NONE', () => {
    expect(
      aggregationLimit({ type: 'NONE', windowMs: DAY_MS, intervalMs: SECOND_MS, maxDatapointsLimit: 500 }),
    ).toBe(500);
    expect(
      aggregationLimit({
        type: 'NONE',
        windowMs: DAY_MS,
        intervalMs: SECOND_MS,
        maxDatapointsLimit: 500,
        limit: 200,
      }),
    ).toBe(200);
    expect(
      aggregationLimit({
        type: 'NONE',
        windowMs: DAY_MS,
        intervalMs: SECOND_MS,
        maxDatapointsLimit: 500,
        limit: 0,
      }),
    ).toBe(500);
  });
});

describe('realtime window alignment', () => {
  const now = 1_609_459_234_567; // 2021-01-01T00:00:34.567Z

  it('aligns the start down to a multiple of the interval', () => {
    expect(realtimeWindowStart(now, MINUTE_MS, 5 * SECOND_MS, 'AVG')).toBe(1_609_459_170_000);
    expect(realtimeWindowStart(now, HOUR_MS, HOUR_MS, 'COUNT')).toBe(1_609_455_600_000);
  });

  it('does not align without aggregation', () => {
    expect(realtimeWindowStart(now, MINUTE_MS, 5 * SECOND_MS, 'NONE')).toBe(now - MINUTE_MS);
  });

  it('leaves aligned values and non-positive intervals alone', () => {
    expect(alignToInterval(10_000, 5_000, 'AVG')).toBe(10_000);
    expect(alignToInterval(12_345, 0, 'AVG')).toBe(12_345);
    expect(alignToInterval(-1, 1000, 'MIN')).toBe(-1000);
  });
});

describe('exceedsMaxTsIntervals', () => {
  it('allows up to 700 buckets, counting sub-second intervals as 1 s', () => {
    expect(exceedsMaxTsIntervals(0, 700 * SECOND_MS, SECOND_MS)).toBe(false);
    expect(exceedsMaxTsIntervals(0, 701 * SECOND_MS, SECOND_MS)).toBe(true);
    expect(exceedsMaxTsIntervals(0, 701 * SECOND_MS, 1)).toBe(true);
    expect(exceedsMaxTsIntervals(0, DAY_MS, MINUTE_MS)).toBe(true);
    expect(exceedsMaxTsIntervals(0, DAY_MS, 5 * MINUTE_MS)).toBe(false);
  });
});
