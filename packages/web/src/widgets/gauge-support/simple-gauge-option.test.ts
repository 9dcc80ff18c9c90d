import { describe, expect, it } from 'vitest';
import { LIGHT_CHART_THEME } from '../../test/chart-test-theme';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { hexRgb, levelColor } from './level-color';
import { simpleGaugeColor, simpleGaugeOption, simpleGaugeTitle } from './simple-gauge-option';

const theme = LIGHT_CHART_THEME;

interface GaugeSeries {
  min: number;
  max: number;
  startAngle: number;
  endAngle: number;
  progress: { itemStyle: { color: string } };
  axisLine: { lineStyle: { color: [number, string][] } };
  axisLabel: { show: boolean; color: string; formatter: (v: number) => string };
  title: { show: boolean };
  detail: { show: boolean; color: string; formatter: () => string };
  data: { value: number; name: string }[];
}

const seriesOf = (option: unknown) => (option as { series: GaugeSeries[] }).series[0] as GaugeSeries;

describe('simple gauge option', () => {
  it('draws the value on an arc in its level colour, min and max at the ends, in the theme colours', () => {
    const key = dataKey('humidity', { label: 'Humidity', units: '%', decimals: 0 });
    const props = widgetProps([key], [entityData('T1', ['50.4'])], {
      settings: {
        minValue: 0,
        maxValue: 200,
        levelColors: ['#00ff00', '#ff0000'],
        showUnitTitle: true,
        unitTitle: 'Room',
      },
    });
    const series = seriesOf(simpleGaugeOption(props, theme));
    expect(series).toMatchObject({ min: 0, max: 200, startAngle: 180, endAngle: 0 });
    expect(series.progress.itemStyle.color).toBe('#40bf00');
    expect(series.axisLine.lineStyle.color).toEqual([[1, '#eee']]);
    expect(series.axisLabel).toMatchObject({ show: true, color: '#666' });
    expect([series.axisLabel.formatter(0), series.axisLabel.formatter(200)]).toEqual(['\n0', '\n200']);
    expect(series.data).toEqual([{ value: 50.4, name: 'Room' }]);
    expect(series.title.show).toBe(true);
    expect(series.detail).toMatchObject({ show: true, color: '#111' });
    expect(series.detail.formatter()).toBe('50 %');
  });

  it('hides what the settings turn off and keeps the bar on the scale', () => {
    const props = widgetProps([dataKey('t')], [entityData('T1', ['-5'])], {
      settings: { showValue: false, showMinMax: false, decimals: 1 },
    });
    const series = seriesOf(simpleGaugeOption(props, theme));
    expect(series.detail.show).toBe(false);
    expect(series.detail.formatter()).toBe('-5.0');
    expect(series.axisLabel.show).toBe(false);
    expect(series.title.show).toBe(false);
    expect(series.data).toEqual([{ value: 0, name: '' }]);
    // No level colours: the key colour.
    expect(series.progress.itemStyle.color).toBe('#2196f3');
  });

  it('shows a title only when showTitle is on', () => {
    const key = dataKey('t', { label: 'Temperature' });
    const title = (settings: Record<string, string | boolean>) =>
      simpleGaugeTitle(widgetProps([key], [], { settings }));
    expect(title({})).toBe('');
    expect(title({ showTitle: true })).toBe('Temperature');
    expect(title({ showTitle: true, title: 'Boiler' })).toBe('Boiler');
  });
});

describe('level colours', () => {
  it('uses the fixed level containing the value, else the default colour', () => {
    const settings = {
      useFixedLevelColor: true,
      defaultColor: '#999',
      fixedLevelColors: [
        { from: 0, to: 50, color: 'green' },
        { from: 50, to: 100, color: 'red' },
      ],
    };
    expect(simpleGaugeColor(settings, 20, '#000')).toBe('green');
    expect(simpleGaugeColor(settings, 70, '#000')).toBe('red');
    expect(simpleGaugeColor(settings, 120, '#000')).toBe('#999');
  });

  it('blends hex colours spread along the scale; other colours switch half way', () => {
    expect(levelColor(0, ['#000', '#fff', '#000'])).toBe('#000000');
    expect(levelColor(0.5, ['#000', '#fff', '#000'])).toBe('#ffffff');
    expect(levelColor(0.25, ['#000000', '#ffffff'])).toBe('#404040');
    expect(levelColor(0.4, ['green', 'red'])).toBe('green');
    expect(levelColor(0.6, ['green', 'red'])).toBe('red');
    expect(levelColor(0.3, ['#f00'])).toBe('#f00');
    expect(levelColor(0.3, [])).toBeUndefined();
    expect(hexRgb('#1F4e79')).toEqual([31, 78, 121]);
    expect(hexRgb('rgb(1,2,3)')).toBeUndefined();
  });
});
