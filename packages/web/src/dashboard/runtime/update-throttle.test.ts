import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createUpdateThrottle } from './update-throttle';

describe('update throttle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hands over the first item at once and the following ones together at the end of the interval', () => {
    const flushed: number[][] = [];
    const throttle = createUpdateThrottle<number>((items) => flushed.push(items), 100);
    throttle.push(1);
    expect(flushed).toEqual([[1]]);
    throttle.push(2);
    throttle.push(3);
    expect(flushed).toEqual([[1]]);
    vi.advanceTimersByTime(100);
    expect(flushed).toEqual([[1], [2, 3]]);
    vi.advanceTimersByTime(500);
    throttle.push(4);
    expect(flushed).toEqual([[1], [2, 3], [4]]);
  });

  it('drops what is pending when cancelled', () => {
    const flush = vi.fn();
    const throttle = createUpdateThrottle<number>(flush, 100);
    throttle.push(1);
    throttle.push(2);
    throttle.cancel();
    vi.advanceTimersByTime(200);
    expect(flush).toHaveBeenCalledTimes(1);
  });
});
