import { type Kysely, sql } from 'kysely';

/**
 * The widget library (reference `widgets_bundle` and `widget_type`). System bundles and types have
 * no tenant (SQL NULL, decision 0002); tenants' own ones go with their tenant. Aliases are unique
 * per owner, and type aliases per owner and bundle: the unique indexes compare a missing tenant as
 * the null id, so two system bundles cannot share an alias either (a plain unique constraint
 * treats NULLs as distinct). The descriptor is jsonb: the server reads only its `type`, and its
 * text parts (settings schemas, default config) are JSON strings kept verbatim inside it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table widgets_bundle (
      id uuid primary key,
      created_time bigint not null,
      tenant_id uuid references tenant(id) on delete cascade,
      alias varchar(255) not null,
      title varchar(255) not null,
      image text,
      description text
    );
    create unique index idx_widgets_bundle_alias
      on widgets_bundle ((coalesce(tenant_id, '13814000-1dd2-11b2-8080-808080808080'::uuid)), alias);

    create table widget_type (
      id uuid primary key,
      created_time bigint not null,
      tenant_id uuid references tenant(id) on delete cascade,
      bundle_alias varchar(255) not null,
      alias varchar(255) not null,
      name varchar(255) not null,
      image text,
      description text,
      descriptor jsonb not null
    );
    create unique index idx_widget_type_alias
      on widget_type ((coalesce(tenant_id, '13814000-1dd2-11b2-8080-808080808080'::uuid)), bundle_alias, alias);
  `.execute(db);
}
