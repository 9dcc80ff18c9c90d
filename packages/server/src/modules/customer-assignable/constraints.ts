/**
 * Recognises constraint violations of PostgreSQL and PGlite (both report `code` and `constraint`),
 * so a race that slips past a service's own checks still gets the reference's 400 message.
 */
interface PgError {
  code?: unknown;
  constraint?: unknown;
}

/** The name of the unique constraint (SQLSTATE 23505) the error violated, if that is what it is. */
export function violatedUnique(error: unknown): string | undefined {
  const e = error as PgError | null;
  return e?.code === '23505' && typeof e.constraint === 'string' ? e.constraint : undefined;
}

/** True when the error is a foreign-key violation (SQLSTATE 23503). */
export function isForeignKeyViolation(error: unknown): boolean {
  return (error as PgError | null)?.code === '23503';
}
