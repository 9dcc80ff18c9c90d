import { type Kysely, sql } from 'kysely';

/**
 * Attribute and time-series storage (reference §5.1 `attribute_kv`, §5.2). Every row holds exactly
 * one of the five value columns. Differences on purpose: `json_v` is `json` like the reference (not
 * jsonb), so a JSON value reads back as it was written; `attribute_kv` is keyed by entity id, scope
 * and key (entity ids are unique across types). `ts_kv` is a plain table for now: its primary key
 * already holds `ts`, so turning it into a table partitioned by range of `ts` is one migration that
 * leaves every query as it is.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table ts_kv_dictionary (
      key varchar(255) primary key,
      key_id serial unique
    );

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
    );

    create table ts_kv_latest (
      entity_id uuid not null,
      key integer not null,
      ts bigint not null,
      bool_v boolean,
      str_v varchar(10000000),
      long_v bigint,
      dbl_v double precision,
      json_v json,
      primary key (entity_id, key),
      constraint ts_kv_latest_one_value check (num_nonnulls(bool_v, str_v, long_v, dbl_v, json_v) = 1)
    );

    create table attribute_kv (
      entity_type varchar(255) not null,
      entity_id uuid not null,
      attribute_type varchar(255) not null,
      attribute_key varchar(255) not null,
      bool_v boolean,
      str_v varchar(10000000),
      long_v bigint,
      dbl_v double precision,
      json_v json,
      last_update_ts bigint not null,
      primary key (entity_id, attribute_type, attribute_key),
      constraint attribute_kv_one_value check (num_nonnulls(bool_v, str_v, long_v, dbl_v, json_v) = 1)
    );
  `.execute(db);
}
