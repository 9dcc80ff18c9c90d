import { SEARCH_DEBOUNCE_MS } from '@meridian/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchController } from './search-controller';

describe('SearchController', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('debounces input by 150 ms', () => {
    const emit = vi.fn();
    const controller = new SearchController(emit);
    controller.input('d');
    controller.input('de');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(emit).not.toHaveBeenCalled();
    controller.input('dev');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    expect(emit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(emit).toHaveBeenCalledTimes(1);
    expect(emit).toHaveBeenCalledWith('dev');
  });

  it('does not emit the same text twice in a row', () => {
    const emit = vi.fn();
    const controller = new SearchController(emit);
    controller.input('abc');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    controller.input('abcd');
    controller.input('abc');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(emit.mock.calls).toEqual([['abc']]);
  });

  it('closing clears the text at once and drops pending input', () => {
    const emit = vi.fn();
    const controller = new SearchController(emit);
    controller.input('abc');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    controller.input('abcdef');
    controller.clear();
    expect(emit.mock.calls).toEqual([['abc'], ['']]);
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);
    expect(emit).toHaveBeenCalledTimes(2);
    controller.clear();
    expect(emit).toHaveBeenCalledTimes(2);
  });
});
