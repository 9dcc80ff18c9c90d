import type { JsonObject } from '@meridian/common';
import type { EChartsCoreOption } from 'echarts/core';
import type { ScriptCalls } from '../../dashboard/sandbox/script-calls';
import { legendLayoutOf, legendOption, legendRoom } from '../chart-support/chart-legend';
import { rewrittenTooltip, tooltipValueHtml } from '../chart-support/chart-scripts';
import { widgetTooltipFormatterOf } from '../chart-support/flot-settings';
import { type LatestValue, latestValues } from '../chart-support/latest-values';
import type { ChartTheme } from '../chart-theme';
import { numberSetting, stringSetting } from '../gauge-support/gauge-value';
import { escapeHtml } from '../html-support/card-pattern';
import type { WidgetProps } from '../widget-definition';

/**
 * The reference's pie charts of latest values: the flot pie (`charts.pie`) and the Chart.js
 * doughnut (`charts.doughnut_chart_js`), as ECharts pies. Each slice is one key's latest value of
 * one entity, in the key's colour and with its label (prefixed by the entity name when the
 * datasource has several); values that are not numbers, or are negative, make no slice.
 */

/** One slice: the value, its label and colour, and the value as the widget prints it. */
export type PieSlice = LatestValue;

/** The slices: every latest value that is a number and not negative. */
export function pieSlices(props: Pick<WidgetProps, 'config' | 'data'>): PieSlice[] {
  return latestValues(props).filter((slice) => slice.value >= 0);
}

/** How the pie is drawn, from the type's settings. */
interface PieStyle {
  radius: [string, string];
  borderColor: string;
  borderWidth: number;
  showLabels: boolean;
  showLegend: boolean;
  showTooltip: boolean;
  /** Polar area: equal angles, radius by value. */
  rose?: boolean;
  /** Runs the slices' flot `tooltipValueFormatter` (the flot pie only). */
  tooltipCalls?: ScriptCalls;
}

interface PieTooltipParams {
  name: string;
  percent: number;
  data: PieSlice;
}

/** The flot pie's tooltip, each value through its tooltip value formatter in the sandbox. */
function scriptedPieTooltip(calls: ScriptCalls) {
  return (params: PieTooltipParams, ticket: string, callback: (ticket: string, html: string) => void) =>
    rewrittenTooltip(
      calls,
      () => {
        const value = tooltipValueHtml(
          params.data.tooltipFormatter,
          params.data.value,
          params.data.text,
          calls,
        );
        return {
          html: `${escapeHtml(params.name)}: ${value.html} (${params.percent}%)`,
          waiting: value.waiting,
        };
      },
      ticket,
      callback,
    );
}

function objectSetting(settings: JsonObject | undefined, key: string): JsonObject | undefined {
  const value = settings?.[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

const percent = (fraction: number) => `${Math.round(Math.max(0, Math.min(1, fraction)) * 75)}%`;

function pieOption(props: Pick<WidgetProps, 'config' | 'data'>, colors: ChartTheme, style: PieStyle) {
  const slices = pieSlices(props);
  const legend = legendLayoutOf(props.config, style.showLegend);
  const names = slices.map((slice) => slice.name);
  const room = legendRoom(legend, names.length);
  const scripted = style.tooltipCalls && slices.some((slice) => slice.tooltipFormatter);
  return {
    animation: false,
    tooltip: style.showTooltip
      ? {
          trigger: 'item',
          backgroundColor: colors.surface,
          textStyle: { color: colors.secondaryText },
          formatter:
            scripted && style.tooltipCalls
              ? scriptedPieTooltip(style.tooltipCalls)
              : (params: PieTooltipParams) => `${params.name}: ${params.data.text} (${params.percent}%)`,
        }
      : { show: false },
    legend: legendOption(legend, names, colors),
    series: [
      {
        type: 'pie',
        radius: style.radius,
        roseType: style.rose ? 'area' : undefined,
        top: room.top ?? 0,
        bottom: room.bottom ?? 0,
        left: room.left ?? 0,
        right: room.right ?? 0,
        itemStyle: { borderColor: style.borderColor, borderWidth: style.borderWidth },
        label: { show: style.showLabels, color: colors.text, fontFamily: colors.fontFamily },
        labelLine: { show: style.showLabels, lineStyle: { color: colors.line } },
        data: slices.map((slice) => ({ ...slice, itemStyle: { color: slice.color } })),
      },
    ],
  } satisfies EChartsCoreOption;
}

/** What the flot pie reads of the reference's `TbFlot` pie settings. */
export interface FlotPieSettings {
  /** Fractions of the available size; an inner radius above 0 makes a ring. */
  radius: number;
  innerRadius: number;
  /** The line between slices: the card background when no colour is saved. */
  stroke: { color: string | undefined; width: number };
  showLabels: boolean;
  tooltipValueFormatter: string | undefined;
}

/** The flot pie's settings, with the value it uses for each missing key. */
export function flotPieSettingsOf(settings: JsonObject | undefined): FlotPieSettings {
  const stroke = objectSetting(settings, 'stroke');
  return {
    radius: numberSetting(settings, 'radius') ?? 1,
    innerRadius: numberSetting(settings, 'innerRadius') ?? 0,
    stroke: { color: stringSetting(stroke, 'color'), width: numberSetting(stroke, 'width') ?? 0 },
    showLabels: settings?.showLabels === true,
    tooltipValueFormatter: widgetTooltipFormatterOf(settings),
  };
}

/**
 * The flot pie (`charts.pie`, settings from the reference's `TbFlot`): `radius` and `innerRadius`
 * (fractions of the available size; an inner radius makes a ring), `stroke` (`{color, width}`
 * between slices, the card background by default) and `showLabels`; the legend follows the
 * widget's `showLegend` and `legendConfig.position`. With `tooltipCalls`, the tenant's
 * `tooltipValueFormatter` (a key's, else the widget's) writes the tooltip's values.
 */
export function flotPieOption(
  props: Pick<WidgetProps, 'config' | 'data'>,
  colors: ChartTheme,
  tooltipCalls?: ScriptCalls,
): EChartsCoreOption {
  const s = flotPieSettingsOf(props.config.settings);
  return pieOption(props, colors, {
    radius: [percent(s.innerRadius), percent(s.radius)],
    borderColor: s.stroke.color ?? colors.surface,
    borderWidth: s.stroke.width,
    showLabels: s.showLabels,
    showLegend: props.config.showLegend !== false,
    showTooltip: true,
    ...(tooltipCalls ? { tooltipCalls } : {}),
  });
}

/** The reference's doughnut border colour: white, which stands for the card background. */
const REFERENCE_BORDER = new Set(['#fff', '#ffffff', 'white']);

/**
 * The Chart.js doughnut (`charts.doughnut_chart_js`): a ring half the radius wide, `showTooltip`,
 * `borderWidth` and `borderColor` between slices (the reference's default white draws as the card
 * background, so the ring reads in the dark scheme), and `legend.display` (the legend's place from
 * `legendConfig.position`); legend text follows the console theme rather than `legend.labelsFontColor`.
 */
export function doughnutOption(
  props: Pick<WidgetProps, 'config' | 'data'>,
  colors: ChartTheme,
): EChartsCoreOption {
  const settings = props.config.settings;
  const borderColor = stringSetting(settings, 'borderColor');
  return pieOption(props, colors, {
    radius: ['37.5%', '75%'],
    borderColor:
      borderColor && !REFERENCE_BORDER.has(borderColor.toLowerCase()) ? borderColor : colors.surface,
    borderWidth: numberSetting(settings, 'borderWidth') ?? 2,
    showLabels: false,
    showLegend: objectSetting(settings, 'legend')?.display !== false,
    showTooltip: settings?.showTooltip !== false,
  });
}

/**
 * The Chart.js pie (`charts.pie_chart_js`) and polar area (`charts.polar_area_chart_js`): a full
 * pie, or equal sectors whose radius follows the value; `showTooltip`, and the legend from the
 * widget's `showLegend` and `legendConfig.position`. Slices are parted by the card background.
 */
export function chartJsPieOption(
  props: Pick<WidgetProps, 'config' | 'data'>,
  colors: ChartTheme,
  variant: 'pie' | 'polarArea',
): EChartsCoreOption {
  return pieOption(props, colors, {
    radius: variant === 'pie' ? ['0%', '75%'] : ['8%', '75%'],
    borderColor: colors.surface,
    borderWidth: 2,
    showLabels: false,
    showLegend: props.config.showLegend !== false,
    showTooltip: props.config.settings?.showTooltip !== false,
    rose: variant === 'polarArea',
  });
}
