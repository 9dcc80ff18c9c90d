import { useTheme } from '@mui/material/styles';
import { GaugeChart } from 'echarts/charts';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { chartThemeOf } from '../chart-theme';
import { useEChart } from '../echart-host';
import type { WidgetProps } from '../widget-definition';
import { radialGaugeOption } from './radial-gauge-option';

// Only the parts this gauge draws, so the chunk stays small.
echarts.use([GaugeChart, CanvasRenderer]);

/** The reference's `analogue_gauges.radial_gauge_canvas_gauges`: the first key's latest value on a dial. */
export function RadialGaugeWidget(props: WidgetProps) {
  const theme = useTheme();
  const element = useEChart(echarts, radialGaugeOption(props, chartThemeOf(theme)));
  return <div ref={element} style={{ position: 'absolute', inset: 0 }} />;
}
