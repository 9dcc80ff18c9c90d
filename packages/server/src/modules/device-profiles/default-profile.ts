import {
  createDefaultDeviceProfileData,
  DEFAULT_DEVICE_PROFILE_DESCRIPTION,
  DEFAULT_DEVICE_PROFILE_NAME,
} from '@meridian/common';
import type { Insertable } from 'kysely';
import { v1 as uuidv1 } from 'uuid';
import type { DeviceProfileTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';

/**
 * A profile as the reference creates it on its own (DeviceProfileServiceImpl
 * doCreateDefaultDeviceProfile): type and transport DEFAULT, provisioning disabled, no alarms, the
 * description "Default device profile". Used for each new tenant's `default` profile and for the
 * profile a device saved with only a `type` finds or creates.
 */
export function newDeviceProfileRow(
  tenantId: string,
  name: string,
  isDefault: boolean,
): Insertable<DeviceProfileTable> {
  return {
    id: uuidv1(),
    createdTime: Date.now(),
    tenantId,
    name,
    type: 'DEFAULT',
    transportType: 'DEFAULT',
    provisionType: 'DISABLED',
    description: DEFAULT_DEVICE_PROFILE_DESCRIPTION,
    isDefault,
    profileData: JSON.stringify(createDefaultDeviceProfileData('DEFAULT')),
  };
}

/** The profile every new tenant gets (reference §7.2 "Per new tenant"). Pass the transaction when in one. */
export async function createDefaultDeviceProfile(db: Db, tenantId: string): Promise<string> {
  const row = newDeviceProfileRow(tenantId, DEFAULT_DEVICE_PROFILE_NAME, true);
  await db.insertInto('deviceProfile').values(row).execute();
  return row.id;
}
