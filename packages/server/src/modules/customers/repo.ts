import type { Selectable } from 'kysely';
import type { CustomerTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';

export type CustomerRow = Selectable<CustomerTable>;

export class CustomersRepo {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<CustomerRow | undefined> {
    return this.db.selectFrom('customer').selectAll().where('id', '=', id).executeTakeFirst();
  }
}

/** The reference marks a tenant's public customer with additionalInfo.isPublic = true. */
export function isPublicCustomer(row: CustomerRow): boolean {
  const info = row.additionalInfo;
  return typeof info === 'object' && info !== null && (info as Record<string, unknown>).isPublic === true;
}
