import { useTheme } from '@mui/material/styles';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { chartThemeOf } from '../chart-theme';
import type { WidgetProps } from '../widget-definition';
import { lineChartOption } from './line-chart-option';

// Only the parts this chart draws, so the chunk stays small.
echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The reference's `charts.basic_timeseries`: each time-series key of each entity as a line, with a legend. */
export function TimeseriesLineChartWidget(props: WidgetProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const colors = chartThemeOf(useTheme());
  useEffect(() => {
    const host = element.current;
    if (!host) return;
    const instance = echarts.init(host);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(host);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption(lineChartOption(props, colors), { notMerge: true });
  });
  return <div ref={element} style={{ position: 'absolute', inset: 0 }} />;
}
