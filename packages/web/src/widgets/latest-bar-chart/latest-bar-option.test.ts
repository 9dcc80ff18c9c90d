import { describe, expect, it } from 'vitest';
import { DARK_CHART_THEME as DARK } from '../../test/chart-test-theme';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { latestBarOption } from './latest-bar-option';

type Option = {
  tooltip: { show?: boolean; formatter?: (p: { name: string; data: { text: string } }) => string };
  xAxis: { data: string[]; axisLabel: { color: string } };
  series: { type: string; data: { value: number; itemStyle: { color: string } }[] }[];
};

describe('latest values bar chart option', () => {
  it('draws a bar per numeric latest value, negative ones too, in the key colours', () => {
    const keys = [
      dataKey('a', { label: 'Alpha', color: '#f00', units: 'V', decimals: 1 }),
      dataKey('b', { color: '#0f0' }),
      dataKey('c'),
    ];
    const option = latestBarOption(
      widgetProps(keys, [entityData('D1', ['3.14', '-2', 'text'])]),
      DARK,
    ) as unknown as Option;
    expect(option.xAxis.data).toEqual(['Alpha', 'b']);
    expect(option.xAxis.axisLabel.color).toBe(DARK.secondaryText);
    expect(option.series[0]?.data.map((d) => [d.value, d.itemStyle.color])).toEqual([
      [3.14, '#f00'],
      [-2, '#0f0'],
    ]);
    expect(option.tooltip.formatter?.({ name: 'Alpha', data: { text: '3.1 V' } })).toBe('Alpha: 3.1 V');
  });

  it('hides the tooltip when showTooltip is off', () => {
    const option = latestBarOption(
      widgetProps([dataKey('a')], [entityData('D1', ['1'])], { settings: { showTooltip: false } }),
      DARK,
    ) as unknown as Option;
    expect(option.tooltip.show).toBe(false);
  });
});
