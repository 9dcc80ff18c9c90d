import type { Selectable } from 'kysely';
import type { TenantTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';

export type TenantRow = Selectable<TenantTable>;

export class TenantsRepo {
  constructor(private readonly db: Db) {}

  findById(id: string): Promise<TenantRow | undefined> {
    return this.db.selectFrom('tenant').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
