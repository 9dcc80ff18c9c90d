import { type Kysely, sql } from 'kysely';

/**
 * What the device lists need on a tenant with a million devices (bench/device-paging.mjs,
 * docs/decisions/0006-device-list-counts.md):
 * - `idx_device_tenant_created`: the createdTime sort (both directions) walks this index, and a page
 *   far down the list is found in the index alone (`id` is the tie-breaker). The name sort already
 *   has the unique index on (tenant_id, name).
 * - `device_count`: each tenant's number of devices, kept by triggers in the same transaction as the
 *   change, so the unfiltered lists report an exact totalElements without counting a million rows.
 * - a trigram index on lower(name) for the case-insensitive "contains" search over names (the
 *   device lists search `lower(name) like lower(pattern)`), where pg_trgm can be
 *   installed (PostgreSQL with its contrib modules). PGlite only has extensions the application
 *   loads when it opens the store, and the embedded store holds small tenants, so there the
 *   migration leaves it out (pg_trgm is then not in pg_available_extensions); a PostgreSQL user
 *   without the right to create the extension also gets no index. Queries are the same either way.
 * - statistics on lower(name) for the row estimate that stands for a search's total above 2,000
 *   matches.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index idx_device_tenant_created on device (tenant_id, created_time, id);

    create table device_count (
      tenant_id uuid primary key references tenant(id) on delete cascade,
      count bigint not null
    );
    insert into device_count (tenant_id, count)
      select tenant_id, count(*) from device group by tenant_id;

    create function device_count_inserted() returns trigger language plpgsql as $$
    begin
      insert into device_count (tenant_id, count)
        select tenant_id, count(*) from inserted_devices group by tenant_id
        on conflict (tenant_id) do update set count = device_count.count + excluded.count;
      return null;
    end $$;

    create function device_count_deleted() returns trigger language plpgsql as $$
    begin
      update device_count set count = device_count.count - gone.count
        from (select tenant_id, count(*) as count from deleted_devices group by tenant_id) as gone
        where device_count.tenant_id = gone.tenant_id;
      return null;
    end $$;

    create function device_count_moved() returns trigger language plpgsql as $$
    begin
      update device_count set count = count - 1 where tenant_id = old.tenant_id;
      insert into device_count (tenant_id, count) values (new.tenant_id, 1)
        on conflict (tenant_id) do update set count = device_count.count + 1;
      return null;
    end $$;

    create trigger device_count_insert after insert on device
      referencing new table as inserted_devices
      for each statement execute function device_count_inserted();
    create trigger device_count_delete after delete on device
      referencing old table as deleted_devices
      for each statement execute function device_count_deleted();
    create trigger device_count_tenant_change after update of tenant_id on device
      for each row when (old.tenant_id is distinct from new.tenant_id)
      execute function device_count_moved();
  `.execute(db);

  // Statistics on lower(name), so the row estimates of a search are as good without the trigram
  // index (whose expression also gets statistics). Expression statistics need PostgreSQL 14.
  await sql`
    do $$
    begin
      if current_setting('server_version_num')::int >= 140000 then
        create statistics device_lower_name on (lower(name)) from device;
      end if;
    end $$;
  `.execute(db);

  await sql`
    do $$
    begin
      if exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
        create extension if not exists pg_trgm;
        create index idx_device_name_trgm on device using gin (lower(name) gin_trgm_ops);
      end if;
    exception when insufficient_privilege then
      raise notice 'pg_trgm not installed (%): device name search runs without a trigram index', sqlerrm;
    end $$;
  `.execute(db);
}
