import { describe, expect, it } from 'vitest';
import { createSandboxHandler } from '../../dashboard/sandbox/sandbox-handler';
import { createScriptCalls } from '../../dashboard/sandbox/script-calls';
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

  it('labels the axis with the 3.3 ticksFormatter through the sandbox when there are no states', async () => {
    const handle = createSandboxHandler((names, body) => new Function(...names, body) as never);
    const run = async (jobs: Parameters<typeof handle>[0]['jobs']) => (await handle({ id: 1, jobs })).results;
    const calls = {
      labels: createScriptCalls(run, () => undefined),
      tooltip: createScriptCalls(run, () => undefined),
    };
    const props = widgetProps([dataKey('switch', { label: 'Switch' })], [entityData('Lamp', ['0'], series)], {
      settings: { yaxis: { ticksFormatter: "return value == 1 ? 'On' : value == 0 ? 'Off' : '';" } },
    });
    const option = stateChartOption(props, DARK, undefined, calls) as unknown as Option;
    // ECharts asks for every tick label of a draw at once: each is a number until the worker answers.
    expect(option.yAxis.axisLabel.formatter(1)).toBe('1');
    expect(option.yAxis.axisLabel.formatter(0)).toBe('0');
    await calls.labels.idle();
    expect(option.yAxis.axisLabel.formatter(1)).toBe('On');
    expect(option.yAxis.axisLabel.formatter(0)).toBe('Off');
  });
});
