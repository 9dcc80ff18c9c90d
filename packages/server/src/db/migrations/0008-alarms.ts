import { type Kysely, sql } from 'kysely';

/**
 * Alarms and their links to the entities that show them (reference §5.1 `alarm`, `entity_alarm`).
 * Differences on purpose: `originator_type` is the entity type's name (not its ordinal), `details`
 * (the reference's `additional_info`) and `propagate_relation_types` are jsonb, the owners are real
 * foreign keys (a deleted tenant takes its alarms along, a deleted customer leaves them with the
 * tenant), and at most one alarm of a type is active per originator: the reference updates the
 * active alarm instead of creating a second one, and the partial unique index keeps two concurrent
 * writers from both creating one.
 *
 * `entity_alarm` holds one row for the originator and one per propagation target; its
 * `created_time` copies the alarm's, so "alarms of entity X in a time range, newest first" is an
 * index range scan.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table alarm (
      id uuid primary key,
      created_time bigint not null,
      tenant_id uuid not null references tenant(id) on delete cascade,
      customer_id uuid references customer(id) on delete set null,
      originator_id uuid not null,
      originator_type varchar(32) not null,
      type varchar(255) not null,
      severity varchar(32) not null,
      status varchar(32) not null,
      start_ts bigint not null,
      end_ts bigint not null,
      ack_ts bigint not null default 0,
      clear_ts bigint not null default 0,
      details jsonb,
      propagate boolean not null default false,
      propagate_to_owner boolean not null default false,
      propagate_to_tenant boolean not null default false,
      propagate_relation_types jsonb
    );
    create index idx_alarm_originator_type on alarm (originator_id, type, start_ts desc);
    create unique index idx_alarm_one_active on alarm (originator_id, type)
      where status in ('ACTIVE_UNACK', 'ACTIVE_ACK');
    create index idx_alarm_tenant_created on alarm (tenant_id, created_time desc);
    create index idx_alarm_customer_created on alarm (customer_id, created_time desc);

    create table entity_alarm (
      tenant_id uuid not null references tenant(id) on delete cascade,
      entity_type varchar(32) not null,
      entity_id uuid not null,
      created_time bigint not null,
      alarm_type varchar(255) not null,
      customer_id uuid references customer(id) on delete set null,
      alarm_id uuid not null references alarm(id) on delete cascade,
      primary key (entity_id, alarm_id)
    );
    create index idx_entity_alarm_entity_created on entity_alarm (entity_id, created_time desc);
    create index idx_entity_alarm_alarm on entity_alarm (alarm_id);
  `.execute(db);
}
