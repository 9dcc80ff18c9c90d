import type { EChartsCoreOption } from 'echarts/core';
import type { ChartScriptCalls } from '../chart-support/chart-scripts';
import { flotChartSettingsOf } from '../chart-support/flot-settings';
import { chartFormattingOf, chartSeries, timeChartOption } from '../chart-support/time-chart';
import type { ChartTheme } from '../chart-theme';
import type { WidgetProps } from '../widget-definition';

/**
 * The ECharts option of the reference's time-series bar chart over `range`: each time-series key
 * of each entity as a bar series in the key's colour, with a legend unless `showLegend` is false
 */
export function barChartOption(
  props: WidgetProps,
  colors: ChartTheme,
  formatTime?: (epochMs: number) => string,
  calls?: ChartScriptCalls,
): EChartsCoreOption {
  const source = chartSeries(props);
  const formatting = chartFormattingOf(props.config, source, calls, formatTime);
  const { stack } = flotChartSettingsOf(props.config.settings);
  return timeChartOption(
    props,
    colors,
    source.map((s) => ({
      type: 'bar',
      name: s.name,
      color: s.color,
      barMaxWidth: 24,
      ...(stack ? { stack: 'total' } : {}),
      data: s.points,
    })),
    formatTime,
    formatting,
  );
}
