import { describe, expect, it } from 'vitest';
import { DARK_CHART_THEME as DARK } from '../../test/chart-test-theme';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { chartStates, stateChartOption, stateNumber } from './state-chart-option';

type Option = {
  series: { type: string; step: string; data: [number, number][] }[];
  yAxis: { minInterval: number; axisLabel: { formatter: (v: number) => string } };
};

const series = [
  [
    { ts: 1, value: 'false' },
    { ts: 2, value: 'true' },
    { ts: 3, value: 'oops' },
    { ts: 4, value: '0' },
  ],
];

describe('state chart option', () => {
  it('draws step lines, true/false as 1/0, with whole-number ticks', () => {
    const props = widgetProps([dataKey('switch', { label: 'Switch' })], [entityData('Lamp', ['0'], series)]);
    const option = stateChartOption(props, DARK) as unknown as Option;
    expect(option.series[0]).toMatchObject({ type: 'line', step: 'end' });
    expect(option.series[0]?.data).toEqual([
      [1, 0],
      [2, 1],
      [4, 0],
    ]);
    expect(option.yAxis.minInterval).toBe(1);
    expect(option.yAxis.axisLabel.formatter(1)).toBe('1');
  });

  it('maps stored values to the states of the settings and names the axis ticks by them', () => {
    const states = [
      { label: 'Off', value: 0, sourceType: 'constant', sourceValue: false },
      { label: 'On', value: 1, sourceType: 'constant', sourceValue: true },
      { label: 'Fault', value: 2, sourceType: 'constant', sourceValue: 'oops' },
    ];
    const props = widgetProps([dataKey('switch')], [entityData('Lamp', ['0'], series)], {
      settings: { states },
    });
    const option = stateChartOption(props, DARK) as unknown as Option;
    expect(option.series[0]?.data.map((p) => p[1])).toEqual([0, 1, 2, 0]);
    expect([0, 1, 2, 3].map(option.yAxis.axisLabel.formatter)).toEqual(['Off', 'On', 'Fault', '']);
    expect(chartStates({ states: [{ label: 'x' }, 'bad'] })).toEqual([]);
    expect(stateNumber([], '2.5')).toBe(2.5);
  });
});
