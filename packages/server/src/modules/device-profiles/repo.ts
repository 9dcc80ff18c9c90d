import type { DeviceProfile, DeviceProfileInfo } from '@meridian/common';
import { NULL_UUID } from '@meridian/common';
import { type Insertable, type Selectable, sql, type Updateable } from 'kysely';
import { fetchPage, type PageSpec } from '../../db/paging.js';
import type { DeviceProfileTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';
import type { PageQuery } from '../../http/page-query.js';

export type DeviceProfileRow = Selectable<DeviceProfileTable>;

/** Sort properties of the reference device profile lists (ControllerConstants). */
const PROFILE_PAGE: PageSpec = {
  sortable: {
    createdTime: 'createdTime',
    name: 'name',
    type: 'type',
    transportType: 'transportType',
    description: 'description',
    isDefault: 'isDefault',
  },
  searchColumns: ['name'],
  idColumn: 'id',
};

const ref = <T extends string>(entityType: T, id: string | null) => (id === null ? null : { entityType, id });

/** The reference's DeviceProfile JSON (`isDefault` travels as `default`). */
export function deviceProfileToWire(row: DeviceProfileRow): DeviceProfile {
  return {
    id: { entityType: 'DEVICE_PROFILE', id: row.id },
    createdTime: row.createdTime,
    tenantId: { entityType: 'TENANT', id: row.tenantId ?? NULL_UUID },
    name: row.name,
    description: row.description,
    image: row.image,
    type: row.type as DeviceProfile['type'],
    transportType: row.transportType as DeviceProfile['transportType'],
    provisionType: row.provisionType as DeviceProfile['provisionType'],
    defaultRuleChainId: ref('RULE_CHAIN', row.defaultRuleChainId),
    defaultDashboardId: ref('DASHBOARD', row.defaultDashboardId),
    defaultQueueName: row.defaultQueueName,
    profileData: row.profileData as DeviceProfile['profileData'],
    provisionDeviceKey: row.provisionDeviceKey,
    firmwareId: ref('OTA_PACKAGE', row.firmwareId),
    softwareId: ref('OTA_PACKAGE', row.softwareId),
    default: row.isDefault,
  };
}

/** The reference's DeviceProfileInfo JSON, used by pickers. */
export function deviceProfileInfoToWire(row: DeviceProfileRow): DeviceProfileInfo {
  return {
    id: { entityType: 'DEVICE_PROFILE', id: row.id },
    name: row.name,
    image: row.image,
    defaultDashboardId: ref('DASHBOARD', row.defaultDashboardId),
    type: row.type as DeviceProfileInfo['type'],
    transportType: row.transportType as DeviceProfileInfo['transportType'],
  };
}

export class DeviceProfilesRepo {
  constructor(private readonly db: Db) {}

  findById(id: string, db: Db = this.db): Promise<DeviceProfileRow | undefined> {
    return db.selectFrom('deviceProfile').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByName(tenantId: string, name: string, db: Db = this.db): Promise<DeviceProfileRow | undefined> {
    return db
      .selectFrom('deviceProfile')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  findDefault(tenantId: string, db: Db = this.db): Promise<DeviceProfileRow | undefined> {
    return db
      .selectFrom('deviceProfile')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('isDefault', '=', true)
      .orderBy('createdTime')
      .executeTakeFirst();
  }

  /** Provision keys are unique across all tenants (reference `device_provision_key_unq_key`). */
  findByProvisionKey(key: string, db: Db = this.db): Promise<DeviceProfileRow | undefined> {
    return db
      .selectFrom('deviceProfile')
      .selectAll()
      .where('provisionDeviceKey', '=', key)
      .executeTakeFirst();
  }

  async insert(row: Insertable<DeviceProfileTable>, db: Db = this.db): Promise<void> {
    await db.insertInto('deviceProfile').values(row).execute();
  }

  /** Inserts unless the tenant already has a profile of that name (a concurrent find-or-create won). */
  async insertIfAbsent(row: Insertable<DeviceProfileTable>, db: Db = this.db): Promise<void> {
    await db
      .insertInto('deviceProfile')
      .values(row)
      .onConflict((oc) => oc.columns(['tenantId', 'name']).doNothing())
      .execute();
  }

  async dashboardExists(tenantId: string, dashboardId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('dashboard')
      .select('id')
      .where('id', '=', dashboardId)
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async ruleChainExists(tenantId: string, ruleChainId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('ruleChain')
      .select('id')
      .where('id', '=', ruleChainId)
      .where('tenantId', '=', tenantId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async update(id: string, changes: Updateable<DeviceProfileTable>, db: Db = this.db): Promise<void> {
    await db.updateTable('deviceProfile').set(changes).where('id', '=', id).execute();
  }

  async delete(id: string, db: Db = this.db): Promise<void> {
    await db.deleteFrom('deviceProfile').where('id', '=', id).execute();
  }

  /** Makes `id` the tenant's only default profile; run it inside a transaction. */
  async makeDefault(tenantId: string, id: string, db: Db): Promise<void> {
    await db
      .updateTable('deviceProfile')
      .set({ isDefault: false })
      .where('tenantId', '=', tenantId)
      .where('isDefault', '=', true)
      .where('id', '<>', id)
      .execute();
    await db.updateTable('deviceProfile').set({ isDefault: true }).where('id', '=', id).execute();
  }

  async countDevices(profileId: string, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('device')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('deviceProfileId', '=', profileId)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** A device's `type` is its profile's name: renaming a profile renames the type of its devices. */
  async renameDeviceTypes(profileId: string, name: string, db: Db = this.db): Promise<void> {
    await db.updateTable('device').set({ type: name }).where('deviceProfileId', '=', profileId).execute();
  }

  /**
   * Time-series keys with a latest value on the tenant's devices (of one profile, when given),
   * looking at 100 devices at most, as the reference does.
   */
  async timeseriesKeys(tenantId: string, profileId: string | undefined): Promise<string[]> {
    const result = await sql<{ key: string }>`
      select distinct dictionary.key collate "C" as key
      from ts_kv_latest latest
      join ts_kv_dictionary dictionary on dictionary.key_id = latest.key
      where latest.entity_id in (${this.someDevices(tenantId, profileId)})
      order by 1
    `.execute(this.db);
    return result.rows.map((row) => row.key);
  }

  /** Attribute keys (any scope) of the tenant's devices, of one profile when given; 100 devices at most. */
  async attributeKeys(tenantId: string, profileId: string | undefined): Promise<string[]> {
    const result = await sql<{ key: string }>`
      select distinct attribute_key collate "C" as key
      from attribute_kv
      where entity_id in (${this.someDevices(tenantId, profileId)})
      order by 1
    `.execute(this.db);
    return result.rows.map((row) => row.key);
  }

  private someDevices(tenantId: string, profileId: string | undefined) {
    const ofProfile = profileId ? sql`and device_profile_id = ${profileId}` : sql``;
    return sql`select id from device where tenant_id = ${tenantId} ${ofProfile} limit 100`;
  }

  page<T>(
    tenantId: string,
    page: PageQuery,
    transportType: string | undefined,
    toWire: (row: DeviceProfileRow) => T,
  ) {
    let query = this.db.selectFrom('deviceProfile').selectAll().where('tenantId', '=', tenantId);
    if (transportType) query = query.where('transportType', '=', transportType);
    return fetchPage(query, page, PROFILE_PAGE, toWire);
  }
}
