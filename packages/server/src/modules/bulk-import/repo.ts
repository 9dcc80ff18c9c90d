import { type Insertable, sql } from 'kysely';
import type { AssetTable, DeviceCredentialsTable, DeviceTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';
import type { AssetRow } from '../assets/repo.js';
import type { DeviceProfileRow } from '../device-profiles/repo.js';
import type { CredentialsRow, DeviceRow } from '../devices/repo.js';

/**
 * The set-wise reads and multi-row writes of bulk import: one statement for many rows where the
 * entity repos work one row at a time. Every method takes the connection or transaction to use.
 */

/** Rows per multi-row INSERT: at most 12 columns each stays far below PostgreSQL's 65535 parameters. */
const ROWS_PER_INSERT = 1000;

function* slices<T>(items: readonly T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += ROWS_PER_INSERT) yield items.slice(i, i + ROWS_PER_INSERT);
}

export type EntityTable = 'device' | 'asset';

export class BulkImportRepo {
  async devicesByName(db: Db, tenantId: string, names: readonly string[]): Promise<DeviceRow[]> {
    if (names.length === 0) return [];
    return db
      .selectFrom('device')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('name', 'in', names)
      .execute();
  }

  async assetsByName(db: Db, tenantId: string, names: readonly string[]): Promise<AssetRow[]> {
    if (names.length === 0) return [];
    return db
      .selectFrom('asset')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('name', 'in', names)
      .execute();
  }

  async credentialsOfDevices(db: Db, deviceIds: readonly string[]): Promise<CredentialsRow[]> {
    if (deviceIds.length === 0) return [];
    return db.selectFrom('deviceCredentials').selectAll().where('deviceId', 'in', deviceIds).execute();
  }

  /** Which of the credentials ids are taken, and by which device (ids are unique across tenants). */
  async credentialsOwners(
    db: Db,
    credentialsIds: readonly string[],
  ): Promise<{ credentialsId: string; deviceId: string }[]> {
    if (credentialsIds.length === 0) return [];
    return db
      .selectFrom('deviceCredentials')
      .select(['credentialsId', 'deviceId'])
      .where('credentialsId', 'in', credentialsIds)
      .execute();
  }

  async profilesByName(db: Db, tenantId: string, names: readonly string[]): Promise<DeviceProfileRow[]> {
    if (names.length === 0) return [];
    return db
      .selectFrom('deviceProfile')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('name', 'in', names)
      .execute();
  }

  /** How many devices or assets the tenant holds, for the tenant profile's limit. */
  async count(db: Db, table: EntityTable, tenantId: string): Promise<number> {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  async insertDevices(db: Db, rows: readonly Insertable<DeviceTable>[]): Promise<void> {
    for (const slice of slices(rows)) await db.insertInto('device').values(slice).execute();
  }

  async insertCredentials(db: Db, rows: readonly Insertable<DeviceCredentialsTable>[]): Promise<void> {
    for (const slice of slices(rows)) await db.insertInto('deviceCredentials').values(slice).execute();
  }

  async insertAssets(db: Db, rows: readonly Insertable<AssetTable>[]): Promise<void> {
    for (const slice of slices(rows)) await db.insertInto('asset').values(slice).execute();
  }

  /**
   * Updates many rows of a table with one statement: each row gets its own values of the same
   * columns (`update … from (values …)`). An id may appear once per call. `casts` names the
   * PostgreSQL type of columns that text parameters do not convert to by themselves.
   */
  async updateRows(
    db: Db,
    table: 'device' | 'asset' | 'deviceCredentials',
    columns: readonly string[],
    rows: readonly { id: string; values: readonly unknown[] }[],
    casts: Readonly<Record<string, 'jsonb' | 'uuid'>> = {},
  ): Promise<void> {
    if (columns.length === 0) return;
    const value = (column: string) => {
      const cast = casts[column];
      return cast ? sql`${sql.ref(`v.${column}`)}::${sql.raw(cast)}` : sql.ref(`v.${column}`);
    };
    const sets = sql.join(columns.map((column) => sql`${sql.ref(column)} = ${value(column)}`));
    const names = sql.join(columns.map((column) => sql.ref(column)));
    for (const slice of slices(rows)) {
      const values = sql.join(slice.map((row) => sql`(${sql.join([row.id, ...row.values])})`));
      await sql`
        update ${sql.table(table)} set ${sets}
        from (values ${values}) as v(id, ${names})
        where ${sql.ref(`${table}.id`)} = v.id::uuid
      `.execute(db);
    }
  }
}
