import { describe, expect, it, vi } from 'vitest';
import { STORE_BROKEN_EXIT_CODE, stopOnBrokenStore } from './store-failure.js';

describe('stopOnBrokenStore', () => {
  it('says why and exits non-zero so a supervisor restarts the server', () => {
    const log = vi.fn();
    const exit = vi.fn();
    const error = Object.assign(new Error('memory access out of bounds'), { name: 'RuntimeError' });
    stopOnBrokenStore(error, log, exit);
    expect(log.mock.calls[0]?.[0]).toMatch(
      /embedded store failed.*RuntimeError: memory access out of bounds/,
    );
    expect(exit).toHaveBeenCalledWith(STORE_BROKEN_EXIT_CODE);
    expect(STORE_BROKEN_EXIT_CODE).not.toBe(0);
  });
});
