import type { WidgetConfig } from '@meridian/common';
import type { ChartTheme } from '../chart-theme';

/** Where a chart's legend sits: the widget's `legendConfig.position` (top or bottom), bottom by default. */
export type LegendSide = 'top' | 'bottom';

export function legendPositionOf(config: WidgetConfig): LegendSide {
  return config.legendConfig?.position === 'top' ? 'top' : 'bottom';
}

/** The ECharts legend of a chart: scrolling, in the theme's secondary text colour, or hidden. */
export function legendOption(show: boolean, position: LegendSide, colors: ChartTheme): object {
  return show
    ? { show: true, [position]: 0, type: 'scroll', textStyle: { color: colors.secondaryText } }
    : { show: false };
}
