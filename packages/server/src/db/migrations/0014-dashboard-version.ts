import { type Kysely, sql } from 'kysely';

/**
 * The dashboard's save counter for optimistic locking: every save increments it, and a save that
 * sends an older one is refused. Dashboards stored before count as saved once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dashboard add column version bigint not null default 1`.execute(db);
}
