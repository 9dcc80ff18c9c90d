import type { EChartsCoreOption } from 'echarts/core';
import type { ChartScriptCalls } from '../chart-support/chart-scripts';
import { flotChartSettingsOf } from '../chart-support/flot-settings';
import { chartFormattingOf, chartSeries, lineSeries, timeChartOption } from '../chart-support/time-chart';
import type { ChartTheme } from '../chart-theme';
import type { WidgetProps } from '../widget-definition';

/**
 * The ECharts option of a line chart over `range`, with a legend unless `showLegend` is false; the
 * keys' line settings and the chart's stacking and smooth lines as the reference's flot settings say.
 */
export function lineChartOption(
  props: WidgetProps,
  colors: ChartTheme,
  formatTime?: (epochMs: number) => string,
  calls?: ChartScriptCalls,
): EChartsCoreOption {
  const source = chartSeries(props);
  const formatting = chartFormattingOf(props.config, source, calls, formatTime);
  const flot = flotChartSettingsOf(props.config.settings);
  return timeChartOption(
    props,
    colors,
    source.map((series) => lineSeries(series, flot)),
    formatTime,
    formatting,
  );
}
