import { useTheme } from '@mui/material/styles';
import { RadarChart } from 'echarts/charts';
import { LegendComponent, RadarComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useTranslation } from 'react-i18next';
import { chartThemeOf } from '../chart-theme';
import { useEChart } from '../echart-host';
import type { WidgetProps } from '../widget-definition';
import { radarChartOption } from './radar-chart-option';

// Only the parts this chart draws, so the chunk stays small.
echarts.use([RadarChart, RadarComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

/** The reference's `charts.radar_chart_js`: the latest value of each key of each entity on a radar. */
export function RadarChartWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const option = radarChartOption(props, chartThemeOf(useTheme()), t('dashboard-viewer.radar-series'));
  const element = useEChart(echarts, option, { replace: true });
  return <div ref={element} style={{ position: 'absolute', inset: 0 }} />;
}
