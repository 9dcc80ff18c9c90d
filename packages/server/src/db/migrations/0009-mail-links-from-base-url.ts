import { type Kysely, sql } from 'kysely';

/**
 * Stores installed before decision 0019 hold the reference's `prohibitDifferentUrl: false`, which
 * Meridian never honoured (links always followed the request's host), so it records no choice of
 * the administrator's: it becomes `true`, the safe setting new installations get.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update admin_settings
    set json_value = jsonb_set(json_value, '{prohibitDifferentUrl}', 'true'::jsonb)
    where key = 'general' and jsonb_typeof(json_value) = 'object'
  `.execute(db);
}
