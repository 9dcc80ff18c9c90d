import { DEFAULT_DECIMALS, type JsonValue } from '@meridian/common';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { type KeyboardEvent, type PointerEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RPC_ONLY_VALUE_SOURCE } from '../../dashboard/runtime/rpc-target';
import { ControlFrame } from '../control-support/ControlFrame';
import type { ControlFailure } from '../control-support/rpc-command';
import { controlSelectors } from '../control-support/selectors';
import { useControlState } from '../control-support/useControlState';
import { numberSetting, stringSetting } from '../gauge-support/gauge-value';
import { levelColor } from '../gauge-support/level-color';
import type { WidgetProps } from '../widget-definition';
import {
  angleOfRatio,
  arcPath,
  KNOB_LEVEL_COLORS,
  KNOB_START_DEG,
  KNOB_SWEEP_DEG,
  pointAt,
  ratioOf,
  valueAtPoint,
} from './knob-geometry';

const C = 100;
const TRACK_R = 84;

/**
 * The reference's `control_widgets.knob_control`: a dial from `minValue` (0) to `maxValue` (100)
 * starting at `initialValue` (the minimum); reads the device's value with a two-way
 * `getValueMethod` call, and sends where it is turned to (on release; arrow keys step by 1 %)
 * with a one-way `setValueMethod` call.
 */
export function KnobControlWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const { config } = props;
  const settings = config.settings;
  const min = numberSetting(settings, 'minValue') ?? 0;
  const max = numberSetting(settings, 'maxValue') ?? 100;
  const decimals = config.decimals ?? DEFAULT_DECIMALS;
  const round = (value: number) => Number(value.toFixed(decimals));
  const control = useControlState<number>(
    props,
    RPC_ONLY_VALUE_SOURCE,
    numberSetting(settings, 'initialValue') ?? min,
    (reply: JsonValue): number | ControlFailure =>
      typeof reply === 'number'
        ? round(reply)
        : { key: 'control-widgets.unparsable-reply', values: { reply: JSON.stringify(reply) } },
    (value) => Number(value),
    (value) => value,
  );
  const [dragged, setDragged] = useState<number | null>(null);
  const value = dragged ?? control.value;
  const enabled = control.rpc.enabled;
  const ratio = ratioOf(value, min, max);
  const angle = angleOfRatio(ratio);
  const color = levelColor(ratio, KNOB_LEVEL_COLORS) ?? theme.palette.primary.main;
  const units = config.units ?? '';
  const text = `${value.toFixed(decimals)}${units ? ` ${units}` : ''}`;
  const title = stringSetting(settings, 'title') ?? '';

  const valueAt = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return valueAtPoint(
      event.clientX - (box.left + box.width / 2),
      event.clientY - (box.top + box.height / 2),
      min,
      max,
      decimals,
    );
  };
  const step = (max - min) / 100;
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const delta = { ArrowUp: step, ArrowRight: step, ArrowDown: -step, ArrowLeft: -step }[event.key];
    if (delta === undefined || !enabled) return;
    event.preventDefault();
    control.change(round(Math.min(max, Math.max(min, control.value + delta))));
  };
  const [pointerX, pointerY] = pointAt(C, C, 48, angle);
  return (
    <ControlFrame title={title} failure={control.failure} noTarget={control.rpc.deviceId === null}>
      <Box
        component="svg"
        viewBox="0 0 200 200"
        role="slider"
        tabIndex={enabled ? 0 : -1}
        aria-label={title || t('control-widgets.knob')}
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-disabled={!enabled}
        data-testid={controlSelectors.knob}
        onKeyDown={onKeyDown}
        onPointerDown={(event: PointerEvent<SVGSVGElement>) => {
          if (!enabled) return;
          event.currentTarget.setPointerCapture?.(event.pointerId);
          setDragged(valueAt(event));
        }}
        onPointerMove={(event: PointerEvent<SVGSVGElement>) => {
          if (dragged !== null) setDragged(valueAt(event));
        }}
        onPointerUp={() => {
          if (dragged === null) return;
          setDragged(null);
          control.change(dragged);
        }}
        sx={{
          height: '100%',
          maxWidth: '100%',
          aspectRatio: '1',
          touchAction: 'none',
          cursor: enabled ? 'pointer' : 'default',
          opacity: enabled ? 1 : 0.6,
          outline: 'none',
          '&:focus-visible circle[data-body]': { stroke: theme.palette.primary.main },
        }}
      >
        <path
          d={arcPath(C, C, TRACK_R, KNOB_START_DEG, KNOB_START_DEG + KNOB_SWEEP_DEG)}
          fill="none"
          stroke={theme.palette.action.disabledBackground}
          strokeWidth={10}
          strokeLinecap="round"
        />
        {ratio > 0 && (
          <path
            d={arcPath(C, C, TRACK_R, KNOB_START_DEG, angle)}
            fill="none"
            stroke={color}
            strokeWidth={10}
            strokeLinecap="round"
          />
        )}
        <circle
          data-body
          cx={C}
          cy={C}
          r={64}
          fill={theme.palette.background.paper}
          stroke={theme.palette.divider}
          strokeWidth={3}
        />
        <circle cx={pointerX} cy={pointerY} r={6} fill={color} stroke={theme.palette.text.secondary} />
        <text
          x={C}
          y={C + 8}
          textAnchor="middle"
          fontSize={26}
          fontWeight={500}
          fill={theme.palette.text.primary}
          data-testid={controlSelectors.knobValue}
        >
          {text}
        </text>
        <text x={48} y={192} textAnchor="middle" fontSize={14} fill={theme.palette.text.secondary}>
          {min}
        </text>
        <text x={152} y={192} textAnchor="middle" fontSize={14} fill={theme.palette.text.secondary}>
          {max}
        </text>
      </Box>
    </ControlFrame>
  );
}
