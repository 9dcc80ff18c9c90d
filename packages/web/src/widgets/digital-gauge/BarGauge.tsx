import Box from '@mui/material/Box';
import type { BarGaugeModel } from './digital-gauge-model';

/**
 * A bar gauge drawn in SVG that scales with its cell: the value above the bar, min and max at its
 * ends, the unit title below; LCD dashes split the bar into segments, neon glow blurs around it.
 */
export function BarGauge({ model }: { model: BarGaugeModel }) {
  const vertical = model.vertical;
  const width = vertical ? 120 : 300;
  const height = vertical ? 240 : 120;
  const t = model.thickness;
  // The bar's axis, from the minimum end to the maximum end.
  const bar = vertical
    ? { x1: width / 2, y1: 196, x2: width / 2, y2: 44 }
    : { x1: 28, y1: 66, x2: width - 28, y2: 66 };
  const fill = {
    ...bar,
    x2: bar.x1 + (bar.x2 - bar.x1) * model.fraction,
    y2: bar.y1 + (bar.y2 - bar.y1) * model.fraction,
  };
  const dash = model.dash.segment ? `${model.dash.segment} ${model.dash.gap}` : undefined;
  const side = width / 2 + t / 2 + 4;
  const below = bar.y1 + t / 2 + 16;
  const minMaxAt: Record<'min' | 'max', { x: number; y: number; anchor: 'start' | 'end' }> = vertical
    ? { min: { x: side, y: bar.y1, anchor: 'start' }, max: { x: side, y: bar.y2 + 8, anchor: 'start' } }
    : { min: { x: bar.x1, y: below, anchor: 'start' }, max: { x: bar.x2, y: below, anchor: 'end' } };
  return (
    <Box
      component="svg"
      data-gauge={vertical ? 'verticalBar' : 'horizontalBar'}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="xMidYMid meet"
      sx={{ flex: 1, minHeight: 0, width: '100%', display: 'block' }}
    >
      <line {...bar} stroke={model.track} strokeWidth={t} strokeDasharray={dash} />
      {model.fraction > 0 && (
        <line
          {...fill}
          data-value-bar=""
          stroke={model.color}
          strokeWidth={t}
          strokeDasharray={dash}
          style={model.glow ? { filter: `drop-shadow(0 0 ${model.glow}px ${model.color})` } : undefined}
        />
      )}
      {model.showValue && (
        <text
          x={width / 2}
          y={vertical ? 30 : 36}
          textAnchor="middle"
          fontSize={vertical ? 20 : 26}
          fontWeight={500}
          fill={model.text}
        >
          {model.valueText}
        </text>
      )}
      {model.showMinMax && (
        <g fontSize={12} fill={model.secondaryText}>
          <text x={minMaxAt.min.x} y={minMaxAt.min.y} textAnchor={minMaxAt.min.anchor}>
            {model.minText}
          </text>
          <text x={minMaxAt.max.x} y={minMaxAt.max.y} textAnchor={minMaxAt.max.anchor}>
            {model.maxText}
          </text>
        </g>
      )}
      {model.label && (
        <text
          x={width / 2}
          y={vertical ? 226 : 112}
          textAnchor="middle"
          fontSize={14}
          fill={model.secondaryText}
        >
          {model.label}
        </text>
      )}
    </Box>
  );
}
