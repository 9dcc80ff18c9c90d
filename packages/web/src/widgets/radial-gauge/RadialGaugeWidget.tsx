import { useTheme } from '@mui/material/styles';
import { GaugeChart } from 'echarts/charts';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { chartThemeOf } from '../chart-theme';
import type { WidgetProps } from '../widget-definition';
import { radialGaugeOption } from './radial-gauge-option';

// Only the parts this gauge draws, so the chunk stays small.
echarts.use([GaugeChart, CanvasRenderer]);

/** The reference's `analogue_gauges.radial_gauge_canvas_gauges`: the first key's latest value on a dial. */
export function RadialGaugeWidget(props: WidgetProps) {
  const theme = useTheme();
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
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
    // Merged, not replaced: the needle moves from the previous value to the new one.
    chart.current?.setOption(radialGaugeOption(props, chartThemeOf(theme)));
  });
  return <div ref={element} style={{ position: 'absolute', inset: 0 }} />;
}
