import type { EntityId } from '@meridian/common';
import type { Db } from '../../db/store.js';

/** An entity of the tenant, as the rule nodes need it: who owns it. */
export interface OwnedEntity {
  id: EntityId;
  /** The entity's customer; null when the tenant holds it (or it is a customer or the tenant). */
  customerId: string | null;
}

/** The tables of the entity types that carry a tenant and (maybe) a customer. */
const OWNED_TABLES = {
  DEVICE: 'device',
  ASSET: 'asset',
  ENTITY_VIEW: 'entityView',
} as const;

/**
 * Finds an entity within one tenant, for nodes acting on the tenant's behalf: undefined when there
 * is no such entity or it belongs to another tenant, so a node never touches another tenant's data
 * by naming its id. Customers own themselves; users answer their customer.
 */
export async function findTenantEntity(
  db: Db,
  tenantId: string,
  entity: EntityId,
): Promise<OwnedEntity | undefined> {
  switch (entity.entityType) {
    case 'TENANT':
      return entity.id === tenantId ? { id: entity, customerId: null } : undefined;
    case 'DEVICE':
    case 'ASSET':
    case 'ENTITY_VIEW': {
      const row = await db
        .selectFrom(OWNED_TABLES[entity.entityType])
        .select(['customerId'])
        .where('id', '=', entity.id)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      return row ? { id: entity, customerId: row.customerId } : undefined;
    }
    case 'CUSTOMER': {
      const row = await db
        .selectFrom('customer')
        .select('id')
        .where('id', '=', entity.id)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      return row ? { id: entity, customerId: row.id } : undefined;
    }
    case 'USER': {
      const row = await db
        .selectFrom('tbUser')
        .select('customerId')
        .where('id', '=', entity.id)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      return row ? { id: entity, customerId: row.customerId } : undefined;
    }
    case 'DASHBOARD': {
      const row = await db
        .selectFrom('dashboard')
        .select('id')
        .where('id', '=', entity.id)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      return row ? { id: entity, customerId: null } : undefined;
    }
    default:
      return undefined;
  }
}

/** Like findTenantEntity, but a missing entity is an error naming it (the message goes to Failure). */
export async function requireTenantEntity(db: Db, tenantId: string, entity: EntityId): Promise<OwnedEntity> {
  const found = await findTenantEntity(db, tenantId, entity);
  if (!found) throw new Error(`${entity.entityType} ${entity.id} not found in the tenant`);
  return found;
}
