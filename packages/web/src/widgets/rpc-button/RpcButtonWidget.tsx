import type { JsonObject, JsonValue } from '@meridian/common';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ControlFrame } from '../control-support/ControlFrame';
import {
  booleanSetting,
  type ControlFailure,
  controlFailureOf,
  replyText,
  requestTimeoutOf,
} from '../control-support/rpc-command';
import { controlSelectors } from '../control-support/selectors';
import { useDeviceRpc } from '../control-support/useDeviceRpc';
import { stringSetting } from '../gauge-support/gauge-value';
import type { WidgetProps } from '../widget-definition';

/** The reference button waits 5 s for the device unless `requestTimeout` says otherwise. */
const BUTTON_TIMEOUT_MS = 5000;

/** `methodParams` as sent: JSON text as its value, other text as it is (default `{}`). */
export function methodParamsOf(setting: JsonValue | undefined): JsonValue {
  if (setting === undefined || setting === null || setting === '') return {};
  if (typeof setting !== 'string') return setting;
  try {
    return JSON.parse(setting) as JsonValue;
  } catch {
    return setting;
  }
}

function objectSetting(settings: JsonObject | undefined, key: string): JsonObject {
  const value = settings?.[key];
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
}

/**
 * The reference's `control_widgets.rpcbutton`: a button (`buttonText`, `styleButton`) that sends
 * `methodName` with `methodParams`, one-way (`oneWayElseTwoWay`, the default) or two-way. A two-way
 * answer is shown under the button; a failure only with `showError`, as in the reference.
 */
export function RpcButtonWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const settings = props.config.settings;
  const rpc = useDeviceRpc(props.rpc);
  const [busy, setBusy] = useState(false);
  const [reply, setReply] = useState<string | null>(null);
  const [failure, setFailure] = useState<ControlFailure | null>(null);
  const oneWay = booleanSetting(settings, 'oneWayElseTwoWay', true);
  const showError = booleanSetting(settings, 'showError', false);
  const style = objectSetting(settings, 'styleButton');
  const raised = style.isRaised !== false;
  const primary = style.isPrimary === true;
  const title = stringSetting(settings, 'title') ?? '';

  const onClick = () => {
    setBusy(true);
    setReply(null);
    setFailure(null);
    const method = stringSetting(settings, 'methodName') ?? 'rpcCommand';
    const params = methodParamsOf(settings?.methodParams);
    rpc.send(!oneWay, method, params, requestTimeoutOf(settings, BUTTON_TIMEOUT_MS)).then(
      (answer) => {
        if (!rpc.mounted()) return;
        setBusy(false);
        if (!oneWay) setReply(replyText(answer));
      },
      (error: unknown) => {
        if (!rpc.mounted()) return;
        setBusy(false);
        if (showError) setFailure(controlFailureOf(error));
      },
    );
  };
  return (
    <ControlFrame
      title={title}
      failure={failure}
      noTarget={rpc.deviceId === null}
      note={reply === null ? undefined : t('control-widgets.reply', { reply })}
    >
      <Button
        variant={raised ? 'contained' : 'text'}
        color={primary ? 'primary' : 'inherit'}
        disabled={!rpc.enabled || busy}
        onClick={onClick}
        data-testid={controlSelectors.button}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        sx={{
          ...(typeof style.bgColor === 'string' && style.bgColor ? { bgcolor: style.bgColor } : {}),
          ...(typeof style.textColor === 'string' && style.textColor ? { color: style.textColor } : {}),
        }}
      >
        {stringSetting(settings, 'buttonText') ?? t('control-widgets.send-rpc')}
      </Button>
    </ControlFrame>
  );
}
