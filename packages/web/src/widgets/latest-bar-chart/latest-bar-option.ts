import type { EChartsCoreOption } from 'echarts/core';
import { type LatestValue, latestValues } from '../chart-support/latest-values';
import type { ChartTheme } from '../chart-theme';
import type { WidgetProps } from '../widget-definition';

/**
 * The reference's Chart.js "Bars" (`charts.bars`): a bar per key's latest value of each entity, in
 * the key's colour, named under it, on an axis from zero; `showTooltip` shows the value on hover.
 */
export function latestBarOption(
  props: Pick<WidgetProps, 'config' | 'data'>,
  colors: ChartTheme,
): EChartsCoreOption {
  const values = latestValues(props);
  const axisLine = { lineStyle: { color: colors.line } };
  return {
    animation: false,
    grid: { left: 48, right: 16, top: 16, bottom: 32 },
    tooltip:
      props.config.settings?.showTooltip === false
        ? { show: false }
        : {
            trigger: 'item',
            backgroundColor: colors.surface,
            textStyle: { color: colors.secondaryText },
            formatter: (params: { name: string; data: LatestValue }) => `${params.name}: ${params.data.text}`,
          },
    xAxis: {
      type: 'category',
      data: values.map((v) => v.name),
      axisLabel: { color: colors.secondaryText, interval: 0, hideOverlap: true },
      axisLine,
    },
    yAxis: {
      type: 'value',
      axisLabel: { color: colors.secondaryText },
      axisLine,
      splitLine: axisLine,
    },
    series: [
      {
        type: 'bar',
        barMaxWidth: 48,
        data: values.map((v) => ({ ...v, itemStyle: { color: v.color } })),
      },
    ],
  };
}
