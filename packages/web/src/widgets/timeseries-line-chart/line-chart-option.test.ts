import { describe, expect, it } from 'vitest';
import { DARK_CHART_THEME } from '../../test/chart-test-theme';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { chartSeries } from '../chart-support/time-chart';
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

  it('draws the generated values of function keys and the counts of count keys, not attributes', () => {
    const points = [{ ts: 1, value: '5' }];
    const props = widgetProps(
      [
        dataKey('f(x)', { type: 'function', label: 'Sin' }),
        dataKey('count', { type: 'count' }),
        dataKey('a', { type: 'attribute' }),
      ],
      [entityData('function', ['5', '5', 'on'], [points, points, points])],
    );
    expect(chartSeries(props).map((s) => [s.name, s.points])).toEqual([
      ['Sin', [[1, 5]]],
      ['count', [[1, 5]]],
    ]);
  });
});
