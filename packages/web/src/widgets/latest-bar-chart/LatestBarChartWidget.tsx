import { useTheme } from '@mui/material/styles';
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { chartThemeOf } from '../chart-theme';
import { useEChart } from '../echart-host';
import type { WidgetProps } from '../widget-definition';
import { latestBarOption } from './latest-bar-option';

// Only the parts this chart draws, so the chunk stays small.
echarts.use([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** The reference's `charts.bars`: a bar per key's latest value of each entity. */
export function LatestBarChartWidget(props: WidgetProps) {
  const element = useEChart(echarts, latestBarOption(props, chartThemeOf(useTheme())), { replace: true });
  return <div ref={element} style={{ position: 'absolute', inset: 0 }} />;
}
