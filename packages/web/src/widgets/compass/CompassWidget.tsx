import { useTheme } from '@mui/material/styles';
import { GaugeChart } from 'echarts/charts';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { chartThemeOf, withConfigTextColor } from '../chart-theme';
import { useEChart } from '../echart-host';
import type { WidgetProps } from '../widget-definition';
import { compassOption } from './compass-option';

// Only the parts this gauge draws, so the chunk stays small.
echarts.use([GaugeChart, CanvasRenderer]);

/** The reference's `analogue_gauges.analogue_compass`: the first key's heading on a compass card. */
export function CompassWidget(props: WidgetProps) {
  const theme = withConfigTextColor(chartThemeOf(useTheme()), props.config);
  const element = useEChart(echarts, compassOption(props, theme));
  return <div ref={element} style={{ position: 'absolute', inset: 0 }} />;
}
