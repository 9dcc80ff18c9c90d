import { type Kysely, sql } from 'kysely';

/**
 * Core entity tables, modelled on the reference schema (reference §5.1). Differences on purpose:
 * JSON columns are jsonb; "no tenant"/"no customer" is SQL NULL (the API writes NULL_UUID), so
 * ownership can use real foreign keys with cascading deletes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table admin_settings (
      id uuid primary key,
      created_time bigint not null,
      key varchar(255) not null unique,
      json_value jsonb not null
    );

    create table tenant_profile (
      id uuid primary key,
      created_time bigint not null,
      name varchar(255) not null unique,
      description text,
      profile_data jsonb not null,
      is_default boolean not null default false,
      isolated_tb_core boolean not null default false,
      isolated_tb_rule_engine boolean not null default false
    );

    create table tenant (
      id uuid primary key,
      created_time bigint not null,
      tenant_profile_id uuid not null references tenant_profile(id),
      title varchar(255) not null,
      region varchar(255),
      country varchar(255), state varchar(255), city varchar(255),
      address text, address2 text, zip varchar(255), phone varchar(255), email varchar(255),
      additional_info jsonb
    );

    create table customer (
      id uuid primary key,
      created_time bigint not null,
      tenant_id uuid not null references tenant(id) on delete cascade,
      title varchar(255) not null,
      country varchar(255), state varchar(255), city varchar(255),
      address text, address2 text, zip varchar(255), phone varchar(255), email varchar(255),
      additional_info jsonb,
      unique (tenant_id, title)
    );

    create table tb_user (
      id uuid primary key,
      created_time bigint not null,
      tenant_id uuid references tenant(id) on delete cascade,
      customer_id uuid references customer(id) on delete cascade,
      authority varchar(32) not null,
      email varchar(255) not null unique,
      first_name varchar(255),
      last_name varchar(255),
      additional_info jsonb
    );
    create index idx_user_tenant on tb_user (tenant_id, authority);
    create index idx_user_customer on tb_user (customer_id);

    create table user_credentials (
      id uuid primary key,
      created_time bigint not null,
      user_id uuid not null unique references tb_user(id) on delete cascade,
      enabled boolean not null default false,
      password varchar(255),
      activate_token varchar(255) unique,
      reset_token varchar(255) unique,
      password_changed_ts bigint,
      tokens_outdated_at bigint
    );

    create table device_profile (
      id uuid primary key,
      created_time bigint not null,
      tenant_id uuid not null references tenant(id) on delete cascade,
      name varchar(255) not null,
      type varchar(255) not null,
      image text,
      transport_type varchar(255) not null,
      provision_type varchar(255) not null,
      profile_data jsonb not null,
      description text,
      is_default boolean not null default false,
      default_rule_chain_id uuid,
      default_dashboard_id uuid,
      default_queue_name varchar(255),
      provision_device_key varchar(255) unique,
      firmware_id uuid,
      software_id uuid,
      unique (tenant_id, name)
    );

    create table device (
      id uuid primary key,
      created_time bigint not null,
      tenant_id uuid not null references tenant(id) on delete cascade,
      customer_id uuid references customer(id) on delete set null,
      device_profile_id uuid not null references device_profile(id),
      name varchar(255) not null,
      type varchar(255),
      label varchar(255),
      device_data jsonb,
      additional_info jsonb,
      firmware_id uuid,
      software_id uuid,
      unique (tenant_id, name)
    );
    create index idx_device_customer on device (customer_id);
    create index idx_device_profile on device (device_profile_id);

    create table device_credentials (
      id uuid primary key,
      created_time bigint not null,
      device_id uuid not null unique references device(id) on delete cascade,
      credentials_type varchar(255) not null,
      credentials_id varchar(255) not null unique,
      credentials_value text
    );

    create table asset (
      id uuid primary key,
      created_time bigint not null,
      tenant_id uuid not null references tenant(id) on delete cascade,
      customer_id uuid references customer(id) on delete set null,
      name varchar(255) not null,
      type varchar(255) not null,
      label varchar(255),
      additional_info jsonb,
      unique (tenant_id, name)
    );
    create index idx_asset_customer on asset (customer_id);

    create table dashboard (
      id uuid primary key,
      created_time bigint not null,
      tenant_id uuid not null references tenant(id) on delete cascade,
      title varchar(255) not null,
      image text,
      configuration jsonb,
      assigned_customers jsonb not null default '[]',
      mobile_hide boolean not null default false,
      mobile_order integer
    );
    create index idx_dashboard_tenant on dashboard (tenant_id, title);
  `.execute(db);
}
