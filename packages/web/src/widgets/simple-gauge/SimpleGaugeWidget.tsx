import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { GaugeChart } from 'echarts/charts';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { chartThemeOf } from '../chart-theme';
import type { WidgetProps } from '../widget-definition';
import { simpleGaugeOption, simpleGaugeTitle } from './simple-gauge-option';

// Only the parts this gauge draws, so the chunk stays small.
echarts.use([GaugeChart, CanvasRenderer]);

/** The reference's `digital_gauges.simple_gauge_justgage`: the first key's latest value on an arc. */
export function SimpleGaugeWidget(props: WidgetProps) {
  const theme = useTheme();
  const title = simpleGaugeTitle(props);
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
    // Merged, not replaced: the bar grows from the previous value to the new one.
    chart.current?.setOption(simpleGaugeOption(props, chartThemeOf(theme)));
  });
  return (
    <Box sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column' }}>
      {title && (
        <Typography variant="subtitle2" component="div" noWrap sx={{ textAlign: 'center', flexShrink: 0 }}>
          {title}
        </Typography>
      )}
      <Box ref={element} sx={{ position: 'relative', flex: 1, minHeight: 0 }} />
    </Box>
  );
}
