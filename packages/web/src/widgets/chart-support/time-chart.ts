import type { EChartsCoreOption } from 'echarts/core';
import {
  dataKeyLabel,
  numericValue,
  type ValueFormat,
  valueFormatOf,
} from '../../dashboard/runtime/format-value';
import { isSeriesKey } from '../../dashboard/runtime/series-keys';
import type { ChartTheme } from '../chart-theme';
import { entityFieldsOf, labelWithEntityFields, namesEntityFields } from '../entity-label';
import type { WidgetProps } from '../widget-definition';
import { legendLayoutOf, legendOption, legendRoom } from './chart-legend';
import {
  type ChartScriptCalls,
  type TimeChartFormatting,
  timeChartFormatting,
  tooltipFormatterOf,
} from './chart-scripts';
import {
  type FlotChartSettings,
  type FlotLineKeySettings,
  flotChartSettingsOf,
  flotLineKeySettingsOf,
} from './flot-settings';

/** One series of a time chart: an entity's time series of one key. */
export interface ChartSeries {
  name: string;
  color: string;
  points: [number, number][];
  /** The key's decimals and units, for legend values. */
  format: ValueFormat;
  /** The tenant's tooltip value formatter of the series (its key's, else the widget's). */
  tooltipFormatter?: string;
  /** How a line chart draws it: its key's line settings. */
  line: FlotLineKeySettings;
}

/**
 * Every (entity, time-series key) pair of the widget's datasources; `toNumber` turns stored values
 * into plotted numbers (numeric values by default), values it maps to null are left out.
 */
export function chartSeries(
  { config, data }: Pick<WidgetProps, 'config' | 'data'>,
  toNumber: (value: string) => number | null = numericValue,
): ChartSeries[] {
  return data.flatMap((source) =>
    source.entities.flatMap((entity) =>
      source.dataKeys.flatMap((dataKey, index) => {
        if (!isSeriesKey(dataKey)) return [];
        const points = (entity.series[index] ?? []).flatMap((p): [number, number][] => {
          const value = toNumber(p.value);
          return value === null ? [] : [[p.ts, value]];
        });
        const label = dataKeyLabel(dataKey);
        // A label naming the entity (`${entityName} Successful`) says which it is; others get its name.
        const name = namesEntityFields(label)
          ? labelWithEntityFields(label, entityFieldsOf(entity.entity, source.datasource.aliasName))
          : source.entities.length > 1
            ? `${entity.entity.name} ${label}`
            : label;
        const tooltipFormatter = tooltipFormatterOf(config.settings, dataKey.settings);
        return [
          {
            name,
            color: dataKey.color,
            points,
            format: valueFormatOf(dataKey, config),
            ...(tooltipFormatter ? { tooltipFormatter } : {}),
            line: flotLineKeySettingsOf(dataKey.settings),
          },
        ];
      }),
    ),
  );
}

/** The legend's value columns (`legendConfig` showMin, showMax, showAvg, showTotal), translated. */
export interface LegendStatLabels {
  min: string;
  max: string;
  avg: string;
  total: string;
}

export type LegendStat = keyof LegendStatLabels;

/** Minimum, maximum, average and total of a series' values; null for a series without points. */
export function seriesStats(points: [number, number][]): Record<LegendStat, number> | null {
  if (points.length === 0) return null;
  const values = points.map((p) => p[1]);
  const total = values.reduce((sum, v) => sum + v, 0);
  return { min: Math.min(...values), max: Math.max(...values), avg: total / values.length, total };
}

/** The value columns the widget's legend config asks for, in the reference's order. */
export function legendStats(config: WidgetProps['config']): LegendStat[] {
  const legend = config.legendConfig;
  const asked: [LegendStat, boolean | undefined][] = [
    ['min', legend?.showMin],
    ['max', legend?.showMax],
    ['avg', legend?.showAvg],
    ['total', legend?.showTotal],
  ];
  return asked.filter(([, on]) => on === true).map(([stat]) => stat);
}

/** A row of the legend table: the series and its asked values as printed (empty without points). */
export interface LegendRow {
  name: string;
  color: string;
  values: string[];
}

/** The legend table's rows: each series with the asked values, in its key's decimals and units. */
export function legendRows(source: ChartSeries[], stats: LegendStat[]): LegendRow[] {
  return source.map((series) => {
    const values = seriesStats(series.points);
    const { decimals, units } = series.format;
    return {
      name: series.name,
      color: series.color,
      values: stats.map((stat) => {
        if (!values) return '';
        const text = values[stat].toFixed(decimals);
        return units ? `${text} ${units}` : text;
      }),
    };
  });
}

/** Whether the chart's legend is a table with value columns (drawn by the widget, not ECharts). */
export function legendIsTable(config: WidgetProps['config']): boolean {
  return config.showLegend !== false && legendStats(config).length > 0;
}

/**
 * The ECharts option of a chart over `range` on a time axis (line, bar and state charts), with a
 * legend unless `showLegend` is false; `series` are the chart's ECharts series. When the legend
 * config asks for values (min, max, average, total) the legend is the widget's table instead.
 * `formatTime` (the user's date-time format) heads the tooltip. `formatting` holds the tenant's
 * y axis and tooltip formatters ({@link chartFormattingOf}).
 */
export function timeChartOption(
  props: Pick<WidgetProps, 'config' | 'range'>,
  colors: ChartTheme,
  series: object[],
  formatTime?: (epochMs: number) => string,
  formatting: TimeChartFormatting = {},
): EChartsCoreOption {
  const flot = flotChartSettingsOf(props.config.settings);
  const labels = { color: flot.fontColor ?? colors.secondaryText, fontSize: flot.fontSize };
  const axis = {
    axisLabel: labels,
    axisLine: { lineStyle: { color: colors.line } },
    splitLine: { lineStyle: { color: colors.line } },
  };
  const title = (name: string | undefined, gap: number) =>
    name
      ? { name, nameLocation: 'middle', nameGap: gap, nameTextStyle: { color: colors.secondaryText } }
      : {};
  const legend = legendLayoutOf(
    props.config,
    props.config.showLegend !== false && !legendIsTable(props.config),
  );
  const names = series.map((s) => String((s as { name?: unknown }).name ?? ''));
  const room = legendRoom(legend, names.length);
  return {
    animation: false,
    grid: {
      // Axis titles take a line beside their labels.
      left: 48 + (flot.yaxis.title ? 20 : 0) + (room.left ?? 0),
      right: 16 + (room.right ?? 0),
      top: 12 + (room.top ?? 0),
      bottom: 28 + (flot.xaxis.title ? 20 : 0) + (room.bottom ?? 0),
    },
    tooltip: {
      trigger: flot.tooltipIndividual ? 'item' : 'axis',
      backgroundColor: colors.surface,
      textStyle: { color: colors.secondaryText },
      ...(formatting.tooltip ? { formatter: formatting.tooltip } : {}),
    },
    legend: legendOption(legend, names, colors),
    xAxis: {
      type: 'time',
      min: props.range.startTs,
      max: props.range.endTs,
      ...axis,
      splitLine: { ...axis.splitLine, show: flot.grid.verticalLines },
      axisLabel: { ...labels, hideOverlap: true, show: flot.xaxis.showLabels },
      ...title(flot.xaxis.title, 28),
      // The tooltip's heading is the pointed time: in the console's one date-time format, not ECharts' own.
      ...(formatTime
        ? {
            axisPointer: {
              label: { formatter: ({ value }: { value: unknown }) => formatTime(Number(value)) },
            },
          }
        : {}),
    },
    yAxis: {
      type: 'value',
      scale: true,
      ...axis,
      splitLine: { ...axis.splitLine, show: flot.grid.horizontalLines },
      axisLabel: {
        ...axis.axisLabel,
        show: flot.yaxis.showLabels,
        ...(formatting.yTick ? { formatter: formatting.yTick } : {}),
      },
      ...(flot.yaxis.min !== undefined ? { min: flot.yaxis.min } : {}),
      ...(flot.yaxis.max !== undefined ? { max: flot.yaxis.max } : {}),
      ...title(flot.yaxis.title, 40),
    },
    series,
  };
}

/** The tenant formatters of a time chart over `source`, run through `calls` (none without). */
export function chartFormattingOf(
  config: WidgetProps['config'],
  source: readonly ChartSeries[],
  calls: ChartScriptCalls | undefined,
  formatTime: (epochMs: number) => string = (ms) => new Date(ms).toISOString(),
): TimeChartFormatting {
  return timeChartFormatting(
    config.settings,
    source.map((s) => s.tooltipFormatter),
    calls,
    formatTime,
  );
}

/**
 * The ECharts line series of a chart series, in the key colour, with points only when it has one.
 * ECharts draws a line of more points than the chart has pixels through LTTB sampling, which keeps
 * peaks and dips: a 100,000-point series draws in a fraction of the time (bench/chart-draw.mjs).
 */
export function lineSeries(
  series: ChartSeries,
  chart: Pick<FlotChartSettings, 'smoothLines' | 'stack'> = { smoothLines: false, stack: false },
): object {
  const { line } = series;
  return {
    type: 'line',
    name: series.name,
    color: series.color,
    showSymbol: line.showPoints || series.points.length < 2,
    sampling: 'lttb',
    // No line: its points stand alone (the reference's showLines off).
    lineStyle: { width: line.showLines ? (line.lineWidth ?? 2) : 0 },
    ...(line.fillLines ? { areaStyle: { opacity: 0.3 } } : {}),
    ...(chart.smoothLines ? { smooth: true } : {}),
    ...(chart.stack ? { stack: 'total' } : {}),
    data: series.points,
  };
}
