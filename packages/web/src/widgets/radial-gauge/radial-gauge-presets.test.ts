import { describe, expect, it } from 'vitest';
import { LIGHT_CHART_THEME as theme } from '../../test/chart-test-theme';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { withDefaultSettings } from '../gauge-support/gauge-value';
import { radialGaugeOption } from './radial-gauge-option';
import { RADIAL_GAUGE_DEFAULTS } from './radial-gauge-presets';

interface Series {
  min: number;
  max: number;
  startAngle: number;
  endAngle: number;
  splitNumber: number;
  axisLine: { lineStyle: { color: [number, string][] } };
  title: { show: boolean };
  detail: { formatter: () => string };
  data: { value: number; name: string }[];
}
const seriesOf = (type: string, value: string, settings = {}) =>
  (
    radialGaugeOption(
      withDefaultSettings(
        RADIAL_GAUGE_DEFAULTS[type],
        widgetProps([dataKey('v', { label: 'Value' })], [entityData('D', [value])], { settings }),
      ),
      theme,
    ) as { series: Series[] }
  ).series[0] as Series;

describe('radial gauge types', () => {
  it('draws the speed gauge on 0..180 MPH with yellow and red bands', () => {
    const series = seriesOf('speed_gauge_canvas_gauges', '95.4');
    expect(series).toMatchObject({ min: 0, max: 180, splitNumber: 9, startAngle: 225, endAngle: -45 });
    expect(series.axisLine.lineStyle.color).toEqual([
      [80 / 180, theme.track],
      [120 / 180, '#fdd835'],
      [1, '#e57373'],
    ]);
    expect(series.title.show).toBe(false);
    expect(series.detail.formatter()).toBe('95 MPH');
  });

  it('draws the temperature gauge on -60..60 over 225 degrees with its title, saved settings winning', () => {
    const series = seriesOf('temperature_radial_gauge_canvas_gauges', '-70');
    expect(series).toMatchObject({ min: -60, max: 60, splitNumber: 12, startAngle: 202.5, endAngle: -22.5 });
    expect(series.data).toEqual([{ value: -60, name: 'Temperature' }]);
    expect(series.axisLine.lineStyle.color).toHaveLength(12);
    const saved = seriesOf('temperature_radial_gauge_canvas_gauges', '10', {
      maxValue: 100,
      unitTitle: 'Oven',
    });
    expect(saved).toMatchObject({ min: -60, max: 100 });
    expect(saved.data[0]?.name).toBe('Oven');
  });
});
