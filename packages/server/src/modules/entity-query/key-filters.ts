import type { FilterPredicateValue } from '@meridian/common';
import { sql } from 'kysely';
import type { KeyValueSql } from './key-values.js';
import type { ParsedPredicate } from './parse.js';
import { and, boolParam, escapeLike, FALSE, floatParam, or, type Sql, TRUE, textParam } from './sql-parts.js';

/**
 * Key filter predicates (reference §3.4 `KeyFilterPredicate`, spec 2 "Data keys and filters") as
 * SQL conditions over a key's value. As in the reference, an entity without the value never
 * matches a simple predicate, whatever the operation; several filters on one key are ANDed.
 */

/** The effective operand of a predicate (user value, resolved dynamic value, default), or null. */
export type ValueResolver = <T extends string | number | boolean>(
  value: FilterPredicateValue<T | null>,
  predicateType: 'STRING' | 'NUMERIC' | 'BOOLEAN',
) => T | null;

/** IN / NOT_IN operands: a comma-separated list, each entry trimmed. */
export const splitList = (text: string): string[] => text.split(',').map((entry) => entry.trim());

function stringCondition(
  value: KeyValueSql,
  predicate: Extract<ParsedPredicate, { type: 'STRING' }>,
  operand: string,
): Sql {
  const field = predicate.ignoreCase ? sql`lower(${value.text})` : value.text;
  const text = predicate.ignoreCase ? operand.toLowerCase() : operand;
  const like = (pattern: string) => sql`${field} like ${textParam(pattern)}`;
  let condition: Sql;
  switch (predicate.operation) {
    case 'EQUAL':
      condition = sql`${field} = ${textParam(text)}`;
      break;
    case 'NOT_EQUAL':
      condition = sql`${field} <> ${textParam(text)}`;
      break;
    case 'STARTS_WITH':
      condition = like(`${escapeLike(text)}%`);
      break;
    case 'ENDS_WITH':
      condition = like(`%${escapeLike(text)}`);
      break;
    case 'CONTAINS':
      condition = like(`%${escapeLike(text)}%`);
      break;
    case 'NOT_CONTAINS':
      condition = sql`not (${like(`%${escapeLike(text)}%`)})`;
      break;
    case 'IN':
    case 'NOT_IN': {
      // One parameter whatever the list's length: the entries as a JSON array.
      const entries = JSON.stringify([...new Set(splitList(text))]);
      const inList = sql`${field} in (select jsonb_array_elements_text(${textParam(entries)}::jsonb))`;
      condition = predicate.operation === 'IN' ? inList : sql`not (${inList})`;
      break;
    }
  }
  return sql`(${value.text} is not null and ${condition})`;
}

const NUMERIC_OPERATORS = {
  EQUAL: '=',
  NOT_EQUAL: '<>',
  GREATER: '>',
  LESS: '<',
  GREATER_OR_EQUAL: '>=',
  LESS_OR_EQUAL: '<=',
} as const;

/** A predicate over a key's value; COMPLEX ones nest (an empty one places no condition). */
export function predicateSql(value: KeyValueSql, predicate: ParsedPredicate, resolve: ValueResolver): Sql {
  switch (predicate.type) {
    case 'COMPLEX': {
      if (predicate.predicates.length === 0) return TRUE;
      const parts = predicate.predicates.map((p) => predicateSql(value, p, resolve));
      return predicate.operation === 'AND' ? and(parts) : or(parts);
    }
    case 'STRING': {
      const operand = resolve(predicate.value, 'STRING');
      return operand === null ? FALSE : stringCondition(value, predicate, operand);
    }
    case 'NUMERIC': {
      const operand = resolve(predicate.value, 'NUMERIC');
      if (operand === null) return FALSE;
      const operator = sql.raw(NUMERIC_OPERATORS[predicate.operation]);
      return sql`(${value.number} is not null and ${value.number} ${operator} ${floatParam(operand)})`;
    }
    case 'BOOLEAN': {
      const operand = resolve(predicate.value, 'BOOLEAN');
      if (operand === null) return FALSE;
      const operator = sql.raw(predicate.operation === 'EQUAL' ? '=' : '<>');
      return sql`(${value.boolean} is not null and ${value.boolean} ${operator} ${boolParam(operand)})`;
    }
  }
}
