import PowerSettingsNewIcon from '@mui/icons-material/PowerSettingsNew';
import ButtonBase from '@mui/material/ButtonBase';
import { useTranslation } from 'react-i18next';
import { ControlFrame } from '../control-support/ControlFrame';
import { controlSelectors } from '../control-support/selectors';
import { useSwitchControl } from '../control-support/useSwitchControl';
import { stringSetting } from '../gauge-support/gauge-value';
import type { WidgetProps } from '../widget-definition';

/** The reference's `control_widgets.round_switch`: a round on/off button under the `title`. */
export function RoundSwitchWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const control = useSwitchControl(props);
  const title = stringSetting(props.config.settings, 'title') ?? '';
  const on = control.value;
  return (
    <ControlFrame title={title} failure={control.failure} noTarget={control.rpc.deviceId === null}>
      <ButtonBase
        role="switch"
        aria-checked={on}
        aria-label={title || t('control-widgets.switch')}
        disabled={!control.rpc.enabled}
        onClick={() => control.change(!on)}
        data-testid={controlSelectors.switch}
        sx={{
          height: '80%',
          maxHeight: 120,
          minHeight: 40,
          aspectRatio: '1',
          borderRadius: '50%',
          border: 3,
          borderColor: on ? 'primary.main' : 'divider',
          bgcolor: on ? 'primary.main' : (theme) => theme.palette.action.hover,
          color: on ? 'primary.contrastText' : 'text.secondary',
          boxShadow: on ? 6 : 1,
          transition: 'background-color 150ms, box-shadow 150ms',
          '&.Mui-disabled': { opacity: 0.6 },
        }}
      >
        <PowerSettingsNewIcon sx={{ fontSize: '2.5rem' }} />
      </ButtonBase>
    </ControlFrame>
  );
}
