import { useTheme } from '@mui/material/styles';
import { PieChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { chartThemeOf } from '../chart-theme';
import { useEChart } from '../echart-host';
import type { WidgetProps } from '../widget-definition';
import { chartJsPieOption } from './pie-chart-option';

// Only the parts these charts draw, so the chunk stays small.
echarts.use([PieChart, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The reference's `charts.pie_chart_js`: the latest value of each key of each entity as a pie slice. */
export function ChartJsPieWidget(props: WidgetProps) {
  const element = useEChart(echarts, chartJsPieOption(props, chartThemeOf(useTheme()), 'pie'), {
    replace: true,
  });
  return <div ref={element} style={{ position: 'absolute', inset: 0 }} />;
}

/** The reference's `charts.polar_area_chart_js`: equal sectors whose radius is the latest value. */
export function PolarAreaWidget(props: WidgetProps) {
  const element = useEChart(echarts, chartJsPieOption(props, chartThemeOf(useTheme()), 'polarArea'), {
    replace: true,
  });
  return <div ref={element} style={{ position: 'absolute', inset: 0 }} />;
}
