import { randomBytes } from 'node:crypto';
import { v1 as uuidv1 } from 'uuid';
import type { Db } from '../../src/db/store.js';
import type { Case, Statuses } from './matrix.js';

/**
 * Rows of the relations API (EntityRelationController). The caller needs WRITE on both ends to
 * change a relation and READ on the entity it lists or searches from; the system administrator
 * owns no devices. Targets: devices of Customer A (Test Device A1, A2) and devices the Demo Tenant
 * keeps for itself (Thermostat T1, DHT11 Demo Device).
 */

//                                        anon  SA   TA   CU   TA2  CU2
const CUSTOMER_A_DEVICES: Statuses = [401, 403, 200, 200, 403, 403];
const TENANT_DEVICES: Statuses = [401, 403, 200, 403, 403, 403];

export const unique = (prefix: string) => `${prefix} ${randomBytes(4).toString('hex')}`;

/** The id of a device of the demo install, by name. */
export async function demoDevice(db: Db, name: string): Promise<string> {
  const row = await db.selectFrom('device').select('id').where('name', '=', name).executeTakeFirstOrThrow();
  return row.id;
}

/** A new device of a tenant (of a customer when given), for rows that change or delete one. */
export async function freshDevice(db: Db, tenantId: string, customerId: string | null): Promise<string> {
  const profile = await db
    .selectFrom('deviceProfile')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('name', '=', 'default')
    .executeTakeFirstOrThrow();
  const id = uuidv1();
  await db
    .insertInto('device')
    .values({
      id,
      createdTime: Date.now(),
      tenantId,
      customerId,
      deviceProfileId: profile.id,
      name: unique('Matrix device'),
      type: 'default',
      deviceData: JSON.stringify({
        configuration: { type: 'DEFAULT' },
        transportConfiguration: { type: 'DEFAULT' },
      }),
      additionalInfo: '{}',
    })
    .execute();
  return id;
}

/** Stores a new COMMON relation of a unique type between two devices; returns its type. */
export async function freshRelation(db: Db, fromId: string, toId: string): Promise<string> {
  const relationType = unique('Matrix');
  await db
    .insertInto('relation')
    .values({
      fromId,
      fromType: 'DEVICE',
      toId,
      toType: 'DEVICE',
      relationTypeGroup: 'COMMON',
      relationType,
      additionalInfo: null,
    })
    .execute();
  return relationType;
}

const A1 = 'Test Device A1';
const A2 = 'Test Device A2';
const T1 = 'Thermostat T1';
const DHT = 'DHT11 Demo Device';

/** The two ends of a row: an existing relation of a fresh type between them, per call. */
async function relationKey(db: Db, from: string, to: string): Promise<string> {
  const [fromId, toId] = [await demoDevice(db, from), await demoDevice(db, to)];
  const relationType = await freshRelation(db, fromId, toId);
  return new URLSearchParams({
    fromId,
    fromType: 'DEVICE',
    relationType,
    toId,
    toType: 'DEVICE',
  }).toString();
}

const searchBody = async (db: Db, root: string) => ({
  parameters: {
    rootId: await demoDevice(db, root),
    rootType: 'DEVICE',
    direction: 'FROM',
    relationTypeGroup: 'COMMON',
    maxLevel: 1,
    fetchLastLevelOnly: false,
  },
  filters: [{ relationType: 'Contains', entityTypes: ['DEVICE'] }],
});

/** A Contains relation between the two devices, so that lists and searches have something to show. */
async function ensureContains(db: Db, from: string, to: string): Promise<void> {
  const [fromId, toId] = [await demoDevice(db, from), await demoDevice(db, to)];
  await db
    .insertInto('relation')
    .values({
      fromId,
      fromType: 'DEVICE',
      toId,
      toType: 'DEVICE',
      relationTypeGroup: 'COMMON',
      relationType: 'Contains',
      additionalInfo: null,
    })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export const RELATIONS_CASES: Case[] = [
  {
    method: 'POST',
    route: '/api/relation',
    target: 'between devices of Customer A',
    statuses: CUSTOMER_A_DEVICES,
    request: async (ctx) => ({
      path: '/api/relation',
      json: {
        from: { entityType: 'DEVICE', id: await demoDevice(ctx.db, A1) },
        to: { entityType: 'DEVICE', id: await demoDevice(ctx.db, A2) },
        type: 'Matrix',
        typeGroup: 'COMMON',
      },
    }),
  },
  {
    method: 'POST',
    route: '/api/relation',
    target: 'between devices of the Demo Tenant',
    statuses: TENANT_DEVICES,
    request: async (ctx) => ({
      path: '/api/relation',
      json: {
        from: { entityType: 'DEVICE', id: await demoDevice(ctx.db, T1) },
        to: { entityType: 'DEVICE', id: await demoDevice(ctx.db, DHT) },
        type: 'Matrix',
        typeGroup: 'COMMON',
      },
    }),
  },
  {
    method: 'GET',
    route: '/api/relation',
    statuses: CUSTOMER_A_DEVICES,
    request: async (ctx) => ({ path: `/api/relation?${await relationKey(ctx.db, A1, A2)}` }),
  },
  {
    method: 'DELETE',
    route: '/api/relation',
    target: 'between devices of Customer A',
    statuses: CUSTOMER_A_DEVICES,
    request: async (ctx) => ({ path: `/api/relation?${await relationKey(ctx.db, A1, A2)}` }),
  },
  {
    method: 'DELETE',
    route: '/api/relation',
    target: 'between devices of the Demo Tenant',
    statuses: TENANT_DEVICES,
    request: async (ctx) => ({ path: `/api/relation?${await relationKey(ctx.db, T1, DHT)}` }),
  },
  {
    method: 'DELETE',
    route: '/api/relations',
    statuses: CUSTOMER_A_DEVICES,
    request: async (ctx) => {
      const device = await freshDevice(ctx.db, ctx.ids.tenantId, ctx.ids.customerAId);
      await freshRelation(ctx.db, device, await demoDevice(ctx.db, A1));
      return { path: `/api/relations?entityType=DEVICE&entityId=${device}` };
    },
  },
  {
    method: 'GET',
    route: '/api/relations',
    target: 'from a device of Customer A',
    statuses: CUSTOMER_A_DEVICES,
    request: async (ctx) => {
      await ensureContains(ctx.db, A1, A2);
      return { path: `/api/relations?fromType=DEVICE&fromId=${await demoDevice(ctx.db, A1)}` };
    },
  },
  {
    method: 'GET',
    route: '/api/relations',
    target: 'to a device of Customer A, of one type',
    statuses: CUSTOMER_A_DEVICES,
    request: async (ctx) => {
      await ensureContains(ctx.db, A1, A2);
      return {
        path: `/api/relations?toType=DEVICE&toId=${await demoDevice(ctx.db, A2)}&relationType=Contains`,
      };
    },
  },
  {
    method: 'GET',
    route: '/api/relations',
    target: 'from a device of the Demo Tenant',
    statuses: TENANT_DEVICES,
    request: async (ctx) => {
      await ensureContains(ctx.db, T1, DHT);
      return { path: `/api/relations?fromType=DEVICE&fromId=${await demoDevice(ctx.db, T1)}` };
    },
  },
  {
    method: 'GET',
    route: '/api/relations/info',
    target: 'from a device of Customer A',
    statuses: CUSTOMER_A_DEVICES,
    request: async (ctx) => {
      await ensureContains(ctx.db, A1, A2);
      return { path: `/api/relations/info?fromType=DEVICE&fromId=${await demoDevice(ctx.db, A1)}` };
    },
  },
  {
    method: 'GET',
    route: '/api/relations/info',
    target: 'to a device of Customer A',
    statuses: CUSTOMER_A_DEVICES,
    request: async (ctx) => {
      await ensureContains(ctx.db, A1, A2);
      return { path: `/api/relations/info?toType=DEVICE&toId=${await demoDevice(ctx.db, A2)}` };
    },
  },
  {
    method: 'POST',
    route: '/api/relations',
    target: 'from a device of Customer A',
    statuses: CUSTOMER_A_DEVICES,
    request: async (ctx) => {
      await ensureContains(ctx.db, A1, A2);
      return { path: '/api/relations', json: await searchBody(ctx.db, A1) };
    },
  },
  {
    method: 'POST',
    route: '/api/relations',
    target: 'from a device of the Demo Tenant',
    statuses: TENANT_DEVICES,
    request: async (ctx) => {
      await ensureContains(ctx.db, T1, DHT);
      return { path: '/api/relations', json: await searchBody(ctx.db, T1) };
    },
  },
  {
    method: 'POST',
    route: '/api/relations/info',
    statuses: CUSTOMER_A_DEVICES,
    request: async (ctx) => {
      await ensureContains(ctx.db, A1, A2);
      return { path: '/api/relations/info', json: await searchBody(ctx.db, A1) };
    },
  },
];
