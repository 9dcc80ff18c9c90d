import type { EntityId } from '@meridian/common';
import type { Db } from '../../db/store.js';

/**
 * The named fields of an entity that the originator fields node can copy (the reference's
 * EntityFieldsData): `id`, `createdTime`, `name`, `type`, `label`, the contact fields, the user
 * names and `additionalInfo` (as JSON text). Absent and empty fields are left out. Only entities
 * of `tenantId` are read; others answer undefined, as if they did not exist.
 */
export type EntityFields = Record<string, string>;

/** Entity types whose fields can be read. */
export const FIELD_ENTITY_TYPES = [
  'TENANT',
  'CUSTOMER',
  'USER',
  'ASSET',
  'DEVICE',
  'ALARM',
  'ENTITY_VIEW',
  'DASHBOARD',
] as const;

type Row = Record<string, unknown>;

function fieldsOf(row: Row, id: EntityId, name: unknown, type: unknown): EntityFields {
  const fields: EntityFields = { id: id.id };
  const put = (key: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return;
    fields[key] = typeof value === 'object' ? JSON.stringify(value) : String(value);
  };
  put('createdTime', row.createdTime);
  put('name', name);
  put('type', type);
  for (const key of [
    'label',
    'title',
    'email',
    'firstName',
    'lastName',
    'country',
    'state',
    'city',
    'zip',
    'address',
    'address2',
    'phone',
    'additionalInfo',
  ]) {
    put(key, row[key]);
  }
  return fields;
}

export async function loadEntityFields(
  db: Db,
  tenantId: string,
  id: EntityId,
): Promise<EntityFields | undefined> {
  switch (id.entityType) {
    case 'TENANT': {
      if (id.id !== tenantId) return undefined;
      const row = await db.selectFrom('tenant').selectAll().where('id', '=', id.id).executeTakeFirst();
      return row && fieldsOf(row, id, row.title, undefined);
    }
    case 'CUSTOMER': {
      const row = await db
        .selectFrom('customer')
        .selectAll()
        .where('id', '=', id.id)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      return row && fieldsOf(row, id, row.title, undefined);
    }
    case 'USER': {
      const row = await db
        .selectFrom('tbUser')
        .selectAll()
        .where('id', '=', id.id)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      return row && fieldsOf(row, id, row.email, undefined);
    }
    case 'ASSET': {
      const row = await db
        .selectFrom('asset')
        .selectAll()
        .where('id', '=', id.id)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      return row && fieldsOf(row, id, row.name, row.type);
    }
    case 'DEVICE': {
      const row = await db
        .selectFrom('device')
        .selectAll()
        .where('id', '=', id.id)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      return row && fieldsOf(row, id, row.name, row.type);
    }
    case 'ENTITY_VIEW': {
      const row = await db
        .selectFrom('entityView')
        .selectAll()
        .where('id', '=', id.id)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      return row && fieldsOf(row, id, row.name, row.type);
    }
    case 'ALARM': {
      const row = await db
        .selectFrom('alarm')
        .select(['createdTime', 'type'])
        .where('id', '=', id.id)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      return row && fieldsOf(row, id, row.type, row.type);
    }
    case 'DASHBOARD': {
      const row = await db
        .selectFrom('dashboard')
        .select(['createdTime', 'title'])
        .where('id', '=', id.id)
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      return row && fieldsOf(row, id, row.title, undefined);
    }
    default:
      throw new Error(`Unexpected originator EntityType ${id.entityType}`);
  }
}
