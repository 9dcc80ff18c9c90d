import { describe, expect, it } from 'vitest';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { chartSeries, lineChartOption } from './line-chart-option';

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
    const option = lineChartOption(props) as {
      legend: { show: boolean };
      xAxis: { min: number; max: number };
    };
    expect(option.legend.show).toBe(true);
    expect(option.xAxis).toMatchObject({ min: 0, max: 100_000 });
  });

  it('names lines by entity when a datasource has several, and hides the legend when asked', () => {
    const props = widgetProps([dataKey('t')], [entityData('A', ['1']), entityData('B', ['2'])], {
      showLegend: false,
    });
    expect(chartSeries(props).map((s) => s.name)).toEqual(['A t', 'B t']);
    expect((lineChartOption(props) as { legend: { show: boolean } }).legend.show).toBe(false);
  });
});
