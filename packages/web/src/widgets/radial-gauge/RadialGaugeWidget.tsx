import { useTheme } from '@mui/material/styles';
import { GaugeChart } from 'echarts/charts';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { chartThemeOf } from '../chart-theme';
import { useEChart } from '../echart-host';
import { withDefaultSettings } from '../gauge-support/gauge-value';
import type { WidgetProps } from '../widget-definition';
import { radialGaugeOption } from './radial-gauge-option';
import { RADIAL_GAUGE_DEFAULTS } from './radial-gauge-presets';

// Only the parts this gauge draws, so the chunk stays small.
echarts.use([GaugeChart, CanvasRenderer]);

function RadialGauge({ typeAlias, props }: { typeAlias: string; props: WidgetProps }) {
  const theme = useTheme();
  const merged = withDefaultSettings(RADIAL_GAUGE_DEFAULTS[typeAlias], props);
  const element = useEChart(echarts, radialGaugeOption(merged, chartThemeOf(theme)));
  return <div ref={element} style={{ position: 'absolute', inset: 0 }} />;
}

/** The reference's `analogue_gauges.radial_gauge_canvas_gauges`: the first key's latest value on a dial. */
export function RadialGaugeWidget(props: WidgetProps) {
  return <RadialGauge typeAlias="radial_gauge_canvas_gauges" props={props} />;
}

/** The reference's `analogue_gauges.temperature_radial_gauge_canvas_gauges`: -60..60 on a 225° dial, blue to red bands. */
export function TemperatureRadialGaugeWidget(props: WidgetProps) {
  return <RadialGauge typeAlias="temperature_radial_gauge_canvas_gauges" props={props} />;
}

/** The reference's `analogue_gauges.speed_gauge_canvas_gauges`: 0..180 MPH, yellow and red bands. */
export function SpeedGaugeWidget(props: WidgetProps) {
  return <RadialGauge typeAlias="speed_gauge_canvas_gauges" props={props} />;
}
