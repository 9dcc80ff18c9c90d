import { type Kysely, sql } from 'kysely';

/**
 * The reference's `api_usage_state`: one row a tenant with the state of each feature its monthly
 * API usage limits can turn off. The row's id is the API usage state entity that holds the usage
 * counters as time series. Existing tenants get theirs here; new ones when they are created.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table api_usage_state (
      id uuid primary key,
      created_time bigint not null,
      tenant_id uuid not null references tenant(id) on delete cascade,
      entity_type varchar(32) not null,
      entity_id uuid not null,
      transport varchar(32) not null default 'ENABLED',
      db_storage varchar(32) not null default 'ENABLED',
      re_exec varchar(32) not null default 'ENABLED',
      js_exec varchar(32) not null default 'ENABLED',
      email_exec varchar(32) not null default 'ENABLED',
      sms_exec varchar(32) not null default 'ENABLED',
      alarm_exec varchar(32) not null default 'ENABLED',
      unique (tenant_id, entity_id)
    );
  `.execute(db);
  await sql`
    insert into api_usage_state (id, created_time, tenant_id, entity_type, entity_id)
    select gen_random_uuid(), (extract(epoch from now()) * 1000)::bigint, id, 'TENANT', id from tenant
  `.execute(db);
}
