import { newDashboard } from '../factories.js';
import { ANY_USER, type Caller, type Case, type Ctx, PAGE, type Statuses } from './matrix.js';

/**
 * Rows of the dashboard routes (DashboardController). They work on the seeded "Dashboard of
 * Customer A" and leave it as they found it (assigning what is assigned, removing what is not),
 * because the matrix later checks exactly which dashboards each tenant and customer lists.
 */

//                                  anon  SA   TA   CU   TA2  CU2
const CUSTOMER_A_READ: Statuses = [401, 403, 200, 200, 403, 403];
/** The reference lets system administrators read any dashboard's info. */
const INFO_READ: Statuses = [401, 200, 200, 200, 403, 403];
const OWN_TENANT_WRITE: Statuses = [401, 403, 200, 403, 403, 403];
const ANY_TENANT_ADMIN: Statuses = [401, 403, 200, 403, 200, 403];

/** The id of the seeded dashboard assigned to Customer A. */
async function dashboardOfA(ctx: Ctx): Promise<string> {
  const row = await ctx.db
    .selectFrom('dashboard')
    .select('id')
    .where('tenantId', '=', ctx.ids.tenantId)
    .where('title', '=', 'Dashboard of Customer A')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A dashboard the caller may delete: a new one for the Demo Tenant's administrator, who deletes it. */
async function deletable(ctx: Ctx, caller: Caller): Promise<string> {
  if (caller !== 'tenantAdmin') return dashboardOfA(ctx);
  const customerA = { id: ctx.ids.customerAId, title: 'Customer A' };
  return (await newDashboard(ctx.db, ctx.ids.tenantId, 'Matrix dashboard to delete', [customerA])).id;
}

export const DASHBOARDS_CASES: Case[] = [
  {
    method: 'GET',
    route: '/api/dashboard/info/:dashboardId',
    statuses: INFO_READ,
    request: async (ctx) => ({ path: `/api/dashboard/info/${await dashboardOfA(ctx)}` }),
  },
  {
    method: 'GET',
    route: '/api/dashboard/:dashboardId',
    statuses: CUSTOMER_A_READ,
    request: async (ctx) => ({ path: `/api/dashboard/${await dashboardOfA(ctx)}` }),
  },
  {
    method: 'POST',
    route: '/api/dashboard',
    target: 'update, keeping the title',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({
      path: '/api/dashboard',
      json: {
        id: { entityType: 'DASHBOARD', id: await dashboardOfA(ctx) },
        title: 'Dashboard of Customer A',
      },
    }),
  },
  {
    method: 'POST',
    route: '/api/dashboard',
    // Without a title, so the lists stay as seeded: allowed callers get past access to the title check.
    target: 'create without a title',
    statuses: [401, 403, 400, 403, 400, 403],
    request: () => ({ path: '/api/dashboard', json: { configuration: {} } }),
  },
  {
    method: 'DELETE',
    route: '/api/dashboard/:dashboardId',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx, caller) => ({ path: `/api/dashboard/${await deletable(ctx, caller)}` }),
  },
  {
    method: 'GET',
    route: '/api/tenant/:tenantId/dashboards',
    statuses: [401, 200, 403, 403, 403, 403],
    request: (ctx) => ({ path: `/api/tenant/${ctx.ids.tenantId}/dashboards?${PAGE}` }),
  },
  {
    method: 'POST',
    route: '/api/customer/:customerId/dashboard/:dashboardId',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({
      path: `/api/customer/${ctx.ids.customerAId}/dashboard/${await dashboardOfA(ctx)}`,
    }),
  },
  {
    method: 'DELETE',
    route: '/api/customer/:customerId/dashboard/:dashboardId',
    // Customer B is not assigned: unassigning it changes nothing.
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({
      path: `/api/customer/${ctx.ids.customerBId}/dashboard/${await dashboardOfA(ctx)}`,
    }),
  },
  {
    method: 'POST',
    route: '/api/customer/public/dashboard/:dashboardId',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({ path: `/api/customer/public/dashboard/${await dashboardOfA(ctx)}` }),
  },
  {
    method: 'DELETE',
    route: '/api/customer/public/dashboard/:dashboardId',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({ path: `/api/customer/public/dashboard/${await dashboardOfA(ctx)}` }),
  },
  {
    method: 'POST',
    route: '/api/dashboard/:dashboardId/customers',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({
      path: `/api/dashboard/${await dashboardOfA(ctx)}/customers`,
      json: [ctx.ids.customerAId],
    }),
  },
  {
    method: 'POST',
    route: '/api/dashboard/:dashboardId/customers/add',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({
      path: `/api/dashboard/${await dashboardOfA(ctx)}/customers/add`,
      json: [ctx.ids.customerAId],
    }),
  },
  {
    method: 'POST',
    route: '/api/dashboard/:dashboardId/customers/remove',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({
      path: `/api/dashboard/${await dashboardOfA(ctx)}/customers/remove`,
      json: [ctx.ids.customerBId],
    }),
  },
  {
    method: 'GET',
    route: '/api/dashboard/home',
    statuses: ANY_USER,
    request: () => ({ path: '/api/dashboard/home' }),
  },
  {
    method: 'GET',
    route: '/api/dashboard/home/info',
    statuses: ANY_USER,
    request: () => ({ path: '/api/dashboard/home/info' }),
  },
  {
    method: 'GET',
    route: '/api/tenant/dashboard/home/info',
    statuses: ANY_TENANT_ADMIN,
    request: () => ({ path: '/api/tenant/dashboard/home/info' }),
  },
  {
    method: 'POST',
    route: '/api/tenant/dashboard/home/info',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({
      path: '/api/tenant/dashboard/home/info',
      json: {
        dashboardId: { entityType: 'DASHBOARD', id: await dashboardOfA(ctx) },
        hideDashboardToolbar: true,
      },
    }),
  },
];
