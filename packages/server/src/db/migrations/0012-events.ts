import { type Kysely, sql } from 'kysely';

/**
 * Entity events: errors, lifecycle, statistics and rule engine debug (reference §5.1 `event`).
 * Same columns and unique key as the reference; `body` is jsonb (the reference's text) so the
 * event filters can look into it. No foreign key to the tenant: system components record events
 * under NULL_UUID, and the TTL clean-up removes events of deleted entities.
 *
 * "Events of an entity by type, newest first, in a time range" is an index range scan on
 * idx_event_entity_type_created; the TTL clean-up deletes by idx_event_created_time. Entity ids
 * are unique across types, so `entity_type` is not an index key.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table event (
      id uuid primary key,
      created_time bigint not null,
      tenant_id uuid not null,
      entity_type varchar(255) not null,
      entity_id uuid not null,
      event_type varchar(255) not null,
      event_uid varchar(255) not null,
      body jsonb not null,
      ts bigint not null,
      constraint event_unq_key unique (tenant_id, entity_type, entity_id, event_type, event_uid)
    );
    create index idx_event_entity_type_created on event (tenant_id, entity_id, event_type, created_time desc);
    create index idx_event_created_time on event (created_time);
  `.execute(db);
}
