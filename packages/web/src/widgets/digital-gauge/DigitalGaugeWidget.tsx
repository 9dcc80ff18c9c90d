import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { GaugeChart } from 'echarts/charts';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { ComponentType } from 'react';
import { type ChartTheme, chartThemeOf, withConfigTextColor } from '../chart-theme';
import { useEChart } from '../echart-host';
import { simpleGaugeTitle } from '../gauge-support/simple-gauge-option';
import type { WidgetProps } from '../widget-definition';
import { BarGauge } from './BarGauge';
import {
  barGaugeModel,
  digitalArcOption,
  digitalGaugeType,
  withDigitalDefaults,
} from './digital-gauge-model';

// Only the parts the arc and donut gauges draw, so the chunk stays small.
echarts.use([GaugeChart, CanvasRenderer]);

function Title({ text }: { text: string }) {
  return text ? (
    <Typography variant="subtitle2" component="div" noWrap sx={{ textAlign: 'center', flexShrink: 0 }}>
      {text}
    </Typography>
  ) : null;
}

function ArcGauge({ props, theme }: { props: WidgetProps; theme: ChartTheme }) {
  const element = useEChart(echarts, digitalArcOption(props, theme));
  return (
    <>
      <Title text={simpleGaugeTitle(props)} />
      <Box ref={element} data-gauge="arc" sx={{ position: 'relative', flex: 1, minHeight: 0 }} />
    </>
  );
}

function DigitalGauge({ typeAlias, props }: { typeAlias: string; props: WidgetProps }) {
  const merged = withDigitalDefaults(typeAlias, props);
  const theme = withConfigTextColor(chartThemeOf(useTheme()), props.config);
  const type = digitalGaugeType(merged.config.settings);
  return (
    <Box sx={{ position: 'absolute', inset: 0, display: 'flex', flexDirection: 'column' }}>
      {type === 'arc' || type === 'donut' ? (
        <ArcGauge props={merged} theme={theme} />
      ) : (
        <>
          <Title text={simpleGaugeTitle(merged)} />
          <BarGauge model={barGaugeModel(merged, theme)} />
        </>
      )}
    </Box>
  );
}

const COMPONENTS = new Map<string, ComponentType<WidgetProps>>();

/**
 * The component of one of the reference's digital gauge types (`digital_gauges.<typeAlias>`), the
 * same renderer with that type's defaults; one component per type, so it keeps its state.
 */
export function digitalGaugeWidget(typeAlias: string): ComponentType<WidgetProps> {
  let component = COMPONENTS.get(typeAlias);
  if (!component) {
    component = (props: WidgetProps) => <DigitalGauge typeAlias={typeAlias} props={props} />;
    COMPONENTS.set(typeAlias, component);
  }
  return component;
}
