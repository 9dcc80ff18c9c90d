import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CustomerRef,
  newCustomer,
  newDashboard,
  newTenant,
  newUser,
  type TenantRef,
  type UserRef,
} from './factories.js';
import {
  type ApiResponse,
  DEMO,
  type DemoIds,
  demoIds,
  type ErrorBody,
  expectError,
  startServer,
  type TestServer,
  uniqueEmail,
} from './helper.js';
import { configureMail, SmtpReceiver } from './smtp.js';

/**
 * The permission matrix (practice 8): every /api route of the app, called by each kind of caller
 * against entities of the Demo Tenant and its Customer A, with the status each must get. A
 * registered route missing from the table fails the test, and so does a row for a route that
 * no longer exists. Callers of another tenant or another customer must never see an id or email
 * of the Demo Tenant (or of Customer A) in any answer.
 */

type Caller =
  | 'anonymous'
  | 'sysadmin'
  | 'tenantAdmin'
  | 'customerUser'
  | 'otherTenantAdmin'
  | 'otherCustomerUser';

const CALLERS: readonly Caller[] = [
  'anonymous',
  'sysadmin',
  'tenantAdmin',
  'customerUser',
  'otherTenantAdmin',
  'otherCustomerUser',
];

/** Expected statuses in CALLERS order. */
type Statuses = readonly [number, number, number, number, number, number];

interface Ctx {
  ids: DemoIds;
  otherTenant: TenantRef;
  publicCustomer: CustomerRef;
  /** A customer user of Customer A who has not activated the account yet. */
  pending: UserRef;
  tenantAdminRefreshToken: string;
  smtp: SmtpReceiver;
  /** A new user of the Demo Tenant (of Customer A for customer users), for requests that consume one. */
  freshUser(authority: 'TENANT_ADMIN' | 'CUSTOMER_USER'): Promise<UserRef>;
}

interface Case {
  method: string;
  /** The route as registered, e.g. /api/user/:userId. */
  route: string;
  /** Which target, when a route has more than one row. */
  target?: string;
  statuses: Statuses;
  request(
    ctx: Ctx,
    caller: Caller,
  ): Promise<{ path: string; json?: unknown }> | { path: string; json?: unknown };
}

// Columns: no token, system administrator, Demo Tenant administrator, customer user of Customer A,
// administrator of another tenant (TA2), customer user of Customer B of the Demo Tenant (CU2).
//                        anon  SA   TA   CU   TA2  CU2
const PUBLIC: Statuses = [200, 200, 200, 200, 200, 200];
const ANY_USER: Statuses = [401, 200, 200, 200, 200, 200];
const SYSADMIN_ONLY: Statuses = [401, 200, 403, 403, 403, 403];
const NOT_SUPPORTED: Statuses = [401, 401, 401, 401, 401, 401];

const PAGE = 'pageSize=50&page=0';
const nonPost = (route: string): Case[] =>
  ['GET', 'PUT', 'DELETE', 'PATCH'].map((method) => ({
    method,
    route,
    statuses: NOT_SUPPORTED,
    request: () => ({ path: route, ...(method === 'PUT' || method === 'PATCH' ? { json: {} } : {}) }),
  }));

const CASES: Case[] = [
  // Token endpoints: public filters, POST only.
  {
    method: 'POST',
    route: '/api/auth/login',
    statuses: PUBLIC,
    request: () => ({
      path: '/api/auth/login',
      json: { username: DEMO.tenant.email, password: DEMO.tenant.password },
    }),
  },
  ...nonPost('/api/auth/login'),
  {
    method: 'POST',
    route: '/api/auth/login/public',
    statuses: PUBLIC,
    request: (ctx) => ({ path: '/api/auth/login/public', json: { publicId: ctx.publicCustomer.id } }),
  },
  ...nonPost('/api/auth/login/public'),
  {
    method: 'POST',
    route: '/api/auth/token',
    statuses: PUBLIC,
    request: (ctx) => ({ path: '/api/auth/token', json: { refreshToken: ctx.tenantAdminRefreshToken } }),
  },
  ...nonPost('/api/auth/token'),

  // Any signed-in user.
  { method: 'GET', route: '/api/auth/user', statuses: ANY_USER, request: () => ({ path: '/api/auth/user' }) },
  {
    method: 'POST',
    route: '/api/auth/logout',
    statuses: ANY_USER,
    request: () => ({ path: '/api/auth/logout' }),
  },
  {
    method: 'POST',
    route: '/api/auth/changePassword',
    statuses: [401, 400, 400, 400, 400, 400],
    request: () => ({
      path: '/api/auth/changePassword',
      json: { currentPassword: 'not-the-password', newPassword: 'Whatever1!' },
    }),
  },
  {
    method: 'GET',
    route: '/api/edges/enabled',
    statuses: ANY_USER,
    request: () => ({ path: '/api/edges/enabled' }),
  },
  {
    method: 'GET',
    route: '/api/dashboard/serverTime',
    statuses: ANY_USER,
    request: () => ({ path: '/api/dashboard/serverTime' }),
  },
  {
    method: 'GET',
    route: '/api/dashboard/maxDatapointsLimit',
    statuses: ANY_USER,
    request: () => ({ path: '/api/dashboard/maxDatapointsLimit' }),
  },
  {
    method: 'GET',
    route: '/api/system/info',
    statuses: ANY_USER,
    request: () => ({ path: '/api/system/info' }),
  },
  {
    method: 'GET',
    route: '/api/uiSettings/helpBaseUrl',
    statuses: ANY_USER,
    request: () => ({ path: '/api/uiSettings/helpBaseUrl' }),
  },

  // No authentication: the token, if any, is ignored.
  {
    method: 'GET',
    route: '/api/noauth/userPasswordPolicy',
    statuses: PUBLIC,
    request: () => ({ path: '/api/noauth/userPasswordPolicy' }),
  },
  {
    method: 'POST',
    route: '/api/noauth/resetPasswordByEmail',
    statuses: PUBLIC,
    request: () => ({ path: '/api/noauth/resetPasswordByEmail', json: { email: 'nobody@example.test' } }),
  },
  {
    method: 'GET',
    route: '/api/noauth/resetPassword',
    statuses: [409, 409, 409, 409, 409, 409],
    request: () => ({ path: '/api/noauth/resetPassword?resetToken=unknownResetToken' }),
  },
  {
    method: 'POST',
    route: '/api/noauth/resetPassword',
    statuses: [400, 400, 400, 400, 400, 400],
    request: () => ({
      path: '/api/noauth/resetPassword',
      json: { resetToken: 'unknown', password: 'Whatever1!' },
    }),
  },
  {
    method: 'GET',
    route: '/api/noauth/activate',
    statuses: [409, 409, 409, 409, 409, 409],
    request: () => ({ path: '/api/noauth/activate?activateToken=unknownActivateToken' }),
  },
  {
    method: 'POST',
    route: '/api/noauth/activate',
    statuses: [400, 400, 400, 400, 400, 400],
    request: () => ({
      path: '/api/noauth/activate',
      json: { activateToken: 'unknown', password: 'Whatever1!' },
    }),
  },
  {
    method: 'POST',
    route: '/api/noauth/oauth2Clients',
    statuses: PUBLIC,
    request: () => ({ path: '/api/noauth/oauth2Clients' }),
  },

  // Users.
  {
    method: 'GET',
    route: '/api/user/:userId',
    target: 'customer user of Customer A',
    statuses: [401, 403, 200, 200, 403, 403],
    request: (ctx) => ({ path: `/api/user/${ctx.ids.customerUserId}` }),
  },
  {
    method: 'GET',
    route: '/api/user/:userId',
    target: 'tenant administrator',
    statuses: [401, 200, 200, 403, 403, 403],
    request: (ctx) => ({ path: `/api/user/${ctx.ids.tenantAdminId}` }),
  },
  {
    method: 'GET',
    route: '/api/user/tokenAccessEnabled',
    statuses: [401, 200, 200, 403, 200, 403],
    request: () => ({ path: '/api/user/tokenAccessEnabled' }),
  },
  {
    method: 'GET',
    route: '/api/user/:userId/token',
    target: 'customer user of Customer A',
    statuses: [401, 403, 200, 403, 403, 403],
    request: (ctx) => ({ path: `/api/user/${ctx.ids.customerUserId}/token` }),
  },
  {
    method: 'GET',
    route: '/api/user/:userId/token',
    target: 'tenant administrator',
    statuses: [401, 200, 403, 403, 403, 403],
    request: (ctx) => ({ path: `/api/user/${ctx.ids.tenantAdminId}/token` }),
  },
  {
    method: 'POST',
    route: '/api/user',
    // A tenant administrator always creates in their own tenant, where Customer A does not exist:
    // the other tenant's administrator gets the 400 of a non-existent customer, which reveals nothing.
    target: 'create a customer user of Customer A',
    statuses: [401, 403, 200, 403, 400, 403],
    request: (ctx) => ({
      path: '/api/user?sendActivationMail=false',
      json: {
        email: uniqueEmail('matrix'),
        authority: 'CUSTOMER_USER',
        tenantId: { entityType: 'TENANT', id: ctx.ids.tenantId },
        customerId: { entityType: 'CUSTOMER', id: ctx.ids.customerAId },
      },
    }),
  },
  {
    method: 'POST',
    route: '/api/user',
    target: 'update the customer user of Customer A',
    statuses: [401, 403, 200, 200, 403, 403],
    request: (ctx) => ({
      path: '/api/user',
      json: {
        id: { entityType: 'USER', id: ctx.ids.customerUserId },
        email: DEMO.customer.email,
        authority: 'CUSTOMER_USER',
        customerId: { entityType: 'CUSTOMER', id: ctx.ids.customerAId },
        firstName: 'Customer',
      },
    }),
  },
  {
    method: 'POST',
    route: '/api/user',
    target: 'update the tenant administrator',
    statuses: [401, 200, 200, 403, 403, 403],
    request: (ctx) => ({
      path: '/api/user',
      json: {
        id: { entityType: 'USER', id: ctx.ids.tenantAdminId },
        email: DEMO.tenant.email,
        authority: 'TENANT_ADMIN',
        firstName: 'Tenant',
      },
    }),
  },
  {
    method: 'POST',
    route: '/api/user/sendActivationMail',
    statuses: [401, 403, 200, 403, 403, 403],
    request: (ctx) => ({
      path: `/api/user/sendActivationMail?email=${encodeURIComponent(ctx.pending.email)}`,
    }),
  },
  {
    method: 'GET',
    route: '/api/user/:userId/activationLink',
    statuses: [401, 403, 200, 403, 403, 403],
    request: (ctx) => ({ path: `/api/user/${ctx.pending.id}/activationLink` }),
  },
  {
    method: 'DELETE',
    route: '/api/user/:userId',
    target: 'a customer user of Customer A',
    statuses: [401, 403, 200, 403, 403, 403],
    request: async (ctx) => ({ path: `/api/user/${(await ctx.freshUser('CUSTOMER_USER')).id}` }),
  },
  {
    method: 'DELETE',
    route: '/api/user/:userId',
    target: 'a tenant administrator',
    statuses: [401, 200, 200, 403, 403, 403],
    request: async (ctx) => ({ path: `/api/user/${(await ctx.freshUser('TENANT_ADMIN')).id}` }),
  },
  {
    method: 'POST',
    route: '/api/user/:userId/userCredentialsEnabled',
    statuses: [401, 403, 200, 403, 403, 403],
    request: async (ctx) => ({
      path: `/api/user/${(await ctx.freshUser('CUSTOMER_USER')).id}/userCredentialsEnabled?userCredentialsEnabled=false`,
    }),
  },
  {
    method: 'GET',
    route: '/api/users',
    statuses: [401, 403, 200, 200, 200, 200],
    request: () => ({ path: `/api/users?${PAGE}` }),
  },
  {
    method: 'GET',
    route: '/api/tenant/:tenantId/users',
    statuses: SYSADMIN_ONLY,
    request: (ctx) => ({ path: `/api/tenant/${ctx.ids.tenantId}/users?${PAGE}` }),
  },
  {
    method: 'GET',
    route: '/api/customer/:customerId/users',
    statuses: [401, 403, 200, 403, 403, 403],
    request: (ctx) => ({ path: `/api/customer/${ctx.ids.customerAId}/users?${PAGE}` }),
  },

  // Dashboards.
  {
    method: 'GET',
    route: '/api/tenant/dashboards',
    statuses: [401, 403, 200, 403, 200, 403],
    request: () => ({ path: `/api/tenant/dashboards?${PAGE}` }),
  },
  {
    method: 'GET',
    route: '/api/customer/:customerId/dashboards',
    statuses: [401, 403, 200, 200, 403, 403],
    request: (ctx) => ({ path: `/api/customer/${ctx.ids.customerAId}/dashboards?${PAGE}` }),
  },

  // Administration: the system administrator only.
  {
    method: 'GET',
    route: '/api/admin/settings/:key',
    target: 'general',
    statuses: SYSADMIN_ONLY,
    request: () => ({ path: '/api/admin/settings/general' }),
  },
  {
    method: 'GET',
    route: '/api/admin/settings/:key',
    target: 'mail',
    statuses: SYSADMIN_ONLY,
    request: () => ({ path: '/api/admin/settings/mail' }),
  },
  {
    method: 'POST',
    route: '/api/admin/settings',
    statuses: SYSADMIN_ONLY,
    request: () => ({
      path: '/api/admin/settings',
      json: { key: 'general', jsonValue: { baseUrl: 'http://localhost:8080', prohibitDifferentUrl: false } },
    }),
  },
  {
    method: 'POST',
    route: '/api/admin/settings/testMail',
    statuses: SYSADMIN_ONLY,
    request: (ctx) => ({
      path: '/api/admin/settings/testMail',
      json: { key: 'mail', jsonValue: ctx.smtp.mailSettings() },
    }),
  },
  {
    method: 'GET',
    route: '/api/admin/securitySettings',
    statuses: SYSADMIN_ONLY,
    request: () => ({ path: '/api/admin/securitySettings' }),
  },
  {
    method: 'POST',
    route: '/api/admin/securitySettings',
    statuses: SYSADMIN_ONLY,
    request: () => ({
      path: '/api/admin/securitySettings',
      json: {
        passwordPolicy: { minimumLength: 6 },
        maxFailedLoginAttempts: null,
        userLockoutNotificationEmail: null,
      },
    }),
  },
  {
    method: 'GET',
    route: '/api/admin/updates',
    statuses: SYSADMIN_ONLY,
    request: () => ({ path: '/api/admin/updates' }),
  },
];

/**
 * The routes of an app as `METHOD /path`, read from Fastify's route tree: each line of
 * printRoutes({ commonPrefix: false }) adds its segment to its parent's path.
 */
function registeredRoutes(app: FastifyInstance): Set<string> {
  const routes = new Set<string>();
  const pathAtDepth: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const fullPath = (depth > 0 ? (pathAtDepth[depth - 1] ?? '') : '') + (match[2] ?? '');
    pathAtDepth[depth] = fullPath;
    pathAtDepth.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) routes.add(`${method} ${fullPath}`);
  }
  return routes;
}

let server: TestServer;
let ctx: Ctx;
const tokens = new Map<Caller, string>();
let otherTenantAdmin: UserRef;
let otherCustomerUser: UserRef;
let otherCustomer: CustomerRef;

beforeAll(async () => {
  let smtp: SmtpReceiver;
  [server, smtp] = await Promise.all([startServer(), SmtpReceiver.start()]);
  const { db } = server.store;
  const ids = await demoIds(server.store);
  const otherTenant = await newTenant(db, 'Other Tenant');
  otherTenantAdmin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: otherTenant.id });
  otherCustomer = await newCustomer(db, otherTenant.id, 'Customer of Other Tenant');
  await newUser(db, { authority: 'CUSTOMER_USER', tenantId: otherTenant.id, customerId: otherCustomer.id });
  otherCustomerUser = await newUser(db, {
    authority: 'CUSTOMER_USER',
    tenantId: ids.tenantId,
    customerId: ids.customerBId,
  });
  const customerA = { id: ids.customerAId, title: 'Customer A' };
  await newDashboard(db, ids.tenantId, 'Dashboard of Customer A', [customerA]);
  await newDashboard(db, ids.tenantId, 'Dashboard of Customer B', [
    { id: ids.customerBId, title: 'Customer B' },
  ]);
  await newDashboard(db, otherTenant.id, 'Dashboard of Other Tenant');

  const login = (email: string, password: string) => server.api.login(email, password);
  const tenantPair = await login(DEMO.tenant.email, DEMO.tenant.password);
  tokens.set('sysadmin', (await login(DEMO.sysadmin.email, DEMO.sysadmin.password)).token);
  tokens.set('tenantAdmin', tenantPair.token);
  tokens.set('customerUser', (await login(DEMO.customer.email, DEMO.customer.password)).token);
  tokens.set('otherTenantAdmin', (await login(otherTenantAdmin.email, otherTenantAdmin.password)).token);
  tokens.set('otherCustomerUser', (await login(otherCustomerUser.email, otherCustomerUser.password)).token);
  await configureMail(server.api, tokens.get('sysadmin') ?? '', smtp.mailSettings());

  ctx = {
    ids,
    otherTenant,
    publicCustomer: await newCustomer(db, ids.tenantId, 'Public', { isPublic: true }),
    pending: await newUser(db, {
      authority: 'CUSTOMER_USER',
      tenantId: ids.tenantId,
      customerId: ids.customerAId,
      enabled: false,
    }),
    tenantAdminRefreshToken: tenantPair.refreshToken,
    smtp,
    freshUser: (authority) =>
      newUser(db, {
        authority,
        tenantId: ids.tenantId,
        customerId: authority === 'CUSTOMER_USER' ? ids.customerAId : null,
        enabled: false,
      }),
  };
});

afterAll(async () => {
  await server?.close();
  await ctx?.smtp.close();
});

/**
 * What a caller of another tenant (or another customer) must never see: every id and email of the
 * Demo Tenant, or of Customer A. Read at check time, so users created by earlier rows count too.
 */
async function secretsFor(caller: 'otherTenantAdmin' | 'otherCustomerUser'): Promise<string[]> {
  const { db } = server.store;
  const { tenantId, customerAId } = ctx.ids;
  if (caller === 'otherTenantAdmin') {
    const users = await db
      .selectFrom('tbUser')
      .select(['id', 'email'])
      .where('tenantId', '=', tenantId)
      .execute();
    const customers = await db.selectFrom('customer').select('id').where('tenantId', '=', tenantId).execute();
    const dashboards = await db
      .selectFrom('dashboard')
      .select('id')
      .where('tenantId', '=', tenantId)
      .execute();
    return [
      tenantId,
      ...users.flatMap((u) => [u.id, u.email]),
      ...customers.map((c) => c.id),
      ...dashboards.map((d) => d.id),
    ];
  }
  const users = await db
    .selectFrom('tbUser')
    .select(['id', 'email'])
    .where('customerId', '=', customerAId)
    .execute();
  const dashboards = await db
    .selectFrom('dashboard')
    .select('id')
    .where('title', '=', 'Dashboard of Customer A')
    .execute();
  return [customerAId, ...users.flatMap((u) => [u.id, u.email]), ...dashboards.map((d) => d.id)];
}

const caseName = (c: Case) => `${c.method} ${c.route}${c.target ? ` (${c.target})` : ''}`;

describe('permission matrix', () => {
  it('has a row for every registered /api route, and no row for a route that does not exist', () => {
    const registered = [...registeredRoutes(server.app)].filter((r) => r.split(' ')[1]?.startsWith('/api'));
    expect(registered.length).toBeGreaterThan(30);
    const inTable = new Set(CASES.map((c) => `${c.method} ${c.route}`));
    // HEAD routes are the automatic twins of GET routes; each GET row checks its HEAD too.
    const missing = registered.filter((r) => {
      const [method, route] = r.split(' ');
      return !inTable.has(method === 'HEAD' ? `GET ${route}` : r);
    });
    expect(missing, 'registered routes without a row in the matrix').toEqual([]);
    const stale = [...inTable].filter((r) => !registered.includes(r));
    expect(stale, 'rows for routes that are not registered').toEqual([]);
  });

  it.each(CASES.map((c) => [caseName(c), c] as const))('%s', async (_name, c) => {
    for (const [index, caller] of CALLERS.entries()) {
      const expected = c.statuses[index];
      const { path, json } = await c.request(ctx, caller);
      const token = tokens.get(caller);
      const res: ApiResponse = await server.api.request(c.method, path, {
        ...(token ? { token } : {}),
        ...(json !== undefined ? { json } : {}),
      });
      expect(res.status, `${caller}: ${res.text}`).toBe(expected);
      if (res.status >= 400) expectError(res, res.status, (res.body as ErrorBody).errorCode);
      if (res.status === 403)
        expectError(res, 403, 20, "You don't have permission to perform this operation!");
      if (caller === 'anonymous' && expected === 401) expectError(res, 401, 10);

      if (c.method === 'GET') {
        const head = await server.api.head(path, token ? { token } : {});
        expect(head.status, `HEAD for ${caller}`).toBe(expected);
        expect(head.text).toBe('');
      }

      if (caller === 'otherTenantAdmin' || caller === 'otherCustomerUser') {
        for (const secret of await secretsFor(caller)) {
          expect(res.text.toLowerCase(), `${caller} sees ${secret}`).not.toContain(secret.toLowerCase());
        }
      }
    }
  });

  it('gives callers of another tenant or customer their own data only', async () => {
    const page = async (path: string, caller: Caller) => {
      const res = await server.api.get<{ data: { id: { id: string }; title?: string }[] }>(path, {
        token: tokens.get(caller) ?? '',
      });
      expect(res.status, res.text).toBe(200);
      return res.body.data;
    };
    const otherDashboards = await page(`/api/tenant/dashboards?${PAGE}`, 'otherTenantAdmin');
    expect(otherDashboards.map((d) => d.title)).toEqual(['Dashboard of Other Tenant']);
    const otherUsers = await page(`/api/users?${PAGE}`, 'otherTenantAdmin');
    expect(otherUsers.map((u) => u.id.id)).toContain(otherTenantAdmin.id);
    const customerBUsers = await page(`/api/users?${PAGE}`, 'otherCustomerUser');
    expect(customerBUsers.map((u) => u.id.id)).toEqual([otherCustomerUser.id]);
    const customerBDashboards = await page(
      `/api/customer/${ctx.ids.customerBId}/dashboards?${PAGE}`,
      'otherCustomerUser',
    );
    expect(customerBDashboards.map((d) => d.title)).toEqual(['Dashboard of Customer B']);
    const customerADashboards = await page(
      `/api/customer/${ctx.ids.customerAId}/dashboards?${PAGE}`,
      'customerUser',
    );
    expect(customerADashboards.map((d) => d.title)).toEqual(['Dashboard of Customer A']);
    const tenantDashboards = await page(`/api/tenant/dashboards?${PAGE}`, 'tenantAdmin');
    expect(tenantDashboards.map((d) => d.title).sort()).toEqual([
      'Dashboard of Customer A',
      'Dashboard of Customer B',
    ]);
  });

  it('looks for secrets that do appear in the answers their owners get (control of the leak check)', async () => {
    const get = (path: string, caller: Caller) => server.api.get(path, { token: tokens.get(caller) ?? '' });
    const tenantSecrets = await secretsFor('otherTenantAdmin');
    const customerSecrets = await secretsFor('otherCustomerUser');
    expect(tenantSecrets.length).toBeGreaterThan(8);
    expect(customerSecrets.length).toBeGreaterThan(3);
    const tenantView = (await get(`/api/users?${PAGE}`, 'tenantAdmin')).text.toLowerCase();
    expect(tenantSecrets.filter((s) => tenantView.includes(s.toLowerCase())).length).toBeGreaterThan(3);
    const customerView = (
      await get(`/api/customer/${ctx.ids.customerAId}/dashboards?${PAGE}`, 'customerUser')
    ).text;
    expect(customerSecrets.filter((s) => customerView.includes(s)).length).toBeGreaterThan(0);
  });

  it('refuses a customer of another tenant to a tenant administrator, and another customer to a customer user', async () => {
    const tenantAdmin = tokens.get('tenantAdmin') ?? '';
    const customerUser = tokens.get('customerUser') ?? '';
    for (const path of [
      `/api/customer/${otherCustomer.id}/users?${PAGE}`,
      `/api/customer/${otherCustomer.id}/dashboards?${PAGE}`,
    ]) {
      expectError(await server.api.get(path, { token: tenantAdmin }), 403, 20);
    }
    expectError(
      await server.api.get(`/api/customer/${ctx.ids.customerBId}/dashboards?${PAGE}`, {
        token: customerUser,
      }),
      403,
      20,
    );
    expectError(await server.api.get(`/api/user/${otherCustomerUser.id}`, { token: customerUser }), 403, 20);
  });
});
