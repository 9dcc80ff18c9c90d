import type { LegendConfig } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../i18n/date-time';
import { DARK_CHART_THEME } from '../../test/chart-test-theme';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import {
  chartSeries,
  legendIsTable,
  legendRows,
  legendStats,
  seriesStats,
} from '../chart-support/time-chart';
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
        line: {
          tooltipValueFormatter: undefined,
          showLines: true,
          fillLines: false,
          showPoints: false,
          lineWidth: undefined,
        },
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

  it('draws the keys and the axes as the reference flot settings say', () => {
    const keys = [
      dataKey('a', { settings: { fillLines: true, showPoints: true, lineWidth: 4 } }),
      dataKey('b', { settings: { showLines: false } }),
    ];
    const points = [
      [
        { ts: 1, value: '1' },
        { ts: 2, value: '2' },
      ],
      [
        { ts: 1, value: '3' },
        { ts: 2, value: '4' },
      ],
    ];
    const props = widgetProps(keys, [entityData('T1', ['2', '4'], points)], {
      settings: {
        stack: true,
        smoothLines: true,
        fontColor: '#123456',
        fontSize: 14,
        tooltipIndividual: true,
        grid: { verticalLines: false },
        xaxis: { title: 'Time' },
        yaxis: { min: '0', max: 50, showLabels: false, title: 'Level' },
      },
    });
    const option = lineChartOption(props, DARK) as {
      series: Record<string, unknown>[];
      xAxis: Record<string, unknown> & { splitLine: { show: boolean } };
      yAxis: Record<string, unknown> & { splitLine: { show: boolean }; axisLabel: { show: boolean } };
    };
    expect(option.series[0]).toMatchObject({
      showSymbol: true,
      lineStyle: { width: 4 },
      areaStyle: { opacity: 0.3 },
      smooth: true,
      stack: 'total',
    });
    expect(option.series[1]).toMatchObject({ showSymbol: false, lineStyle: { width: 0 }, stack: 'total' });
    expect(option.series[1]).not.toHaveProperty('areaStyle');
    expect(option.xAxis.splitLine.show).toBe(false);
    expect(option.xAxis).toMatchObject({ name: 'Time', nameLocation: 'middle' });
    expect(option.yAxis).toMatchObject({ min: 0, max: 50, name: 'Level' });
    expect(option.yAxis.splitLine.show).toBe(true);
    expect(option.yAxis.axisLabel.show).toBe(false);
    expect(option.xAxis).toMatchObject({ axisLabel: { color: '#123456', fontSize: 14 } });
    expect((option as unknown as { tooltip: { trigger: string } }).tooltip.trigger).toBe('item');
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

describe('time chart legend values', () => {
  const series = [
    [
      { ts: 1, value: '4' },
      { ts: 2, value: '-2' },
      { ts: 3, value: '7' },
    ],
  ];
  const props = (legendConfig: Partial<LegendConfig>, showLegend = true) =>
    widgetProps(
      [
        dataKey('t', { label: 'Temp', units: '°C', decimals: 1, color: '#f00' }),
        dataKey('u', { label: 'Empty' }),
      ],
      [entityData('T1', ['7', undefined], series)],
      {
        showLegend,
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
  const legendShown = (option: unknown) => (option as { legend: { show: boolean } }).legend.show;

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

  it('lists the asked values of each series with the key decimals and units, empty for a series without points', () => {
    const all = props({ showMin: true, showMax: true, showAvg: true, showTotal: true });
    expect(legendStats(all.config)).toEqual(['min', 'max', 'avg', 'total']);
    expect(legendRows(chartSeries(all), legendStats(all.config))).toEqual([
      { name: 'Temp', color: '#f00', values: ['-2.0 °C', '7.0 °C', '3.0 °C', '9.0 °C'] },
      { name: 'Empty', color: '#2196f3', values: ['', '', '', ''] },
    ]);
    const some = props({ showMax: true, showTotal: true });
    expect(legendRows(chartSeries(some), legendStats(some.config))[0]?.values).toEqual(['7.0 °C', '9.0 °C']);
  });

  it('draws the legend as a table instead of the ECharts legend on line, bar and state charts when values are asked', () => {
    const asked = props({ showAvg: true });
    expect(legendIsTable(asked.config)).toBe(true);
    expect(legendShown(lineChartOption(asked, DARK))).toBe(false);
    expect(legendShown(barChartOption(asked, DARK))).toBe(false);
    expect(legendShown(stateChartOption(asked, DARK))).toBe(false);
    const plain = props({});
    expect(legendIsTable(plain.config)).toBe(false);
    expect(legendShown(lineChartOption(plain, DARK))).toBe(true);
    expect(legendIsTable(props({ showAvg: true }, false).config)).toBe(false);
  });

  it("heads the tooltip of line, bar and state charts with the pointed time in the user's date-time format", () => {
    const german = (ms: number) => formatDateTime(ms, 'de_DE', 'UTC');
    const plain = props({});
    const ts = Date.UTC(2026, 10, 28, 14, 5, 9);
    for (const option of [
      lineChartOption(plain, DARK, german),
      barChartOption(plain, DARK, german),
      stateChartOption(plain, DARK, german),
    ]) {
      const { xAxis } = option as {
        xAxis: { axisPointer?: { label: { formatter: (p: { value: number }) => string } } };
      };
      expect(xAxis.axisPointer?.label.formatter({ value: ts })).toBe('28.11.2026, 14:05:09');
    }
    expect(
      (lineChartOption(plain, DARK) as { xAxis: { axisPointer?: unknown } }).xAxis.axisPointer,
    ).toBeUndefined();
  });
});
