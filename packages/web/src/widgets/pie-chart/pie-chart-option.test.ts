import { describe, expect, it, vi } from 'vitest';
import { createSandboxHandler } from '../../dashboard/sandbox/sandbox-handler';
import { createScriptCalls } from '../../dashboard/sandbox/script-calls';
import { DARK_CHART_THEME as DARK } from '../../test/chart-test-theme';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import type { WidgetProps } from '../widget-definition';
import { chartJsPieOption, doughnutOption, flotPieOption, pieSlices } from './pie-chart-option';

interface PieOption {
  legend: { show: boolean; top?: number; bottom?: number; textStyle?: { color: string } };
  tooltip: {
    show?: boolean;
    backgroundColor?: string;
    formatter?: (params: { name: string; percent: number; data: unknown }) => string;
  };
  series: {
    type: string;
    radius: [string, string];
    itemStyle: { borderColor: string; borderWidth: number };
    label: { show: boolean; color: string };
    roseType?: string;
    data: { name: string; value: number; itemStyle: { color: string } }[];
  }[];
}

const pie = (props: WidgetProps) => flotPieOption(props, DARK) as unknown as PieOption;
const doughnut = (props: WidgetProps) => doughnutOption(props, DARK) as unknown as PieOption;

const keys = [
  dataKey('a', { label: 'Alpha', color: '#f00', units: 'kW', decimals: 1 }),
  dataKey('b', { type: 'attribute', color: '#0f0' }),
  dataKey('c', { color: '#00f' }),
];

describe('pie slices', () => {
  it('makes a slice of each key latest value with the key label and colour, numbers only', () => {
    const props = widgetProps(keys, [entityData('D1', ['2.26', '3', 'text'])]);
    expect(pieSlices(props)).toEqual([
      { name: 'Alpha', value: 2.26, color: '#f00', text: '2.3 kW' },
      { name: 'b', value: 3, color: '#0f0', text: '3.00' },
    ]);
  });

  it('names slices by entity when a datasource has several, and leaves out negative or missing values', () => {
    const props = widgetProps(
      [dataKey('t')],
      [entityData('A', ['1']), entityData('B', ['-1']), entityData('C', [undefined])],
    );
    expect(pieSlices(props).map((s) => s.name)).toEqual(['A t']);
  });
});

describe('flot pie option', () => {
  it('draws the slices in their colours with a legend and tooltip in the theme colours', () => {
    const option = pie(widgetProps(keys, [entityData('D1', ['1', '3', undefined])]));
    const [series] = option.series;
    expect(series?.type).toBe('pie');
    expect(series?.radius).toEqual(['0%', '75%']);
    expect(series?.data.map((d) => [d.name, d.value, d.itemStyle.color])).toEqual([
      ['Alpha', 1, '#f00'],
      ['b', 3, '#0f0'],
    ]);
    expect(series?.itemStyle).toEqual({ borderColor: DARK.surface, borderWidth: 0 });
    expect(series?.label.show).toBe(false);
    expect(option.legend).toMatchObject({ show: true, bottom: 0, textStyle: { color: DARK.secondaryText } });
    expect(option.tooltip.backgroundColor).toBe(DARK.surface);
    expect(option.tooltip.formatter?.({ name: 'Alpha', percent: 25, data: series?.data[0] })).toBe(
      'Alpha: 1.0 kW (25%)',
    );
  });

  it('applies radius, innerRadius, stroke and showLabels, and hides the legend when asked', () => {
    const option = pie(
      widgetProps(keys, [entityData('D1', ['1'])], {
        showLegend: false,
        settings: { radius: 0.8, innerRadius: '0.5', stroke: { color: '#123', width: 2 }, showLabels: true },
      }),
    );
    const [series] = option.series;
    expect(series?.radius).toEqual(['38%', '60%']);
    expect(series?.itemStyle).toEqual({ borderColor: '#123', borderWidth: 2 });
    expect(series?.label).toMatchObject({ show: true, color: DARK.text });
    expect(option.legend.show).toBe(false);
  });
});

describe('doughnut option', () => {
  it('draws a ring whose default white border takes the card background', () => {
    const option = doughnut(
      widgetProps(keys, [entityData('D1', ['1', '2'])], {
        settings: {
          borderWidth: 5,
          borderColor: '#fff',
          legend: { display: true, labelsFontColor: '#666666' },
        },
      }),
    );
    const [series] = option.series;
    expect(series?.radius).toEqual(['37.5%', '75%']);
    expect(series?.itemStyle).toEqual({ borderColor: DARK.surface, borderWidth: 5 });
    expect(series?.data).toHaveLength(2);
    expect(option.legend).toMatchObject({ show: true, textStyle: { color: DARK.secondaryText } });
    expect(option.tooltip.show).not.toBe(false);
  });

  it('keeps another border colour, and hides the legend and tooltip when the settings say so', () => {
    const option = doughnut(
      widgetProps(keys, [entityData('D1', ['1'])], {
        settings: { borderColor: '#333', showTooltip: false, legend: { display: false } },
      }),
    );
    expect(option.series[0]?.itemStyle.borderColor).toBe('#333');
    expect(option.legend.show).toBe(false);
    expect(option.tooltip.show).toBe(false);
  });
});

describe('Chart.js pie and polar area options', () => {
  it('draws a full pie, or equal sectors sized by value, parted by the card background', () => {
    const props = widgetProps(keys, [entityData('D1', ['1', '3'])]);
    const pieChart = chartJsPieOption(props, DARK, 'pie') as unknown as PieOption;
    expect(pieChart.series[0]).toMatchObject({
      radius: ['0%', '75%'],
      itemStyle: { borderColor: DARK.surface },
    });
    expect(pieChart.series[0]?.roseType).toBeUndefined();
    expect(pieChart.series[0]?.data.map((d) => d.value)).toEqual([1, 3]);
    const polar = chartJsPieOption(props, DARK, 'polarArea') as unknown as PieOption;
    expect(polar.series[0]?.roseType).toBe('area');
    expect(polar.legend.show).toBe(true);
  });

  it('hides the tooltip and legend when the settings say so', () => {
    const props = widgetProps(keys, [entityData('D1', ['1'])], {
      showLegend: false,
      settings: { showTooltip: false },
    });
    const option = chartJsPieOption(props, DARK, 'pie') as unknown as PieOption;
    expect(option.tooltip.show).toBe(false);
    expect(option.legend.show).toBe(false);
  });
});

describe('flot pie tooltip value formatter', () => {
  it('writes the tooltip again with each value through its key’s formatter, sanitized', async () => {
    const handle = createSandboxHandler((names, body) => new Function(...names, body) as never);
    const calls = createScriptCalls(
      async (jobs) => (await handle({ id: 1, jobs })).results,
      () => undefined,
    );
    const props = widgetProps(
      [
        dataKey('a', {
          label: 'Alpha <b>',
          settings: { tooltipValueFormatter: "return '<u>' + value * 2 + '</u><script>x()</script>';" },
        }),
      ],
      [entityData('D1', ['2'])],
    );
    const option = flotPieOption(props, DARK, calls) as unknown as {
      tooltip: { formatter: (p: unknown, ticket: string, cb: (t: string, html: string) => void) => string };
      series: { data: unknown[] }[];
    };
    const callback = vi.fn();
    const params = { name: 'Alpha <b>', percent: 100, data: option.series[0]?.data[0] };
    expect(option.tooltip.formatter(params, 't', callback)).toBe('Alpha &lt;b&gt;: 2.00 (100%)');
    await calls.idle();
    await Promise.resolve();
    expect(callback).toHaveBeenCalledWith('t', 'Alpha &lt;b&gt;: <u>4</u> (100%)');
  });
});
