import type { DeviceProfileAlarm } from '@meridian/common';
import type { Db } from '../../db/store.js';
import type { DeviceInfo } from './device-state.js';

/** What the alarm rules read about devices and their profiles. */
export class AlarmRulesRepo {
  constructor(private readonly db: Db) {}

  /** The device's owners, profile and entity fields; undefined when it does not exist. */
  async device(id: string): Promise<DeviceInfo | undefined> {
    const row = await this.db
      .selectFrom('device')
      .select(['id', 'tenantId', 'customerId', 'deviceProfileId', 'name', 'type', 'label', 'createdTime'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { deviceProfileId, createdTime, ...rest } = row;
    return { ...rest, profileId: deviceProfileId, createdTime: Number(createdTime) };
  }

  /** The alarm definitions of a profile (`profileData.alarms`); null when it has none or is gone. */
  async profileAlarms(profileId: string): Promise<DeviceProfileAlarm[] | null> {
    const row = await this.db
      .selectFrom('deviceProfile')
      .select('profileData')
      .where('id', '=', profileId)
      .executeTakeFirst();
    const alarms = (row?.profileData as { alarms?: unknown } | null | undefined)?.alarms;
    return Array.isArray(alarms) && alarms.length > 0 ? (alarms as DeviceProfileAlarm[]) : null;
  }
}
