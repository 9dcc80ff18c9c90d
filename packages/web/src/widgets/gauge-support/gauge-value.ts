import type { DataKey, JsonObject, JsonValue } from '@meridian/common';
import { formatValue, numericValue, valueFormatOf } from '../../dashboard/runtime/format-value';
import type { WidgetProps } from '../widget-definition';

/**
 * What the reference's single-value gauges (canvas gauges, digital gauges) read: the first key of
 * the first datasource, for its first entity, and the settings they share.
 */
export interface GaugeValue {
  dataKey: DataKey | undefined;
  /** The latest value as a number; null when there is none or it is not numeric. */
  value: number | null;
  /** The value as the gauge prints it: its decimals and units; empty without a value. */
  text: string;
  decimals: number;
  units: string;
}

/** A numeric setting; saved dashboards sometimes hold numbers as text. */
export function numberSetting(settings: JsonObject | undefined, key: string): number | undefined {
  const value = settings?.[key];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

/** A non-empty text setting. */
export function stringSetting(settings: JsonObject | undefined, key: string): string | undefined {
  const value = settings?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The settings object of `key`'s array items (highlights, fixed level colours). */
export function objectItems(settings: JsonObject | undefined, key: string): JsonObject[] {
  const value: JsonValue | undefined = settings?.[key];
  if (!Array.isArray(value)) return [];
  return value.filter((v): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v));
}

/** The scale of a gauge: `minValue`..`maxValue` (reference defaults 0..100), never empty. */
export function gaugeRange(settings: JsonObject | undefined): { min: number; max: number } {
  const min = numberSetting(settings, 'minValue') ?? 0;
  const max = numberSetting(settings, 'maxValue') ?? 100;
  return max > min ? { min, max } : { min, max: min + 1 };
}

/**
 * The gauge's value: decimals of the key, else of the widget, else the gauge's own setting
 * (`decimals` of digital gauges, `valueDec` of canvas gauges), else 0; units likewise.
 */
export function gaugeValue({ config, data }: Pick<WidgetProps, 'config' | 'data'>): GaugeValue {
  const source = data[0];
  const dataKey = source?.dataKeys[0];
  const raw = source?.entities[0]?.latest[0]?.value;
  const settings = config.settings;
  const ownDecimals = numberSetting(settings, 'decimals') ?? numberSetting(settings, 'valueDec') ?? 0;
  const format = dataKey
    ? valueFormatOf(dataKey, { ...config, decimals: config.decimals ?? ownDecimals })
    : { decimals: ownDecimals, units: '' };
  const units = format.units || stringSetting(settings, 'units') || '';
  const value = numericValue(raw);
  return {
    dataKey,
    value,
    text: value === null ? '' : formatValue(raw, { decimals: format.decimals, units }),
    decimals: format.decimals,
    units,
  };
}

/**
 * The props with a widget type's default settings under the saved ones (a saved `null` counts as
 * missing): a dashboard saved by the reference renders as saved, a new widget looks like the
 * reference's.
 */
export function withDefaultSettings<P extends Pick<WidgetProps, 'config'>>(
  defaults: JsonObject | undefined,
  props: P,
): P {
  const saved = Object.entries(props.config.settings ?? {}).filter(([, v]) => v !== null && v !== undefined);
  return {
    ...props,
    config: {
      ...props.config,
      settings: { ...(defaults ?? {}), ...Object.fromEntries(saved) } as JsonObject,
    },
  };
}
