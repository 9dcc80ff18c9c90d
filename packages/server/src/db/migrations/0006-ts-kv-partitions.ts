import { type Kysely, sql } from 'kysely';

/**
 * `ts_kv` becomes a table partitioned by range of `ts` (reference §5.2,
 * `sql.postgres.ts_key_value_partitioning` MONTHS): one partition per calendar month (UTC), named
 * `ts_kv_<yyyy>_<MM>`, created ahead of time by src/telemetry/partitions.ts, and the default
 * partition `ts_kv_indefinite` for points outside them (old history, far-future timestamps).
 * Retention can then drop a whole month at once. The primary key still holds `ts`, so every query
 * stays as it was; existing rows move to the default partition.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ts_kv rename to ts_kv_unpartitioned;
    alter table ts_kv_unpartitioned rename constraint ts_kv_pkey to ts_kv_unpartitioned_pkey;
    alter table ts_kv_unpartitioned rename constraint ts_kv_one_value to ts_kv_unpartitioned_one_value;

    create table ts_kv (
      entity_id uuid not null,
      key integer not null,
      ts bigint not null,
      bool_v boolean,
      str_v varchar(10000000),
      long_v bigint,
      dbl_v double precision,
      json_v json,
      primary key (entity_id, key, ts),
      constraint ts_kv_one_value check (num_nonnulls(bool_v, str_v, long_v, dbl_v, json_v) = 1)
    ) partition by range (ts);

    create table ts_kv_indefinite partition of ts_kv default;

    insert into ts_kv select * from ts_kv_unpartitioned;
    drop table ts_kv_unpartitioned;
  `.execute(db);
}
