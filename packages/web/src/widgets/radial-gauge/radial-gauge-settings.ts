import type { JsonObject } from '@meridian/common';
import {
  type AnalogueGaugeSettings,
  analogueGaugeSettingsOf,
} from '../gauge-support/analogue-gauge-settings';
import { numberSetting, stringSetting } from '../gauge-support/gauge-value';

/** What the radial gauge reads of the reference's `TbAnalogueRadialGauge` settings. */
export interface RadialGaugeSettings extends AnalogueGaugeSettings {
  /** Degrees from the bottom, clockwise, where the scale starts; `ticksAngle` is its sweep. */
  startAngle: number;
  ticksAngle: number;
  /** The needle's colour; the key's colour when missing. */
  colorNeedle: string | undefined;
  animation: boolean;
  animationDuration: number;
}

/** The radial gauge's settings, with the value it uses for each missing key. */
export function radialGaugeSettingsOf(settings: JsonObject | undefined): RadialGaugeSettings {
  return {
    ...analogueGaugeSettingsOf(settings, 15),
    startAngle: numberSetting(settings, 'startAngle') ?? 45,
    ticksAngle: numberSetting(settings, 'ticksAngle') ?? 270,
    colorNeedle: stringSetting(settings, 'colorNeedle'),
    animation: settings?.animation !== false,
    animationDuration: numberSetting(settings, 'animationDuration') ?? 500,
  };
}
