import { useTheme } from '@mui/material/styles';
import { PieChart } from 'echarts/charts';
import { LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useScriptCalls } from '../../dashboard/sandbox/use-script-calls';
import { chartThemeOf } from '../chart-theme';
import { useEChart } from '../echart-host';
import type { WidgetProps } from '../widget-definition';
import { flotPieOption } from './pie-chart-option';

// Only the parts this chart draws, so the chunk stays small.
echarts.use([PieChart, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The reference's `charts.pie` (flot): the latest value of each key of each entity as a pie slice, with a legend. */
export function PieChartWidget(props: WidgetProps) {
  const colors = chartThemeOf(useTheme());
  // The tooltip writes itself again when its values are answered: no redraw, which would close it.
  const tooltipCalls = useScriptCalls(false);
  const element = useEChart(echarts, flotPieOption(props, colors, tooltipCalls), { replace: true });
  return <div ref={element} style={{ position: 'absolute', inset: 0 }} />;
}
