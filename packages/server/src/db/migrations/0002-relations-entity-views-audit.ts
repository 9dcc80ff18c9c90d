import { type Kysely, sql } from 'kysely';

/**
 * Relations, entity views and the audit log (reference §5.1 `relation`, `entity_view`, `audit_log`).
 * Differences on purpose: JSON columns are jsonb; "no customer"/"no tenant" is SQL NULL; owners are
 * real foreign keys. Relation ends and audited entities are polymorphic ids, so they have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table relation (
      from_id uuid not null,
      from_type varchar(255) not null,
      to_id uuid not null,
      to_type varchar(255) not null,
      relation_type_group varchar(255) not null,
      relation_type varchar(255) not null,
      additional_info jsonb,
      primary key (from_id, from_type, relation_type_group, relation_type, to_id, to_type)
    );
    create index idx_relation_to_id on relation (relation_type_group, to_type, to_id);
    create index idx_relation_from_id on relation (relation_type_group, from_type, from_id);
    create index idx_relation_to_any_group on relation (to_id, to_type);

    create table entity_view (
      id uuid primary key,
      created_time bigint not null,
      tenant_id uuid not null references tenant(id) on delete cascade,
      customer_id uuid references customer(id) on delete set null,
      entity_id uuid not null,
      entity_type varchar(255) not null,
      name varchar(255) not null,
      type varchar(255) not null,
      keys jsonb,
      start_ts bigint not null default 0,
      end_ts bigint not null default 0,
      additional_info jsonb,
      unique (tenant_id, name)
    );
    create index idx_entity_view_tenant_type on entity_view (tenant_id, type);
    create index idx_entity_view_customer on entity_view (customer_id);
    create index idx_entity_view_entity on entity_view (entity_id);

    create table audit_log (
      id uuid primary key,
      created_time bigint not null,
      tenant_id uuid references tenant(id) on delete cascade,
      customer_id uuid,
      entity_id uuid,
      entity_type varchar(255),
      entity_name varchar(255),
      user_id uuid,
      user_name varchar(255),
      action_type varchar(255) not null,
      action_data jsonb,
      action_status varchar(255) not null,
      action_failure_details text
    );
    create index idx_audit_log_tenant on audit_log (tenant_id, created_time);
    create index idx_audit_log_customer on audit_log (tenant_id, customer_id, created_time);
    create index idx_audit_log_user on audit_log (tenant_id, user_id, created_time);
    create index idx_audit_log_entity on audit_log (tenant_id, entity_type, entity_id, created_time);
  `.execute(db);
}
