import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useId } from 'react';
import { chartThemeOf, withConfigTextColor } from '../chart-theme';
import { withDefaultSettings } from '../gauge-support/gauge-value';
import type { WidgetProps } from '../widget-definition';
import { linearGaugeModel, THERMOMETER_SCALE_DEFAULTS } from './linear-gauge-model';

const WIDTH = 360;
const HEIGHT = 150;
const LEFT = 44;
const RIGHT = WIDTH - 20;
const BAR_Y = 52;
const BAR = 16;
const BULB = 16;

/** The reference's `analogue_gauges.temperature_gauge_canvas_gauges`: a thermometer scale in SVG. */
export function ThermometerScaleWidget(props: WidgetProps) {
  const gradient = useId();
  const theme = withConfigTextColor(chartThemeOf(useTheme()), props.config);
  const model = linearGaugeModel(withDefaultSettings(THERMOMETER_SCALE_DEFAULTS, props), theme);
  const x = (at: number) => LEFT + (RIGHT - LEFT) * at;
  const tickTop = BAR_Y + BAR / 2 + model.bandWidth + 2;
  return (
    <Box
      component="svg"
      data-gauge="linear"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="xMidYMid meet"
      sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
    >
      <defs>
        <linearGradient id={gradient} gradientUnits="userSpaceOnUse" x1={LEFT} y1={0} x2={RIGHT} y2={0}>
          <stop offset="0" stopColor={model.barStart} />
          <stop offset="1" stopColor={model.barEnd} />
        </linearGradient>
      </defs>
      {model.title && (
        <text x={WIDTH / 2} y={22} textAnchor="middle" fontSize={18} fill={model.secondaryText}>
          {model.title}
        </text>
      )}
      <line
        x1={LEFT}
        y1={BAR_Y}
        x2={RIGHT}
        y2={BAR_Y}
        stroke={model.track}
        strokeWidth={BAR}
        strokeLinecap="round"
      />
      <circle
        cx={LEFT - BULB + 4}
        cy={BAR_Y}
        r={BULB}
        fill={model.fraction === null ? model.track : model.barStart}
      />
      {model.fraction !== null && (
        <line
          data-value-bar=""
          x1={LEFT - 4}
          y1={BAR_Y}
          x2={x(model.fraction)}
          y2={BAR_Y}
          stroke={`url(#${gradient})`}
          strokeWidth={BAR - 4}
        />
      )}
      {model.bands.map((band) => (
        <rect
          key={`${band.from}-${band.to}-${band.color}`}
          x={x(band.from)}
          y={BAR_Y + BAR / 2 + 1}
          width={x(band.to) - x(band.from)}
          height={model.bandWidth}
          fill={band.color}
        />
      ))}
      <g stroke={model.line}>
        {model.majorTicks.map((tick) => (
          <line
            key={tick.at}
            x1={x(tick.at)}
            y1={tickTop}
            x2={x(tick.at)}
            y2={tickTop + 10}
            strokeWidth={1.5}
          />
        ))}
        {model.minorTicks.map((at) => (
          <line key={at} x1={x(at)} y1={tickTop} x2={x(at)} y2={tickTop + 5} strokeWidth={1} />
        ))}
      </g>
      <g fontSize={13} fill={model.secondaryText} textAnchor="middle">
        {model.majorTicks.map((tick) => (
          <text key={tick.at} x={x(tick.at)} y={tickTop + 24}>
            {tick.label}
          </text>
        ))}
      </g>
      {model.showValue && (
        <text
          x={WIDTH / 2}
          y={HEIGHT - 6}
          textAnchor="middle"
          fontSize={20}
          fontWeight={500}
          fill={model.text}
        >
          {model.valueText}
        </text>
      )}
    </Box>
  );
}
