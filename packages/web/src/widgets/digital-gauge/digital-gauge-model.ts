import type { JsonObject } from '@meridian/common';
import type { EChartsCoreOption } from 'echarts/core';
import { dataKeyLabel } from '../../dashboard/runtime/format-value';
import type { ChartTheme } from '../chart-theme';
import { clampToScale, tickDecimals } from '../gauge-support/gauge-scale';
import { gaugeValue, numberSetting, withDefaultSettings } from '../gauge-support/gauge-value';
import { simpleGaugeColor, simpleGaugeOption, simpleGaugeTitle } from '../gauge-support/simple-gauge-option';
import { type SimpleGaugeSettings, simpleGaugeSettingsOf } from '../gauge-support/simple-gauge-settings';
import type { WidgetProps } from '../widget-definition';

/**
 * The reference's digital gauges (`TbCanvasDigitalGauge`): eleven widget types that differ only in
 * their default settings. A saved setting wins over the type's default; a missing one takes it, so
 * a dashboard made by the reference renders as saved and a new widget looks like the reference's.
 */

export type DigitalGaugeType = 'arc' | 'donut' | 'horizontalBar' | 'verticalBar';

/**
 * Per type, the reference descriptors' default settings that shape the gauge (type, scale, level
 * colours, LCD dashes, neon glow, unit title). Colours of the plate and track are left to the
 * console theme, and the LCD types' dark `defaultColor` to the key colour (it reads only on the
 * LCD's saved grey background); a saved dashboard's colours are used as saved.
 */
/** The digital (segmented, glowing) vertical and horizontal bars' shared defaults. */
const DIGITAL_BAR: JsonObject = {
  minValue: -60,
  maxValue: 60,
  levelColors: ['#3d5afe', '#f44336'],
  dashThickness: 1.2,
  neonGlowBrightness: 20,
  showUnitTitle: true,
};

export const DIGITAL_GAUGE_DEFAULTS: Readonly<Record<string, JsonObject>> = {
  simple_gauge_justgage: { gaugeType: 'arc' },
  gauge_justgage: { gaugeType: 'arc', gaugeWidthScale: 0.75, showMinMax: true },
  mini_gauge_justgage: { gaugeType: 'donut', gaugeWidthScale: 0.75, roundedLineCap: true, decimals: 0 },
  vertical_bar_justgage: { gaugeType: 'verticalBar', gaugeWidthScale: 0.75 },
  horizontal_bar_justgage: { gaugeType: 'horizontalBar', gaugeWidthScale: 0.75 },
  digital_thermometer: {
    gaugeType: 'donut',
    minValue: -60,
    maxValue: 60,
    gaugeWidthScale: 1,
    levelColors: ['#304ffe', '#7e57c2', '#ff4081', '#d32f2f'],
    dashThickness: 1.5,
    neonGlowBrightness: 35,
  },
  digital_vertical_bar: { ...DIGITAL_BAR, gaugeType: 'verticalBar' },
  digital_bar: { ...DIGITAL_BAR, gaugeType: 'horizontalBar' },
  neon_gauge_justgage: { gaugeType: 'arc', gaugeWidthScale: 0.75, neonGlowBrightness: 70, dashThickness: 1 },
  simple_neon_gauge_justgage: {
    gaugeType: 'donut',
    gaugeWidthScale: 0.75,
    neonGlowBrightness: 70,
    dashThickness: 1,
  },
  lcd_gauge: {
    gaugeType: 'arc',
    maxValue: 180,
    gaugeWidthScale: 0.75,
    dashThickness: 1.5,
    decimals: 0,
    unitTitle: 'MPH',
    showUnitTitle: true,
  },
  lcd_bar_gauge: {
    gaugeType: 'verticalBar',
    gaugeWidthScale: 0.75,
    dashThickness: 1.5,
  },
};

export function digitalGaugeType(settings: JsonObject | undefined): DigitalGaugeType {
  const type = settings?.gaugeType;
  return type === 'donut' || type === 'horizontalBar' || type === 'verticalBar' ? type : 'arc';
}

/** The widget props with the type's defaults under the saved settings. */
export function withDigitalDefaults<P extends Pick<WidgetProps, 'config'>>(typeAlias: string, props: P): P {
  return withDefaultSettings(DIGITAL_GAUGE_DEFAULTS[typeAlias], props);
}

/** What the digital gauges read: the simple gauge's settings, the bar types, glow and LCD stripes. */
export interface DigitalGaugeSettings extends SimpleGaugeSettings {
  gaugeType: DigitalGaugeType;
  /** 0..100; 0 draws no glow. */
  neonGlowBrightness: number;
  /** The bars' LCD stripes; 0 draws a solid bar. */
  dashThickness: number;
}

/** The digital gauge's settings (saved over the type's defaults), with the value used for each missing key. */
export function digitalGaugeSettingsOf(settings: JsonObject | undefined): DigitalGaugeSettings {
  return {
    ...simpleGaugeSettingsOf(settings),
    gaugeType: digitalGaugeType(settings),
    neonGlowBrightness: Math.max(0, Math.min(100, numberSetting(settings, 'neonGlowBrightness') ?? 0)),
    dashThickness: numberSetting(settings, 'dashThickness') ?? 0,
  };
}

/** Glow blur radius (px) of `neonGlowBrightness` (0..100); 0 draws no glow. */
export function glowRadius(settings: JsonObject | undefined): number {
  return Math.round(digitalGaugeSettingsOf(settings).neonGlowBrightness / 8);
}

/** What a bar gauge (`horizontalBar`, `verticalBar`) draws. */
export interface BarGaugeModel {
  vertical: boolean;
  title: string;
  /** How far the bar is filled, 0..1. */
  fraction: number;
  color: string;
  track: string;
  /** The value as printed (decimals, units); empty without a value. */
  valueText: string;
  showValue: boolean;
  minText: string;
  maxText: string;
  showMinMax: boolean;
  /** The unit title under the bar; empty for none. */
  label: string;
  /** Bar thickness, in the drawing's units. */
  thickness: number;
  /** Length of an LCD segment and the gap after it; 0 for a solid bar. */
  dash: { segment: number; gap: number };
  glow: number;
  text: string;
  secondaryText: string;
}

/** The bar gauge of the settings (already merged with the type's defaults). */
export function barGaugeModel(props: Pick<WidgetProps, 'config' | 'data'>, theme: ChartTheme): BarGaugeModel {
  const settings = props.config.settings;
  const s = digitalGaugeSettingsOf(settings);
  const { minValue: min, maxValue: max, dashThickness } = s;
  const gauge = gaugeValue(props);
  const decimals = tickDecimals(min, max, 1);
  const label = s.showUnitTitle ? (s.unitTitle ?? (gauge.dataKey ? dataKeyLabel(gauge.dataKey) : '')) : '';
  return {
    vertical: s.gaugeType === 'verticalBar',
    title: simpleGaugeTitle(props),
    fraction: gauge.value === null ? 0 : (clampToScale(gauge.value, min, max) - min) / (max - min),
    color: simpleGaugeColor(settings, gauge.value, gauge.dataKey?.color ?? theme.primary),
    track: theme.track,
    valueText: gauge.text,
    showValue: s.showValue,
    minText: min.toFixed(decimals),
    maxText: max.toFixed(decimals),
    showMinMax: s.showMinMax,
    label,
    thickness: Math.round(s.gaugeWidthScale * 32),
    dash: dashThickness > 0 ? { segment: 6, gap: Math.max(1, dashThickness * 1.5) } : { segment: 0, gap: 0 },
    glow: Math.round(s.neonGlowBrightness / 8),
    text: theme.text,
    secondaryText: theme.secondaryText,
  };
}

/**
 * The ECharts option of an `arc` or `donut` digital gauge: the simple gauge's, with the neon glow
 * of `neonGlowBrightness` around the value bar.
 */
export function digitalArcOption(
  props: Pick<WidgetProps, 'config' | 'data'>,
  theme: ChartTheme,
): EChartsCoreOption {
  const option = simpleGaugeOption(props, theme) as { series: GaugeSeries[] };
  const glow = glowRadius(props.config.settings);
  if (glow === 0) return option;
  return {
    ...option,
    series: option.series.map((series) => ({
      ...series,
      progress: {
        ...series.progress,
        itemStyle: {
          ...series.progress.itemStyle,
          shadowBlur: glow,
          shadowColor: series.progress.itemStyle.color,
        },
      },
    })),
  };
}

interface GaugeSeries {
  progress: { itemStyle: { color: string } };
}
