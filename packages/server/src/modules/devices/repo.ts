import type { Device, DeviceCredentials, DeviceInfo } from '@meridian/common';
import { NULL_UUID } from '@meridian/common';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { fetchPage, type PageSpec } from '../../db/paging.js';
import type { DeviceCredentialsTable, DeviceTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';
import type { PageQuery } from '../../http/page-query.js';
import {
  type CustomerInfoRow,
  customerInfoColumns,
  customerInfoToWire,
} from '../customer-assignable/repo.js';

export type DeviceRow = Selectable<DeviceTable>;
export type DeviceInfoRow = DeviceRow & CustomerInfoRow & { deviceProfileName: string };
export type CredentialsRow = Selectable<DeviceCredentialsTable>;

/** Sort properties of the reference device lists (ControllerConstants), plus `type`. */
const DEVICE_PAGE: PageSpec = {
  sortable: {
    createdTime: 'device.createdTime',
    name: 'device.name',
    deviceProfileName: 'deviceProfile.name',
    label: 'device.label',
    customerTitle: 'customer.title',
    type: 'device.type',
  },
  searchColumns: ['device.name'],
  idColumn: 'device.id',
};

const otaRef = (id: string | null) => (id === null ? null : { entityType: 'OTA_PACKAGE' as const, id });

/** The reference's Device JSON (reference §1.5). */
export function deviceToWire(row: DeviceRow): Device {
  return {
    id: { entityType: 'DEVICE', id: row.id },
    createdTime: row.createdTime,
    additionalInfo: (row.additionalInfo ?? null) as Device['additionalInfo'],
    tenantId: { entityType: 'TENANT', id: row.tenantId },
    customerId: { entityType: 'CUSTOMER', id: row.customerId ?? NULL_UUID },
    name: row.name,
    type: row.type ?? '',
    label: row.label,
    deviceProfileId: { entityType: 'DEVICE_PROFILE', id: row.deviceProfileId },
    deviceData: row.deviceData as Device['deviceData'],
    firmwareId: otaRef(row.firmwareId),
    softwareId: otaRef(row.softwareId),
  };
}

/** The reference's DeviceInfo JSON: a Device with its customer and profile names. */
export function deviceInfoToWire(row: DeviceInfoRow): DeviceInfo {
  return { ...deviceToWire(row), ...customerInfoToWire(row), deviceProfileName: row.deviceProfileName };
}

/** The reference's DeviceCredentials JSON; its id travels as a bare `{"id"}`. */
export function credentialsToWire(row: CredentialsRow): DeviceCredentials {
  return {
    id: { id: row.id },
    createdTime: row.createdTime,
    deviceId: { entityType: 'DEVICE', id: row.deviceId },
    credentialsType: row.credentialsType as DeviceCredentials['credentialsType'],
    credentialsId: row.credentialsId,
    credentialsValue: row.credentialsValue,
  };
}

/** Which devices a list shows: a tenant's, optionally one customer's, of one type or one profile. */
export interface DeviceFilter {
  tenantId: string;
  customerId?: string;
  type?: string;
  deviceProfileId?: string;
}

export class DevicesRepo {
  constructor(private readonly db: Db) {}

  findById(id: string, db: Db = this.db): Promise<DeviceRow | undefined> {
    return db.selectFrom('device').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByName(tenantId: string, name: string, db: Db = this.db): Promise<DeviceRow | undefined> {
    return db
      .selectFrom('device')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  /** Devices with customer and profile names; unassigned devices have a null customer title. */
  private infos(db: Db = this.db) {
    return db
      .selectFrom('device')
      .innerJoin('deviceProfile', 'deviceProfile.id', 'device.deviceProfileId')
      .leftJoin('customer', 'customer.id', 'device.customerId')
      .selectAll('device')
      .select([...customerInfoColumns, 'deviceProfile.name as deviceProfileName']);
  }

  findInfoById(id: string): Promise<DeviceInfoRow | undefined> {
    return this.infos().where('device.id', '=', id).executeTakeFirst();
  }

  /** The devices among `ids` in the tenant (and customer, when given); unknown ids are left out. */
  findByIds(tenantId: string, customerId: string | undefined, ids: readonly string[]): Promise<DeviceRow[]> {
    let query = this.db
      .selectFrom('device')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('id', 'in', ids);
    if (customerId) query = query.where('customerId', '=', customerId);
    return query.orderBy('name').execute();
  }

  /** One page of the filtered list; `type` wins over `deviceProfileId`, as in the reference. */
  page<T>(filter: DeviceFilter, page: PageQuery, toWire: (row: DeviceInfoRow) => T) {
    let query = this.infos().where('device.tenantId', '=', filter.tenantId);
    if (filter.customerId) query = query.where('device.customerId', '=', filter.customerId);
    if (filter.type) query = query.where('device.type', '=', filter.type);
    else if (filter.deviceProfileId)
      query = query.where('device.deviceProfileId', '=', filter.deviceProfileId);
    return fetchPage(query, page, DEVICE_PAGE, toWire);
  }

  async insert(row: Insertable<DeviceTable>, db: Db = this.db): Promise<void> {
    await db.insertInto('device').values(row).execute();
  }

  async update(id: string, changes: Updateable<DeviceTable>, db: Db = this.db): Promise<void> {
    await db.updateTable('device').set(changes).where('id', '=', id).execute();
  }

  /** Devices of a profile that have no firmware (or software) package assigned. */
  async countWithoutOtaPackage(
    tenantId: string,
    profileId: string,
    column: 'firmwareId' | 'softwareId',
  ): Promise<number> {
    const row = await this.db
      .selectFrom('device')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('tenantId', '=', tenantId)
      .where('deviceProfileId', '=', profileId)
      .where(column, 'is', null)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  credentialsOf(deviceId: string, db: Db = this.db): Promise<CredentialsRow | undefined> {
    return db.selectFrom('deviceCredentials').selectAll().where('deviceId', '=', deviceId).executeTakeFirst();
  }

  /** Credentials ids are unique across all tenants: a device authenticates with the id alone. */
  credentialsByCredentialsId(credentialsId: string, db: Db = this.db): Promise<CredentialsRow | undefined> {
    return db
      .selectFrom('deviceCredentials')
      .selectAll()
      .where('credentialsId', '=', credentialsId)
      .executeTakeFirst();
  }

  async insertCredentials(row: Insertable<DeviceCredentialsTable>, db: Db = this.db): Promise<void> {
    await db.insertInto('deviceCredentials').values(row).execute();
  }

  async updateCredentials(
    id: string,
    changes: Updateable<DeviceCredentialsTable>,
    db: Db = this.db,
  ): Promise<void> {
    await db.updateTable('deviceCredentials').set(changes).where('id', '=', id).execute();
  }
}
