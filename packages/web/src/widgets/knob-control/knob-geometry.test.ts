import { describe, expect, it } from 'vitest';
import { angleOfRatio, arcPath, ratioOf, valueAtPoint } from './knob-geometry';

describe('knob geometry', () => {
  it('maps the range onto 270° from the lower left over the top to the lower right', () => {
    expect(angleOfRatio(ratioOf(0, 0, 100))).toBe(-135);
    expect(angleOfRatio(ratioOf(50, 0, 100))).toBe(0);
    expect(angleOfRatio(ratioOf(100, 0, 100))).toBe(135);
    expect(ratioOf(150, 0, 100)).toBe(1);
    expect(ratioOf(5, 5, 5)).toBe(0);
  });

  it('reads the value a pointer points at, the gap under the dial going to the nearer end', () => {
    expect(valueAtPoint(0, -10, 0, 100, 2)).toBe(50);
    expect(valueAtPoint(10, 0, 0, 100, 0)).toBe(83);
    expect(valueAtPoint(-10, 0, 10, 20, 1)).toBe(11.7);
    expect(valueAtPoint(1, 10, 0, 100, 2)).toBe(100);
    expect(valueAtPoint(-1, 10, 0, 100, 2)).toBe(0);
  });

  it('draws arcs of more than half a turn with the large-arc flag', () => {
    expect(arcPath(100, 100, 50, -135, 135)).toContain(' 0 1 1 ');
    expect(arcPath(100, 100, 50, -90, 0)).toBe('M 50.00 100.00 A 50 50 0 0 1 100.00 50.00');
  });
});
