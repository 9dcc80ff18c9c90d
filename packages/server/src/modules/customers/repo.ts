import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { fetchPage, type PageSpec } from '../../db/paging.js';
import type { CustomerTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';
import type { PageQuery } from '../../http/page-query.js';
import { deleteAlarmsOf } from '../alarms/repo.js';

export type CustomerRow = Selectable<CustomerTable>;

/** Sort properties of the reference customer list (ControllerConstants). */
const CUSTOMER_PAGE: PageSpec = {
  sortable: { createdTime: 'createdTime', title: 'title', email: 'email', country: 'country', city: 'city' },
  searchColumns: ['title'],
  idColumn: 'id',
};

export class CustomersRepo {
  constructor(private readonly db: Db) {}

  findById(id: string, db: Db = this.db): Promise<CustomerRow | undefined> {
    return db.selectFrom('customer').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByTitle(tenantId: string, title: string, db: Db = this.db): Promise<CustomerRow | undefined> {
    return db
      .selectFrom('customer')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('title', '=', title)
      .executeTakeFirst();
  }

  /** The tenant's public customer (additionalInfo.isPublic = true), if it was created. */
  findPublic(tenantId: string, db: Db = this.db): Promise<CustomerRow | undefined> {
    return db
      .selectFrom('customer')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where(sql<boolean>`additional_info @> '{"isPublic":true}'::jsonb`)
      .orderBy('createdTime')
      .executeTakeFirst();
  }

  async insert(row: Insertable<CustomerTable>, db: Db = this.db): Promise<void> {
    await db.insertInto('customer').values(row).execute();
  }

  async update(id: string, changes: Updateable<CustomerTable>, db: Db = this.db): Promise<void> {
    await db.updateTable('customer').set(changes).where('id', '=', id).execute();
  }

  /**
   * Deletes the customer: its users go with it (cascade), its devices and assets become unassigned
   * (set null), and it is removed from the assigned customers of the tenant's dashboards.
   */
  async delete(row: CustomerRow, db: Db = this.db): Promise<void> {
    await sql`
      update dashboard set assigned_customers = (
        select coalesce(jsonb_agg(e.item order by e.n), '[]'::jsonb)
        from jsonb_array_elements(assigned_customers) with ordinality as e(item, n)
        where e.item -> 'customerId' ->> 'id' is distinct from ${row.id}
      )
      where tenant_id = ${row.tenantId}
        and assigned_customers @> ${JSON.stringify([{ customerId: { id: row.id } }])}::jsonb
    `.execute(db);
    await deleteAlarmsOf(db, { entityType: 'CUSTOMER', id: row.id });
    await db.deleteFrom('customer').where('id', '=', row.id).execute();
  }

  /** Keeps the customer's title in the assigned customers of the tenant's dashboards up to date. */
  async renameInDashboards(row: CustomerRow, db: Db = this.db): Promise<void> {
    await sql`
      update dashboard set assigned_customers = (
        select coalesce(jsonb_agg(
          case when e.item -> 'customerId' ->> 'id' = ${row.id}
            then jsonb_set(e.item, '{title}', to_jsonb(${row.title}::text))
            else e.item end
          order by e.n), '[]'::jsonb)
        from jsonb_array_elements(assigned_customers) with ordinality as e(item, n)
      )
      where tenant_id = ${row.tenantId}
        and assigned_customers @> ${JSON.stringify([{ customerId: { id: row.id } }])}::jsonb
    `.execute(db);
  }

  /** Ids of the customer's users. */
  async userIds(customerId: string, db: Db = this.db): Promise<string[]> {
    const rows = await db.selectFrom('tbUser').select('id').where('customerId', '=', customerId).execute();
    return rows.map((r) => r.id);
  }

  pageByTenant<T>(tenantId: string, page: PageQuery, toWire: (row: CustomerRow) => T) {
    const query = this.db.selectFrom('customer').selectAll().where('tenantId', '=', tenantId);
    return fetchPage(query, page, CUSTOMER_PAGE, toWire);
  }
}

/** The reference marks a tenant's public customer with additionalInfo.isPublic = true. */
export function isPublicCustomer(row: CustomerRow): boolean {
  const info = row.additionalInfo;
  return typeof info === 'object' && info !== null && (info as Record<string, unknown>).isPublic === true;
}
