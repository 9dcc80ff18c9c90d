import { describe, expect, it } from 'vitest';
import { LIGHT_CHART_THEME } from '../../test/chart-test-theme';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { axisLineColors, tickDecimals } from '../gauge-support/gauge-scale';
import { radialGaugeOption } from './radial-gauge-option';

const theme = LIGHT_CHART_THEME;

interface GaugeSeries {
  min: number;
  max: number;
  startAngle: number;
  endAngle: number;
  splitNumber: number;
  axisLine: { lineStyle: { color: [number, string][] } };
  axisTick: { splitNumber: number };
  axisLabel: { color: string; formatter: (v: number) => string };
  pointer: { show: boolean; itemStyle: { color: string } };
  title: { show: boolean };
  detail: { show: boolean; color: string; formatter: () => string };
  data: { value: number; name: string }[];
}

const seriesOf = (option: unknown) => (option as { series: GaugeSeries[] }).series[0] as GaugeSeries;

describe('radial gauge option', () => {
  it('draws the scale, ticks, bands and value of the settings in the theme colours', () => {
    const key = dataKey('temperature', { label: 'Temperature', decimals: 1, units: '°C', color: '#f00' });
    const props = widgetProps([key], [entityData('T1', ['61.26'])], {
      settings: {
        minValue: -20,
        maxValue: 80,
        majorTicksCount: 5,
        minorTicks: 4,
        highlights: [
          { from: 40, to: 60, color: 'orange' },
          { from: 60, to: 80, color: 'red' },
          { from: 'x', to: 5, color: 'ignored' },
        ],
        startAngle: 45,
        ticksAngle: 270,
      },
    });
    const series = seriesOf(radialGaugeOption(props, theme));
    expect(series).toMatchObject({ min: -20, max: 80, startAngle: 225, endAngle: -45, splitNumber: 5 });
    expect(series.axisTick.splitNumber).toBe(4);
    expect(series.axisLine.lineStyle.color).toEqual([
      [0.6, '#eee'],
      [0.8, 'orange'],
      [1, 'red'],
    ]);
    expect(series.axisLabel.color).toBe('#666');
    expect(series.axisLabel.formatter(20)).toBe('20');
    expect(series.data).toEqual([{ value: 61.26, name: 'Temperature' }]);
    expect(series.detail).toMatchObject({ show: true, color: '#111' });
    expect(series.detail.formatter()).toBe('61.3 °C');
    expect(series.pointer).toMatchObject({ show: true, itemStyle: { color: '#f00' } });
  });

  it('defaults to 0..100, keeps the needle on the scale and follows the title and value box settings', () => {
    const props = widgetProps([dataKey('t')], [entityData('T1', ['250'])], {
      units: 'V',
      settings: { unitTitle: 'Voltage', valueBox: false, colorNeedle: '#0f0', animation: false },
    });
    const option = radialGaugeOption(props, theme) as { animation: boolean };
    const series = seriesOf(option);
    expect(option.animation).toBe(false);
    expect(series).toMatchObject({ min: 0, max: 100, splitNumber: 10 });
    expect(series.data).toEqual([{ value: 100, name: 'Voltage' }]);
    expect(series.detail.show).toBe(false);
    expect(series.detail.formatter()).toBe('250 V');
    expect(series.pointer.itemStyle.color).toBe('#0f0');
    expect(series.axisLine.lineStyle.color).toEqual([[1, '#eee']]);

    const hidden = widgetProps([dataKey('t')], [entityData('T1', [undefined])], {
      settings: { showUnitTitle: false },
    });
    const empty = seriesOf(radialGaugeOption(hidden, theme));
    expect(empty.title.show).toBe(false);
    expect(empty.pointer.show).toBe(false);
    expect(empty.data).toEqual([{ value: 0, name: '' }]);
    expect(empty.detail.formatter()).toBe('');
  });
});

describe('gauge scale', () => {
  it('lets a later band cover an earlier one and clips bands to the scale', () => {
    expect(
      axisLineColors(
        [
          { from: -50, to: 50, color: 'green' },
          { from: 25, to: 75, color: 'red' },
        ],
        0,
        100,
        'track',
      ),
    ).toEqual([
      [0.25, 'green'],
      [0.75, 'red'],
      [1, 'track'],
    ]);
  });

  it('prints ticks with the decimals their step needs', () => {
    expect(tickDecimals(0, 100, 10)).toBe(0);
    expect(tickDecimals(0, 1, 4)).toBe(2);
    expect(tickDecimals(0.5, 10.5, 10)).toBe(1);
  });
});
