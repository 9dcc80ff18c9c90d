/**
 * Client-facing descriptions of the store's errors by SQLSTATE. The database's own message is
 * never passed on: it names tables, columns and internals; these say what the client can change.
 */

/** The SQLSTATE of a PostgreSQL or PGlite error, if the error is one. */
export function sqlStateOf(error: unknown): string | undefined {
  if (!(error instanceof Error) || !('severity' in error)) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** True when the error is a unique violation (SQLSTATE 23505), whichever the constraint. */
export const isUniqueViolation = (error: unknown): boolean => sqlStateOf(error) === '23505';

/**
 * The name of the unique constraint the error violated, if that is what it is: a race that slips
 * past a service's own checks still gets the reference's 400 message for that constraint.
 */
export function violatedUnique(error: unknown): string | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const constraint = (error as { constraint?: unknown }).constraint;
  return typeof constraint === 'string' ? constraint : undefined;
}

/** True when the error is a foreign-key violation (SQLSTATE 23503). */
export const isForeignKeyViolation = (error: unknown): boolean => sqlStateOf(error) === '23503';

const DATA_EXCEPTIONS: Record<string, string> = {
  '22021': 'text holds a character that cannot be stored (such as NUL)',
  '22P05': 'text holds a character that cannot be stored (such as NUL)',
  '22P02': 'a value is not in the expected format',
  '22003': 'a number is out of range',
  '22001': 'a text value is too long',
  '22007': 'a date or time value is invalid',
  '22008': 'a date or time value is out of range',
  '2201E': 'a number is out of range',
  '22012': 'a value would divide by zero',
};

const INTEGRITY_VIOLATIONS: Record<string, string> = {
  '23503': 'an entity it refers to does not exist (any more)',
  '23505': 'an entity with the same unique values already exists',
  '23502': 'a required value is missing',
  '23514': 'a value is outside what is allowed',
};

/**
 * "Invalid request: …" for a store error caused by the request's values (SQLSTATE classes 22, data
 * exception, and 23, integrity constraint violation); undefined for anything else, which is the
 * server's fault.
 */
export function clientMessageOfStoreError(error: unknown): string | undefined {
  const state = sqlStateOf(error);
  if (!state) return undefined;
  const known = DATA_EXCEPTIONS[state] ?? INTEGRITY_VIOLATIONS[state];
  if (known) return `Invalid request: ${known}`;
  if (state.startsWith('22')) return 'Invalid request: a value cannot be stored';
  if (state.startsWith('23')) return 'Invalid request: the change conflicts with stored data';
  return undefined;
}
