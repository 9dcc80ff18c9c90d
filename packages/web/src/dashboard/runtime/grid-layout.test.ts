import { describe, expect, it } from 'vitest';
import type { GridSettings, WidgetPosition } from './dashboard-model';
import { desktopPlacements, desktopRowHeight, mobileStack, rowCount } from './grid-layout';

const grid: GridSettings = {
  columns: 24,
  margin: 10,
  backgroundColor: null,
  backgroundImageUrl: null,
  backgroundSizeMode: '100%',
  autoFillHeight: false,
  mobileAutoFillHeight: false,
  mobileRowHeight: 70,
};
const at = (row: number, col: number, extra: Partial<WidgetPosition> = {}): WidgetPosition => ({
  sizeX: 8,
  sizeY: 6,
  row,
  col,
  mobileOrder: null,
  mobileHeight: null,
  ...extra,
});

describe('grid layout', () => {
  it('places widgets on 1-based grid lines and clips them to the columns', () => {
    const placements = desktopPlacements({ a: at(0, 0), b: at(6, 20, { sizeX: 10 }) }, 24);
    expect(placements).toEqual([
      { widgetId: 'a', column: 1, columnSpan: 8, row: 1, rowSpan: 6 },
      { widgetId: 'b', column: 21, columnSpan: 4, row: 7, rowSpan: 6 },
    ]);
    expect(rowCount(placements)).toBe(12);
  });

  it('stretches rows to fill the height only with autoFillHeight', () => {
    expect(desktopRowHeight(grid, 10, 1000)).toBe(70);
    // 1000 px minus 11 gaps of 10 px, over 10 rows.
    expect(desktopRowHeight({ ...grid, autoFillHeight: true }, 10, 1000)).toBe(89);
  });

  it('stacks phones by mobile order, then by position, at the mobile heights', () => {
    const stack = mobileStack(
      { chart: at(0, 8), card: at(0, 0), table: at(6, 0, { mobileOrder: 1, mobileHeight: 3 }) },
      grid,
    );
    expect(stack).toEqual([
      { widgetId: 'table', heightPx: 210 },
      { widgetId: 'card', heightPx: 420 },
      { widgetId: 'chart', heightPx: 420 },
    ]);
  });

  it('leaves widgets hidden on mobile out of the phone stack, not out of the desktop grid', () => {
    const widgets = { card: at(0, 0), map: at(0, 8, { mobileHide: true }) };
    expect(mobileStack(widgets, grid).map((w) => w.widgetId)).toEqual(['card']);
    expect(desktopPlacements(widgets, 24).map((p) => p.widgetId)).toEqual(['card', 'map']);
  });
});
