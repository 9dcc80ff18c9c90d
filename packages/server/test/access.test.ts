import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARMS_CASES } from './access/alarms.cases.js';
import { AUDIT_LOGS_CASES } from './access/audit-logs.cases.js';
import { BULK_ACTIONS_CASES } from './access/bulk-actions.cases.js';
import { BULK_IMPORT_CASES } from './access/bulk-import.cases.js';
import { CORE_CASES } from './access/core.cases.js';
import { DEVICE_API_CASES } from './access/device-api.cases.js';
import { DEVICE_CLAIMS_CASES } from './access/device-claims.cases.js';
import { DEVICES_CASES } from './access/devices.cases.js';
import { ENTITY_QUERY_CASES } from './access/entity-query.cases.js';
import { ENTITY_VIEWS_CASES } from './access/entity-views.cases.js';
import { EVENTS_CASES } from './access/events.cases.js';
import { CALLERS, type Caller, type Case, type Ctx, PAGE } from './access/matrix.js';
import { RELATIONS_CASES } from './access/relations.cases.js';
import { RPC_CASES } from './access/rpc.cases.js';
import { RULE_CHAINS_CASES } from './access/rule-chains.cases.js';
import { TELEMETRY_CASES } from './access/telemetry.cases.js';
import { TENANCY_CASES } from './access/tenancy.cases.js';
import { WIDGETS_CASES } from './access/widgets.cases.js';
import { WS_CASES } from './access/ws.cases.js';
import {
  type CustomerRef,
  newCustomer,
  newDashboard,
  newTenant,
  newUser,
  type UserRef,
} from './factories.js';
import {
  type ApiResponse,
  DEMO,
  demoIds,
  type ErrorBody,
  expectError,
  startServer,
  type TestServer,
} from './helper.js';
import { configureMail, SmtpReceiver } from './smtp.js';

/**
 * The permission matrix (practice 8): every /api route of the app, called by each kind of caller
 * against entities of the Demo Tenant and its Customer A, with the status each must get. A
 * registered route missing from the table fails the test, and so does a row for a route that
 * no longer exists. Callers of another tenant or another customer must never see an id or email
 * of the Demo Tenant (or of Customer A) in any answer. Each area keeps its rows in
 * `access/<area>.cases.ts`.
 */
const CASES: Case[] = [
  ...CORE_CASES,
  ...TENANCY_CASES,
  ...TELEMETRY_CASES,
  ...DEVICES_CASES,
  ...RELATIONS_CASES,
  ...ENTITY_VIEWS_CASES,
  ...EVENTS_CASES,
  ...ENTITY_QUERY_CASES,
  ...AUDIT_LOGS_CASES,
  ...BULK_IMPORT_CASES,
  ...BULK_ACTIONS_CASES,
  ...RPC_CASES,
  ...WS_CASES,
  ...DEVICE_API_CASES,
  ...DEVICE_CLAIMS_CASES,
  ...ALARMS_CASES,
  ...WIDGETS_CASES,
  ...RULE_CHAINS_CASES,
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
    db,
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
    const bundles = await db
      .selectFrom('widgetsBundle')
      .select('id')
      .where('tenantId', '=', tenantId)
      .execute();
    const widgetTypes = await db
      .selectFrom('widgetType')
      .select('id')
      .where('tenantId', '=', tenantId)
      .execute();
    return [
      tenantId,
      ...users.flatMap((u) => [u.id, u.email]),
      ...customers.map((c) => c.id),
      ...dashboards.map((d) => d.id),
      ...bundles.map((b) => b.id),
      ...widgetTypes.map((t) => t.id),
      ...(await ruleChainIds(tenantId)),
      ...(await ownedIds({ tenantId })),
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
  return [
    customerAId,
    ...users.flatMap((u) => [u.id, u.email]),
    ...dashboards.map((d) => d.id),
    ...(await ownedIds({ customerId: customerAId })),
  ];
}

/** Ids of a tenant's rule chains and of their nodes. */
async function ruleChainIds(tenantId: string): Promise<string[]> {
  const { db } = server.store;
  const chains = await db.selectFrom('ruleChain').select('id').where('tenantId', '=', tenantId).execute();
  const nodes = await db
    .selectFrom('ruleNode')
    .innerJoin('ruleChain', 'ruleChain.id', 'ruleNode.ruleChainId')
    .select('ruleNode.id')
    .where('ruleChain.tenantId', '=', tenantId)
    .execute();
  return [...chains.map((c) => c.id), ...nodes.map((n) => n.id)];
}

/** Ids of the devices, assets and entity views of a tenant or of a customer. */
async function ownedIds(owner: { tenantId: string } | { customerId: string }): Promise<string[]> {
  const { db } = server.store;
  const ids: string[] = [];
  for (const table of ['device', 'asset', 'entityView'] as const) {
    const rows = await db
      .selectFrom(table)
      .select('id')
      .where(
        'tenantId' in owner ? 'tenantId' : 'customerId',
        '=',
        'tenantId' in owner ? owner.tenantId : owner.customerId,
      )
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
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
      'Demo devices',
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
