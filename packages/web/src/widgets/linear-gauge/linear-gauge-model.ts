import type { JsonObject } from '@meridian/common';
import { dataKeyLabel } from '../../dashboard/runtime/format-value';
import type { ChartTheme } from '../chart-theme';
import {
  type AnalogueGaugeSettings,
  analogueGaugeSettingsOf,
} from '../gauge-support/analogue-gauge-settings';
import { clampToScale, tickDecimals } from '../gauge-support/gauge-scale';
import { gaugeValue, stringSetting } from '../gauge-support/gauge-value';
import type { WidgetProps } from '../widget-definition';

/**
 * The reference's linear canvas gauge (`TbAnalogueLinearGauge`) of the "Thermometer scale" type
 * (`analogue_gauges.temperature_gauge_canvas_gauges`): a horizontal thermometer with a bulb, its
 * progress bar coloured from `colorBarProgress` to `colorBarProgressEnd`, `highlights` under it,
 * `majorTicksCount` numbered ticks with `minorTicks` between, the unit title above and the value
 * box below. Tick, number and track colours follow the console theme.
 */

/** The reference descriptor's default settings, under a widget's saved ones. */
export const THERMOMETER_SCALE_DEFAULTS: JsonObject = {
  minValue: -60,
  maxValue: 100,
  majorTicksCount: 8,
  minorTicks: 2,
  highlightsWidth: 10,
  highlights: [
    { from: -60, to: -40, color: '#90caf9' },
    { from: -40, to: -20, color: 'rgba(144, 202, 249, 0.66)' },
    { from: -20, to: 0, color: 'rgba(144, 202, 249, 0.33)' },
    { from: 0, to: 20, color: 'rgba(244, 67, 54, 0.2)' },
    { from: 20, to: 40, color: 'rgba(244, 67, 54, 0.4)' },
    { from: 40, to: 60, color: 'rgba(244, 67, 54, 0.6)' },
    { from: 60, to: 80, color: 'rgba(244, 67, 54, 0.8)' },
    { from: 80, to: 100, color: '#f44336' },
  ],
  showUnitTitle: true,
  unitTitle: 'Temperature',
  units: '°C',
  colorBarProgress: '#90caf9',
  colorBarProgressEnd: '#f44336',
  valueDec: 1,
  valueBox: true,
};

export interface LinearTick {
  /** Position on the scale, 0 (min) .. 1 (max). */
  at: number;
  label: string;
}

export interface LinearGaugeModel {
  title: string;
  /** Filled part of the bar, 0..1; null without a value. */
  fraction: number | null;
  /** Colours at the start and the end of the scale (the bar's gradient). */
  barStart: string;
  barEnd: string;
  track: string;
  majorTicks: LinearTick[];
  /** Positions of minor ticks, 0..1. */
  minorTicks: number[];
  bands: { from: number; to: number; color: string }[];
  bandWidth: number;
  valueText: string;
  showValue: boolean;
  text: string;
  secondaryText: string;
  line: string;
}

/** What the thermometer scale reads of the reference's `TbAnalogueLinearGauge` settings. */
export interface LinearGaugeSettings extends AnalogueGaugeSettings {
  /** The bar's colour at the scale's start (the key's colour when missing) and end (the start's). */
  colorBarProgress: string | undefined;
  colorBarProgressEnd: string | undefined;
}

/** The linear gauge's settings, with the value it uses for each missing key. */
export function linearGaugeSettingsOf(settings: JsonObject | undefined): LinearGaugeSettings {
  return {
    ...analogueGaugeSettingsOf(settings, 10),
    colorBarProgress: stringSetting(settings, 'colorBarProgress'),
    colorBarProgressEnd: stringSetting(settings, 'colorBarProgressEnd'),
  };
}

export function linearGaugeModel(
  props: Pick<WidgetProps, 'config' | 'data'>,
  theme: ChartTheme,
): LinearGaugeModel {
  const s = linearGaugeSettingsOf(props.config.settings);
  const { minValue: min, maxValue: max, majorTicksCount: majors, minorTicks: minors } = s;
  const gauge = gaugeValue(props);
  const decimals = tickDecimals(min, max, majors);
  const position = (value: number) => (clampToScale(value, min, max) - min) / (max - min);
  const start = s.colorBarProgress ?? gauge.dataKey?.color ?? theme.primary;
  const title = s.showUnitTitle ? (s.unitTitle ?? (gauge.dataKey ? dataKeyLabel(gauge.dataKey) : '')) : '';
  const majorTicks = Array.from({ length: majors + 1 }, (_, i) => ({
    at: i / majors,
    label: (min + ((max - min) * i) / majors).toFixed(decimals),
  }));
  const minorTicks = Array.from({ length: majors * minors + 1 }, (_, i) => i / (majors * minors)).filter(
    (_, i) => i % minors !== 0,
  );
  return {
    title,
    fraction: gauge.value === null ? null : position(gauge.value),
    barStart: start,
    barEnd: s.colorBarProgressEnd ?? start,
    track: theme.track,
    majorTicks,
    minorTicks,
    bands: s.highlights.map((band) => ({
      from: position(band.from),
      to: position(band.to),
      color: band.color,
    })),
    bandWidth: Math.max(2, Math.min(20, s.highlightsWidth)),
    valueText: gauge.text,
    showValue: s.valueBox,
    text: theme.text,
    secondaryText: theme.secondaryText,
    line: theme.secondaryText,
  };
}
