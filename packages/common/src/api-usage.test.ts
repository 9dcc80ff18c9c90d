import { describe, expect, it } from 'vitest';
import { hourStart, monthStart, usageState, worstState } from './api-usage.js';

describe('usageState', () => {
  it('is ENABLED without a limit, whatever the count', () => {
    expect(usageState(10 ** 9, undefined, undefined)).toBe('ENABLED');
    expect(usageState(10 ** 9, 0, 0.5)).toBe('ENABLED');
  });

  it('warns from 80 % of the limit by default, and from the profile threshold when set', () => {
    expect(usageState(79, 100, undefined)).toBe('ENABLED');
    expect(usageState(80, 100, undefined)).toBe('WARNING');
    expect(usageState(49, 100, 0.5)).toBe('ENABLED');
    expect(usageState(50, 100, 0.5)).toBe('WARNING');
  });

  it('disables at the limit', () => {
    expect(usageState(99, 100, undefined)).toBe('WARNING');
    expect(usageState(100, 100, undefined)).toBe('DISABLED');
    expect(usageState(1, 1, undefined)).toBe('DISABLED');
  });

  it("takes the most restricted of a feature's states", () => {
    expect(worstState(['ENABLED', 'WARNING'])).toBe('WARNING');
    expect(worstState(['WARNING', 'DISABLED', 'ENABLED'])).toBe('DISABLED');
    expect(worstState([])).toBe('ENABLED');
  });
});

describe('counter periods', () => {
  it('stamps monthly counters at the UTC month start and hourly ones at the hour', () => {
    const ts = Date.UTC(2026, 10, 28, 14, 37, 12, 5);
    expect(monthStart(ts)).toBe(Date.UTC(2026, 10, 1));
    expect(hourStart(ts)).toBe(Date.UTC(2026, 10, 28, 14));
  });
});
