import { useTheme } from '@mui/material/styles';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useFormatters } from '../../i18n/useFormatters';
import { TimeChartLayout } from '../chart-support/TimeChartLayout';
import { useChartScriptCalls } from '../chart-support/use-chart-script-calls';
import { chartThemeOf } from '../chart-theme';
import { useEChart } from '../echart-host';
import type { WidgetProps } from '../widget-definition';
import { stateChartOption, stateChartSeries } from './state-chart-option';

// Only the parts this chart draws, so the chunk stays small.
echarts.use([LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The reference's `charts.state_chart`: each time-series key of each entity as a step line, with a legend. */
export function StateChartWidget(props: WidgetProps) {
  const colors = chartThemeOf(useTheme());
  const formats = useFormatters();
  const calls = useChartScriptCalls();
  const element = useEChart(echarts, stateChartOption(props, colors, formats.dateTime, calls), {
    replace: true,
  });
  return <TimeChartLayout config={props.config} source={stateChartSeries(props)} chart={element} />;
}
