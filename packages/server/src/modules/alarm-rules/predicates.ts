import type { DynamicValue, FilterPredicateValue, KvValue } from '@meridian/common';
import { splitList } from '../entity-query/key-filters.js';
import type { ParsedPredicate } from '../entity-query/parse.js';
import { booleanOf, numberOf, textOf } from './values.js';

/**
 * Key filter predicates over one value, in memory (reference AlarmRuleState eval*Predicate). The
 * operand of a predicate is its dynamic value when that resolves to something of the right kind,
 * else its default value; user values belong to dashboards and are not read here.
 */

/** Where dynamic operands come from: the device's attributes, its customer's and its tenant's. */
export interface DynamicSources {
  device(key: string): KvValue | undefined;
  customer(key: string): KvValue | undefined;
  tenant(key: string): KvValue | undefined;
}

/**
 * The value a dynamic operand reads: the device attribute, the customer's or the tenant's server
 * attribute; with `inherit` a missing value falls back from the device to its customer and then
 * to its tenant (reference getDynamicPredicateValue). CURRENT_USER has no meaning here.
 */
export function resolveDynamic(
  dynamic: DynamicValue | null | undefined,
  sources: DynamicSources,
): KvValue | null {
  const attribute = dynamic?.sourceAttribute;
  if (!dynamic || !attribute) return null;
  const inherit = dynamic.inherit === true;
  let chain: ((key: string) => KvValue | undefined)[];
  switch (dynamic.sourceType) {
    case 'CURRENT_DEVICE':
      chain = inherit ? [sources.device, sources.customer, sources.tenant] : [sources.device];
      break;
    case 'CURRENT_CUSTOMER':
      chain = inherit ? [sources.customer, sources.tenant] : [sources.customer];
      break;
    case 'CURRENT_TENANT':
      chain = [sources.tenant];
      break;
    default:
      return null;
  }
  for (const read of chain) {
    const value = read.call(sources, attribute);
    if (value !== undefined) return value;
  }
  return null;
}

function operand<T>(
  value: FilterPredicateValue<T | null>,
  sources: DynamicSources,
  convert: (value: KvValue) => T | null,
): T | null {
  const dynamic = resolveDynamic(value.dynamicValue, sources);
  if (dynamic) {
    const converted = convert(dynamic);
    if (converted !== null) return converted;
  }
  return value.defaultValue ?? null;
}

type Predicate<T extends ParsedPredicate['type']> = Extract<ParsedPredicate, { type: T }>;

function stringMatches(text: string, predicate: Predicate<'STRING'>, sources: DynamicSources): boolean {
  const found = operand(predicate.value, sources, textOf);
  // Without an operand only "not equal" holds (the reference compares with null).
  if (found === null) return predicate.operation === 'NOT_EQUAL';
  const value = predicate.ignoreCase ? text.toLowerCase() : text;
  const target = predicate.ignoreCase ? found.toLowerCase() : found;
  switch (predicate.operation) {
    case 'EQUAL':
      return value === target;
    case 'NOT_EQUAL':
      return value !== target;
    case 'STARTS_WITH':
      return value.startsWith(target);
    case 'ENDS_WITH':
      return value.endsWith(target);
    case 'CONTAINS':
      return value.includes(target);
    case 'NOT_CONTAINS':
      return !value.includes(target);
    case 'IN':
      return splitList(target).includes(value);
    case 'NOT_IN':
      return !splitList(target).includes(value);
  }
}

function numberMatches(number: number, predicate: Predicate<'NUMERIC'>, sources: DynamicSources): boolean {
  const found = operand(predicate.value, sources, numberOf);
  if (found === null) return predicate.operation === 'NOT_EQUAL';
  switch (predicate.operation) {
    // Double.equals: NaN equals NaN, 0.0 differs from -0.0.
    case 'EQUAL':
      return Object.is(number, found);
    case 'NOT_EQUAL':
      return !Object.is(number, found);
    case 'GREATER':
      return number > found;
    case 'GREATER_OR_EQUAL':
      return number >= found;
    case 'LESS':
      return number < found;
    case 'LESS_OR_EQUAL':
      return number <= found;
  }
}

/** Does the value satisfy the predicate? A value that is not a number fails every NUMERIC test. */
export function predicateMatches(
  value: KvValue,
  predicate: ParsedPredicate,
  sources: DynamicSources,
): boolean {
  switch (predicate.type) {
    case 'STRING':
      return stringMatches(textOf(value), predicate, sources);
    case 'NUMERIC': {
      const number = numberOf(value);
      return number !== null && numberMatches(number, predicate, sources);
    }
    case 'BOOLEAN': {
      const found = operand(predicate.value, sources, booleanOf);
      const equal = found !== null && booleanOf(value) === found;
      return predicate.operation === 'EQUAL' ? equal : !equal;
    }
    case 'COMPLEX':
      return predicate.operation === 'AND'
        ? predicate.predicates.every((child) => predicateMatches(value, child, sources))
        : predicate.predicates.some((child) => predicateMatches(value, child, sources));
  }
}
