import { describe, expect, it } from 'vitest';
import { cellPitch, firstFreePlace, fits, movedBox, overlaps, resizedBox, scaledSize } from './grid-edit';

describe('grid edit maths', () => {
  it('overlap is sharing a cell, not touching an edge', () => {
    const a = { row: 0, col: 0, sizeX: 4, sizeY: 2 };
    expect(overlaps(a, { row: 0, col: 4, sizeX: 2, sizeY: 2 })).toBe(false);
    expect(overlaps(a, { row: 2, col: 0, sizeX: 2, sizeY: 2 })).toBe(false);
    expect(overlaps(a, { row: 1, col: 3, sizeX: 2, sizeY: 2 })).toBe(true);
  });

  it('a box fits inside the columns and off the others', () => {
    const others = [{ row: 0, col: 0, sizeX: 8, sizeY: 6 }];
    expect(fits({ row: 0, col: 8, sizeX: 16, sizeY: 6 }, others, 24)).toBe(true);
    expect(fits({ row: 0, col: 9, sizeX: 16, sizeY: 6 }, others, 24)).toBe(false);
    expect(fits({ row: 5, col: 7, sizeX: 2, sizeY: 2 }, others, 24)).toBe(false);
  });

  it('the first free place is the top-most, then left-most place the widget fits', () => {
    expect(firstFreePlace([], 24, { sizeX: 8, sizeY: 6 })).toEqual({ row: 0, col: 0, sizeX: 8, sizeY: 6 });
    const others = [
      { row: 0, col: 0, sizeX: 8, sizeY: 6 },
      { row: 0, col: 8, sizeX: 8, sizeY: 3 },
    ];
    expect(firstFreePlace(others, 24, { sizeX: 8, sizeY: 6 })).toEqual({
      row: 0,
      col: 16,
      sizeX: 8,
      sizeY: 6,
    });
    // Too wide for the gap on the right at row 0: goes below the short widget.
    expect(firstFreePlace(others, 24, { sizeX: 12, sizeY: 2 })).toEqual({
      row: 3,
      col: 8,
      sizeX: 12,
      sizeY: 2,
    });
    // No gap wide enough anywhere: below everything.
    expect(firstFreePlace(others, 16, { sizeX: 10, sizeY: 2 })).toEqual({
      row: 6,
      col: 0,
      sizeX: 10,
      sizeY: 2,
    });
  });

  it('a widget wider than the grid is narrowed to it', () => {
    expect(firstFreePlace([], 12, { sizeX: 24, sizeY: 4 })).toEqual({ row: 0, col: 0, sizeX: 12, sizeY: 4 });
  });

  it('sizes scale with the columns', () => {
    expect(scaledSize({ sizeX: 8, sizeY: 6 }, 24, 24)).toEqual({ sizeX: 8, sizeY: 6 });
    expect(scaledSize({ sizeX: 8, sizeY: 6 }, 24, 12)).toEqual({ sizeX: 4, sizeY: 3 });
    expect(scaledSize({ sizeX: 1, sizeY: 1 }, 24, 6)).toEqual({ sizeX: 1, sizeY: 1 });
  });

  it('drags move by whole cells and stay inside the grid', () => {
    // 24 columns over 1190 px with 10 px gaps: 50 px per column.
    const pitch = cellPitch(1190, 24, 10, 70);
    expect(pitch).toEqual({ x: 50, y: 80 });
    const box = { row: 2, col: 4, sizeX: 8, sizeY: 6 };
    expect(movedBox(box, 124, 90, pitch, 24)).toEqual({ row: 3, col: 6, sizeX: 8, sizeY: 6 });
    expect(movedBox(box, 20, 30, pitch, 24)).toEqual(box);
    expect(movedBox(box, -1000, -1000, pitch, 24)).toEqual({ ...box, row: 0, col: 0 });
    expect(movedBox(box, 5000, 0, pitch, 24)).toEqual({ ...box, col: 16 });
  });

  it('resizes change the size by whole cells, at least one, within the grid', () => {
    const pitch = { x: 50, y: 80 };
    const box = { row: 0, col: 20, sizeX: 2, sizeY: 2 };
    expect(resizedBox(box, 60, 170, pitch, 24)).toEqual({ ...box, sizeX: 3, sizeY: 4 });
    expect(resizedBox(box, 500, 0, pitch, 24)).toEqual({ ...box, sizeX: 4 });
    expect(resizedBox(box, -500, -500, pitch, 24)).toEqual({ ...box, sizeX: 1, sizeY: 1 });
  });
});
