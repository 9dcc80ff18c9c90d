import type { LegendConfig } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { DARK_CHART_THEME } from '../../test/chart-test-theme';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { chartSeries, legendStats, seriesStats } from '../chart-support/time-chart';
import { stateChartOption } from '../state-chart/state-chart-option';
import { barChartOption } from '../timeseries-bar-chart/bar-chart-option';
import { lineChartOption } from './line-chart-option';

const DARK = DARK_CHART_THEME;

describe('line chart option', () => {
  it('draws each time series key as a line of numeric points in the key colour', () => {
    const keys = [
      dataKey('temperature', { label: 'Temperature', color: '#f00' }),
      dataKey('state', { type: 'attribute' }),
    ];
    const props = widgetProps(keys, [
      entityData(
        'T1',
        ['2', 'on'],
        [
          [
            { ts: 1, value: '1.5' },
            { ts: 2, value: 'oops' },
            { ts: 3, value: '2' },
          ],
        ],
      ),
    ]);
    expect(chartSeries(props)).toEqual([
      {
        name: 'Temperature',
        color: '#f00',
        points: [
          [1, 1.5],
          [3, 2],
        ],
        format: { decimals: 2, units: '' },
      },
    ]);
    const option = lineChartOption(props, DARK) as {
      legend: { show: boolean; textStyle: { color: string } };
      xAxis: {
        min: number;
        max: number;
        axisLabel: { color: string };
        splitLine: { lineStyle: { color: string } };
      };
    };
    expect(option.legend.show).toBe(true);
    expect(option.xAxis).toMatchObject({ min: 0, max: 100_000 });
    // The theme's colours, so the chart reads in dark mode.
    expect(option.legend.textStyle.color).toBe(DARK.secondaryText);
    expect(option.xAxis.axisLabel.color).toBe(DARK.secondaryText);
    expect(option.xAxis.splitLine.lineStyle.color).toBe(DARK.line);
  });

  it('names lines by entity when a datasource has several, and hides the legend when asked', () => {
    const props = widgetProps([dataKey('t')], [entityData('A', ['1']), entityData('B', ['2'])], {
      showLegend: false,
    });
    expect(chartSeries(props).map((s) => s.name)).toEqual(['A t', 'B t']);
    expect((lineChartOption(props, DARK) as { legend: { show: boolean } }).legend.show).toBe(false);
  });
});

describe('time chart legend values', () => {
  const labels = { min: 'Min', max: 'Max', avg: 'Avg', total: 'Total' };
  const series = [
    [
      { ts: 1, value: '4' },
      { ts: 2, value: '-2' },
      { ts: 3, value: '7' },
    ],
  ];
  const props = (legendConfig: Partial<LegendConfig>) =>
    widgetProps(
      [dataKey('t', { label: 'Temp', units: '°C', decimals: 1 })],
      [entityData('T1', ['7'], series)],
      {
        legendConfig: {
          direction: 'column',
          position: 'bottom',
          sortDataKeys: false,
          showMin: false,
          showMax: false,
          showAvg: false,
          showTotal: false,
          ...legendConfig,
        },
      },
    );
  const legendOf = (option: unknown) =>
    (option as { legend: { formatter?: (name: string) => string } }).legend;

  it('computes min, max, average and total of the plotted values', () => {
    expect(
      seriesStats([
        [1, 4],
        [2, -2],
        [3, 7],
      ]),
    ).toEqual({ min: -2, max: 7, avg: 3, total: 9 });
    expect(seriesStats([])).toBeNull();
  });

  it('adds the values the legend config asks for, with the key decimals and units, to line, bar and state charts', () => {
    const all = props({ showMin: true, showMax: true, showAvg: true, showTotal: true });
    const expected = 'Temp   Min: -2.0 °C   Max: 7.0 °C   Avg: 3.0 °C   Total: 9.0 °C';
    expect(legendOf(lineChartOption(all, DARK, labels)).formatter?.('Temp')).toBe(expected);
    expect(legendOf(barChartOption(all, DARK, labels)).formatter?.('Temp')).toBe(expected);
    expect(legendOf(stateChartOption(all, DARK, labels)).formatter?.('Temp')).toBe(expected);
    const some = props({ showMax: true, showTotal: true });
    expect(legendOf(lineChartOption(some, DARK, labels)).formatter?.('Temp')).toBe(
      'Temp   Max: 7.0 °C   Total: 9.0 °C',
    );
  });

  it('shows the plain name when no value is asked for', () => {
    expect(legendOf(lineChartOption(props({}), DARK, labels)).formatter).toBeUndefined();
    expect(legendStats(props({ showAvg: true }).config)).toEqual(['avg']);
  });
});
