// The console's line chart widget option (packages/web) drawn by ECharts in a page of its own, so
// `chart-draw.mjs` can time one draw of N points from data to finished frame.
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { lineChartOption } from '../../packages/web/src/widgets/timeseries-line-chart/line-chart-option';
import type { WidgetProps } from '../../packages/web/src/widgets/widget-definition';

echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const theme = {
  text: '#212121',
  secondaryText: '#757575',
  line: '#e0e0e0',
  surface: '#ffffff',
  track: 'rgba(0, 0, 0, 0.1)',
  primary: '#305680',
  fontFamily: 'sans-serif',
};

/** A widget's props as the runtime hands them: one device, one key, `count` points a second apart. */
function propsWith(count: number): WidgetProps {
  const endTs = Date.now();
  const startTs = endTs - count * 1000;
  const series = Array.from({ length: count }, (_, i) => ({
    ts: startTs + i * 1000,
    value: String(20 + 5 * Math.sin(i / 500) + Math.random()),
  }));
  const dataKey = { name: 'temperature', type: 'timeseries', label: 'Temperature', color: '#e53935' };
  return {
    config: { showLegend: true },
    range: { startTs, endTs },
    data: [
      {
        datasource: { type: 'entity', dataKeys: [dataKey] },
        dataKeys: [dataKey],
        entities: [
          {
            entity: { id: { entityType: 'DEVICE', id: 'd1' }, name: 'Device', label: '' },
            latest: [series[series.length - 1]],
            series: [series],
          },
        ],
      },
    ],
  } as unknown as WidgetProps;
}

/**
 * Milliseconds from handing `count` points to the widget's option until ECharts finished the frame,
 * and of those, the option building (the widget's share).
 */
async function draw(count: number): Promise<{ total: number; option: number }> {
  const host = document.getElementById('chart') as HTMLDivElement;
  echarts.getInstanceByDom(host)?.dispose();
  const chart = echarts.init(host);
  const props = propsWith(count);
  const finished = new Promise<void>((resolve) => chart.on('finished', () => resolve()));
  const started = performance.now();
  const option = lineChartOption(props, theme);
  const built = performance.now();
  chart.setOption(option, { notMerge: true });
  await finished;
  return { total: performance.now() - started, option: built - started };
}

(window as unknown as { draw: typeof draw }).draw = draw;
