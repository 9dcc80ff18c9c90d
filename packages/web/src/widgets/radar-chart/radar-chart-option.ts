import type { EChartsCoreOption } from 'echarts/core';
import { legendLayoutOf, legendOption } from '../chart-support/chart-legend';
import { latestValues } from '../chart-support/latest-values';
import type { ChartTheme } from '../chart-theme';
import type { WidgetProps } from '../widget-definition';

/** The smallest 1, 2 or 5 times a power of ten at or above `value` (the radar's outer ring). */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

/**
 * The reference's Chart.js radar (`charts.radar_chart_js`): an axis per key's latest value of each
 * entity, all on one scale from zero, and one filled shape through the values in the first key's
 * colour, each point in its key's colour; `showTooltip`, and the legend from `showLegend`.
 */
export function radarChartOption(
  props: Pick<WidgetProps, 'config' | 'data'>,
  colors: ChartTheme,
  seriesName: string,
): EChartsCoreOption {
  const values = latestValues(props);
  const lowest = Math.min(0, ...values.map((v) => v.value));
  const highest = niceCeiling(Math.max(0, ...values.map((v) => v.value)));
  const color = values[0]?.color ?? colors.primary;
  const showLegend = props.config.showLegend !== false;
  return {
    animation: false,
    tooltip:
      props.config.settings?.showTooltip === false
        ? { show: false }
        : { trigger: 'item', backgroundColor: colors.surface, textStyle: { color: colors.secondaryText } },
    legend: legendOption(legendLayoutOf(props.config, showLegend), [seriesName], colors),
    radar: {
      // Room for the axis names at the sides.
      radius: '55%',
      indicator: values.map((v) => ({ name: v.name, min: lowest, max: highest })),
      axisName: { color: colors.secondaryText, fontFamily: colors.fontFamily },
      axisLine: { lineStyle: { color: colors.line } },
      splitLine: { lineStyle: { color: colors.line } },
      splitArea: { show: false },
    },
    series: [
      {
        type: 'radar',
        name: seriesName,
        color,
        areaStyle: { opacity: 0.2 },
        data: values.length > 0 ? [{ name: seriesName, value: values.map((v) => v.value) }] : [],
      },
    ],
  };
}
