import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS, TimewindowType } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import {
  chartAggregation,
  subscriptionRange,
  subscriptionWindowOf,
  windowStartTs,
} from './subscription-window';

const NOW = Date.UTC(2024, 4, 10, 12, 0, 30);

describe('subscription window', () => {
  it('reads the saved aggregation: AVG by default, interval from the window, limit window/interval', () => {
    const window = subscriptionWindowOf({ realtime: { timewindowMs: HOUR_MS } }, NOW, 'UTC');
    // The default interval (1 s) is raised to the smallest the window allows: 1 h / 500 = 7.2 s, rounded up to 8 s.
    expect(window).toEqual({
      kind: 'realtime',
      timewindowMs: HOUR_MS,
      aggregation: { type: 'AVG', intervalMs: 8 * SECOND_MS, limit: 450 },
    });
    const chosen = subscriptionWindowOf(
      { realtime: { timewindowMs: HOUR_MS, interval: MINUTE_MS }, aggregation: { type: 'MAX', limit: 10 } },
      NOW,
      'UTC',
    );
    expect(chosen.aggregation).toEqual({ type: 'MAX', intervalMs: MINUTE_MS, limit: 60 });
  });

  it('keeps the max values of aggregation None, 25 000 when none is saved', () => {
    const none = subscriptionWindowOf({ aggregation: { type: 'NONE', limit: 300 } }, NOW, 'UTC');
    expect(none.aggregation).toEqual({ type: 'NONE', intervalMs: SECOND_MS, limit: 300 });
    const unset = subscriptionWindowOf({ aggregation: { type: 'NONE', limit: 0 } }, NOW, 'UTC');
    expect(unset.aggregation?.limit).toBe(25_000);
  });

  it('computes quick intervals in the saved time zone', () => {
    const window = subscriptionWindowOf(
      {
        selectedTab: TimewindowType.HISTORY,
        history: { historyType: 2, quickInterval: 'CURRENT_DAY' },
        timezone: 'Asia/Tokyo',
      },
      NOW,
      'UTC',
    );
    // 12:00 UTC is 21:00 in Tokyo: the Tokyo day started at 15:00 UTC the day before.
    expect(window).toMatchObject({
      kind: 'history',
      startTs: Date.UTC(2024, 4, 9, 15),
      endTs: Date.UTC(2024, 4, 10, 15),
    });
  });

  it('covers the calendar range of a current interval in realtime, to now for the "so far" ones', () => {
    const day = subscriptionWindowOf(
      { realtime: { realtimeType: 1, quickInterval: 'CURRENT_DAY', interval: HOUR_MS } },
      NOW,
      'UTC',
    );
    const midnight = Date.UTC(2024, 4, 10);
    expect(day).toMatchObject({
      kind: 'realtime',
      timewindowMs: DAY_MS,
      current: { startTs: midnight, endTs: midnight + DAY_MS },
    });
    expect(subscriptionRange(day, NOW)).toEqual({ startTs: midnight, endTs: midnight + DAY_MS });
    expect(windowStartTs(day, NOW)).toBe(midnight);
    const soFar = subscriptionWindowOf(
      { realtime: { realtimeType: 1, quickInterval: 'CURRENT_DAY_SO_FAR' } },
      NOW,
      'UTC',
    );
    expect(soFar).toMatchObject({ current: { startTs: midnight } });
    expect(subscriptionRange(soFar, NOW + 5000)).toEqual({ startTs: midnight, endTs: NOW + 5000 });
  });

  it('aligns the start of an aggregated rolling window to its buckets', () => {
    const window = subscriptionWindowOf(
      { realtime: { timewindowMs: HOUR_MS, interval: MINUTE_MS } },
      NOW,
      'UTC',
    );
    expect(windowStartTs(window, NOW)).toBe(Date.UTC(2024, 4, 10, 11, 0, 0));
    const raw = subscriptionWindowOf(
      { realtime: { timewindowMs: HOUR_MS }, aggregation: { type: 'NONE', limit: 5 } },
      NOW,
      'UTC',
    );
    expect(windowStartTs(raw, NOW)).toBe(NOW - HOUR_MS);
  });
});

describe('chart downsampling (decision 0028)', () => {
  const none = { type: 'NONE' as const, intervalMs: SECOND_MS, limit: 25_000 };

  it('keeps raw points while the window has at most one second per point the chart can show', () => {
    const window = { kind: 'realtime' as const, timewindowMs: 5 * MINUTE_MS, aggregation: none };
    expect(chartAggregation(window, 800)).toBe(none);
  });

  it('reads a long window as averages, at most one bucket per pixel and 700 in all', () => {
    const ninetyDays = {
      kind: 'history' as const,
      startTs: NOW - 90 * DAY_MS,
      endTs: NOW,
      aggregation: none,
    };
    const agg = chartAggregation(ninetyDays, 1200);
    // 90 days / 700 buckets = 3.09 h: the next predefined interval is 5 hours.
    expect(agg).toEqual({ type: 'AVG', intervalMs: 5 * HOUR_MS, limit: 432 });
    const narrow = chartAggregation(ninetyDays, 300);
    expect(narrow).toEqual({ type: 'AVG', intervalMs: 10 * HOUR_MS, limit: 216 });
    // A day on a 400 px chart: 216 s per pixel, 5-minute buckets.
    const day = { kind: 'realtime' as const, timewindowMs: DAY_MS, aggregation: none };
    expect(chartAggregation(day, 400)).toEqual({ type: 'AVG', intervalMs: 5 * MINUTE_MS, limit: 288 });
    // Beyond the predefined intervals: whole seconds.
    const years = { kind: 'history' as const, startTs: 0, endTs: 100 * 365 * DAY_MS, aggregation: none };
    const longest = chartAggregation(years, 700);
    expect(longest?.intervalMs).toBe(Math.ceil((100 * 365 * DAY_MS) / 700 / 1000) * 1000);
    expect(longest?.limit).toBeLessThanOrEqual(700);
  });

  it('leaves a chosen aggregation alone', () => {
    const avg = { type: 'MAX' as const, intervalMs: MINUTE_MS, limit: 60 };
    expect(chartAggregation({ kind: 'realtime', timewindowMs: 90 * DAY_MS, aggregation: avg }, 100)).toBe(
      avg,
    );
  });
});
