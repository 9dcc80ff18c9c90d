import type { WidgetConfig } from '@meridian/common';
import type { ChartTheme } from '../chart-theme';

/** Where a chart's legend sits (`legendConfig.position`), bottom by default. */
export type LegendSide = 'top' | 'bottom' | 'left' | 'right';

/**
 * A chart's legend as the widget's config asks (reference §5.4 "Advanced", legend settings):
 * where it sits, whether its entries run in a column (`direction: 'column'`, the reference's
 * default: one key a line) or a row, and whether they are sorted by name (`sortDataKeys`). At the
 * left or right the entries always form a column, as in the reference.
 */
export interface LegendLayout {
  show: boolean;
  side: LegendSide;
  column: boolean;
  sorted: boolean;
}

const SIDES: readonly LegendSide[] = ['top', 'bottom', 'left', 'right'];
/** Height of one legend line, px. */
const LINE_PX = 20;
/** A column legend at the top or bottom shows this many lines, then pages. */
const MAX_LINES = 4;
/** Width of a legend at the left or right, px, and the room it takes from the plot. */
const SIDE_WIDTH_PX = 120;
const SIDE_ROOM_PX = 132;

export function legendLayoutOf(config: WidgetConfig, show = config.showLegend !== false): LegendLayout {
  const legend = config.legendConfig;
  const side = SIDES.find((s) => s === legend?.position) ?? 'bottom';
  return {
    show,
    side,
    column: side === 'left' || side === 'right' || legend?.direction !== 'row',
    sorted: legend?.sortDataKeys === true,
  };
}

/** The entries in the legend's order: as given, or by name when sorted. */
export function legendOrder<T>(
  entries: readonly T[],
  layout: LegendLayout,
  nameOf: (entry: T) => string,
): T[] {
  return layout.sorted
    ? [...entries].sort((a, b) => nameOf(a).localeCompare(nameOf(b), undefined, { numeric: true }))
    : [...entries];
}

/**
 * The room the legend takes from the plot at each edge, px, for `count` entries.
 */
export function legendRoom(layout: LegendLayout, count: number): Partial<Record<LegendSide, number>> {
  if (!layout.show || count === 0) return {};
  if (layout.side === 'left' || layout.side === 'right') return { [layout.side]: SIDE_ROOM_PX };
  const lines = layout.column ? Math.min(count, MAX_LINES) : 1;
  return { [layout.side]: lines * LINE_PX + 12 };
}

/**
 * The ECharts legend: scrolling (paged when the entries do not fit), in the theme's secondary text
 * colour, entries in `names` order; hidden when not shown.
 */
export function legendOption(layout: LegendLayout, names: readonly string[], colors: ChartTheme): object {
  if (!layout.show) return { show: false };
  const unique = [...new Set(legendOrder(names, layout, (name) => name))];
  const atSide = layout.side === 'left' || layout.side === 'right';
  return {
    show: true,
    type: 'scroll',
    orient: layout.column ? 'vertical' : 'horizontal',
    [layout.side]: 0,
    ...(atSide ? { top: 'middle', width: SIDE_WIDTH_PX } : {}),
    ...(layout.column && !atSide ? { height: Math.min(unique.length, MAX_LINES) * LINE_PX } : {}),
    itemGap: layout.column ? 6 : 10,
    data: unique,
    textStyle: {
      color: colors.secondaryText,
      ...(atSide ? { width: SIDE_WIDTH_PX - 30, overflow: 'truncate' } : {}),
    },
  };
}
