import { describe, expect, it } from 'vitest';
import { DARK_CHART_THEME as DARK } from '../../test/chart-test-theme';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import type { WidgetProps } from '../widget-definition';
import { barChartOption } from './bar-chart-option';

interface BarOption {
  legend: { show: boolean; top?: number; bottom?: number; textStyle: { color: string } };
  xAxis: { type: string; min: number; max: number; axisLabel: { color: string } };
  yAxis: { splitLine: { lineStyle: { color: string } } };
  series: { type: string; name: string; color: string; data: [number, number][] }[];
}

const barOption = (props: WidgetProps) => barChartOption(props, DARK) as unknown as BarOption;

describe('bar chart option', () => {
  it('draws each time series key as bars of numeric points in the key colour on a time axis', () => {
    const keys = [
      dataKey('energy', { label: 'Energy', color: '#0f0' }),
      dataKey('model', { type: 'attribute' }),
    ];
    const props = widgetProps(keys, [
      entityData(
        'M1',
        ['2', 'x'],
        [
          [
            { ts: 10, value: '3' },
            { ts: 20, value: 'n/a' },
            { ts: 30, value: '4.5' },
          ],
        ],
      ),
    ]);
    const option = barOption(props);
    expect(option.series).toEqual([
      {
        type: 'bar',
        name: 'Energy',
        color: '#0f0',
        barMaxWidth: 24,
        data: [
          [10, 3],
          [30, 4.5],
        ],
      },
    ]);
    expect(option.xAxis).toMatchObject({ type: 'time', min: 0, max: 100_000 });
    expect(option.legend.show).toBe(true);
    // The theme's colours, so the chart reads in dark mode.
    expect(option.legend.textStyle.color).toBe(DARK.secondaryText);
    expect(option.xAxis.axisLabel.color).toBe(DARK.secondaryText);
    expect(option.yAxis.splitLine.lineStyle.color).toBe(DARK.line);
  });

  it('names bars by entity when a datasource has several, and follows the legend settings', () => {
    const props = widgetProps([dataKey('kwh')], [entityData('A', ['1']), entityData('B', ['2'])], {
      legendConfig: {
        direction: 'row',
        position: 'top',
        sortDataKeys: false,
        showMin: false,
        showMax: false,
        showAvg: false,
        showTotal: false,
      },
    });
    const option = barOption(props);
    expect(option.series.map((s) => s.name)).toEqual(['A kwh', 'B kwh']);
    expect(option.legend).toMatchObject({ show: true, top: 0 });
    const hidden = barOption({ ...props, config: { showLegend: false } });
    expect(hidden.legend.show).toBe(false);
  });
});
