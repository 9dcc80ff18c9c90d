import { type Kysely, sql } from 'kysely';

/**
 * A name search sorted by name walks the name index in order until it has a page; for a frequent
 * term whose first match lies far down the order (bench/device-paging.mjs: 200,000 "Gateway …"
 * names before the first "sensor") that walk alone took ~20 ms, at ~0.1 µs a name whatever the
 * filter, and no index can jump over names that do not contain a substring.
 *
 * `device_name_trigram` keeps, for each tenant and each three-character substring of the lowered
 * names (its own trigrams, not pg_trgm's, so the embedded store has it too), the lowest and highest
 * name that contains it. A name containing the searched text contains each of the text's
 * trigrams, so it is at least the highest of their lowest names (and at most the lowest of their
 * highest): the walk starts there, and a text with a trigram no name has matches nothing.
 * docs/decisions/0041-device-name-search-bounds.md.
 *
 * Bounds only ever widen: a deleted or renamed device may leave a bound lower (higher) than the
 * names now hold, which still bounds every match, only less tightly. Rows that already cover a
 * name are not touched, so a device write locks a bound row only when it widens it; rows are
 * written in key order so concurrent writers lock them in the same order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table device_name_trigram (
      tenant_id uuid not null references tenant(id) on delete cascade,
      trigram text not null,
      min_name text not null,
      max_name text not null,
      primary key (tenant_id, trigram)
    );

    -- plpgsql, so a session plans the statement once; the covering test is a lookup per trigram
    -- (a subquery, not an anti-join the planner would hash over the whole table).
    create function device_name_trigram_cover(tenant_ids uuid[], names text[]) returns void
    language plpgsql as $cover$
    begin
      insert into device_name_trigram as b (tenant_id, trigram, min_name, max_name)
        select t.tenant_id, t.trigram, t.min_name, t.max_name
        from (
          select d.tenant_id, substr(lower(d.name), i, 3) as trigram, min(d.name) as min_name,
                 max(d.name) as max_name
          from unnest(tenant_ids, names) as d (tenant_id, name)
            cross join lateral generate_series(1, length(lower(d.name)) - 2) as i
          group by 1, 2
        ) as t
        where not coalesce((
          select c.min_name <= t.min_name and c.max_name >= t.max_name
          from device_name_trigram c
          where c.tenant_id = t.tenant_id and c.trigram = t.trigram
        ), false)
        order by t.tenant_id, t.trigram
      on conflict (tenant_id, trigram) do update
        set min_name = least(b.min_name, excluded.min_name),
            max_name = greatest(b.max_name, excluded.max_name);
    end $cover$;

    create function device_name_trigram_inserted() returns trigger language plpgsql as $$
    begin
      perform device_name_trigram_cover(array_agg(tenant_id), array_agg(name::text))
        from inserted_devices;
      return null;
    end $$;

    create function device_name_trigram_updated() returns trigger language plpgsql as $$
    begin
      perform device_name_trigram_cover(array_agg(n.tenant_id), array_agg(n.name::text))
        from updated_devices n join previous_devices o on o.id = n.id
        where n.name is distinct from o.name or n.tenant_id is distinct from o.tenant_id;
      return null;
    end $$;

    create trigger device_name_trigram_insert after insert on device
      referencing new table as inserted_devices
      for each statement execute function device_name_trigram_inserted();
    create trigger device_name_trigram_update after update on device
      referencing old table as previous_devices new table as updated_devices
      for each statement execute function device_name_trigram_updated();

    select device_name_trigram_cover(array_agg(tenant_id), array_agg(name::text)) from device;
  `.execute(db);
}
