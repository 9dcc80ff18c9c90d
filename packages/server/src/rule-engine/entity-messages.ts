import { type EntityId, type KvEntry, NULL_UUID, type TsEntries } from '@meridian/common';
import type { Principal } from '../auth/principal.js';
import type { Db } from '../db/store.js';
import { entriesJson, type RuleEngineInput } from '../transport/core/device-messages.js';
import { newMsg } from './message.js';

/** Who acted. */
export interface Actor {
  userId?: string | null;
  userName?: string | null;
}

const actorOf = (principal: Principal): Actor => ({ userId: principal.userId, userName: principal.sub });

/** The entity an action touched: its id, owner tenant and customer. */
export interface ActedEntity {
  entityType: EntityId['entityType'];
  id: string;
  tenantId: string;
  customerId?: string | undefined;
}

/**
 * Messages of entity actions (the reference's EntityActionService): after a change through the
 * REST API, the rule engine hears of it, with the acting user in the metadata. A device's messages
 * go to its profile's chain and queue, as its own telemetry does.
 */
export class EntityMessages {
  constructor(
    private readonly db: Db,
    private readonly rules: RuleEngineInput,
  ) {}

  async send(
    actor: Actor | null,
    entity: ActedEntity,
    type: string,
    data: string,
    metadata: Record<string, string> = {},
  ): Promise<void> {
    const route = entity.entityType === 'DEVICE' ? await this.deviceRoute(entity.id) : undefined;
    const user: Record<string, string> = {};
    if (actor?.userId) user.userId = actor.userId;
    if (actor?.userName) user.userName = actor.userName;
    this.tell(entity, route, type, data, { ...user, ...metadata });
  }

  /**
   * A server-side RPC for the device (DefaultTbCoreDeviceRpcService): the device's name and type
   * join the metadata; `entity.customerId` is the caller's customer, as in the reference.
   */
  async rpcToDevice(entity: ActedEntity, data: string, metadata: Record<string, string>): Promise<void> {
    const route = await this.deviceRoute(entity.id);
    const device: Record<string, string> = {};
    if (route) device.deviceName = route.deviceName;
    if (route?.deviceType) device.deviceType = route.deviceType;
    this.tell(entity, route, 'RPC_CALL_FROM_SERVER_TO_DEVICE', data, { ...metadata, ...device });
  }

  private tell(
    entity: ActedEntity,
    route: { ruleChainId: string | null; queueName: string | null } | undefined,
    type: string,
    data: string,
    metadata: Record<string, string>,
  ): void {
    const customerId = entity.customerId && entity.customerId !== NULL_UUID ? entity.customerId : null;
    this.rules.tell(
      entity.tenantId,
      newMsg({
        type,
        originator: { entityType: entity.entityType, id: entity.id },
        customerId,
        metadata,
        data,
        queueName: route?.queueName ?? 'Main',
        ruleChainId: route?.ruleChainId ?? null,
      }),
    );
  }

  attributesUpdated(principal: Principal, entity: ActedEntity, scope: string, entries: readonly KvEntry[]) {
    return this.send(actorOf(principal), entity, 'ATTRIBUTES_UPDATED', entriesJson(entries), { scope });
  }

  attributesDeleted(principal: Principal, entity: ActedEntity, scope: string, keys: readonly string[]) {
    return this.send(actorOf(principal), entity, 'ATTRIBUTES_DELETED', JSON.stringify({ attributes: keys }), {
      scope,
    });
  }

  timeseriesUpdated(principal: Principal, entity: ActedEntity, groups: readonly TsEntries[]) {
    const timeseries = groups.map((group) => `{"ts":${group.ts},"values":${entriesJson(group.values)}}`);
    return this.send(
      actorOf(principal),
      entity,
      'TIMESERIES_UPDATED',
      `{"timeseries":[${timeseries.join(',')}]}`,
    );
  }

  timeseriesDeleted(
    principal: Principal,
    entity: ActedEntity,
    keys: readonly string[],
    range: { startTs: number; endTs: number } | undefined,
  ) {
    return this.send(
      actorOf(principal),
      entity,
      'TIMESERIES_DELETED',
      JSON.stringify({ timeseries: keys, ...range }),
    );
  }

  private async deviceRoute(deviceId: string) {
    return this.db
      .selectFrom('device')
      .innerJoin('deviceProfile', 'deviceProfile.id', 'device.deviceProfileId')
      .select([
        'device.name as deviceName',
        'device.type as deviceType',
        'deviceProfile.defaultRuleChainId as ruleChainId',
        'deviceProfile.defaultQueueName as queueName',
      ])
      .where('device.id', '=', deviceId)
      .executeTakeFirst();
  }
}
