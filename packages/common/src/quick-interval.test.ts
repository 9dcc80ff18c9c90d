import { describe, expect, it } from 'vitest';
import { quickIntervalRange, quickIntervalUnit } from './quick-interval.js';
import { QUICK_TIME_INTERVALS } from './timewindow.js';

// Wednesday 2021-03-17 15:42:10.500 UTC.
const NOW = Date.UTC(2021, 2, 17, 15, 42, 10, 500);
const utc = (...args: [number, number, number, number?]) =>
  Date.UTC(args[0], args[1] - 1, args[2], args[3] ?? 0);
const range = (interval: (typeof QUICK_TIME_INTERVALS)[number], back = 0, zone = 'UTC') =>
  quickIntervalRange(interval, NOW, zone, back);

describe('quickIntervalRange in UTC', () => {
  it('covers the current hour, day, week, month and year', () => {
    expect(range('CURRENT_HOUR')).toEqual({
      startTimeMs: utc(2021, 3, 17, 15),
      endTimeMs: utc(2021, 3, 17, 16),
    });
    expect(range('CURRENT_DAY')).toEqual({ startTimeMs: utc(2021, 3, 17), endTimeMs: utc(2021, 3, 18) });
    expect(range('CURRENT_WEEK')).toEqual({ startTimeMs: utc(2021, 3, 14), endTimeMs: utc(2021, 3, 21) });
    expect(range('CURRENT_WEEK_ISO')).toEqual({ startTimeMs: utc(2021, 3, 15), endTimeMs: utc(2021, 3, 22) });
    expect(range('CURRENT_MONTH')).toEqual({ startTimeMs: utc(2021, 3, 1), endTimeMs: utc(2021, 4, 1) });
    expect(range('CURRENT_YEAR')).toEqual({ startTimeMs: utc(2021, 1, 1), endTimeMs: utc(2022, 1, 1) });
  });

  it('ends "so far" intervals now', () => {
    expect(range('CURRENT_DAY_SO_FAR')).toEqual({ startTimeMs: utc(2021, 3, 17), endTimeMs: NOW });
    expect(range('CURRENT_WEEK_ISO_SO_FAR')).toEqual({ startTimeMs: utc(2021, 3, 15), endTimeMs: NOW });
    expect(range('CURRENT_YEAR_SO_FAR')).toEqual({ startTimeMs: utc(2021, 1, 1), endTimeMs: NOW });
  });

  it('covers the past intervals', () => {
    expect(range('YESTERDAY')).toEqual({ startTimeMs: utc(2021, 3, 16), endTimeMs: utc(2021, 3, 17) });
    expect(range('DAY_BEFORE_YESTERDAY')).toEqual({
      startTimeMs: utc(2021, 3, 15),
      endTimeMs: utc(2021, 3, 16),
    });
    expect(range('THIS_DAY_LAST_WEEK')).toEqual({
      startTimeMs: utc(2021, 3, 10),
      endTimeMs: utc(2021, 3, 11),
    });
    expect(range('PREVIOUS_WEEK')).toEqual({ startTimeMs: utc(2021, 3, 7), endTimeMs: utc(2021, 3, 14) });
    expect(range('PREVIOUS_WEEK_ISO')).toEqual({ startTimeMs: utc(2021, 3, 8), endTimeMs: utc(2021, 3, 15) });
    expect(range('PREVIOUS_MONTH')).toEqual({ startTimeMs: utc(2021, 2, 1), endTimeMs: utc(2021, 3, 1) });
    expect(range('PREVIOUS_YEAR')).toEqual({ startTimeMs: utc(2020, 1, 1), endTimeMs: utc(2021, 1, 1) });
  });

  it('treats Sunday as the first day of a plain week and the last of an ISO week', () => {
    const sunday = Date.UTC(2021, 2, 21, 12);
    expect(quickIntervalRange('CURRENT_WEEK', sunday, 'UTC').startTimeMs).toBe(utc(2021, 3, 21));
    expect(quickIntervalRange('CURRENT_WEEK_ISO', sunday, 'UTC').startTimeMs).toBe(utc(2021, 3, 15));
  });
});

describe('moving back by calendar units', () => {
  it('moves each interval back by its own unit', () => {
    expect(range('CURRENT_HOUR', 1)).toEqual({
      startTimeMs: utc(2021, 3, 17, 14),
      endTimeMs: utc(2021, 3, 17, 15),
    });
    expect(range('CURRENT_DAY', 1)).toEqual(range('YESTERDAY'));
    expect(range('CURRENT_WEEK', 1)).toEqual(range('PREVIOUS_WEEK'));
    expect(range('CURRENT_MONTH', 2)).toEqual({ startTimeMs: utc(2021, 1, 1), endTimeMs: utc(2021, 2, 1) });
    expect(range('PREVIOUS_YEAR', 1)).toEqual({ startTimeMs: utc(2019, 1, 1), endTimeMs: utc(2020, 1, 1) });
    expect(range('YESTERDAY', 1)).toEqual(range('DAY_BEFORE_YESTERDAY'));
  });

  it('moves "so far" ends back too, clamping the day of month', () => {
    expect(range('CURRENT_DAY_SO_FAR', 1)).toEqual({
      startTimeMs: utc(2021, 3, 16),
      endTimeMs: NOW - 86_400_000,
    });
    const march31 = Date.UTC(2021, 2, 31, 10);
    expect(quickIntervalRange('CURRENT_MONTH_SO_FAR', march31, 'UTC', 1)).toEqual({
      startTimeMs: utc(2021, 2, 1),
      endTimeMs: Date.UTC(2021, 1, 28, 10),
    });
    expect(quickIntervalRange('CURRENT_MONTH', Date.UTC(2021, 0, 15), 'UTC', 1).startTimeMs).toBe(
      utc(2020, 12, 1),
    );
  });

  it('uses the units listed for every interval', () => {
    expect(QUICK_TIME_INTERVALS.map(quickIntervalUnit).filter((u) => u === 'week')).toHaveLength(6);
  });
});

describe('time zones', () => {
  it('uses the zone calendar, including a 23-hour DST day', () => {
    // In Berlin, 2021-03-28 has 23 hours.
    const sundayNoon = Date.UTC(2021, 2, 28, 10);
    expect(quickIntervalRange('CURRENT_DAY', sundayNoon, 'Europe/Berlin')).toEqual({
      startTimeMs: Date.UTC(2021, 2, 27, 23),
      endTimeMs: Date.UTC(2021, 2, 28, 22),
    });
  });

  it('puts the day boundary at local midnight', () => {
    // 03:00 UTC on 2021-03-17 is still 2021-03-16 in New York (UTC-4 after the DST switch).
    expect(quickIntervalRange('CURRENT_DAY', Date.UTC(2021, 2, 17, 3), 'America/New_York')).toEqual({
      startTimeMs: Date.UTC(2021, 2, 16, 4),
      endTimeMs: Date.UTC(2021, 2, 17, 4),
    });
  });
});
