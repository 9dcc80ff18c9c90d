import {
  DAY_MS,
  HistoryWindowType,
  HOUR_MS,
  MINUTE_MS,
  RealtimeWindowType,
  restoreTimewindow,
  SECOND_MS,
  TimewindowType,
} from '@meridian/common';
import { describe, expect, it } from 'vitest';
import {
  groupingIntervalsForWindow,
  selectedWindowMs,
  timeIntervalParts,
  timewindowDisplay,
  validGroupingInterval,
  validLimit,
  withValidInterval,
} from './timewindow-model';

const NOW = Date.UTC(2024, 4, 10, 12, 0, 0);

describe('grouping interval rules', () => {
  it('offers the predefined intervals from window/500 up to window/7', () => {
    // 1 hour: from 7.2 s (rounded up to 8 s) to 514 s.
    expect(groupingIntervalsForWindow(HOUR_MS).map((i) => i.ms)).toEqual([
      10 * SECOND_MS,
      15 * SECOND_MS,
      30 * SECOND_MS,
      MINUTE_MS,
      2 * MINUTE_MS,
      5 * MINUTE_MS,
    ]);
    // 1 minute: from 1 s (the smallest interval) to 8 s.
    expect(groupingIntervalsForWindow(MINUTE_MS).map((i) => i.ms)).toEqual([SECOND_MS, 5 * SECOND_MS]);
    // 30 days: from 1.44 h to 4.3 days.
    expect(groupingIntervalsForWindow(30 * DAY_MS).map((i) => i.ms)).toEqual([
      2 * HOUR_MS,
      5 * HOUR_MS,
      10 * HOUR_MS,
      12 * HOUR_MS,
      DAY_MS,
    ]);
  });

  it('keeps an allowed interval and moves another to the nearest allowed one', () => {
    expect(validGroupingInterval(HOUR_MS, MINUTE_MS)).toBe(MINUTE_MS);
    expect(validGroupingInterval(HOUR_MS, SECOND_MS)).toBe(10 * SECOND_MS);
    expect(validGroupingInterval(HOUR_MS, DAY_MS)).toBe(5 * MINUTE_MS);
    expect(validGroupingInterval(HOUR_MS, undefined)).toBe(10 * SECOND_MS);
  });

  it('re-validates the interval of the selected tab when the window changes', () => {
    const saved = restoreTimewindow(
      { realtime: { timewindowMs: 30 * DAY_MS, interval: SECOND_MS }, history: { interval: SECOND_MS } },
      NOW,
    );
    const valid = withValidInterval(saved);
    expect(valid.realtime.interval).toBe(2 * HOUR_MS);
    // The other tab keeps what it had.
    expect(valid.history.interval).toBe(SECOND_MS);
  });

  it('bounds the max values of aggregation None between 1 and the max data points', () => {
    expect(validLimit(0, 500)).toBe(1);
    expect(validLimit(1000, 500)).toBe(500);
    expect(validLimit(200.4, 500)).toBe(200);
    expect(validLimit(Number.NaN, 500)).toBe(500);
  });
});

describe('selected window', () => {
  it('measures last intervals, quick intervals and fixed ranges', () => {
    expect(selectedWindowMs(restoreTimewindow({ realtime: { timewindowMs: 5 * MINUTE_MS } }, NOW))).toBe(
      5 * MINUTE_MS,
    );
    expect(
      selectedWindowMs(
        restoreTimewindow(
          { realtime: { realtimeType: RealtimeWindowType.INTERVAL, quickInterval: 'CURRENT_HOUR' } },
          NOW,
        ),
      ),
    ).toBe(HOUR_MS);
    expect(
      selectedWindowMs(
        restoreTimewindow(
          {
            selectedTab: TimewindowType.HISTORY,
            history: {
              historyType: HistoryWindowType.FIXED,
              fixedTimewindow: { startTimeMs: NOW - 2 * HOUR_MS, endTimeMs: NOW },
            },
          },
          NOW,
        ),
      ),
    ).toBe(2 * HOUR_MS);
  });
});

describe('display value', () => {
  it('says which tab and which window, as the reference does', () => {
    expect(timewindowDisplay(restoreTimewindow({}, NOW))).toEqual({
      tab: 'realtime',
      kind: 'last',
      durationMs: MINUTE_MS,
    });
    expect(
      timewindowDisplay(
        restoreTimewindow(
          { selectedTab: TimewindowType.HISTORY, history: { historyType: 2, quickInterval: 'YESTERDAY' } },
          NOW,
        ),
      ),
    ).toEqual({ tab: 'history', kind: 'quick', interval: 'YESTERDAY' });
    expect(
      timewindowDisplay(
        restoreTimewindow({ history: { fixedTimewindow: { startTimeMs: 1, endTimeMs: 2 } } }, NOW),
      ),
    ).toEqual({ tab: 'history', kind: 'fixed', startTimeMs: 1, endTimeMs: 2 });
  });

  it('writes a duration as days, hours, minutes and seconds without zero parts', () => {
    expect(timeIntervalParts(DAY_MS + 2 * HOUR_MS)).toEqual([
      { unit: 'DAYS', count: 1 },
      { unit: 'HOURS', count: 2 },
    ]);
    expect(timeIntervalParts(90 * MINUTE_MS)).toEqual([
      { unit: 'HOURS', count: 1 },
      { unit: 'MINUTES', count: 30 },
    ]);
    expect(timeIntervalParts(0)).toEqual([{ unit: 'SECONDS', count: 1 }]);
  });
});
