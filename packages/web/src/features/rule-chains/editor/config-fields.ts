import type { JsonObject, JsonValue } from '@meridian/common';

/**
 * The configuration form of a node, generated from its configuration's values (the reference
 * draws a hand-written form per node; this console derives one): booleans, numbers, texts, scripts
 * and string lists get their own inputs, anything else is edited as JSON.
 */
export type ConfigFieldKind = 'boolean' | 'number' | 'text' | 'script' | 'stringList' | 'ruleChain' | 'json';

export interface ConfigField {
  key: string;
  kind: ConfigFieldKind;
}

/** Keys that hold JavaScript: `jsScript`, and any `…Script` or `…Js`. */
export function isScriptKey(key: string): boolean {
  return key === 'jsScript' || /Script$/.test(key) || /Js$/.test(key);
}

/** The key of the rule chain a "rule chain" node forwards to (reference §6.4). */
export const RULE_CHAIN_ID_KEY = 'ruleChainId';

export function fieldKindOf(key: string, value: JsonValue | undefined): ConfigFieldKind {
  if (key === RULE_CHAIN_ID_KEY && (value === null || typeof value === 'string')) return 'ruleChain';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return 'number';
  if (typeof value === 'string') return isScriptKey(key) ? 'script' : 'text';
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return 'stringList';
  return 'json';
}

/** The fields of a configuration, in its key order. */
export function configFieldsOf(configuration: JsonObject): ConfigField[] {
  return Object.entries(configuration).map(([key, value]) => ({ key, kind: fieldKindOf(key, value) }));
}

/** A camelCase key as words for a label: `maxPendingMsgs` → "Max pending msgs". */
export function labelOfKey(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The text a field is edited as. */
export function textOfValue(kind: ConfigFieldKind, value: JsonValue | undefined): string {
  switch (kind) {
    case 'number':
      return value === undefined || value === null ? '' : String(value);
    case 'text':
    case 'script':
    case 'ruleChain':
      return typeof value === 'string' ? value : '';
    case 'stringList':
      return Array.isArray(value) ? value.join('\n') : '';
    case 'json':
      return JSON.stringify(value ?? null, null, 2);
    default:
      return '';
  }
}

/** The value of edited text, or an error message key when the text is not a value of the kind. */
export function valueOfText(kind: ConfigFieldKind, text: string): { value: JsonValue } | { error: string } {
  switch (kind) {
    case 'number': {
      const number = Number(text);
      return text.trim() === '' || !Number.isFinite(number)
        ? { error: 'rulenode.invalid-number' }
        : { value: number };
    }
    case 'stringList':
      return {
        value: text
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line.length > 0),
      };
    case 'ruleChain':
      return { value: text === '' ? null : text };
    case 'json':
      try {
        return { value: JSON.parse(text) as JsonValue };
      } catch {
        return { error: 'rulenode.invalid-json' };
      }
    default:
      return { value: text };
  }
}

/** A whole configuration from JSON text: it must be a JSON object. */
export function configurationOfText(text: string): { value: JsonObject } | { error: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { error: 'rulenode.invalid-json' };
  }
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
    ? { value: parsed as JsonObject }
    : { error: 'rulenode.configuration-not-object' };
}
