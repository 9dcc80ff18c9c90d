/**
 * A PostgreSQL array literal (`{1,NULL,"a\"b"}`) of column values, passed as one text parameter
 * and cast to the column's array type (`cast($1 as bigint[])`). The drivers can serialise a
 * JavaScript array themselves, but generically, element by element; on the ingest path that was
 * the largest single source of garbage (issue 14).
 *
 * `quoted` elements (text, JSON) are quoted and escaped; the others (numbers, bigints, booleans,
 * UUIDs) are written as they print, which their types read back. null and undefined are NULL.
 */
export function arrayLiteral(values: readonly unknown[], quoted = false): string {
  if (!quoted) return `{${values.map(bare).join(',')}}`;
  return `{${values.map(quotedElement).join(',')}}`;
}

/** The element a NULL is written as. */
export const NULL_ELEMENT = 'NULL';

const bare = (value: unknown) => (value === null || value === undefined ? NULL_ELEMENT : value);

const NEEDS_ESCAPE = /["\\]/;

/** One element of a quoted (text, JSON) array: quoted and escaped, or NULL. */
export function quotedElement(value: unknown): string {
  if (value === null || value === undefined) return NULL_ELEMENT;
  const text = String(value);
  return NEEDS_ESCAPE.test(text) ? `"${text.replace(/["\\]/g, '\\$&')}"` : `"${text}"`;
}
