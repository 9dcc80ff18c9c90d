import { type EntityId, type EntityType, NULL_UUID } from '@meridian/common';
import { may, type Operation, type Resource, type Target } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/store.js';
import { forbidden, notFound } from '../../http/api-error.js';

/**
 * Resolves an EntityId `{entityType, id}` of any kind to its owner fields, so that code handling
 * polymorphic ids (relations, audit logs, entity views) can ask the access policy about it.
 */

/** An entity's owner fields as the access policy wants them, plus its type and display name. */
export interface EntityOwner extends Target {
  id: string;
  entityType: EntityType;
  name: string;
}

/** The policy resource of each entity type the resolver knows. */
const RESOURCE_OF: Partial<Record<EntityType, Resource>> = {
  TENANT: 'TENANT',
  CUSTOMER: 'CUSTOMER',
  USER: 'USER',
  DASHBOARD: 'DASHBOARD',
  ASSET: 'ASSET',
  DEVICE: 'DEVICE',
  ENTITY_VIEW: 'ENTITY_VIEW',
  DEVICE_PROFILE: 'DEVICE_PROFILE',
  TENANT_PROFILE: 'TENANT_PROFILE',
  API_USAGE_STATE: 'API_USAGE_STATE',
};

const orNull = (id: string | null | undefined) => id ?? NULL_UUID;

type Loader = (db: Db, ids: readonly string[]) => Promise<EntityOwner[]>;

/** Ids of the customers a dashboard's assignedCustomers JSON lists. */
function assignedCustomerIds(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const id = (entry as { customerId?: { id?: unknown } } | null)?.customerId?.id;
    return typeof id === 'string' ? [id] : [];
  });
}

const LOADERS: Partial<Record<EntityType, Loader>> = {
  // A tenant's API usage state belongs to the tenant and is named after it (reference entity query).
  API_USAGE_STATE: async (db, ids) =>
    (
      await db
        .selectFrom('apiUsageState')
        .innerJoin('tenant', 'tenant.id', 'apiUsageState.tenantId')
        .select(['apiUsageState.id', 'apiUsageState.tenantId', 'tenant.title'])
        .where('apiUsageState.id', 'in', ids)
        .execute()
    ).map((r) => ({
      id: r.id,
      entityType: 'API_USAGE_STATE',
      name: r.title,
      tenantId: r.tenantId,
      customerId: NULL_UUID,
    })),
  TENANT: async (db, ids) =>
    (await db.selectFrom('tenant').select(['id', 'title']).where('id', 'in', ids).execute()).map((r) => ({
      id: r.id,
      entityType: 'TENANT',
      name: r.title,
      tenantId: r.id,
      customerId: NULL_UUID,
    })),
  CUSTOMER: async (db, ids) =>
    (
      await db.selectFrom('customer').select(['id', 'tenantId', 'title']).where('id', 'in', ids).execute()
    ).map((r) => ({
      id: r.id,
      entityType: 'CUSTOMER',
      name: r.title,
      tenantId: r.tenantId,
      customerId: r.id,
    })),
  USER: async (db, ids) =>
    (
      await db
        .selectFrom('tbUser')
        .select(['id', 'tenantId', 'customerId', 'email', 'authority'])
        .where('id', 'in', ids)
        .execute()
    ).map((r) => ({
      id: r.id,
      entityType: 'USER',
      name: r.email,
      tenantId: orNull(r.tenantId),
      customerId: orNull(r.customerId),
      authority: r.authority,
    })),
  DEVICE: async (db, ids) =>
    (
      await db
        .selectFrom('device')
        .select(['id', 'tenantId', 'customerId', 'name'])
        .where('id', 'in', ids)
        .execute()
    ).map((r) => ({
      id: r.id,
      entityType: 'DEVICE',
      name: r.name,
      tenantId: r.tenantId,
      customerId: orNull(r.customerId),
    })),
  ASSET: async (db, ids) =>
    (
      await db
        .selectFrom('asset')
        .select(['id', 'tenantId', 'customerId', 'name'])
        .where('id', 'in', ids)
        .execute()
    ).map((r) => ({
      id: r.id,
      entityType: 'ASSET',
      name: r.name,
      tenantId: r.tenantId,
      customerId: orNull(r.customerId),
    })),
  ENTITY_VIEW: async (db, ids) =>
    (
      await db
        .selectFrom('entityView')
        .select(['id', 'tenantId', 'customerId', 'name'])
        .where('id', 'in', ids)
        .execute()
    ).map((r) => ({
      id: r.id,
      entityType: 'ENTITY_VIEW',
      name: r.name,
      tenantId: r.tenantId,
      customerId: orNull(r.customerId),
    })),
  DASHBOARD: async (db, ids) =>
    (
      await db
        .selectFrom('dashboard')
        .select(['id', 'tenantId', 'title', 'assignedCustomers'])
        .where('id', 'in', ids)
        .execute()
    ).map((r) => ({
      id: r.id,
      entityType: 'DASHBOARD',
      name: r.title,
      tenantId: r.tenantId,
      customerId: NULL_UUID,
      assignedCustomerIds: assignedCustomerIds(r.assignedCustomers),
    })),
  DEVICE_PROFILE: async (db, ids) =>
    (
      await db.selectFrom('deviceProfile').select(['id', 'tenantId', 'name']).where('id', 'in', ids).execute()
    ).map((r) => ({
      id: r.id,
      entityType: 'DEVICE_PROFILE',
      name: r.name,
      tenantId: r.tenantId,
      customerId: NULL_UUID,
    })),
  TENANT_PROFILE: async (db, ids) =>
    (await db.selectFrom('tenantProfile').select(['id', 'name']).where('id', 'in', ids).execute()).map(
      (r) => ({
        id: r.id,
        entityType: 'TENANT_PROFILE',
        name: r.name,
        tenantId: NULL_UUID,
        customerId: NULL_UUID,
      }),
    ),
};

/** Entity types whose owner the resolver can load. */
export const RESOLVABLE_ENTITY_TYPES = Object.keys(LOADERS) as EntityType[];

/** Map key of an entity id: `DEVICE:<uuid>`. */
export const ownerKey = (id: { entityType: string; id: string }) => `${id.entityType}:${id.id}`;

/**
 * Loads the owners of many entities with one query per entity type. Entities that do not exist, or
 * whose type the resolver does not know, are absent from the map.
 */
export async function loadOwners(
  db: Db,
  ids: readonly { entityType: string; id: string }[],
): Promise<Map<string, EntityOwner>> {
  const byType = new Map<EntityType, Set<string>>();
  for (const id of ids) {
    if (!(id.entityType in LOADERS)) continue;
    const type = id.entityType as EntityType;
    const set = byType.get(type) ?? new Set<string>();
    set.add(id.id);
    byType.set(type, set);
  }
  const owners = new Map<string, EntityOwner>();
  for (const [type, set] of byType) {
    const loader = LOADERS[type];
    if (!loader) continue;
    for (const owner of await loader(db, [...set])) owners.set(ownerKey(owner), owner);
  }
  return owners;
}

/** The owner of one entity; 404 when it does not exist or its type is unknown to the resolver. */
export async function loadOwner(db: Db, id: { entityType: string; id: string }): Promise<EntityOwner> {
  const owner = (await loadOwners(db, [id])).get(ownerKey(id));
  if (!owner) throw notFound();
  return owner;
}

/** May the principal perform the operation on this entity? */
export function mayAccessEntity(principal: Principal, operation: Operation, owner: EntityOwner): boolean {
  const resource = RESOURCE_OF[owner.entityType];
  return resource !== undefined && may(principal, operation, resource, owner);
}

/** Loads the entity's owner and checks the operation: 404 for an unknown entity, 403 when denied. */
export async function requireEntityAccess(
  db: Db,
  principal: Principal,
  operation: Operation,
  id: EntityId | { entityType: string; id: string },
): Promise<EntityOwner> {
  const owner = await loadOwner(db, id);
  if (!mayAccessEntity(principal, operation, owner)) throw forbidden();
  return owner;
}
