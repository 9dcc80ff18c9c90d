import { describe, expect, it } from 'vitest';
import { LIGHT_CHART_THEME as theme } from '../../test/chart-test-theme';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { withAlpha, withConfigTextColor } from '../chart-theme';
import {
  barGaugeModel,
  DIGITAL_GAUGE_DEFAULTS,
  digitalArcOption,
  digitalGaugeType,
  withDigitalDefaults,
} from './digital-gauge-model';

const key = dataKey('temperature', { label: 'Temperature', units: '°C', decimals: 1 });
const props = (type: string, value: string | undefined, settings = {}) =>
  withDigitalDefaults(type, widgetProps([key], [entityData('T1', [value])], { settings }));

describe('digital gauge defaults', () => {
  it('gives each of the eleven types its reference gauge type, saved settings winning', () => {
    const types = Object.fromEntries(
      Object.keys(DIGITAL_GAUGE_DEFAULTS).map((type) => [
        type,
        digitalGaugeType(props(type, '1').config.settings),
      ]),
    );
    expect(types).toMatchObject({
      gauge_justgage: 'arc',
      mini_gauge_justgage: 'donut',
      vertical_bar_justgage: 'verticalBar',
      horizontal_bar_justgage: 'horizontalBar',
      digital_thermometer: 'donut',
      digital_vertical_bar: 'verticalBar',
      digital_bar: 'horizontalBar',
      neon_gauge_justgage: 'arc',
      simple_neon_gauge_justgage: 'donut',
      lcd_gauge: 'arc',
      lcd_bar_gauge: 'verticalBar',
    });
    expect(digitalGaugeType(props('lcd_gauge', '1', { gaugeType: 'horizontalBar' }).config.settings)).toBe(
      'horizontalBar',
    );
    // A saved null is a missing setting: the type's default applies.
    expect(props('digital_thermometer', '1', { minValue: null }).config.settings?.minValue).toBe(-60);
    expect(digitalGaugeType({ gaugeType: 'nonsense' })).toBe('arc');
  });
});

describe('bar gauge model', () => {
  it('fills the bar to the value on the scale in its level colour, with min, max and the unit title', () => {
    const model = barGaugeModel(props('digital_vertical_bar', '0', { unitTitle: 'Boiler' }), theme);
    expect(model).toMatchObject({
      vertical: true,
      fraction: 0.5,
      valueText: '0.0 °C',
      minText: '-60',
      maxText: '60',
      showMinMax: true,
      showValue: true,
      label: 'Boiler',
      track: theme.track,
    });
    // Half way between #3d5afe and #f44336.
    expect(model.color).toBe('#994f9a');
    // LCD dashes and neon glow of the type's defaults.
    expect(model.dash.segment).toBeGreaterThan(0);
    expect(model.glow).toBeGreaterThan(0);
  });

  it('clamps the bar to the scale and leaves it empty without a value', () => {
    expect(barGaugeModel(props('horizontal_bar_justgage', '250'), theme).fraction).toBe(1);
    expect(barGaugeModel(props('horizontal_bar_justgage', '-5'), theme).fraction).toBe(0);
    const empty = barGaugeModel(props('horizontal_bar_justgage', undefined), theme);
    expect(empty).toMatchObject({ fraction: 0, valueText: '', vertical: false });
    expect(empty.dash).toEqual({ segment: 0, gap: 0 });
  });

  it('uses the fixed level colours and hides what the settings turn off', () => {
    const model = barGaugeModel(
      props('vertical_bar_justgage', '70', {
        useFixedLevelColor: true,
        fixedLevelColors: [
          { from: 0, to: 50, color: 'green' },
          { from: 50, to: 100, color: 'red' },
        ],
        showMinMax: false,
        showValue: false,
      }),
      theme,
    );
    expect(model).toMatchObject({ color: 'red', showMinMax: false, showValue: false, label: '' });
  });

  it('draws text in the widget text colour when the saved config gives one', () => {
    const dark = withConfigTextColor(theme, { color: 'rgba(255, 254, 254, 0.87)' });
    expect(barGaugeModel(props('digital_bar', '1'), dark)).toMatchObject({
      text: 'rgba(255, 254, 254, 0.87)',
      secondaryText: 'rgba(255, 254, 254, 0.87)',
      // The empty track: a faint shade of the text colour, visible on the saved background.
      track: 'rgba(255, 254, 254, 0.16)',
    });
    expect(withAlpha('#000', 0.5)).toBe('rgba(0, 0, 0, 0.5)');
    expect(withAlpha('white', 0.5)).toBeUndefined();
    expect(withConfigTextColor(theme, {})).toBe(theme);
  });
});

describe('digital arc option', () => {
  type Series = {
    min: number;
    max: number;
    endAngle: number;
    progress: { itemStyle: { color: string; shadowBlur?: number; shadowColor?: string } };
    data: { value: number }[];
  };
  const seriesOf = (option: unknown) => (option as { series: Series[] }).series[0] as Series;

  it('draws the thermometer as a donut on -60..60 with a neon glow in the bar colour', () => {
    const series = seriesOf(digitalArcOption(props('digital_thermometer', '75'), theme));
    expect(series).toMatchObject({ min: -60, max: 60, data: [{ value: 60 }] });
    expect(series.endAngle).toBe(90 - 360);
    expect(series.progress.itemStyle.shadowBlur).toBeGreaterThan(0);
    expect(series.progress.itemStyle.shadowColor).toBe(series.progress.itemStyle.color);
  });

  it('draws the LCD gauge on 0..180 without glow, in the saved default colour when no level colours are set', () => {
    const series = seriesOf(
      digitalArcOption(props('lcd_gauge', '90', { levelColors: [], defaultColor: '#444444' }), theme),
    );
    expect(series).toMatchObject({ min: 0, max: 180, data: [{ value: 90 }] });
    expect(series.progress.itemStyle.shadowBlur).toBeUndefined();
    expect(series.progress.itemStyle.color).toBe('#444444');
  });
});
