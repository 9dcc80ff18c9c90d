import type { GridSettings, WidgetPosition } from './dashboard-model';

/**
 * Where each widget of a layout goes, as CSS grid lines (1-based), for the desktop grid and the
 * phone stack. Plain maths, so the viewer and the later editor place widgets the same way.
 */

/** Below this viewport width widgets stack in one column (reference: the gridster mobile breakpoint). */
export const MOBILE_MAX_WIDTH_PX = 599;
/** Desktop row height when the layout does not fill the viewport height. */
export const DEFAULT_ROW_HEIGHT_PX = 70;
/** A row never gets smaller than this when the layout stretches to fill the viewport. */
export const MIN_AUTO_FILL_ROW_HEIGHT_PX = 10;

export interface GridPlacement {
  widgetId: string;
  /** CSS `grid-column` / `grid-row` start lines and spans. */
  column: number;
  columnSpan: number;
  row: number;
  rowSpan: number;
}

/** Desktop placement: a widget's columns are clipped to the grid so a wide widget never overflows. */
export function desktopPlacements(widgets: Record<string, WidgetPosition>, columns: number): GridPlacement[] {
  return Object.entries(widgets).map(([widgetId, position]) => {
    const col = Math.min(Math.round(position.col), columns - 1);
    return {
      widgetId,
      column: col + 1,
      columnSpan: Math.max(1, Math.min(Math.round(position.sizeX), columns - col)),
      row: Math.round(position.row) + 1,
      rowSpan: Math.max(1, Math.round(position.sizeY)),
    };
  });
}

/** Rows the layout occupies: the lowest widget's bottom edge. */
export function rowCount(placements: readonly GridPlacement[]): number {
  return placements.reduce((rows, p) => Math.max(rows, p.row - 1 + p.rowSpan), 0);
}

/**
 * Row height of the desktop grid: fixed, or with `autoFillHeight` the height that makes all rows
 * (and the gaps between them) fill `availableHeightPx`.
 */
export function desktopRowHeight(grid: GridSettings, rows: number, availableHeightPx: number): number {
  if (!grid.autoFillHeight || rows === 0 || availableHeightPx <= 0) {
    return DEFAULT_ROW_HEIGHT_PX;
  }
  const free = availableHeightPx - grid.margin * (rows + 1);
  return Math.max(MIN_AUTO_FILL_ROW_HEIGHT_PX, Math.floor(free / rows));
}

export interface StackedWidget {
  widgetId: string;
  heightPx: number;
}

/**
 * The phone stack: widgets ordered by `mobileOrder` (widgets without one after those with one),
 * then by their desktop position (row, then column); each `mobileHeight` rows high, else its own
 * height, at the layout's mobile row height. Widgets hidden on mobile are left out.
 */
export function mobileStack(widgets: Record<string, WidgetPosition>, grid: GridSettings): StackedWidget[] {
  const order = (p: WidgetPosition) => p.mobileOrder ?? Number.POSITIVE_INFINITY;
  return Object.entries(widgets)
    .filter(([, position]) => position.mobileHide !== true)
    .sort(([, a], [, b]) => order(a) - order(b) || a.row - b.row || a.col - b.col)
    .map(([widgetId, position]) => ({
      widgetId,
      heightPx: Math.round((position.mobileHeight ?? position.sizeY) * grid.mobileRowHeight),
    }));
}
