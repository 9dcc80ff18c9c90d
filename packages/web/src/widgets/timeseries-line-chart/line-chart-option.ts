import type { EChartsCoreOption } from 'echarts/core';
import { chartSeries, timeChartOption } from '../chart-support/time-chart';
import type { ChartTheme } from '../chart-theme';
import type { WidgetProps } from '../widget-definition';

/**
 * The ECharts option of a line chart over `range`, with a legend unless `showLegend` is false.
 */
export function lineChartOption(props: WidgetProps, colors: ChartTheme): EChartsCoreOption {
  const source = chartSeries(props);
  return timeChartOption(
    props,
    colors,
    source.map((s) => ({
      type: 'line',
      name: s.name,
      color: s.color,
      showSymbol: s.points.length < 2,
      data: s.points,
    })),
  );
}
