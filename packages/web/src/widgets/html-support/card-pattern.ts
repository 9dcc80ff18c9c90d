import { numericValue } from '../../dashboard/runtime/format-value';
import { entityFieldsOf } from '../entity-label';
import type { DatasourceData } from '../widget-definition';

/**
 * The `${...}` placeholders of the reference's HTML value card and markdown card: `${keyLabel}` is
 * the latest value of the data key with that label, `${keyLabel:N}` the same number with N decimals
 * (2 when none is given), `${#i}` the i-th data key, and `${entityName}`, `${entityLabel}`,
 * `${entityType}`, `${aliasName}` the entity's own fields. A placeholder naming nothing known, or a
 * key without a value yet, becomes empty text, as in the reference.
 */

/** Decimals of a number placeholder without its own. */
export const PATTERN_DEFAULT_DECIMALS = 2;

const PLACEHOLDER = /\$\{([^}]*)\}/g;

/** What the placeholders of one widget can stand for. */
export interface PatternData {
  /** Data keys in datasource and key order, each with the first entity's latest value. */
  keys: { label: string; value: string | undefined }[];
  /** Entity fields by placeholder name; shown as they are, never as numbers. */
  fields: Record<string, string>;
}

/** The pattern data of a widget: every datasource's keys with its first entity's values. */
export function patternDataOf(data: readonly DatasourceData[]): PatternData {
  const keys = data.flatMap((source) =>
    source.dataKeys.map((dataKey, index) => ({
      label: dataKey.label || dataKey.name,
      value: source.entities[0]?.latest[index]?.value,
    })),
  );
  const first = data.find((source) => source.entities.length > 0);
  const fields = entityFieldsOf(first?.entities[0]?.entity, first?.datasource.aliasName);
  return { keys, fields };
}

/** Escapes text for HTML, so a value is shown as text and never read as markup. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

function decimalsOf(text: string | undefined): number {
  if (text === undefined) return PATTERN_DEFAULT_DECIMALS;
  const decimals = Number.parseFloat(text);
  return Number.isFinite(decimals)
    ? Math.max(0, Math.min(20, Math.trunc(decimals)))
    : PATTERN_DEFAULT_DECIMALS;
}

function keyOf(name: string, data: PatternData) {
  if (name.startsWith('#')) {
    const index = Number(name.slice(1));
    if (Number.isInteger(index) && String(index) === name.slice(1)) return data.keys[index];
  }
  return data.keys.find((key) => key.label === name);
}

/** The text of one placeholder's inside (`label` or `label:decimals`), not yet escaped. */
export function placeholderText(inside: string, data: PatternData): string {
  const colon = inside.indexOf(':');
  const name = colon < 0 ? inside : inside.slice(0, colon);
  const key = keyOf(name, data);
  if (!key) return data.fields[name] ?? '';
  if (key.value === undefined) return '';
  const number = numericValue(key.value);
  return number === null
    ? key.value
    : number.toFixed(decimalsOf(colon < 0 ? undefined : inside.slice(colon + 1)));
}

/** The pattern with every placeholder replaced by its value, escaped for HTML. */
export function fillPattern(pattern: string, data: PatternData): string {
  return pattern.replace(PLACEHOLDER, (_match, inside: string) => escapeHtml(placeholderText(inside, data)));
}
