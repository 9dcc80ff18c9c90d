import { DAY_MS, HOUR_MS } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { fromDateTimeInput, toDateTimeInput } from '../../../i18n/date-time';
import {
  DEFAULT_HISTORY_WINDOW,
  fixedWindowOf,
  HISTORY_INTERVALS,
  historyWindowRange,
} from './history-window';

const NOW = new Date(2024, 4, 10, 12, 30, 0).getTime();

describe('history time window', () => {
  it('starts on the last day, ending now', () => {
    expect(DEFAULT_HISTORY_WINDOW).toEqual({ kind: 'last', durationMs: DAY_MS });
    expect(historyWindowRange(DEFAULT_HISTORY_WINDOW, NOW)).toEqual({
      startTime: NOW - DAY_MS,
      endTime: NOW,
    });
  });

  it('offers the predefined intervals from one minute to 30 days', () => {
    expect(HISTORY_INTERVALS[0]).toMatchObject({ amount: 1, unit: 'MINUTES' });
    expect(HISTORY_INTERVALS.at(-1)).toMatchObject({ amount: 30, unit: 'DAYS' });
    expect(HISTORY_INTERVALS.some((interval) => interval.unit === 'SECONDS')).toBe(false);
  });

  it('a fixed period needs both bounds, the start 1 s before the end; the end is clamped to now', () => {
    expect(fixedWindowOf(NOW - HOUR_MS, NOW - 1000, NOW)).toEqual({
      kind: 'fixed',
      startTimeMs: NOW - HOUR_MS,
      endTimeMs: NOW - 1000,
    });
    expect(fixedWindowOf(NOW - HOUR_MS, NOW + DAY_MS, NOW)).toMatchObject({ endTimeMs: NOW });
    expect(fixedWindowOf(NOW - 500, NOW, NOW)).toBeNull();
    expect(fixedWindowOf(NOW, NOW - HOUR_MS, NOW)).toBeNull();
    expect(fixedWindowOf(null, NOW, NOW)).toBeNull();
    expect(historyWindowRange({ kind: 'fixed', startTimeMs: 1, endTimeMs: 2 }, NOW)).toEqual({
      startTime: 1,
      endTime: 2,
    });
  });

  it('converts to and from datetime-local input values in local time', () => {
    expect(toDateTimeInput(NOW)).toBe('2024-05-10T12:30');
    expect(fromDateTimeInput('2024-05-10T12:30')).toBe(NOW);
    expect(fromDateTimeInput('2024-05-10T12:30:15')).toBe(NOW + 15_000);
    expect(fromDateTimeInput('')).toBeNull();
    expect(fromDateTimeInput('yesterday')).toBeNull();
  });
});
