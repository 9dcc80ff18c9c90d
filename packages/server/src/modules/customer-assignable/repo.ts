import { sql } from 'kysely';
import type { Db } from '../../db/store.js';
import { deleteAlarmsOf } from '../alarms/repo.js';

type AssignableTable = 'device' | 'asset' | 'entity_view';

/**
 * The infos columns of a list joined with `customer` (left join, so unassigned rows have nulls):
 * the customer's title and whether it is the tenant's public customer.
 */
export const customerInfoColumns = [
  sql<string | null>`customer.title`.as('customerTitle'),
  sql<boolean>`coalesce(customer.additional_info -> 'isPublic' = 'true'::jsonb, false)`.as(
    'customerIsPublic',
  ),
] as const;

export interface CustomerInfoRow {
  customerTitle: string | null;
  customerIsPublic: boolean | null;
}

/** The `customerTitle` / `customerIsPublic` fields of the reference's *Info JSON. */
export const customerInfoToWire = (row: CustomerInfoRow) => ({
  customerTitle: row.customerTitle,
  customerIsPublic: row.customerIsPublic === true,
});

/** SQL shared by every customer-assignable entity table. */
export class AssignableRepo {
  constructor(private readonly db: Db) {}

  async setCustomer(table: AssignableTable, id: string, customerId: string | null, db: Db = this.db) {
    await sql`update ${sql.table(table)} set customer_id = ${customerId} where id = ${id}`.execute(db);
  }

  /** The distinct types of a tenant's entities, sorted (reference findTenant*TypesAsync). */
  async types(table: AssignableTable, tenantId: string): Promise<string[]> {
    const result = await sql<{ type: string }>`
      select distinct type from ${sql.table(table)}
      where tenant_id = ${tenantId} and type is not null
      order by type
    `.execute(this.db);
    return result.rows.map((row) => row.type);
  }

  /** Entity views showing the entity (only devices and assets have them). */
  async countEntityViewsOf(entityId: string): Promise<number> {
    const result = await sql<{ count: string }>`
      select count(*) as count from entity_view where entity_id = ${entityId}
    `.execute(this.db);
    return Number(result.rows[0]?.count ?? 0);
  }

  /** Deletes the entity and every relation from or to it, of any group (reference deleteEntityRelations). */
  async deleteWithRelations(table: AssignableTable, entityType: string, id: string, db: Db): Promise<void> {
    await sql`
      delete from relation
      where (from_id = ${id} and from_type = ${entityType}) or (to_id = ${id} and to_type = ${entityType})
    `.execute(db);
    await deleteAlarmsOf(db, { entityType, id });
    await sql`delete from ${sql.table(table)} where id = ${id}`.execute(db);
  }
}
