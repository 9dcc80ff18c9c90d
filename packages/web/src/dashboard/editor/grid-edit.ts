/**
 * Grid maths of the editor: where a widget fits, where a drag or a resize puts it. Positions are
 * the layout's cells (`row`/`col` from 0, `sizeX`/`sizeY` in cells), as the reference stores them.
 */

export interface CellBox {
  row: number;
  col: number;
  sizeX: number;
  sizeY: number;
}

/** The columns the reference's widget sizes are given in (its default grid). */
export const REFERENCE_COLUMNS = 24;

/** Whether two boxes share a cell. */
export function overlaps(a: CellBox, b: CellBox): boolean {
  return (
    a.col < b.col + b.sizeX && b.col < a.col + a.sizeX && a.row < b.row + b.sizeY && b.row < a.row + a.sizeY
  );
}

/** Whether `box` lies inside the grid and shares no cell with `others`. */
export function fits(box: CellBox, others: readonly CellBox[], columns: number): boolean {
  return (
    box.row >= 0 &&
    box.col >= 0 &&
    box.sizeX >= 1 &&
    box.sizeY >= 1 &&
    box.col + box.sizeX <= columns &&
    others.every((other) => !overlaps(box, other))
  );
}

/**
 * The first place, row by row from the top and left to right, where a widget of this size fits
 * among `others` (the reference grid's first possible position). A widget wider than the grid is
 * narrowed to it.
 */
export function firstFreePlace(
  others: readonly CellBox[],
  columns: number,
  size: { sizeX: number; sizeY: number },
): CellBox {
  const sizeX = Math.max(1, Math.min(Math.round(size.sizeX), columns));
  const sizeY = Math.max(1, Math.round(size.sizeY));
  const bottom = others.reduce((rows, box) => Math.max(rows, box.row + box.sizeY), 0);
  for (let row = 0; row <= bottom; row++) {
    for (let col = 0; col + sizeX <= columns; col++) {
      const box = { row, col, sizeX, sizeY };
      if (fits(box, others, columns)) return box;
    }
  }
  return { row: bottom, col: 0, sizeX, sizeY };
}

/** A size given for `fromColumns` columns, scaled to a grid of `toColumns` (as the reference does). */
export function scaledSize(
  size: { sizeX: number; sizeY: number },
  fromColumns: number,
  toColumns: number,
): { sizeX: number; sizeY: number } {
  if (fromColumns <= 0 || fromColumns === toColumns) return { sizeX: size.sizeX, sizeY: size.sizeY };
  const ratio = toColumns / fromColumns;
  return {
    sizeX: Math.max(1, Math.round(size.sizeX * ratio)),
    sizeY: Math.max(1, Math.round(size.sizeY * ratio)),
  };
}

/** Pixels from one cell's start to the next one's: a cell and the gap after it. */
export interface CellPitch {
  x: number;
  y: number;
}

/**
 * The pitch of a CSS grid of `columns` equal columns `gap` apart filling `widthPx`, with rows
 * `rowHeightPx` high: the grid the viewer draws.
 */
export function cellPitch(widthPx: number, columns: number, gap: number, rowHeightPx: number): CellPitch {
  return { x: (widthPx + gap) / columns, y: rowHeightPx + gap };
}

/** Where dragging `box` by (dx, dy) pixels puts it: whole cells, kept inside the grid. */
export function movedBox(box: CellBox, dx: number, dy: number, pitch: CellPitch, columns: number): CellBox {
  const col = Math.min(Math.max(0, box.col + Math.round(dx / pitch.x)), Math.max(0, columns - box.sizeX));
  const row = Math.max(0, box.row + Math.round(dy / pitch.y));
  return { ...box, row, col };
}

/** What dragging the bottom-right corner of `box` by (dx, dy) pixels makes of it. */
export function resizedBox(box: CellBox, dx: number, dy: number, pitch: CellPitch, columns: number): CellBox {
  const sizeX = Math.min(Math.max(1, box.sizeX + Math.round(dx / pitch.x)), columns - box.col);
  const sizeY = Math.max(1, box.sizeY + Math.round(dy / pitch.y));
  return { ...box, sizeX, sizeY };
}

/** The same cells? */
export function sameBox(a: CellBox, b: CellBox): boolean {
  return a.row === b.row && a.col === b.col && a.sizeX === b.sizeX && a.sizeY === b.sizeY;
}
