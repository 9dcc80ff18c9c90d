import type { JsonObject } from '@meridian/common';
import type { EChartsCoreOption } from 'echarts/core';
import { dataKeyLabel } from '../../dashboard/runtime/format-value';
import type { ChartTheme } from '../chart-theme';
import type { WidgetProps } from '../widget-definition';
import { clampToScale, tickDecimals } from './gauge-scale';
import { gaugeValue } from './gauge-value';
import { levelColor } from './level-color';
import { simpleGaugeSettingsOf } from './simple-gauge-settings';

/**
 * The reference's "simple gauge" digital gauge (`TbCanvasDigitalGauge`, arc type) as an ECharts
 * gauge: a value bar on an arc, the value in its middle, min and max at its ends. Applied settings:
 * `minValue`/`maxValue`, `gaugeType` (`arc`, or `donut` from `donutStartAngle`), `levelColors` (the
 * bar's colour blended along the scale) or `useFixedLevelColor` with `fixedLevelColors`
 * (`{from, to, color}`), `defaultColor`, `showTitle`/`title`, `showUnitTitle`/`unitTitle` (the label
 * under the value), `showValue`, `showMinMax`, `gaugeWidthScale`, `roundedLineCap`,
 * `animation`/`animationDuration`; decimals (else `decimals`) and units as every widget has them.
 * The track and text follow the console theme rather than the reference's `gaugeColor`.
 */

/** The colour of the value bar. */
export function simpleGaugeColor(
  settings: JsonObject | undefined,
  value: number | null,
  fallback: string,
): string {
  const s = simpleGaugeSettingsOf(settings);
  const color = s.defaultColor ?? fallback;
  if (value === null) return color;
  if (s.useFixedLevelColor) {
    return s.fixedLevelColors.find((b) => b.from <= value && value <= b.to)?.color ?? color;
  }
  return levelColor((value - s.minValue) / (s.maxValue - s.minValue), s.levelColors) ?? color;
}

/** The title above the gauge: `title` (else the key label) when `showTitle` is on; empty otherwise. */
export function simpleGaugeTitle({ config, data }: Pick<WidgetProps, 'config' | 'data'>): string {
  const s = simpleGaugeSettingsOf(config.settings);
  if (!s.showTitle) return '';
  const dataKey = data[0]?.dataKeys[0];
  return s.title ?? (dataKey ? dataKeyLabel(dataKey) : '');
}

export function simpleGaugeOption(
  props: Pick<WidgetProps, 'config' | 'data'>,
  theme: ChartTheme,
): EChartsCoreOption {
  const settings = props.config.settings;
  const s = simpleGaugeSettingsOf(settings);
  const { minValue: min, maxValue: max } = s;
  const gauge = gaugeValue(props);
  const label = s.showUnitTitle ? (s.unitTitle ?? (gauge.dataKey ? dataKeyLabel(gauge.dataKey) : '')) : '';
  const donut = s.gaugeType === 'donut';
  const startAngle = donut ? s.donutStartAngle : 180;
  const width = Math.round(s.gaugeWidthScale * 24);
  const roundCap = s.roundedLineCap;
  const labelDecimals = tickDecimals(min, max, 1);
  return {
    animation: s.animation,
    animationDurationUpdate: s.animationDuration,
    series: [
      {
        type: 'gauge',
        min,
        max,
        startAngle,
        endAngle: donut ? startAngle - 360 : 0,
        splitNumber: 1,
        radius: donut ? '90%' : '100%',
        center: donut ? ['50%', '50%'] : ['50%', '65%'],
        progress: {
          show: true,
          width,
          roundCap,
          itemStyle: {
            color: simpleGaugeColor(settings, gauge.value, gauge.dataKey?.color ?? theme.primary),
          },
        },
        axisLine: { roundCap, lineStyle: { width, color: [[1, theme.track]] } },
        pointer: { show: false },
        anchor: { show: false },
        axisTick: { show: false },
        // Min and max start at the arc's outer edge and hang below its ends.
        splitLine: { show: false, length: 0, distance: 0 },
        axisLabel: {
          show: s.showMinMax && !donut,
          distance: 0,
          lineHeight: 22,
          color: theme.secondaryText,
          fontFamily: theme.fontFamily,
          // ECharts centres these labels on the arc's end: an empty first line puts them below it.
          formatter: (value: number) => `\n${value.toFixed(labelDecimals)}`,
        },
        title: {
          show: label !== '',
          offsetCenter: [0, donut ? '30%' : '22%'],
          color: theme.secondaryText,
          fontFamily: theme.fontFamily,
        },
        detail: {
          show: s.showValue,
          offsetCenter: [0, donut ? '0%' : '-12%'],
          color: theme.text,
          fontFamily: theme.fontFamily,
          fontSize: 22,
          fontWeight: 500,
          formatter: () => gauge.text,
        },
        data: [{ value: gauge.value === null ? min : clampToScale(gauge.value, min, max), name: label }],
      },
    ],
  };
}
