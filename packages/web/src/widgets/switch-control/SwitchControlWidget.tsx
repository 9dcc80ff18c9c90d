import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ControlFrame } from '../control-support/ControlFrame';
import { booleanSetting } from '../control-support/rpc-command';
import { controlSelectors } from '../control-support/selectors';
import { useSwitchControl } from '../control-support/useSwitchControl';
import { stringSetting } from '../gauge-support/gauge-value';
import type { WidgetProps } from '../widget-definition';

/**
 * The reference's `control_widgets.switch_control`: a large switch, the `title` above it and
 * OFF / ON under it (`showOnOffLabels`, default shown).
 */
export function SwitchControlWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const settings = props.config.settings;
  const control = useSwitchControl(props);
  const title = stringSetting(settings, 'title') ?? '';
  const labels = booleanSetting(settings, 'showOnOffLabels', true);
  return (
    <ControlFrame title={title} failure={control.failure} noTarget={control.rpc.deviceId === null}>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
        <Switch
          checked={control.value}
          disabled={!control.rpc.enabled}
          onChange={(event) => control.change(event.target.checked)}
          slotProps={{ input: { 'aria-label': title || t('control-widgets.switch') } }}
          data-testid={controlSelectors.switch}
          sx={{ transform: 'scale(1.8)', my: 2 }}
        />
        {labels && (
          <Box sx={{ display: 'flex', gap: 4, mt: 0.5 }}>
            <Typography variant="caption" color={control.value ? 'text.disabled' : 'text.primary'}>
              {t('control-widgets.off')}
            </Typography>
            <Typography variant="caption" color={control.value ? 'text.primary' : 'text.disabled'}>
              {t('control-widgets.on')}
            </Typography>
          </Box>
        )}
      </Box>
    </ControlFrame>
  );
}
