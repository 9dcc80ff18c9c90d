import { v1 as uuidv1 } from 'uuid';
import type { Db } from '../../src/db/store.js';
import { ANY_USER, type Caller, type Case, type Ctx, PAGE, type Statuses } from './matrix.js';

/**
 * Rows of the widget library routes (WidgetsBundleController, WidgetTypeController). They read a
 * system bundle and type and a bundle and type of the Demo Tenant, made once per store; rows that
 * delete get a fresh entity for the caller who may delete it, so the shared ones stay.
 */

//                                       anon  SA   TA   CU   TA2  CU2
const SYSTEM_READ: Statuses = ANY_USER;
const TENANT_BUNDLE_READ: Statuses = [401, 403, 200, 200, 403, 200];
const SYSTEM_WRITE: Statuses = [401, 200, 403, 403, 403, 403];
const TENANT_WRITE: Statuses = [401, 403, 200, 403, 403, 403];
/** Types by id and the bundle lists of types: administrators only (reference authorities). */
const ADMINS_READ_SYSTEM: Statuses = [401, 200, 200, 403, 200, 403];
const ADMINS_CREATE: Statuses = [401, 400, 400, 403, 400, 403];

const DESCRIPTOR = JSON.stringify({ type: 'static', sizeX: 4, sizeY: 3, resources: [], defaultConfig: '{}' });

interface Fixture {
  bundleId: string;
  bundleAlias: string;
  typeId: string;
  typeAlias: string;
}

const fixtures = new WeakMap<Db, Promise<{ system: Fixture; tenant: Fixture }>>();

/** A bundle with one type, inserted for an owner (null: the system). */
async function insertBundleWithType(db: Db, tenantId: string | null, label: string): Promise<Fixture> {
  const bundleAlias = `matrix_${label}_${uuidv1().slice(0, 8)}`;
  const fixture = { bundleId: uuidv1(), bundleAlias, typeId: uuidv1(), typeAlias: 'matrix_type' };
  const createdTime = Date.now();
  await db
    .insertInto('widgetsBundle')
    .values({
      id: fixture.bundleId,
      createdTime,
      tenantId,
      alias: bundleAlias,
      title: `Matrix ${label} bundle`,
      image: null,
      description: null,
    })
    .execute();
  await db
    .insertInto('widgetType')
    .values({
      id: fixture.typeId,
      createdTime,
      tenantId,
      bundleAlias,
      alias: fixture.typeAlias,
      name: `Matrix ${label} type`,
      image: null,
      description: null,
      descriptor: DESCRIPTOR,
    })
    .execute();
  return fixture;
}

function shared(ctx: Ctx) {
  let found = fixtures.get(ctx.db);
  if (!found) {
    found = (async () => ({
      system: await insertBundleWithType(ctx.db, null, 'system'),
      tenant: await insertBundleWithType(ctx.db, ctx.ids.tenantId, 'tenant'),
    }))();
    fixtures.set(ctx.db, found);
  }
  return found;
}

/** The shared fixture, or a fresh one when this caller is the one allowed to delete it. */
async function deletable(ctx: Ctx, caller: Caller, owner: 'system' | 'tenant'): Promise<Fixture> {
  const mayDelete = owner === 'system' ? caller === 'sysadmin' : caller === 'tenantAdmin';
  if (!mayDelete) return (await shared(ctx))[owner];
  return insertBundleWithType(ctx.db, owner === 'system' ? null : ctx.ids.tenantId, `${owner}_deleted`);
}

const bundleJson = (f: Fixture, tenantId: string | null, title: string) => ({
  id: { entityType: 'WIDGETS_BUNDLE', id: f.bundleId },
  tenantId: tenantId === null ? undefined : { entityType: 'TENANT', id: tenantId },
  alias: f.bundleAlias,
  title,
});

const typeJson = (f: Fixture, name: string) => ({
  id: { entityType: 'WIDGET_TYPE', id: f.typeId },
  bundleAlias: f.bundleAlias,
  alias: f.typeAlias,
  name,
  descriptor: JSON.parse(DESCRIPTOR),
});

export const WIDGETS_CASES: Case[] = [
  {
    method: 'GET',
    route: '/api/widgetsBundle/:widgetsBundleId',
    target: 'system bundle',
    statuses: SYSTEM_READ,
    request: async (ctx) => ({ path: `/api/widgetsBundle/${(await shared(ctx)).system.bundleId}` }),
  },
  {
    method: 'GET',
    route: '/api/widgetsBundle/:widgetsBundleId',
    target: 'Demo Tenant bundle',
    statuses: TENANT_BUNDLE_READ,
    request: async (ctx) => ({ path: `/api/widgetsBundle/${(await shared(ctx)).tenant.bundleId}` }),
  },
  {
    method: 'GET',
    route: '/api/widgetsBundles',
    target: 'all',
    statuses: ANY_USER,
    request: () => ({ path: '/api/widgetsBundles' }),
  },
  {
    method: 'GET',
    route: '/api/widgetsBundles',
    target: 'paged',
    statuses: ANY_USER,
    request: () => ({ path: `/api/widgetsBundles?${PAGE}` }),
  },
  {
    method: 'POST',
    route: '/api/widgetsBundle',
    // Without a title, so nothing is created: allowed callers get past access to the title check.
    target: 'create without a title',
    statuses: ADMINS_CREATE,
    request: () => ({ path: '/api/widgetsBundle', json: { description: 'no title' } }),
  },
  {
    method: 'POST',
    route: '/api/widgetsBundle',
    target: 'update of the system bundle, keeping the title',
    statuses: SYSTEM_WRITE,
    request: async (ctx) => ({
      path: '/api/widgetsBundle',
      json: bundleJson((await shared(ctx)).system, null, 'Matrix system bundle'),
    }),
  },
  {
    method: 'POST',
    route: '/api/widgetsBundle',
    target: 'update of the Demo Tenant bundle, keeping the title',
    statuses: TENANT_WRITE,
    request: async (ctx) => ({
      path: '/api/widgetsBundle',
      json: bundleJson((await shared(ctx)).tenant, ctx.ids.tenantId, 'Matrix tenant bundle'),
    }),
  },
  {
    method: 'DELETE',
    route: '/api/widgetsBundle/:widgetsBundleId',
    target: 'system bundle',
    statuses: SYSTEM_WRITE,
    request: async (ctx, caller) => ({
      path: `/api/widgetsBundle/${(await deletable(ctx, caller, 'system')).bundleId}`,
    }),
  },
  {
    method: 'DELETE',
    route: '/api/widgetsBundle/:widgetsBundleId',
    target: 'Demo Tenant bundle',
    statuses: TENANT_WRITE,
    request: async (ctx, caller) => ({
      path: `/api/widgetsBundle/${(await deletable(ctx, caller, 'tenant')).bundleId}`,
    }),
  },
  {
    method: 'GET',
    route: '/api/widgetType/:widgetTypeId',
    target: 'system type',
    statuses: ADMINS_READ_SYSTEM,
    request: async (ctx) => ({ path: `/api/widgetType/${(await shared(ctx)).system.typeId}` }),
  },
  {
    method: 'GET',
    route: '/api/widgetType/:widgetTypeId',
    target: 'Demo Tenant type',
    statuses: TENANT_WRITE,
    request: async (ctx) => ({ path: `/api/widgetType/${(await shared(ctx)).tenant.typeId}` }),
  },
  {
    method: 'POST',
    route: '/api/widgetType',
    target: 'create without a name',
    statuses: ADMINS_CREATE,
    request: () => ({
      path: '/api/widgetType',
      json: { bundleAlias: 'cards', descriptor: { type: 'latest' } },
    }),
  },
  {
    method: 'POST',
    route: '/api/widgetType',
    target: 'update of the system type, keeping the name',
    statuses: SYSTEM_WRITE,
    request: async (ctx) => ({
      path: '/api/widgetType',
      json: typeJson((await shared(ctx)).system, 'Matrix system type'),
    }),
  },
  {
    method: 'POST',
    route: '/api/widgetType',
    target: 'update of the Demo Tenant type, keeping the name',
    statuses: TENANT_WRITE,
    request: async (ctx) => ({
      path: '/api/widgetType',
      json: typeJson((await shared(ctx)).tenant, 'Matrix tenant type'),
    }),
  },
  {
    method: 'DELETE',
    route: '/api/widgetType/:widgetTypeId',
    target: 'system type',
    statuses: SYSTEM_WRITE,
    request: async (ctx, caller) => ({
      path: `/api/widgetType/${(await deletable(ctx, caller, 'system')).typeId}`,
    }),
  },
  {
    method: 'DELETE',
    route: '/api/widgetType/:widgetTypeId',
    target: 'Demo Tenant type',
    statuses: TENANT_WRITE,
    request: async (ctx, caller) => ({
      path: `/api/widgetType/${(await deletable(ctx, caller, 'tenant')).typeId}`,
    }),
  },
  ...(['/api/widgetTypes', '/api/widgetTypesDetails', '/api/widgetTypesInfos'] as const).map(
    (route): Case => ({
      method: 'GET',
      route,
      // Each administrator gets the types of their own tenant with this alias (none for others).
      statuses: ADMINS_READ_SYSTEM,
      request: async (ctx) => ({
        path: `${route}?isSystem=false&bundleAlias=${(await shared(ctx)).tenant.bundleAlias}`,
      }),
    }),
  ),
  {
    method: 'GET',
    route: '/api/widgetType',
    target: 'system type by aliases',
    statuses: SYSTEM_READ,
    request: async (ctx) => {
      const { system } = await shared(ctx);
      return {
        path: `/api/widgetType?isSystem=true&bundleAlias=${system.bundleAlias}&alias=${system.typeAlias}`,
      };
    },
  },
  {
    method: 'GET',
    route: '/api/widgetType',
    // A non-system lookup is in the caller's tenant: only the Demo Tenant's users find it.
    target: 'Demo Tenant type by aliases',
    statuses: [401, 404, 200, 200, 404, 200],
    request: async (ctx) => {
      const { tenant } = await shared(ctx);
      return {
        path: `/api/widgetType?isSystem=false&bundleAlias=${tenant.bundleAlias}&alias=${tenant.typeAlias}`,
      };
    },
  },
];
