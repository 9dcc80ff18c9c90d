import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS, WEEK_MS } from './time.js';
import {
  createDefaultTimewindow,
  previousFixedWindow,
  QUICK_TIME_INTERVALS,
  quickIntervalDurationMs,
  REALTIME_QUICK_TIME_INTERVALS,
  shiftFixedWindow,
} from './timewindow.js';

describe('createDefaultTimewindow', () => {
  const now = 1_700_000_000_000;

  it('matches the defaults of spec 2 §9', () => {
    expect(createDefaultTimewindow(now, 500)).toEqual({
      displayValue: '',
      hideInterval: false,
      hideAggregation: false,
      hideAggInterval: false,
      hideTimezone: false,
      selectedTab: 0,
      realtime: {
        realtimeType: 0,
        interval: SECOND_MS,
        timewindowMs: MINUTE_MS,
        quickInterval: 'CURRENT_DAY',
      },
      history: {
        historyType: 0,
        interval: SECOND_MS,
        timewindowMs: MINUTE_MS,
        fixedTimewindow: { startTimeMs: now - DAY_MS, endTimeMs: now },
        quickInterval: 'CURRENT_DAY',
      },
      aggregation: { type: 'AVG', limit: 250 },
    });
  });

  it('halves the max data-point limit, rounding down, and defaults it to 500', () => {
    expect(createDefaultTimewindow(now, 25_001).aggregation.limit).toBe(12_500);
    expect(createDefaultTimewindow(now).aggregation.limit).toBe(250);
  });

  it('returns fresh objects', () => {
    const a = createDefaultTimewindow(now);
    a.realtime.interval = 5;
    expect(createDefaultTimewindow(now).realtime.interval).toBe(SECOND_MS);
  });
});

describe('quick intervals', () => {
  it('has 18 stored names, 11 of them realtime', () => {
    expect(QUICK_TIME_INTERVALS).toHaveLength(18);
    expect(REALTIME_QUICK_TIME_INTERVALS).toEqual([
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
    ]);
  });

  it('sizes months as 30 days and years as 365 days', () => {
    expect(quickIntervalDurationMs('CURRENT_HOUR')).toBe(HOUR_MS);
    expect(quickIntervalDurationMs('YESTERDAY')).toBe(DAY_MS);
    expect(quickIntervalDurationMs('PREVIOUS_WEEK_ISO')).toBe(WEEK_MS);
    expect(quickIntervalDurationMs('CURRENT_MONTH_SO_FAR')).toBe(30 * DAY_MS);
    expect(quickIntervalDurationMs('PREVIOUS_YEAR')).toBe(365 * DAY_MS);
  });
});

describe('shifting fixed windows', () => {
  it('moves back by the window length', () => {
    expect(previousFixedWindow({ startTimeMs: 10_000, endTimeMs: 13_000 })).toEqual({
      startTimeMs: 7_000,
      endTimeMs: 10_000,
    });
  });

  it('moves back by a custom positive amount', () => {
    expect(shiftFixedWindow({ startTimeMs: 10_000, endTimeMs: 13_000 }, 500)).toEqual({
      startTimeMs: 9_500,
      endTimeMs: 12_500,
    });
    expect(() => shiftFixedWindow({ startTimeMs: 0, endTimeMs: 1 }, 0)).toThrow(RangeError);
    expect(() => shiftFixedWindow({ startTimeMs: 0, endTimeMs: 1 }, -5)).toThrow(RangeError);
  });
});
