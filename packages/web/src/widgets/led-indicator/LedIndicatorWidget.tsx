import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ControlFrame } from '../control-support/ControlFrame';
import {
  booleanOfKeyValue,
  booleanSetting,
  type ControlFailure,
  controlFailureOf,
  requestTimeoutOf,
} from '../control-support/rpc-command';
import { controlSelectors } from '../control-support/selectors';
import { followedValue } from '../control-support/useControlState';
import { useDeviceRpc } from '../control-support/useDeviceRpc';
import { stringSetting } from '../gauge-support/gauge-value';
import type { WidgetProps } from '../widget-definition';

/** The reference LED asks again this long after a failed or negative status check. */
export const CHECK_STATUS_RETRY_MS = 10_000;

/**
 * The reference's `control_widgets.led_indicator`: a lamp in `ledColor` (default green), lit while
 * the followed attribute (or time series, `retrieveValueMethod`) `valueAttribute` is truthy. With
 * `performCheckStatus` (default on) it first asks the device `checkStatusMethod` (default
 * `checkStatus`, two-way) and follows the value once the device answers truthy, asking again every
 * 10 s until then. `parseValueFunction` is tenant JavaScript and is not run: a truthy value is on.
 */
export function LedIndicatorWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const settings = props.config.settings;
  const rpc = useDeviceRpc(props.rpc);
  const color = stringSetting(settings, 'ledColor') ?? 'green';
  const initial = booleanSetting(settings, 'initialValue', false);
  const check = settings?.performCheckStatus !== false;
  const checkMethod = stringSetting(settings, 'checkStatusMethod') ?? 'checkStatus';
  const timeout = requestTimeoutOf(settings);
  const [statusKnown, setStatusKnown] = useState(false);
  const [failure, setFailure] = useState<ControlFailure | null>(null);
  const { enabled, send, mounted } = rpc;

  useEffect(() => {
    if (!check || !enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const retry = (problem: ControlFailure) => {
      setFailure(problem);
      timer = setTimeout(ask, CHECK_STATUS_RETRY_MS);
    };
    const ask = () => {
      send(true, checkMethod, null, timeout).then(
        (reply) => {
          if (stopped || !mounted()) return;
          if (reply) {
            setFailure(null);
            setStatusKnown(true);
          } else retry({ key: 'control-widgets.unknown-status' });
        },
        (error: unknown) => {
          if (!stopped && mounted()) retry(controlFailureOf(error));
        },
      );
    };
    ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [check, enabled, send, checkMethod, timeout, mounted]);

  // A viewer who may not send commands still sees the value, without the status check.
  const following = !check || statusKnown || !enabled;
  const value = followedValue(props);
  const on = following && value !== undefined ? booleanOfKeyValue(value) : initial;
  const title = stringSetting(settings, 'title') ?? '';
  return (
    <ControlFrame title={title} failure={failure} noTarget={rpc.deviceId === null}>
      <Box
        role="img"
        aria-label={`${title || t('control-widgets.led')}: ${t(on ? 'control-widgets.on' : 'control-widgets.off')}`}
        data-testid={controlSelectors.led}
        data-on={on}
        sx={{
          height: '80%',
          maxHeight: 140,
          minHeight: 24,
          aspectRatio: '1',
          borderRadius: '50%',
          bgcolor: color,
          backgroundImage:
            'radial-gradient(circle at 35% 30%, rgba(255,255,255,0.75), rgba(255,255,255,0) 45%)',
          filter: on ? 'brightness(1.15)' : 'brightness(0.35) saturate(0.7)',
          boxShadow: on
            ? `0 0 18px 4px ${color}, inset 0 -2px 8px rgba(0,0,0,0.35)`
            : 'inset 0 -2px 8px rgba(0,0,0,0.6), 0 1px 4px rgba(0,0,0,0.5)',
          transition: 'filter 200ms, box-shadow 200ms',
        }}
      />
    </ControlFrame>
  );
}
