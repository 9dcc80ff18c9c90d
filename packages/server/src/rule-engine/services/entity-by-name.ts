import type { DeviceTransportType, EntityId } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import type { Db } from '../../db/store.js';
import { newDeviceProfileRow } from '../../modules/device-profiles/default-profile.js';
import { DeviceProfilesRepo } from '../../modules/device-profiles/repo.js';
import { newAccessToken } from '../../modules/devices/credentials.js';
import { syncDeviceData } from '../../modules/devices/device-data.js';
import { assertEntityLimit } from '../../modules/tenant-profiles/limits.js';

/** Entity types a node can find by name (reference EntityContainer of the relation nodes). */
export const NAMED_ENTITY_TYPES = [
  'DEVICE',
  'ASSET',
  'ENTITY_VIEW',
  'CUSTOMER',
  'TENANT',
  'DASHBOARD',
  'USER',
] as const;
export type NamedEntityType = (typeof NAMED_ENTITY_TYPES)[number];

/** Entity types a node may create when the name finds none (reference: asset, device, customer). */
export const CREATABLE_ENTITY_TYPES = ['DEVICE', 'ASSET', 'CUSTOMER'] as const;
export type CreatableEntityType = (typeof CREATABLE_ENTITY_TYPES)[number];

/**
 * Finds a tenant's entity by its name (devices, assets, entity views), title (customers,
 * dashboards) or email (users); the tenant itself for TENANT. Only the tenant's own entities.
 */
export async function findEntityByName(
  db: Db,
  tenantId: string,
  entityType: NamedEntityType,
  name: string,
): Promise<EntityId | undefined> {
  const found = (row: { id: string } | undefined) => (row ? { entityType, id: row.id } : undefined);
  switch (entityType) {
    case 'TENANT':
      return { entityType, id: tenantId };
    case 'DEVICE':
    case 'ASSET':
    case 'ENTITY_VIEW': {
      const table = entityType === 'DEVICE' ? 'device' : entityType === 'ASSET' ? 'asset' : 'entityView';
      return found(
        await db
          .selectFrom(table)
          .select('id')
          .where('tenantId', '=', tenantId)
          .where('name', '=', name)
          .executeTakeFirst(),
      );
    }
    case 'CUSTOMER':
    case 'DASHBOARD':
      return found(
        await db
          .selectFrom(entityType === 'CUSTOMER' ? 'customer' : 'dashboard')
          .select('id')
          .where('tenantId', '=', tenantId)
          .where('title', '=', name)
          .orderBy('createdTime')
          .executeTakeFirst(),
      );
    case 'USER':
      return found(
        await db
          .selectFrom('tbUser')
          .select('id')
          .where('tenantId', '=', tenantId)
          .where('email', '=', name.toLowerCase())
          .executeTakeFirst(),
      );
  }
}

const CONTACT_NONE = {
  country: null,
  state: null,
  city: null,
  address: null,
  address2: null,
  zip: null,
  phone: null,
  email: null,
};

/**
 * Creates a tenant's entity for a node (reference: the relation and customer nodes' "create if not
 * exists"), within the tenant profile's entity limits. A device gets the profile named by `type`
 * (created when missing; the tenant's default profile when `type` is empty) and an access token;
 * an asset without `type` gets "default".
 */
export async function createNamedEntity(
  db: Db,
  tenantId: string,
  entityType: CreatableEntityType,
  name: string,
  type = '',
): Promise<EntityId> {
  if (name.trim() === '') throw new Error(`cannot create a ${entityType} with an empty name`);
  await assertEntityLimit(db, tenantId, entityType);
  const id = uuidv1();
  const createdTime = Date.now();
  switch (entityType) {
    case 'CUSTOMER':
      await db
        .insertInto('customer')
        .values({ id, createdTime, tenantId, title: name, additionalInfo: null, ...CONTACT_NONE })
        .execute();
      break;
    case 'ASSET':
      await db
        .insertInto('asset')
        .values({
          id,
          createdTime,
          tenantId,
          customerId: null,
          name,
          type: type.trim() === '' ? 'default' : type,
          label: null,
          additionalInfo: null,
        })
        .execute();
      break;
    case 'DEVICE':
      await db.transaction().execute(async (trx) => {
        const profiles = new DeviceProfilesRepo(trx);
        let profile =
          type.trim() === ''
            ? await profiles.findDefault(tenantId)
            : await profiles.findByName(tenantId, type);
        if (!profile) {
          await profiles.insertIfAbsent(newDeviceProfileRow(tenantId, type, false));
          profile = await profiles.findByName(tenantId, type);
        }
        if (!profile) throw new Error(`device profile '${type}' could not be found or created`);
        await trx
          .insertInto('device')
          .values({
            id,
            createdTime,
            tenantId,
            customerId: null,
            deviceProfileId: profile.id,
            name,
            type: profile.name,
            label: null,
            deviceData: JSON.stringify(
              syncDeviceData(undefined, profile.transportType as DeviceTransportType),
            ),
            additionalInfo: null,
            firmwareId: null,
            softwareId: null,
          })
          .execute();
        await trx
          .insertInto('deviceCredentials')
          .values({
            id: uuidv1(),
            createdTime,
            deviceId: id,
            credentialsType: 'ACCESS_TOKEN',
            credentialsId: newAccessToken(),
            credentialsValue: null,
          })
          .execute();
      });
      break;
  }
  return { entityType, id };
}
