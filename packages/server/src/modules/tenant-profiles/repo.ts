import type { Insertable, Selectable, Updateable } from 'kysely';
import { v1 as uuidv1 } from 'uuid';
import { fetchPage, type PageSpec } from '../../db/paging.js';
import type { TenantProfileTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';
import type { PageQuery } from '../../http/page-query.js';
import { tenantProfileInfoToWire, tenantProfileToWire } from './wire.js';

export type TenantProfileRow = Selectable<TenantProfileTable>;

/** Sort properties of the reference tenant profile lists (ControllerConstants). */
const TENANT_PROFILE_PAGE: PageSpec = {
  sortable: { createdTime: 'createdTime', name: 'name', description: 'description', isDefault: 'isDefault' },
  searchColumns: ['name'],
  idColumn: 'id',
};

export class TenantProfilesRepo {
  constructor(private readonly db: Db) {}

  findById(id: string, db: Db = this.db): Promise<TenantProfileRow | undefined> {
    return db.selectFrom('tenantProfile').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findDefault(db: Db = this.db): Promise<TenantProfileRow | undefined> {
    return db.selectFrom('tenantProfile').selectAll().where('isDefault', '=', true).executeTakeFirst();
  }

  /**
   * The default profile; if the store has none (the install always creates one), a "Default"
   * profile with every limit unlimited is created, as the reference's findOrCreateDefaultTenantProfile.
   */
  async findOrCreateDefault(db: Db = this.db): Promise<TenantProfileRow> {
    const existing = await this.findDefault(db);
    if (existing) return existing;
    const row: TenantProfileRow = {
      id: uuidv1(),
      createdTime: Date.now(),
      name: 'Default',
      description: 'Default tenant profile',
      profileData: { configuration: { type: 'DEFAULT' } },
      isDefault: true,
      isolatedTbCore: false,
      isolatedTbRuleEngine: false,
    };
    await this.insert({ ...row, profileData: JSON.stringify(row.profileData) }, db);
    return row;
  }

  findByName(name: string, db: Db = this.db): Promise<TenantProfileRow | undefined> {
    return db.selectFrom('tenantProfile').selectAll().where('name', '=', name).executeTakeFirst();
  }

  async insert(row: Insertable<TenantProfileTable>, db: Db = this.db): Promise<void> {
    await db.insertInto('tenantProfile').values(row).execute();
  }

  async update(id: string, changes: Updateable<TenantProfileTable>, db: Db = this.db): Promise<void> {
    await db.updateTable('tenantProfile').set(changes).where('id', '=', id).execute();
  }

  /** Makes `id` the only default profile. */
  async setDefault(id: string, db: Db = this.db): Promise<void> {
    await db
      .updateTable('tenantProfile')
      .set({ isDefault: false })
      .where('isDefault', '=', true)
      .where('id', '!=', id)
      .execute();
    await db.updateTable('tenantProfile').set({ isDefault: true }).where('id', '=', id).execute();
  }

  async delete(id: string, db: Db = this.db): Promise<void> {
    await db.deleteFrom('tenantProfile').where('id', '=', id).execute();
  }

  /** Whether any tenant uses the profile. */
  async isInUse(id: string, db: Db = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('tenant')
      .select('id')
      .where('tenantProfileId', '=', id)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  page(page: PageQuery) {
    return fetchPage(
      this.db.selectFrom('tenantProfile').selectAll(),
      page,
      TENANT_PROFILE_PAGE,
      tenantProfileToWire,
    );
  }

  pageInfos(page: PageQuery) {
    return fetchPage(
      this.db.selectFrom('tenantProfile').select(['id', 'name']),
      page,
      TENANT_PROFILE_PAGE,
      tenantProfileInfoToWire,
    );
  }
}
