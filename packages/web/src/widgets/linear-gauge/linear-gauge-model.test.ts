import { describe, expect, it } from 'vitest';
import { LIGHT_CHART_THEME as theme } from '../../test/chart-test-theme';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { withDefaultSettings } from '../gauge-support/gauge-value';
import { linearGaugeModel, THERMOMETER_SCALE_DEFAULTS } from './linear-gauge-model';

const props = (value: string | undefined, settings = {}) =>
  withDefaultSettings(
    THERMOMETER_SCALE_DEFAULTS,
    widgetProps([dataKey('temperature', { label: 'Temp' })], [entityData('T1', [value])], { settings }),
  );

describe('thermometer scale model', () => {
  it('has the reference defaults: -60..100 in 8 steps, blue to red bar and bands, value with one decimal', () => {
    const model = linearGaugeModel(props('20'), theme);
    expect(model.majorTicks.map((t) => t.label)).toEqual([
      '-60',
      '-40',
      '-20',
      '0',
      '20',
      '40',
      '60',
      '80',
      '100',
    ]);
    expect(model.minorTicks).toHaveLength(8);
    expect(model.fraction).toBe(0.5);
    expect(model).toMatchObject({
      barStart: '#90caf9',
      barEnd: '#f44336',
      title: 'Temperature',
      valueText: '20.0 °C',
    });
    expect(model.bands).toHaveLength(8);
    expect(model.bands[0]).toEqual({ from: 0, to: 0.125, color: '#90caf9' });
  });

  it('follows saved settings, clamps the bar and shows no bar without a value', () => {
    const model = linearGaugeModel(
      props('500', {
        minValue: 0,
        maxValue: 50,
        majorTicksCount: 5,
        minorTicks: 1,
        unitTitle: 'Water',
        highlights: [],
      }),
      theme,
    );
    expect(model.fraction).toBe(1);
    expect(model.majorTicks.map((t) => t.label)).toEqual(['0', '10', '20', '30', '40', '50']);
    expect(model.minorTicks).toEqual([]);
    expect(model.title).toBe('Water');
    expect(linearGaugeModel(props(undefined), theme)).toMatchObject({ fraction: null, valueText: '' });
  });
});
