import type { DeviceTransportType } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import { violatedUnique } from '../../db/sql-errors.js';
import type { Db } from '../../db/store.js';
import type { DeviceProfilesService } from '../../modules/device-profiles/service.js';
import { newAccessToken } from '../../modules/devices/credentials.js';
import { syncDeviceData } from '../../modules/devices/device-data.js';
import { type DeviceRow, DevicesRepo } from '../../modules/devices/repo.js';
import { assertEntityLimit } from '../../modules/tenant-profiles/limits.js';
import { identityOf, identityQuery } from '../core/device-auth.js';
import type { DeviceIdentity } from '../core/types.js';

/** The additionalInfo key naming the gateway a device last connected through. */
export const LAST_CONNECTED_GATEWAY = 'lastConnectedGateway';
/** The relation a gateway gets to the devices it created. */
export const GATEWAY_CREATED_RELATION = 'Created';

/**
 * Devices behind a gateway (reference `GetOrCreateDeviceFromGatewayRequestMsg`): found by name in
 * the gateway's tenant, or created on first sight with a profile named after the device type
 * (found or created), the gateway's customer, an access token, a `Created` relation from the
 * gateway and `additionalInfo.lastConnectedGateway`.
 */
export class GatewayDevices {
  private readonly devices: DevicesRepo;

  constructor(
    private readonly db: Db,
    private readonly profiles: DeviceProfilesService,
  ) {
    this.devices = new DevicesRepo(db);
  }

  async findOrCreate(gateway: DeviceIdentity, name: string, type: string): Promise<DeviceIdentity> {
    const existing = await this.devices.findByName(gateway.tenantId, name);
    if (existing) {
      await this.rememberGateway(existing, gateway.deviceId);
      return this.identity(existing.id);
    }
    let deviceId: string;
    try {
      deviceId = await this.create(gateway, name, type);
    } catch (error) {
      // Another gateway message (or a user) created the device meanwhile: use that one.
      if (!violatedUnique(error)) throw error;
      const created = await this.devices.findByName(gateway.tenantId, name);
      if (!created) throw error;
      deviceId = created.id;
    }
    return this.identity(deviceId);
  }

  private async identity(deviceId: string): Promise<DeviceIdentity> {
    const row = await identityQuery(this.db).where('device.id', '=', deviceId).executeTakeFirst();
    if (!row) throw new Error(`device ${deviceId} vanished while a gateway connected it`);
    return identityOf(row);
  }

  /** Keeps `lastConnectedGateway` pointing at the gateway the device now talks through. */
  private async rememberGateway(device: DeviceRow, gatewayId: string): Promise<void> {
    const info = device.additionalInfo;
    const current = typeof info === 'object' && info !== null && !Array.isArray(info) ? info : {};
    if ((current as Record<string, unknown>)[LAST_CONNECTED_GATEWAY] === gatewayId) return;
    const updated = { ...current, [LAST_CONNECTED_GATEWAY]: gatewayId };
    await this.devices.update(device.id, { additionalInfo: JSON.stringify(updated) });
  }

  private async create(gateway: DeviceIdentity, name: string, type: string): Promise<string> {
    await assertEntityLimit(this.db, gateway.tenantId, 'DEVICE');
    const deviceId = uuidv1();
    const now = Date.now();
    await this.db.transaction().execute(async (trx) => {
      const profile = await this.profiles.findOrCreate(undefined, gateway.tenantId, type, trx);
      await this.devices.insert(
        {
          id: deviceId,
          createdTime: now,
          tenantId: gateway.tenantId,
          customerId: gateway.customerId,
          deviceProfileId: profile.id,
          name,
          type: profile.name,
          label: null,
          deviceData: JSON.stringify(syncDeviceData(undefined, profile.transportType as DeviceTransportType)),
          additionalInfo: JSON.stringify({ [LAST_CONNECTED_GATEWAY]: gateway.deviceId }),
          firmwareId: null,
          softwareId: null,
        },
        trx,
      );
      await this.devices.insertCredentials(
        {
          id: uuidv1(),
          createdTime: now,
          deviceId,
          credentialsType: 'ACCESS_TOKEN',
          credentialsId: newAccessToken(),
          credentialsValue: null,
        },
        trx,
      );
      await trx
        .insertInto('relation')
        .values({
          fromId: gateway.deviceId,
          fromType: 'DEVICE',
          toId: deviceId,
          toType: 'DEVICE',
          relationTypeGroup: 'COMMON',
          relationType: GATEWAY_CREATED_RELATION,
          additionalInfo: null,
        })
        .execute();
    });
    return deviceId;
  }
}
