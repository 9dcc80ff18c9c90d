import type { AttributeKvEntry, TsKvEntry } from '@meridian/common';
import { valueAsJson, valueAsString } from '../../telemetry/values.js';

/**
 * JSON text of telemetry answers (reference §1.4). Built as text so longs keep all 64 bits and
 * doubles print as the reference prints them (`25.0`).
 */

/** `[{"lastUpdateTs":…,"key":…,"value":<typed>}]`. */
export function attributesJson(entries: readonly AttributeKvEntry[]): string {
  const items = entries.map(
    (e) =>
      `{"lastUpdateTs":${e.lastUpdateTs},"key":${JSON.stringify(e.key)},"value":${valueAsJson(e.value)}}`,
  );
  return `[${items.join(',')}]`;
}

/** A point's value: typed JSON with `useStrictDataTypes`, otherwise its text; null when missing. */
function pointValue(point: TsKvEntry | { value: null }, strict: boolean): string {
  if (point.value === null) return 'null';
  return strict ? valueAsJson(point.value) : JSON.stringify(valueAsString(point.value));
}

/** `{"key":[{"ts":…,"value":…}, …], …}` in the order of the map. */
export function timeseriesJson(
  series: ReadonlyMap<string, readonly (TsKvEntry | { ts: number; value: null })[]>,
  strict: boolean,
): string {
  const members: string[] = [];
  for (const [key, points] of series) {
    const items = points.map((p) => `{"ts":${p.ts},"value":${pointValue(p, strict)}}`);
    members.push(`${JSON.stringify(key)}:[${items.join(',')}]`);
  }
  return `{${members.join(',')}}`;
}
