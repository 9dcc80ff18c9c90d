import { describe, expect, it } from 'vitest';
import { DARK_CHART_THEME as DARK } from '../../test/chart-test-theme';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { niceCeiling, radarChartOption } from './radar-chart-option';

type Option = {
  legend: { show: boolean };
  tooltip: { show?: boolean };
  radar: { indicator: { name: string; min: number; max: number }[]; axisName: { color: string } };
  series: { color: string; data: { name: string; value: number[] }[] }[];
};

describe('radar chart option', () => {
  it('puts each key on its own axis of one scale and draws the values in the first key colour', () => {
    const keys = [dataKey('a', { label: 'Alpha', color: '#f00' }), dataKey('b', { color: '#0f0' })];
    const option = radarChartOption(
      widgetProps(keys, [entityData('D', ['12', '37'])]),
      DARK,
      'Values',
    ) as unknown as Option;
    expect(option.radar.indicator).toEqual([
      { name: 'Alpha', min: 0, max: 50 },
      { name: 'b', min: 0, max: 50 },
    ]);
    expect(option.radar.axisName.color).toBe(DARK.secondaryText);
    expect(option.series[0]).toMatchObject({ color: '#f00', data: [{ name: 'Values', value: [12, 37] }] });
    expect(option.legend.show).toBe(true);
  });

  it('draws nothing without values and follows showTooltip and showLegend', () => {
    const option = radarChartOption(
      widgetProps([dataKey('a')], [entityData('D', [undefined])], {
        showLegend: false,
        settings: { showTooltip: false },
      }),
      DARK,
      'Values',
    ) as unknown as Option;
    expect(option.series[0]?.data).toEqual([]);
    expect(option.tooltip.show).toBe(false);
    expect(option.legend.show).toBe(false);
    expect([0, 0.3, 7, 12, 200, 201].map(niceCeiling)).toEqual([1, 0.5, 10, 20, 200, 500]);
  });
});
