import { type DataKey, DEFAULT_DECIMALS, type WidgetConfig } from '@meridian/common';

/**
 * How a widget shows a value (spec 2 §3 "Data keys"): numbers rounded to the key's decimals (else
 * the widget's, else 2) followed by the key's units (else the widget's); other values as they are.
 */

export interface ValueFormat {
  decimals: number;
  units: string;
}

export function valueFormatOf(dataKey: DataKey, config: WidgetConfig): ValueFormat {
  const decimals = dataKey.decimals ?? config.decimals ?? DEFAULT_DECIMALS;
  const units = dataKey.units || config.units || '';
  return { decimals: Math.max(0, Math.min(20, decimals)), units };
}

/** The number a stored value stands for, or null (values travel as strings). */
export function numericValue(value: string | undefined): number | null {
  if (value === undefined || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** The value as shown; nothing at all (no lone units) when the key has no value yet. */
export function formatValue(value: string | undefined, format: ValueFormat): string {
  if (value === undefined || value === '') return '';
  const number = numericValue(value);
  const text = number === null ? value : number.toFixed(format.decimals);
  return format.units ? `${text} ${format.units}` : text;
}

/** The label a data key shows: its label, else its name. */
export function dataKeyLabel(dataKey: DataKey): string {
  return dataKey.label || dataKey.name;
}
