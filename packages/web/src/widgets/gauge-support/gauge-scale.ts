import { isJsonObject, type JsonObject } from '@meridian/common';
import { numberSetting, stringSetting } from './gauge-value';

/** A coloured stretch of a scale, in scale units. */
export interface GaugeBand {
  from: number;
  to: number;
  color: string;
}

/**
 * A band's bound: a number, or as the reference's 3.3 digital gauges save it,
 * `{valueSource: 'predefinedValue', value}`. A bound read from an entity attribute
 * (`valueSource: 'entityAttribute'`) is not known here: its band is left out.
 */
function boundOf(item: JsonObject, key: string): number | undefined {
  const bound = item[key];
  if (!isJsonObject(bound)) return numberSetting(item, key);
  return bound.valueSource === undefined || bound.valueSource === 'predefinedValue'
    ? numberSetting(bound, 'value')
    : undefined;
}

/** The reference's `{from, to, color}` items (canvas gauge highlights, digital gauge fixed levels). */
export function bandsOf(items: JsonObject[]): GaugeBand[] {
  return items.flatMap((item) => {
    const from = boundOf(item, 'from');
    const to = boundOf(item, 'to');
    const color = stringSetting(item, 'color');
    return from === undefined || to === undefined || !color || to <= from ? [] : [{ from, to, color }];
  });
}

/**
 * ECharts' axis-line colours of a `min`..`max` scale: `[end fraction, colour]` stops, the bands where
 * they lie (a later band over an earlier one, as the reference draws them) and `track` between them.
 */
export function axisLineColors(
  bands: GaugeBand[],
  min: number,
  max: number,
  track: string,
): [number, string][] {
  const span = max - min;
  const cuts = [
    ...new Set([min, max, ...bands.flatMap((b) => [b.from, b.to]).filter((v) => v > min && v < max)]),
  ].sort((a, b) => a - b);
  const stops: [number, string][] = [];
  for (let i = 1; i < cuts.length; i++) {
    const middle = ((cuts[i - 1] as number) + (cuts[i] as number)) / 2;
    const color = bands.findLast((b) => b.from <= middle && middle <= b.to)?.color ?? track;
    const end = ((cuts[i] as number) - min) / span;
    const last = stops.at(-1);
    if (last && last[1] === color) last[0] = end;
    else stops.push([end, color]);
  }
  return stops;
}

/** The fewest decimals (up to 3) that print every tick of `count` steps from `min` to `max` exactly. */
export function tickDecimals(min: number, max: number, count: number): number {
  const step = (max - min) / Math.max(1, count);
  for (let decimals = 0; decimals < 3; decimals++) {
    const scale = 10 ** decimals;
    const exact = (v: number) => Math.abs(Math.round(v * scale) - v * scale) < 1e-6;
    if (exact(step) && exact(min)) return decimals;
  }
  return 3;
}

/** `value` kept on the scale, so the needle or bar stops at its end. */
export function clampToScale(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
