import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { ControlFrame } from '../control-support/ControlFrame';
import { controlSelectors } from '../control-support/selectors';
import { useSwitchControl } from '../control-support/useSwitchControl';
import { stringSetting } from '../gauge-support/gauge-value';
import type { WidgetProps } from '../widget-definition';

/** `sliderColor` of the reference (Angular Material palettes) as MUI palettes. */
const COLORS = { primary: 'primary', accent: 'secondary', warn: 'error' } as const;

/**
 * The reference's `control_widgets.slide_toggle_control`: a slide toggle labelled with the `title`,
 * the label after it or before it (`labelPosition`), in the `sliderColor` palette (default accent).
 */
export function SlideToggleWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const settings = props.config.settings;
  const control = useSwitchControl(props);
  const title = stringSetting(settings, 'title') ?? '';
  const color = COLORS[(stringSetting(settings, 'sliderColor') ?? 'accent') as keyof typeof COLORS];
  const before = stringSetting(settings, 'labelPosition') === 'before';
  return (
    <ControlFrame title="" failure={control.failure} noTarget={control.rpc.deviceId === null}>
      <FormControlLabel
        label={title}
        labelPlacement={before ? 'start' : 'end'}
        disabled={!control.rpc.enabled}
        control={
          <Switch
            checked={control.value}
            color={color ?? 'secondary'}
            onChange={(event) => control.change(event.target.checked)}
            slotProps={{ input: { 'aria-label': title || t('control-widgets.switch') } }}
            data-testid={controlSelectors.switch}
          />
        }
      />
    </ControlFrame>
  );
}
