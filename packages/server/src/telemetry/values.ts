import type { KvEntry, KvValue, TsEntries } from '@meridian/common';
import {
  JsonNumber,
  JsonObjectNode,
  type LosslessJson,
  parseLossless,
  stringifyLossless,
} from './json-lossless.js';

/**
 * Typing of posted values and their text forms (reference §4.1 "Value typing", §1.4, quirk 6).
 * Two parsers exist in the reference and both are kept: the device one (also behind the REST
 * time-series endpoint) turns numeric strings into numbers and big integers into strings; the REST
 * attribute one keeps strings as strings and refuses big integers.
 */

/** Input that cannot be stored or queried; the message says why and is meant for the caller. */
export class TelemetryInputError extends Error {}

/** Longest key the dictionary and attribute table hold. */
export const MAX_KEY_LENGTH = 255;

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const fitsInt64 = (value: bigint) => value >= INT64_MIN && value <= INT64_MAX;

/** The reference stores strings without NUL characters (`sql.remove_null_chars`). */
const withoutNul = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '') : text);

/** Rejects keys the storage cannot hold or the reference refuses; returns the key. */
export function checkKey(key: string): string {
  if (key.trim().length === 0) throw new TelemetryInputError('Key cannot be empty or contains only spaces');
  if (key.includes('\u0000'))
    throw new TelemetryInputError(`Key '${withoutNul(key)}' contains a NUL character`);
  if (key.length > MAX_KEY_LENGTH) {
    throw new TelemetryInputError(`Key '${key.slice(0, 32)}…' is longer than ${MAX_KEY_LENGTH} characters`);
  }
  return key;
}

/** A JSON object or array as a JSON value: its compact text, NUL characters removed from strings. */
function jsonValue(node: LosslessJson): KvValue {
  return { type: 'JSON', value: stringifyLossless(node, withoutNul) };
}

function doubleValue(key: string, text: string): KvValue {
  const value = Number(text);
  if (!Number.isFinite(value))
    throw new TelemetryInputError(`Value of '${key}' is out of the double range: ${text}`);
  return { type: 'DOUBLE', value };
}

/** A numeric literal the device way: integral and within int64 → LONG, integral beyond → STRING, else DOUBLE. */
function deviceNumber(key: string, text: string): KvValue {
  if (/^-?\d+$/.test(text)) {
    const value = BigInt(text);
    return fitsInt64(value) ? { type: 'LONG', value } : { type: 'STRING', value: value.toString() };
  }
  return doubleValue(key, text);
}

/** Numeric strings the device parser converts (commons-lang `NumberUtils.isParsable`). */
const PARSABLE_NUMBER = /^-?(?:\d+(?:\.\d+)?|\.\d+)$/;

/**
 * Types one value the device way. `null` is dropped (undefined) or refused, as the caller says.
 */
export function deviceValue(key: string, node: LosslessJson, nulls: 'drop' | 'reject'): KvValue | undefined {
  if (node === null) {
    if (nulls === 'drop') return undefined;
    throw new TelemetryInputError(`Value of '${key}' is null`);
  }
  if (typeof node === 'boolean') return { type: 'BOOLEAN', value: node };
  if (typeof node === 'string') {
    return PARSABLE_NUMBER.test(node) ? deviceNumber(key, node) : { type: 'STRING', value: withoutNul(node) };
  }
  if (node instanceof JsonNumber) return deviceNumber(key, node.text);
  return jsonValue(node);
}

/**
 * Types one value the REST attribute way: strings stay strings, a literal with a fraction or an
 * exponent is a DOUBLE, other numbers LONG (refused beyond int64); `null` is ignored.
 */
export function restAttributeValue(key: string, node: LosslessJson): KvValue | undefined {
  if (node === null) return undefined;
  if (typeof node === 'boolean') return { type: 'BOOLEAN', value: node };
  if (typeof node === 'string') return { type: 'STRING', value: withoutNul(node) };
  if (node instanceof JsonNumber) {
    if (!node.integral) return doubleValue(key, node.text);
    const value = BigInt(node.text);
    if (!fitsInt64(value)) throw new TelemetryInputError('Big integer values are not supported!');
    return { type: 'LONG', value };
  }
  return jsonValue(node);
}

/** Parses request text as JSON; malformed text is a TelemetryInputError with the given prefix. */
export function parsePayload(text: string, what: string): LosslessJson {
  try {
    return parseLossless(text);
  } catch (error) {
    throw new TelemetryInputError(`${what} (${(error as Error).message})`);
  }
}

function objectEntries(
  node: JsonObjectNode,
  typeValue: (key: string, value: LosslessJson) => KvValue | undefined,
): KvEntry[] {
  const entries: KvEntry[] = [];
  // forEach, not for…of: no entry array per member on the ingest path.
  node.members.forEach((value, key) => {
    const typed = typeValue(checkKey(key), value);
    if (typed) entries.push({ key, value: typed });
  });
  return entries;
}

/** `{"ts": …, "values": {…}}`: points of one timestamp the device gives. */
const isTsValues = (node: JsonObjectNode) => node.members.has('ts') && node.members.has('values');

const dropNulls = (key: string, value: LosslessJson) => deviceValue(key, value, 'drop');
const rejectNulls = (key: string, value: LosslessJson) => deviceValue(key, value, 'reject');

/**
 * A telemetry payload (reference §4.1): an object of values stamped `now`, `{"ts":…,"values":{…}}`,
 * or an array of either. Points of one timestamp are grouped, in the order they first appear.
 */
export function telemetryEntries(
  node: LosslessJson,
  now: number,
  nulls: 'drop' | 'reject' = 'drop',
): TsEntries[] {
  const typeValue = nulls === 'drop' ? dropNulls : rejectNulls;
  // The common payload, a flat object of values, needs none of the grouping below.
  if (node instanceof JsonObjectNode && !isTsValues(node)) {
    const values = objectEntries(node, typeValue);
    return values.length > 0 ? [{ ts: now, values }] : [];
  }
  const byTs = new Map<number, KvEntry[]>();
  const add = (ts: number, entries: KvEntry[]) => {
    const list = byTs.get(ts) ?? [];
    list.push(...entries);
    byTs.set(ts, list);
  };
  const addObject = (item: LosslessJson) => {
    if (!(item instanceof JsonObjectNode)) throw new TelemetryInputError('Expected a JSON object of values');
    if (isTsValues(item)) {
      const ts = item.members.get('ts');
      const values = item.members.get('values');
      const tsText = ts instanceof JsonNumber ? ts.text : ts;
      if (typeof tsText !== 'string' || !/^-?\d+$/.test(tsText)) {
        throw new TelemetryInputError("'ts' must be a whole number of milliseconds");
      }
      const tsValue = Number(tsText);
      if (!Number.isSafeInteger(tsValue)) throw new TelemetryInputError(`'ts' is out of range: ${tsText}`);
      if (!(values instanceof JsonObjectNode))
        throw new TelemetryInputError("'values' must be a JSON object");
      add(tsValue, objectEntries(values, typeValue));
    } else {
      add(now, objectEntries(item, typeValue));
    }
  };
  if (Array.isArray(node)) node.forEach(addObject);
  else addObject(node);
  return [...byTs].map(([ts, values]) => ({ ts, values })).filter((entry) => entry.values.length > 0);
}

/** A device attributes payload: a flat object typed the device way, nulls dropped. */
export function deviceAttributeEntries(node: LosslessJson): KvEntry[] {
  if (!(node instanceof JsonObjectNode)) throw new TelemetryInputError('Request is not a JSON object');
  return objectEntries(node, dropNulls);
}

/** A REST attributes payload: an object typed the REST attribute way. */
export function restAttributeEntries(node: LosslessJson): KvEntry[] {
  if (!(node instanceof JsonObjectNode)) throw new TelemetryInputError('Request is not a JSON object');
  return objectEntries(node, restAttributeValue);
}

/**
 * A double the way Java's Double.toString prints it (quirk 6): `25.0`, `0.001`, `1.0E7`,
 * `1.0E-4`; the shortest digits that read back as the same double.
 */
export function javaDoubleString(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const magnitude = Math.abs(value);
  if (magnitude >= 1e-3 && magnitude < 1e7) {
    const text = String(value);
    return text.includes('.') ? text : `${text}.0`;
  }
  const [mantissa = '', exponent = '0'] = value.toExponential().split('e');
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${Number(exponent)}`;
}

/** A value as the text the reference sends without `useStrictDataTypes`. */
export function valueAsString(value: KvValue): string {
  switch (value.type) {
    case 'BOOLEAN':
      return value.value ? 'true' : 'false';
    case 'LONG':
      return value.value.toString();
    case 'DOUBLE':
      return javaDoubleString(value.value);
    case 'STRING':
    case 'JSON':
      return value.value;
  }
}

/** A value as JSON text keeping its type; JSON values are embedded as JSON. */
export function valueAsJson(value: KvValue): string {
  switch (value.type) {
    case 'BOOLEAN':
      return value.value ? 'true' : 'false';
    case 'LONG':
      return value.value.toString();
    case 'DOUBLE':
      return Number.isFinite(value.value)
        ? javaDoubleString(value.value)
        : JSON.stringify(String(value.value));
    case 'STRING':
      return JSON.stringify(value.value);
    case 'JSON':
      return value.value;
  }
}
