import type { JsonObject } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { moved, valueAt, withValueAt } from './json-form-paths';

describe('json form paths into arrays', () => {
  const highlights: { from: number; color?: string }[] = [{ from: 0 }, { from: 10, color: 'red' }];
  const levelColors = ['#000', '#fff'];
  const model = { highlights, levelColors } as JsonObject;

  it('reads through array indexes', () => {
    expect(valueAt(model, ['highlights', '1', 'color'])).toBe('red');
    expect(valueAt(model, ['levelColors', '0'])).toBe('#000');
    expect(valueAt(model, ['levelColors', '5'])).toBeUndefined();
    expect(valueAt(model, ['levelColors', 'length'])).toBeUndefined();
  });

  it('writes through array indexes without touching the original or the other items', () => {
    const next = withValueAt(model, ['highlights', '1', 'color'], 'blue');
    expect(next).toEqual({ levelColors, highlights: [{ from: 0 }, { from: 10, color: 'blue' }] });
    expect(highlights[1]?.color).toBe('red');
    expect((next.highlights as unknown[])[0]).toBe(highlights[0]);
    expect(next.levelColors).toBe(levelColors);
  });

  it('leaves no holes: an emptied item is null, and nothing is written past the end', () => {
    expect(withValueAt(model, ['levelColors', '0'], undefined).levelColors).toEqual([null, '#fff']);
    expect(withValueAt(model, ['levelColors', '2'], '#abc').levelColors).toEqual(['#000', '#fff', '#abc']);
    expect(withValueAt(model, ['levelColors', '4'], '#abc').levelColors).toEqual(['#000', '#fff']);
    expect(withValueAt(model, ['highlights', '0', 'from'], undefined).highlights).toEqual([
      {},
      { from: 10, color: 'red' },
    ]);
  });

  it('moves an item', () => {
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
  });
});
