import { isJsonObject, type JsonObject, type JsonValue } from '@meridian/common';
import type { SettingsSchema } from './schema-parts';

/**
 * Readings of a settings schema the tests check it by: the keys its form names and the defaults
 * of its properties.
 */

/** Every key the form names, in the reference syntax (`a.b`, `list[]`, `list[].field`). */
export function formKeys(items: readonly JsonValue[]): string[] {
  return items.flatMap((item): string[] => {
    if (typeof item === 'string') return item === '*' ? [] : [item];
    if (!isJsonObject(item)) return [];
    const own = typeof item.key === 'string' ? [item.key] : [];
    // A select's `items` are its options, not fields.
    const nested = Array.isArray(item.items) && item.type !== 'rc-select' ? formKeys(item.items) : [];
    return [...own, ...nested];
  });
}

/** The property schema a form key names, or undefined when the schema has none. */
export function propertyAt(schema: SettingsSchema, key: string): JsonObject | undefined {
  let current: JsonObject | undefined = { type: 'object', properties: schema.schema.properties };
  for (const part of key.split('.')) {
    const list = part.endsWith('[]');
    const properties: JsonValue | undefined = current?.properties;
    const next: JsonValue | undefined = isJsonObject(properties)
      ? properties[list ? part.slice(0, -2) : part]
      : undefined;
    if (!isJsonObject(next)) return undefined;
    current = list ? (isJsonObject(next.items) ? next.items : undefined) : next;
  }
  return current;
}

/** The settings object of the schema's defaults (nested objects' too): what a form shows as unset. */
export function schemaDefaults(properties: Record<string, JsonValue>): JsonObject {
  const defaults: JsonObject = {};
  for (const [key, property] of Object.entries(properties)) {
    if (!isJsonObject(property)) continue;
    if (property.default !== undefined) defaults[key] = property.default;
    else if (isJsonObject(property.properties)) {
      const nested = schemaDefaults(property.properties);
      if (Object.keys(nested).length > 0) defaults[key] = nested;
    }
  }
  return defaults;
}
