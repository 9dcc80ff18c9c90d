import { type Kysely, sql } from 'kysely';

/**
 * A dashboard's configuration is kept as `json`, not `jsonb`: jsonb reorders object keys (shorter
 * keys first) and the order is part of what the user built — the list of states, the entity
 * aliases and the widgets of a layout appear in the console in the order the JSON gives. The
 * reference stores the configuration as text and returns it as saved; so does `json`. The server
 * never queries inside a configuration, so nothing needs jsonb's operators.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table dashboard alter column configuration type json using configuration::json`.execute(db);
}
