import { v1 as uuidv1 } from 'uuid';
import type { Db } from '../../db/store.js';

/** The profile every new tenant gets (reference §7.2 "Per new tenant"). */
export async function createDefaultDeviceProfile(db: Db, tenantId: string): Promise<string> {
  const id = uuidv1();
  await db
    .insertInto('deviceProfile')
    .values({
      id,
      createdTime: Date.now(),
      tenantId,
      name: 'default',
      type: 'DEFAULT',
      transportType: 'DEFAULT',
      provisionType: 'DISABLED',
      description: 'Default device profile',
      isDefault: true,
      profileData: JSON.stringify({
        configuration: { type: 'DEFAULT' },
        transportConfiguration: { type: 'DEFAULT' },
        provisionConfiguration: { type: 'DISABLED', provisionDeviceSecret: null },
        alarms: null,
      }),
    })
    .execute();
  return id;
}
