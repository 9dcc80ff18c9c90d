import type { EChartsCoreOption } from 'echarts/core';
import type { ChartScriptCalls } from '../chart-support/chart-scripts';
import { chartFormattingOf, chartSeries, lineSeries, timeChartOption } from '../chart-support/time-chart';
import type { ChartTheme } from '../chart-theme';
import type { WidgetProps } from '../widget-definition';

/**
 * The ECharts option of a line chart over `range`, with a legend unless `showLegend` is false.
 */
export function lineChartOption(
  props: WidgetProps,
  colors: ChartTheme,
  formatTime?: (epochMs: number) => string,
  calls?: ChartScriptCalls,
): EChartsCoreOption {
  const source = chartSeries(props);
  const formatting = chartFormattingOf(props.config, source, calls, formatTime);
  return timeChartOption(props, colors, source.map(lineSeries), formatTime, formatting);
}
