import type { JsonObject, JsonValue } from '@meridian/common';
import type { EChartsCoreOption } from 'echarts/core';
import type { ChartTheme } from '../chart-theme';
import { gaugeValue, numberSetting, stringSetting } from '../gauge-support/gauge-value';
import type { WidgetProps } from '../widget-definition';

/** The reference's default compass card (`majorTicks`): the eight directions from north, clockwise. */
export const COMPASS_DIRECTIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];

/** The direction labels of the settings' `majorTicks` (non-empty text), else the reference's. */
export function compassLabels(value: JsonValue | undefined): string[] {
  const labels = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  return labels.length > 0 ? labels : COMPASS_DIRECTIONS;
}

/** A heading in degrees, on 0..360. */
export function normalizeHeading(value: number): number {
  return ((value % 360) + 360) % 360;
}

/** What the compass reads of the reference's `TbAnalogueCompass` settings. */
export interface CompassSettings {
  /** The card's labels, from north, clockwise. */
  majorTicks: string[];
  minorTicks: number;
  /** `plate` turns the card under a fixed needle; `needle` turns the needle. */
  animationTarget: 'needle' | 'plate';
  colorNeedle: string;
  animation: boolean;
  animationDuration: number;
}

/** The compass's settings, with the value it uses for each missing key. */
export function compassSettingsOf(settings: JsonObject | undefined): CompassSettings {
  return {
    majorTicks: compassLabels(settings?.majorTicks),
    minorTicks: Math.max(1, Math.min(30, Math.round(numberSetting(settings, 'minorTicks') ?? 22))),
    animationTarget: settings?.animationTarget === 'plate' ? 'plate' : 'needle',
    colorNeedle: stringSetting(settings, 'colorNeedle') ?? '#f08080',
    animation: settings?.animation !== false,
    animationDuration: numberSetting(settings, 'animationDuration') ?? 500,
  };
}

/**
 * The reference's compass (`TbAnalogueCompass`, `analogue_gauges.analogue_compass`) as an ECharts
 * gauge: a full-circle card with `majorTicks` labels from north, clockwise, `minorTicks` between
 * them, and a needle at the first key's heading (degrees). With `animationTarget: 'plate'` the card
 * turns so the heading is up, under a fixed needle. `colorNeedle` colours the needle; the plate,
 * ticks and numbers follow the console theme.
 */
export function compassOption(
  props: Pick<WidgetProps, 'config' | 'data'>,
  theme: ChartTheme,
): EChartsCoreOption {
  const s = compassSettingsOf(props.config.settings);
  const labels = s.majorTicks;
  const gauge = gaugeValue(props);
  const heading = gauge.value === null ? 0 : normalizeHeading(gauge.value);
  // ECharts counts anticlockwise from 3 o'clock: north (90°) first, then clockwise.
  const start = 90 + (s.animationTarget === 'plate' ? heading : 0);
  const step = 360 / labels.length;
  return {
    animation: s.animation,
    animationDurationUpdate: s.animationDuration,
    series: [
      {
        type: 'gauge',
        min: 0,
        max: 360,
        startAngle: start,
        endAngle: start - 360,
        clockwise: true,
        splitNumber: labels.length,
        radius: '92%',
        axisLine: { lineStyle: { width: 4, color: [[1, theme.line]] } },
        splitLine: { distance: 0, length: 12, lineStyle: { color: theme.text, width: 2 } },
        axisTick: {
          distance: 0,
          length: 6,
          splitNumber: s.minorTicks,
          lineStyle: { color: theme.secondaryText },
        },
        axisLabel: {
          distance: 18,
          color: theme.text,
          fontFamily: theme.fontFamily,
          fontSize: 14,
          fontWeight: 500,
          formatter: (value: number) => (value >= 360 ? '' : (labels[Math.round(value / step)] ?? '')),
        },
        pointer: {
          show: gauge.value !== null,
          icon: 'path://M 0 -1 L 1 1 L -1 1 Z',
          length: '75%',
          width: 12,
          itemStyle: { color: s.colorNeedle },
        },
        anchor: { show: true, size: 14, itemStyle: { color: theme.secondaryText } },
        title: { show: false },
        // The reference's compass shows no value box.
        detail: { show: false },
        data: [{ value: heading }],
      },
    ],
  };
}
