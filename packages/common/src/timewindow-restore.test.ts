import { describe, expect, it } from 'vitest';
import { createDefaultTimewindow } from './timewindow.js';
import { restoreTimewindow } from './timewindow-restore.js';

const NOW = 1_618_998_609_030;

describe('restoreTimewindow', () => {
  it('gives the defaults for nothing or garbage', () => {
    expect(restoreTimewindow(undefined, NOW)).toEqual(createDefaultTimewindow(NOW));
    expect(restoreTimewindow('last hour', NOW)).toEqual(createDefaultTimewindow(NOW));
    expect(restoreTimewindow([1, 2], NOW, 1000).aggregation.limit).toBe(500);
  });

  it('fills a realtime-only widget timewindow', () => {
    const tw = restoreTimewindow(
      { realtime: { interval: 1000, timewindowMs: 86_400_000 }, aggregation: { type: 'NONE', limit: 200 } },
      NOW,
    );
    expect(tw.selectedTab).toBe(0);
    expect(tw.realtime).toEqual({
      realtimeType: 0,
      interval: 1000,
      timewindowMs: 86_400_000,
      quickInterval: 'CURRENT_DAY',
    });
    expect(tw.aggregation).toEqual({ type: 'NONE', limit: 200 });
    expect(tw.history).toEqual(createDefaultTimewindow(NOW).history);
  });

  it('keeps a complete saved dashboard timewindow as it is', () => {
    const saved = {
      displayValue: '',
      hideInterval: false,
      hideAggregation: false,
      hideAggInterval: false,
      hideTimezone: false,
      selectedTab: 0,
      realtime: { realtimeType: 0, interval: 1000, timewindowMs: 60000, quickInterval: 'CURRENT_DAY' },
      history: {
        historyType: 0,
        interval: 1000,
        timewindowMs: 60000,
        fixedTimewindow: { startTimeMs: 1618998609030, endTimeMs: 1619085009030 },
        quickInterval: 'CURRENT_DAY',
      },
      aggregation: { type: 'AVG', limit: 25000 },
    };
    expect(restoreTimewindow(saved, 0)).toEqual(saved);
  });

  it('keeps an explicit realtime type even when a quick interval is stored', () => {
    const tw = restoreTimewindow(
      { realtime: { realtimeType: 0, timewindowMs: 2_592_000_000, quickInterval: 'CURRENT_DAY' } },
      NOW,
    );
    expect(tw.realtime.realtimeType).toBe(0);
    expect(tw.realtime.timewindowMs).toBe(2_592_000_000);
  });

  it('infers sub-modes that were not saved', () => {
    expect(
      restoreTimewindow({ realtime: { quickInterval: 'CURRENT_MONTH' } }, NOW).realtime.realtimeType,
    ).toBe(1);
    const last = restoreTimewindow({ history: { timewindowMs: 3_600_000 } }, NOW);
    expect([last.selectedTab, last.history.historyType]).toEqual([1, 0]);
    expect(restoreTimewindow({ history: { quickInterval: 'YESTERDAY' } }, NOW).history.historyType).toBe(2);
    const fixed = restoreTimewindow({ history: { fixedTimewindow: { startTimeMs: 5, endTimeMs: 10 } } }, NOW);
    expect(fixed.history.historyType).toBe(1);
    expect(fixed.history.fixedTimewindow).toEqual({ startTimeMs: 5, endTimeMs: 10 });
  });

  it('drops invalid values', () => {
    const tw = restoreTimewindow(
      {
        selectedTab: 7,
        realtime: { interval: '1000', quickInterval: 'NEXT_WEEK', realtimeType: 5 },
        aggregation: { type: 'MEDIAN', limit: 0 },
        hideInterval: 'yes',
        timezone: '',
      },
      NOW,
      100,
    );
    expect(tw.selectedTab).toBe(0);
    expect(tw.realtime).toEqual(createDefaultTimewindow(NOW).realtime);
    expect(tw.aggregation).toEqual({ type: 'AVG', limit: 50 });
    expect(tw.hideInterval).toBe(false);
    expect(tw.timezone).toBeUndefined();
  });

  it('keeps hide flags and the time zone', () => {
    const tw = restoreTimewindow(
      { hideAggregation: true, hideTimezone: true, timezone: 'Europe/Berlin' },
      NOW,
    );
    expect([tw.hideAggregation, tw.hideTimezone, tw.timezone]).toEqual([true, true, 'Europe/Berlin']);
  });
});
