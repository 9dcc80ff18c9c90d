import { v1 as uuidv1 } from 'uuid';
import type { Db } from '../../src/db/store.js';
import type { DemoIds } from '../helper.js';
import { type Case, type Ctx, PAGE, type Statuses } from './matrix.js';
import { demoDevice, freshDevice, unique } from './relations.cases.js';

/**
 * Rows of the entity view API (EntityViewController without the edge routes). Targets are views of
 * Test Device A1 owned by Customer A, or kept by the Demo Tenant; every row gets a view of its own.
 */

//                                        anon  SA   TA   CU   TA2  CU2
const CUSTOMER_A_READ: Statuses = [401, 403, 200, 200, 403, 403];
const TENANT_ADMIN_OF_DEMO: Statuses = [401, 403, 200, 403, 403, 403];
const ANY_TENANT_ADMIN: Statuses = [401, 403, 200, 403, 200, 403];
const EVERY_TENANT_USER: Statuses = [401, 403, 200, 200, 200, 200];

interface View {
  id: string;
  name: string;
  deviceId: string;
}

/** A new entity view of Test Device A1, of Customer A unless `customerId` is null. */
async function freshView(db: Db, ids: DemoIds, customerId: string | null = ids.customerAId): Promise<View> {
  const view: View = {
    id: uuidv1(),
    name: unique('Matrix view'),
    deviceId: await demoDevice(db, 'Test Device A1'),
  };
  await db
    .insertInto('entityView')
    .values({
      id: view.id,
      createdTime: Date.now(),
      tenantId: ids.tenantId,
      customerId,
      entityId: view.deviceId,
      entityType: 'DEVICE',
      name: view.name,
      type: 'matrix',
      keys: JSON.stringify({ timeseries: ['temperature'], attributes: { cs: [], ss: [], sh: [] } }),
      startTs: 0,
      endTs: 0,
      additionalInfo: '{}',
    })
    .execute();
  return view;
}

const customerView = (route: string): Case => ({
  method: 'GET',
  route: `/api/customer/:customerId/${route}`,
  statuses: CUSTOMER_A_READ,
  request: async (ctx) => {
    await freshView(ctx.db, ctx.ids);
    return { path: `/api/customer/${ctx.ids.customerAId}/${route}?${PAGE}` };
  },
});

const tenantView = (route: string): Case => ({
  method: 'GET',
  route: `/api/tenant/${route}`,
  statuses: ANY_TENANT_ADMIN,
  request: async (ctx) => {
    await freshView(ctx.db, ctx.ids, null);
    return { path: `/api/tenant/${route}?${PAGE}&type=matrix` };
  },
});

/** A device of the caller's own tenant, for the view a caller creates. */
const ownDevice = (ctx: Ctx, caller: string) =>
  caller === 'otherTenantAdmin'
    ? freshDevice(ctx.db, ctx.otherTenant.id, null)
    : demoDevice(ctx.db, 'Test Device A1');

export const ENTITY_VIEWS_CASES: Case[] = [
  {
    method: 'GET',
    route: '/api/entityView/:entityViewId',
    statuses: CUSTOMER_A_READ,
    request: async (ctx) => ({ path: `/api/entityView/${(await freshView(ctx.db, ctx.ids)).id}` }),
  },
  {
    method: 'GET',
    route: '/api/entityView/:entityViewId',
    target: 'a view of the Demo Tenant',
    statuses: TENANT_ADMIN_OF_DEMO,
    request: async (ctx) => ({ path: `/api/entityView/${(await freshView(ctx.db, ctx.ids, null)).id}` }),
  },
  {
    method: 'GET',
    route: '/api/entityView/info/:entityViewId',
    statuses: CUSTOMER_A_READ,
    request: async (ctx) => ({ path: `/api/entityView/info/${(await freshView(ctx.db, ctx.ids)).id}` }),
  },
  {
    method: 'POST',
    route: '/api/entityView',
    target: 'update of a view of Customer A',
    statuses: CUSTOMER_A_READ,
    request: async (ctx) => {
      const view = await freshView(ctx.db, ctx.ids);
      return {
        path: '/api/entityView',
        json: {
          id: { entityType: 'ENTITY_VIEW', id: view.id },
          entityId: { entityType: 'DEVICE', id: view.deviceId },
          name: view.name,
          type: 'matrix',
          keys: { timeseries: ['temperature', 'humidity'], attributes: { cs: [], ss: [], sh: [] } },
        },
      };
    },
  },
  {
    method: 'POST',
    route: '/api/entityView',
    target: 'create',
    statuses: ANY_TENANT_ADMIN,
    request: async (ctx, caller) => ({
      path: '/api/entityView',
      json: {
        entityId: { entityType: 'DEVICE', id: await ownDevice(ctx, caller) },
        name: unique('Matrix view'),
        type: 'matrix',
      },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/entityView/:entityViewId',
    statuses: TENANT_ADMIN_OF_DEMO,
    request: async (ctx) => ({ path: `/api/entityView/${(await freshView(ctx.db, ctx.ids)).id}` }),
  },
  {
    method: 'GET',
    route: '/api/entityView/types',
    statuses: EVERY_TENANT_USER,
    request: async (ctx) => {
      await freshView(ctx.db, ctx.ids);
      return { path: '/api/entityView/types' };
    },
  },
  {
    method: 'GET',
    route: '/api/tenant/entityViews',
    target: 'by name',
    // Another tenant's administrator looks the name up in their own tenant: not found.
    statuses: [401, 403, 200, 403, 404, 403],
    request: async (ctx) => {
      const view = await freshView(ctx.db, ctx.ids, null);
      return { path: `/api/tenant/entityViews?entityViewName=${encodeURIComponent(view.name)}` };
    },
  },
  tenantView('entityViews'),
  tenantView('entityViewInfos'),
  customerView('entityViews'),
  customerView('entityViewInfos'),
  {
    method: 'POST',
    route: '/api/customer/:customerId/entityView/:entityViewId',
    statuses: TENANT_ADMIN_OF_DEMO,
    request: async (ctx) => {
      const view = await freshView(ctx.db, ctx.ids, null);
      return { path: `/api/customer/${ctx.ids.customerAId}/entityView/${view.id}` };
    },
  },
  {
    method: 'DELETE',
    route: '/api/customer/entityView/:entityViewId',
    statuses: TENANT_ADMIN_OF_DEMO,
    request: async (ctx) => ({
      path: `/api/customer/entityView/${(await freshView(ctx.db, ctx.ids)).id}`,
    }),
  },
  {
    method: 'POST',
    route: '/api/customer/public/entityView/:entityViewId',
    statuses: TENANT_ADMIN_OF_DEMO,
    request: async (ctx) => ({
      path: `/api/customer/public/entityView/${(await freshView(ctx.db, ctx.ids, null)).id}`,
    }),
  },
  {
    method: 'POST',
    route: '/api/entityViews',
    statuses: CUSTOMER_A_READ,
    request: async (ctx) => {
      const view = await freshView(ctx.db, ctx.ids);
      await ctx.db
        .insertInto('relation')
        .values({
          fromId: view.deviceId,
          fromType: 'DEVICE',
          toId: view.id,
          toType: 'ENTITY_VIEW',
          relationTypeGroup: 'COMMON',
          relationType: 'Contains',
          additionalInfo: null,
        })
        .execute();
      return {
        path: '/api/entityViews',
        json: {
          parameters: { rootId: view.deviceId, rootType: 'DEVICE', direction: 'FROM', maxLevel: 1 },
          relationType: 'Contains',
          entityViewTypes: ['matrix'],
        },
      };
    },
  },
];
