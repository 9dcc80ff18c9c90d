import type { DeviceProfileAlarm } from '@meridian/common';
import { sql } from 'kysely';
import type { Db } from '../../db/store.js';
import type { DeviceInfo } from './device-state.js';

/** The reference's class of the device profile node, as chains store it in `rule_node.type`. */
const DEVICE_PROFILE_NODE = 'org.thingsboard.rule.engine.profile.TbDeviceProfileNode';

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

  /** The alarm rule counts a device profile node kept for a device; undefined when none. */
  async ruleState(nodeId: string, deviceId: string): Promise<unknown> {
    const row = await this.db
      .selectFrom('ruleNodeState')
      .select('stateData')
      .where('ruleNodeId', '=', nodeId)
      .where('entityId', '=', deviceId)
      .executeTakeFirst();
    return row?.stateData;
  }

  /** The device profile nodes set to keep their alarm rule counts and fetch them on start. */
  async nodesFetchingStateOnStart(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('ruleNode')
      .select('id')
      .where('type', '=', DEVICE_PROFILE_NODE)
      .where(sql<boolean>`(configuration ->> 'persistAlarmRulesState') = 'true'`)
      .where(sql<boolean>`(configuration ->> 'fetchAlarmRulesStateOnStart') = 'true'`)
      .execute();
    return rows.map((row) => row.id);
  }

  /** The devices (with their tenants) whose counts a device profile node kept, at most `limit`. */
  async ruleStateDevices(nodeId: string, limit: number): Promise<{ deviceId: string; tenantId: string }[]> {
    return this.db
      .selectFrom('ruleNodeState')
      .innerJoin('device', 'device.id', 'ruleNodeState.entityId')
      .select(['device.id as deviceId', 'device.tenantId'])
      .where('ruleNodeState.ruleNodeId', '=', nodeId)
      .orderBy('ruleNodeState.createdTime', 'desc')
      .limit(limit)
      .execute();
  }

  /** Keeps a device's alarm rule counts for a device profile node (a node deleted meanwhile keeps nothing). */
  async saveRuleState(nodeId: string, deviceId: string, state: string, now: number): Promise<void> {
    await this.db
      .insertInto('ruleNodeState')
      .columns(['ruleNodeId', 'entityType', 'entityId', 'createdTime', 'stateData'])
      .expression((eb) =>
        eb
          .selectFrom('ruleNode')
          .select([
            'ruleNode.id',
            eb.cast(eb.val('DEVICE'), 'varchar').as('entityType'),
            eb.cast(eb.val(deviceId), 'uuid').as('entityId'),
            eb.cast(eb.val(now), 'bigint').as('createdTime'),
            eb.cast(eb.val(state), 'jsonb').as('stateData'),
          ])
          .where('ruleNode.id', '=', nodeId),
      )
      .onConflict((oc) =>
        oc
          .columns(['ruleNodeId', 'entityId'])
          .doUpdateSet({ stateData: (eb) => eb.ref('excluded.stateData') }),
      )
      .execute();
  }
}
