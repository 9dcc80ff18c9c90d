import { type RawBuilder, sql } from 'kysely';

/**
 * Small helpers for the entity query's hand-built SQL. Every value goes in as a parameter with an
 * explicit cast, so PostgreSQL and PGlite infer the same types; identifiers are fixed strings of
 * this module, never caller text.
 */

export type Sql = RawBuilder<unknown>;

export const TRUE: Sql = sql`true`;
export const FALSE: Sql = sql`false`;
export const NULL: Sql = sql`null`;

export const textParam = (value: string): Sql => sql`${value}::text`;
export const uuidParam = (value: string): Sql => sql`${value}::uuid`;
export const floatParam = (value: number): Sql => sql`${value}::float8`;
export const boolParam = (value: boolean): Sql => sql`${value}::boolean`;
export const intParam = (value: number | bigint): Sql => sql`${value.toString()}::bigint`;

/** `(a and b and …)`; true when empty. */
export function and(parts: readonly Sql[]): Sql {
  if (parts.length === 0) return TRUE;
  if (parts.length === 1) return parts[0] as Sql;
  return sql`(${sql.join(parts, sql` and `)})`;
}

/** `(a or b or …)`; false when empty. */
export function or(parts: readonly Sql[]): Sql {
  if (parts.length === 0) return FALSE;
  if (parts.length === 1) return parts[0] as Sql;
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** `alias.column`, for this module's own aliases and column names. */
export const col = (alias: string, column: string): Sql => sql.raw(`${alias}.${column}`);

/** A text literal for fixed words such as entity type names (never caller text). */
export const word = (text: string): Sql => {
  if (!/^[A-Za-z_]+$/.test(text)) throw new Error(`not a plain word: ${text}`);
  return sql.raw(`'${text}'`);
};

/** Escapes LIKE wildcards (and the escape character) so the caller's text matches literally. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Text that PostgreSQL can read as a double: an optional sign, digits, an optional fraction. The
 * digit counts are bounded so no stored text can overflow the cast.
 */
export const NUMERIC_TEXT_PATTERN = '^\\s*-?([0-9]{1,250}(\\.[0-9]{0,250})?|\\.[0-9]{1,250})\\s*$';

/** The number a text holds, or NULL when it holds none. */
export const numberFromText = (text: Sql): Sql =>
  sql`(case when ${text} ~ ${textParam(NUMERIC_TEXT_PATTERN)} then (${text})::float8 end)`;

/** The boolean a text holds ('true'/'false', any case), or NULL. */
export const booleanFromText = (text: Sql): Sql =>
  sql`(case lower(${text}) when 'true' then true when 'false' then false end)`;
