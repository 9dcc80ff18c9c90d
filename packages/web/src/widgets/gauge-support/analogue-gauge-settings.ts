import type { JsonObject } from '@meridian/common';
import { bandsOf, type GaugeBand } from './gauge-scale';
import { gaugeRange, numberSetting, objectItems, stringSetting } from './gauge-value';

/**
 * The settings the reference's canvas gauges (`TbAnalogueRadialGauge`, `TbAnalogueLinearGauge`)
 * share, as this console's renderers read them: the reference's keys, with the value used when a
 * key is missing. The settings form's defaults are these values (settings-schemas/analogue-gauges.ts).
 */
export interface AnalogueGaugeSettings {
  minValue: number;
  maxValue: number;
  majorTicksCount: number;
  minorTicks: number;
  showUnitTitle: boolean;
  /** The title inside the gauge; the key's label when missing. */
  unitTitle: string | undefined;
  valueBox: boolean;
  highlights: GaugeBand[];
  highlightsWidth: number;
}

/** `highlightsWidth` differs by gauge: 15 on the radial gauge, 10 on the linear one. */
export function analogueGaugeSettingsOf(
  settings: JsonObject | undefined,
  defaultHighlightsWidth: number,
): AnalogueGaugeSettings {
  const { min, max } = gaugeRange(settings);
  return {
    minValue: min,
    maxValue: max,
    majorTicksCount: Math.max(1, Math.round(numberSetting(settings, 'majorTicksCount') ?? 10)),
    minorTicks: Math.max(1, Math.round(numberSetting(settings, 'minorTicks') ?? 2)),
    showUnitTitle: settings?.showUnitTitle !== false,
    unitTitle: stringSetting(settings, 'unitTitle'),
    valueBox: settings?.valueBox !== false,
    highlights: bandsOf(objectItems(settings, 'highlights')),
    highlightsWidth: numberSetting(settings, 'highlightsWidth') ?? defaultHighlightsWidth,
  };
}
