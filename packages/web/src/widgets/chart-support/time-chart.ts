import type { EChartsCoreOption } from 'echarts/core';
import { dataKeyLabel, numericValue } from '../../dashboard/runtime/format-value';
import { isSeriesKey } from '../../dashboard/runtime/series-keys';
import type { ChartTheme } from '../chart-theme';
import { entityFieldsOf, labelWithEntityFields, namesEntityFields } from '../entity-label';
import type { WidgetProps } from '../widget-definition';
import { legendOption, legendPositionOf } from './chart-legend';

/** One series of a time chart: an entity's time series of one key. */
export interface ChartSeries {
  name: string;
  color: string;
  points: [number, number][];
}

/** Every (entity, time-series key) pair of the widget's datasources, numeric points only. */
export function chartSeries({ data }: Pick<WidgetProps, 'data'>): ChartSeries[] {
  return data.flatMap((source) =>
    source.entities.flatMap((entity) =>
      source.dataKeys.flatMap((dataKey, index) => {
        if (!isSeriesKey(dataKey)) return [];
        const points = (entity.series[index] ?? []).flatMap((p): [number, number][] => {
          const value = numericValue(p.value);
          return value === null ? [] : [[p.ts, value]];
        });
        const label = dataKeyLabel(dataKey);
        // A label naming the entity (`${entityName} Successful`) says which it is; others get its name.
        const name = namesEntityFields(label)
          ? labelWithEntityFields(label, entityFieldsOf(entity.entity, source.datasource.aliasName))
          : source.entities.length > 1
            ? `${entity.entity.name} ${label}`
            : label;
        return [{ name, color: dataKey.color, points }];
      }),
    ),
  );
}

/**
 * The ECharts option of a chart over `range` on a time axis (line and bar charts), with a legend
 * unless `showLegend` is false; `series` are the chart's ECharts series.
 */
export function timeChartOption(
  props: Pick<WidgetProps, 'config' | 'range'>,
  colors: ChartTheme,
  series: object[],
): EChartsCoreOption {
  const axis = {
    axisLabel: { color: colors.secondaryText },
    axisLine: { lineStyle: { color: colors.line } },
    splitLine: { lineStyle: { color: colors.line } },
  };
  const showLegend = props.config.showLegend !== false;
  const position = legendPositionOf(props.config);
  return {
    animation: false,
    grid: {
      left: 48,
      right: 16,
      top: showLegend && position === 'top' ? 32 : 12,
      bottom: showLegend && position === 'bottom' ? 56 : 28,
    },
    tooltip: { trigger: 'axis', backgroundColor: colors.surface, textStyle: { color: colors.secondaryText } },
    legend: legendOption(showLegend, position, colors),
    xAxis: { type: 'time', min: props.range.startTs, max: props.range.endTs, ...axis },
    yAxis: { type: 'value', scale: true, ...axis },
    series,
  };
}
