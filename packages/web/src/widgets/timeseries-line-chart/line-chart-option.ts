import type { EChartsCoreOption } from 'echarts/core';
import { chartSeries, lineSeries, timeChartOption } from '../chart-support/time-chart';
import type { ChartTheme } from '../chart-theme';
import type { WidgetProps } from '../widget-definition';

/**
 * The ECharts option of a line chart over `range`, with a legend unless `showLegend` is false.
 */
export function lineChartOption(
  props: WidgetProps,
  colors: ChartTheme,
  formatTime?: (epochMs: number) => string,
): EChartsCoreOption {
  const source = chartSeries(props);
  return timeChartOption(props, colors, source.map(lineSeries), formatTime);
}
