import { type Kysely, sql } from 'kysely';

/**
 * Persistent server-side RPCs (reference §5.1 `rpc`, §1.5 Rpc). Differences on purpose: JSON
 * columns are jsonb and the device is a real foreign key, so a deleted device takes its RPCs along.
 * The index serves the per-device list (newest first or by status) and the start-up scan of RPCs
 * still waiting for their device.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rpc (
      id uuid primary key,
      created_time bigint not null,
      tenant_id uuid not null references tenant(id) on delete cascade,
      device_id uuid not null references device(id) on delete cascade,
      expiration_time bigint not null,
      request jsonb not null,
      response jsonb,
      status varchar(255) not null,
      additional_info jsonb
    );
    create index idx_rpc_tenant_device on rpc (tenant_id, device_id, created_time);
    create index idx_rpc_open on rpc (status) where status in ('QUEUED', 'SENT', 'DELIVERED');
  `.execute(db);
}
