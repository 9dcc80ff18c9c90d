import type { EntityId } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import type { Store } from '../../db/store.js';
import { TelemetryRepo } from '../../telemetry/repo.js';
import { TelemetryService } from '../../telemetry/service.js';
import { demoStore } from '../../transport/core/test-store.js';
import type { RuleEngineServices } from '../node.js';

/**
 * A real in-memory store for the unit tests of data-reading nodes: the demo tenant plus a second
 * tenant, so each test can show a node never reaches across the tenant boundary, and small
 * builders for the entities the nodes read.
 */
export interface NodeWorld {
  store: Store;
  telemetry: TelemetryService;
  tenantId: string;
  otherTenantId: string;
  profileId: string;
  /** The services a node of `tenantId` gets (db and telemetry). */
  services: Partial<RuleEngineServices>;
  close(): Promise<void>;
}

export async function nodeWorld(): Promise<NodeWorld> {
  const store = await demoStore();
  const telemetry = new TelemetryService(new TelemetryRepo(store.db));
  const otherTenantId = await addTenant(store, 'Other Tenant');
  return {
    store,
    telemetry,
    tenantId: store.tenantId,
    otherTenantId,
    profileId: store.profileId,
    services: { db: store.db, telemetry },
    close: () => store.close(),
  };
}

export async function addTenant(
  store: Store,
  title: string,
  fields: Record<string, string> = {},
): Promise<string> {
  const profile = await store.db
    .selectFrom('tenantProfile')
    .select('id')
    .where('isDefault', '=', true)
    .executeTakeFirstOrThrow();
  const id = uuidv1();
  await store.db
    .insertInto('tenant')
    .values({ id, createdTime: Date.now(), tenantProfileId: profile.id, title, region: 'Global', ...fields })
    .execute();
  return id;
}

export async function addCustomer(
  store: Store,
  tenantId: string,
  title: string,
  fields: Record<string, string> = {},
): Promise<EntityId> {
  const id = uuidv1();
  await store.db
    .insertInto('customer')
    .values({ id, createdTime: Date.now(), tenantId, title, additionalInfo: '{}', ...fields })
    .execute();
  return { entityType: 'CUSTOMER', id };
}

export async function addDevice(
  world: NodeWorld,
  tenantId: string,
  name: string,
  fields: { customerId?: string; type?: string; label?: string } = {},
): Promise<EntityId> {
  const id = uuidv1();
  await world.store.db
    .insertInto('device')
    .values({
      id,
      createdTime: 1_600_000_000_000,
      tenantId,
      customerId: fields.customerId ?? null,
      deviceProfileId: world.profileId,
      name,
      type: fields.type ?? 'default',
      label: fields.label ?? null,
      additionalInfo: '{}',
    })
    .execute();
  return { entityType: 'DEVICE', id };
}

export async function addAsset(
  store: Store,
  tenantId: string,
  name: string,
  fields: { customerId?: string; type?: string } = {},
): Promise<EntityId> {
  const id = uuidv1();
  await store.db
    .insertInto('asset')
    .values({
      id,
      createdTime: Date.now(),
      tenantId,
      customerId: fields.customerId ?? null,
      name,
      type: fields.type ?? 'building',
      label: null,
      additionalInfo: '{}',
    })
    .execute();
  return { entityType: 'ASSET', id };
}

export async function addRelation(
  store: Store,
  from: EntityId,
  to: EntityId,
  type = 'Contains',
): Promise<void> {
  await store.db
    .insertInto('relation')
    .values({
      fromId: from.id,
      fromType: from.entityType,
      toId: to.id,
      toType: to.entityType,
      relationTypeGroup: 'COMMON',
      relationType: type,
      additionalInfo: null,
    })
    .execute();
}

export async function addAlarm(
  store: Store,
  tenantId: string,
  originator: EntityId,
  fields: { type?: string; status?: string } = {},
): Promise<EntityId> {
  const id = uuidv1();
  const now = Date.now();
  await store.db
    .insertInto('alarm')
    .values({
      id,
      createdTime: now,
      tenantId,
      customerId: null,
      originatorId: originator.id,
      originatorType: originator.entityType,
      type: fields.type ?? 'High Temperature',
      severity: 'MAJOR',
      status: fields.status ?? 'ACTIVE_UNACK',
      startTs: now,
      endTs: now,
      ackTs: 0,
      clearTs: 0,
      details: null,
      propagate: false,
      propagateToOwner: false,
      propagateToTenant: false,
      propagateRelationTypes: null,
    })
    .execute();
  return { entityType: 'ALARM', id };
}
