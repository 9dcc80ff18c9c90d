import { isJsonObject, type JsonObject, type JsonValue } from '@meridian/common';
import { RuleNodeConfigError } from './node.js';

/**
 * Lenient readers of stored node configurations. The reference binds configurations with Jackson,
 * which takes "5" for a number and "true" for a boolean; chains exported from it rely on that
 * (its root chain stores `"notifyDevice":"false"`). A missing or null key takes the default; a
 * value that cannot mean the type is refused naming the key.
 */
export function configString(raw: JsonObject, key: string, fallback: string): string {
  const value = raw[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new RuleNodeConfigError(`'${key}' must be a string`);
}

export function configNumber(raw: JsonObject, key: string, fallback: number): number {
  const value = raw[key];
  if (value === undefined || value === null || value === '') return fallback;
  const number = typeof value === 'string' ? Number(value.trim()) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw new RuleNodeConfigError(`'${key}' must be a number`);
  }
  return number;
}

export function configInteger(raw: JsonObject, key: string, fallback: number): number {
  const number = configNumber(raw, key, fallback);
  if (!Number.isInteger(number)) throw new RuleNodeConfigError(`'${key}' must be a whole number`);
  return number;
}

export function configBoolean(raw: JsonObject, key: string, fallback: boolean): boolean {
  const value = raw[key];
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new RuleNodeConfigError(`'${key}' must be true or false`);
}

export function configStringList(raw: JsonObject, key: string, fallback: readonly string[]): string[] {
  const value = raw[key];
  if (value === undefined || value === null) return [...fallback];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new RuleNodeConfigError(`'${key}' must be a list of strings`);
  }
  return value as string[];
}

/** A string→string map (e.g. `attrMapping`). */
export function configStringMap(raw: JsonObject, key: string): Record<string, string> {
  const value = raw[key];
  if (value === undefined || value === null) return {};
  if (!isJsonObject(value)) throw new RuleNodeConfigError(`'${key}' must be an object`);
  const out: Record<string, string> = {};
  for (const [name, item] of Object.entries(value)) {
    if (typeof item !== 'string') throw new RuleNodeConfigError(`'${key}.${name}' must be a string`);
    out[name] = item;
  }
  return out;
}

export function configObject(raw: JsonObject, key: string): JsonObject | undefined {
  const value: JsonValue | undefined = raw[key];
  if (value === undefined || value === null) return undefined;
  if (!isJsonObject(value)) throw new RuleNodeConfigError(`'${key}' must be an object`);
  return value;
}

/** One of a fixed set of names. */
export function configEnum<T extends string>(
  raw: JsonObject,
  key: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = configString(raw, key, fallback);
  if (!(allowed as readonly string[]).includes(value)) {
    throw new RuleNodeConfigError(`'${key}' must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}
