/**
 * JSON values as they travel on the wire. The reference stores several fields (`additionalInfo`,
 * `configuration`, alarm `details`, rule node configuration) as free JSON nodes; these types keep
 * them typed without resorting to `any`.
 */
export type JsonPrimitive = string | number | boolean | null;
export type JsonValue = JsonPrimitive | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** True for `string | number | boolean` — the "scalar" values text search looks at (null excluded). */
export function isScalar(value: unknown): value is string | number | boolean {
  const t = typeof value;
  return t === 'string' || t === 'number' || t === 'boolean';
}

/** True for a plain JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The keys of a free-form field to add to: the object itself, or an empty one when the field holds
 * another JSON value (other clients may store a string or an array there).
 */
export function jsonObjectOrEmpty<T extends object>(value: T | null | undefined): Partial<T> {
  return isJsonObject(value) ? value : {};
}

/**
 * Reads an own property of a lookup table, so keys arriving from the wire such as `constructor` or
 * `__proto__` never resolve to `Object.prototype` members.
 */
export function ownValue<V>(record: Readonly<Partial<Record<string, V>>>, key: string): V | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
