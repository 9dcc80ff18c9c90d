import type { Insertable, Selectable, Updateable } from 'kysely';
import { fetchPage, type PageSpec } from '../../db/paging.js';
import type { TenantTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';
import type { PageQuery } from '../../http/page-query.js';
import { tenantInfoToWire, tenantToWire } from './wire.js';

export type TenantRow = Selectable<TenantTable>;
export type TenantInfoRow = TenantRow & { tenantProfileName: string };

const CONTACT_SORT = ['email', 'country', 'state', 'city', 'address', 'address2', 'zip', 'phone'] as const;

/** Sort properties of the reference tenant lists (ControllerConstants). */
const TENANT_PAGE: PageSpec = {
  sortable: {
    createdTime: 'tenant.createdTime',
    title: 'tenant.title',
    ...Object.fromEntries(CONTACT_SORT.map((p) => [p, `tenant.${p}`])),
  },
  searchColumns: ['tenant.title'],
  idColumn: 'tenant.id',
};

const TENANT_INFO_PAGE: PageSpec = {
  ...TENANT_PAGE,
  sortable: { ...TENANT_PAGE.sortable, tenantProfileName: 'tenantProfile.name' },
};

export class TenantsRepo {
  constructor(private readonly db: Db) {}

  findById(id: string, db: Db = this.db): Promise<TenantRow | undefined> {
    return db.selectFrom('tenant').selectAll().where('id', '=', id).executeTakeFirst();
  }

  private infos(db: Db = this.db) {
    return db
      .selectFrom('tenant')
      .innerJoin('tenantProfile', 'tenantProfile.id', 'tenant.tenantProfileId')
      .selectAll('tenant')
      .select('tenantProfile.name as tenantProfileName');
  }

  findInfoById(id: string): Promise<TenantInfoRow | undefined> {
    return this.infos().where('tenant.id', '=', id).executeTakeFirst();
  }

  async insert(row: Insertable<TenantTable>, db: Db = this.db): Promise<void> {
    await db.insertInto('tenant').values(row).execute();
  }

  async update(id: string, changes: Updateable<TenantTable>, db: Db = this.db): Promise<void> {
    await db.updateTable('tenant').set(changes).where('id', '=', id).execute();
  }

  /** Deletes the tenant; foreign keys cascade to everything it owns. */
  async delete(id: string, db: Db = this.db): Promise<void> {
    // Events have no foreign key (system components record theirs under NULL_UUID): removed here.
    await db.deleteFrom('event').where('tenantId', '=', id).execute();
    await db.deleteFrom('tenant').where('id', '=', id).execute();
  }

  /** Ids of every user of the tenant (administrators and customer users). */
  async userIds(tenantId: string, db: Db = this.db): Promise<string[]> {
    const rows = await db.selectFrom('tbUser').select('id').where('tenantId', '=', tenantId).execute();
    return rows.map((r) => r.id);
  }

  /** Ids of the tenant's customers (the public one included). */
  async customerIds(tenantId: string, db: Db = this.db): Promise<string[]> {
    const rows = await db.selectFrom('customer').select('id').where('tenantId', '=', tenantId).execute();
    return rows.map((r) => r.id);
  }

  page(page: PageQuery) {
    return fetchPage(this.db.selectFrom('tenant').selectAll('tenant'), page, TENANT_PAGE, tenantToWire);
  }

  pageInfos(page: PageQuery) {
    return fetchPage(this.infos(), page, TENANT_INFO_PAGE, tenantInfoToWire);
  }
}
