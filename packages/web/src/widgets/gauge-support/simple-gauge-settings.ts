import type { JsonObject } from '@meridian/common';
import { bandsOf, type GaugeBand } from './gauge-scale';
import { gaugeRange, numberSetting, objectItems, stringSetting } from './gauge-value';

/**
 * What the simple gauge and the digital gauges read of the reference's `TbCanvasDigitalGauge`
 * settings: the reference's keys, with the value used when a key is missing. The settings form's
 * defaults are these values (settings-schemas/digital-gauges.ts).
 */
export interface SimpleGaugeSettings {
  minValue: number;
  maxValue: number;
  /** The simple gauge draws an arc or a donut; the digital gauges add bars. */
  gaugeType: string;
  donutStartAngle: number;
  /** The value bar's width, 0.1..2 of the gauge's own. */
  gaugeWidthScale: number;
  roundedLineCap: boolean;
  showTitle: boolean;
  /** The title above the gauge; the key's label when missing. */
  title: string | undefined;
  showUnitTitle: boolean;
  /** The label under the value; the key's label when missing. */
  unitTitle: string | undefined;
  showValue: boolean;
  showMinMax: boolean;
  /** The bar's colour without level colours; the key's colour when missing. */
  defaultColor: string | undefined;
  useFixedLevelColor: boolean;
  levelColors: string[];
  fixedLevelColors: GaugeBand[];
  animation: boolean;
  animationDuration: number;
}

/** Colours of `levelColors`: strings, or `{color}` items. */
function colorList(settings: JsonObject | undefined, key: string): string[] {
  const value = settings?.[key];
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    if (typeof item === 'string') return item ? [item] : [];
    if (item && typeof item === 'object' && !Array.isArray(item) && typeof item.color === 'string') {
      return [item.color];
    }
    return [];
  });
}

export function simpleGaugeSettingsOf(settings: JsonObject | undefined): SimpleGaugeSettings {
  const { min, max } = gaugeRange(settings);
  return {
    minValue: min,
    maxValue: max,
    gaugeType: settings?.gaugeType === 'donut' ? 'donut' : 'arc',
    donutStartAngle: numberSetting(settings, 'donutStartAngle') ?? 90,
    gaugeWidthScale: Math.max(0.1, Math.min(2, numberSetting(settings, 'gaugeWidthScale') ?? 0.75)),
    roundedLineCap: settings?.roundedLineCap === true,
    showTitle: settings?.showTitle === true,
    title: stringSetting(settings, 'title'),
    showUnitTitle: settings?.showUnitTitle === true,
    unitTitle: stringSetting(settings, 'unitTitle'),
    showValue: settings?.showValue !== false,
    showMinMax: settings?.showMinMax !== false,
    defaultColor: stringSetting(settings, 'defaultColor'),
    useFixedLevelColor: settings?.useFixedLevelColor === true,
    levelColors: colorList(settings, 'levelColors'),
    fixedLevelColors: bandsOf(objectItems(settings, 'fixedLevelColors')),
    animation: settings?.animation !== false,
    animationDuration: numberSetting(settings, 'animationDuration') ?? 500,
  };
}
