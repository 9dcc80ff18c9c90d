import { describe, expect, it } from 'vitest';
import { isDirty, pushHistory, redoHistory, startHistory, undoHistory } from './history';

describe('history', () => {
  it('undoes and redoes, forgets redo after an edit, and knows when it is back at the saved value', () => {
    let h = startHistory('a');
    h = pushHistory(h, 'b');
    h = pushHistory(h, 'c');
    expect(isDirty(h)).toBe(true);
    h = undoHistory(undoHistory(h));
    expect(h.present).toBe('a');
    expect(isDirty(h)).toBe(false);
    h = redoHistory(h);
    expect(h.present).toBe('b');
    h = pushHistory(h, 'd');
    expect(redoHistory(h)).toBe(h);
    expect(undoHistory(startHistory('x')).present).toBe('x');
  });
});
