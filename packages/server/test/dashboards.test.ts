import fs from 'node:fs/promises';
import path from 'node:path';
import { v1 as uuidv1 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, signInCallers } from './callers.js';
import { newCustomer, newTenant, newUser, type TenantRef } from './factories.js';
import {
  type DemoIds,
  type EntityIdJson,
  expectError,
  expectOk,
  NULL_UUID,
  type PageDataJson,
  startServer,
  type TestServer,
} from './helper.js';

/**
 * Dashboards (reference DashboardController): CRUD, lists (with the mobile variant), assignment to
 * customers one at a time, as a set and to the public customer, home dashboards, the tenant
 * profile limit, the audit trail, and importing the reference's exported dashboards.
 */

/** The reference's dashboards as exported by ThingsBoard 3.3.4 (a shared, read-only folder). */
// Dashboards exported from the reference platform (ThingsBoard CE 3.3.4), kept in the repository.
const FIXTURES = path.resolve(import.meta.dirname, '../../../test-fixtures/thingsboard-3.3.4');

interface ShortCustomerJson {
  customerId: EntityIdJson;
  title: string;
  public: boolean;
}

interface DashboardInfoJson {
  id: EntityIdJson;
  createdTime: number;
  tenantId: EntityIdJson;
  title: string;
  image: string | null;
  assignedCustomers: ShortCustomerJson[];
  mobileHide: boolean;
  mobileOrder: number | null;
  name: string;
}

interface DashboardJson extends DashboardInfoJson {
  configuration: unknown;
  version: number;
}

interface AuditLogJson {
  customerId: EntityIdJson;
  entityId: EntityIdJson;
  entityName: string | null;
  actionType: string;
  actionData: Record<string, unknown> | null;
  actionStatus: string;
  actionFailureDetails: string | null;
}

let server: TestServer;
let ids: DemoIds;
let otherTenant: TenantRef;
let tokens: Record<Caller, string>;

beforeAll(async () => {
  server = await startServer();
  ({ ids, otherTenant, tokens } = await signInCallers(server));
});

afterAll(async () => {
  await server?.close();
});

const as = (caller: Caller) => ({ token: tokens[caller] });
const ta = () => as('tenantAdmin');
let counter = 0;
const uniqueTitle = (label = 'Dashboard') => `${label} ${Date.now().toString(36)}-${++counter}`;
const customerRef = (id: string) => ({ entityType: 'CUSTOMER', id });
const assigned = (id: string, title: string, isPublic = false) => ({
  customerId: customerRef(id),
  title,
  public: isPublic,
});

async function createDashboard(body: Record<string, unknown> = {}, token = tokens.tenantAdmin) {
  return expectOk(
    await server.api.post<DashboardJson>('/api/dashboard', { title: uniqueTitle(), ...body }, { token }),
  );
}

const getDashboard = async (id: string, caller: Caller = 'tenantAdmin') =>
  expectOk(await server.api.get<DashboardJson>(`/api/dashboard/${id}`, as(caller)));

async function page(pathAndQuery: string, caller: Caller = 'tenantAdmin') {
  return expectOk(await server.api.get<PageDataJson<DashboardInfoJson>>(pathAndQuery, as(caller)));
}

const withoutConfiguration = ({
  configuration: _c,
  version: _v,
  ...info
}: DashboardJson): DashboardInfoJson => info;

describe('POST /api/dashboard and reads', () => {
  it('creates, reads and updates a dashboard', async () => {
    const configuration = {
      description: 'Plant overview',
      widgets: {},
      states: { default: { name: 'Main' } },
    };
    const dashboard = await createDashboard({
      configuration,
      image: 'data:image/png;base64,AAAA',
      mobileOrder: 3,
    });
    expect(dashboard).toEqual({
      id: { entityType: 'DASHBOARD', id: expect.any(String) },
      createdTime: expect.any(Number),
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      title: dashboard.title,
      image: 'data:image/png;base64,AAAA',
      assignedCustomers: [],
      mobileHide: false,
      mobileOrder: 3,
      name: dashboard.title,
      configuration,
      version: 1,
    });
    expect(await getDashboard(dashboard.id.id)).toEqual(dashboard);
    const info = expectOk(await server.api.get(`/api/dashboard/info/${dashboard.id.id}`, ta()));
    expect(info).toEqual(withoutConfiguration(dashboard));

    const updated = expectOk(
      await server.api.post<DashboardJson>(
        '/api/dashboard',
        {
          ...dashboard,
          title: 'Renamed',
          name: 'ignored',
          mobileHide: true,
          // The assignments are not saved through this endpoint.
          assignedCustomers: [assigned(ids.customerAId, 'Customer A')],
          tenantId: { entityType: 'TENANT', id: otherTenant.id },
        },
        ta(),
      ),
    );
    expect(updated).toEqual({
      ...dashboard,
      title: 'Renamed',
      name: 'Renamed',
      mobileHide: true,
      version: 2,
    });
    expect(await getDashboard(dashboard.id.id)).toEqual(updated);
  });

  it('keeps stored fields a partial update leaves out, and clears those sent as null', async () => {
    const dashboard = await createDashboard({
      configuration: { widgets: { a: 1 } },
      image: 'img',
      mobileOrder: 1,
    });
    const kept = expectOk(
      await server.api.post<DashboardJson>('/api/dashboard', { id: dashboard.id, title: 'Only title' }, ta()),
    );
    expect(kept).toEqual({ ...dashboard, title: 'Only title', name: 'Only title', version: 2 });
    const cleared = expectOk(
      await server.api.post<DashboardJson>(
        '/api/dashboard',
        { id: dashboard.id, title: 'Cleared', configuration: null, image: null, mobileOrder: null },
        ta(),
      ),
    );
    expect(cleared).toMatchObject({ configuration: null, image: null, mobileOrder: null });
    expect(await getDashboard(dashboard.id.id)).toEqual(cleared);
  });

  it.each([
    ['a string', 'text'],
    ['a number', 42],
    ['a boolean', false],
    ['an array', [1, { a: 'b' }]],
    ['null', null],
    ['an empty object', {}],
  ])('takes any JSON value as configuration (%s) and returns it as stored', async (_label, value) => {
    const dashboard = await createDashboard({ configuration: value });
    expect(dashboard.configuration).toEqual(value);
    expect((await getDashboard(dashboard.id.id)).configuration).toEqual(value);
    // Updating other fields keeps it.
    const renamed = expectOk(
      await server.api.post<DashboardJson>('/api/dashboard', { id: dashboard.id, title: 'Renamed' }, ta()),
    );
    expect(renamed.configuration).toEqual(value);
    expect((await getDashboard(dashboard.id.id)).configuration).toEqual(value);
  });

  it('names what is missing or wrong, and answers 404 for unknown dashboards', async () => {
    const post = (body: unknown) => server.api.post('/api/dashboard', body, ta());
    expectError(await post({}), 400, 31, 'Dashboard title should be specified!');
    expectError(await post({ title: '  ' }), 400, 31, 'Dashboard title should be specified!');
    expectError(await post({ title: null }), 400, 31, 'Dashboard title should be specified!');
    expectError(await post({ title: 't'.repeat(256) }), 400, 31, /'title'/);
    expectError(await post({ title: 5 }), 400, 31, /'title'/);
    expectError(await post({ title: 'x', mobileOrder: 'first' }), 400, 31, /'mobileOrder'/);
    expectError(await post({ title: 'x', mobileOrder: 1.5 }), 400, 31, /'mobileOrder'/);
    expectError(await post({ title: 'x', mobileHide: 'yes' }), 400, 31, /'mobileHide'/);
    expectError(await post({ title: 'x', image: 7 }), 400, 31, /'image'/);
    expectError(await post({ title: 'x', id: { entityType: 'DASHBOARD', id: 'nope' } }), 400, 31, /'id.id'/);
    expectError(await post([]), 400, 31);
    const unknown = uuidv1();
    expectError(await post({ title: 'x', id: { entityType: 'DASHBOARD', id: unknown } }), 404, 32);
    expectError(await server.api.get(`/api/dashboard/${unknown}`, ta()), 404, 32);
    expectError(await server.api.get(`/api/dashboard/info/${unknown}`, ta()), 404, 32);
    expectError(await server.api.delete(`/api/dashboard/${unknown}`, ta()), 404, 32);
    expectError(await server.api.get('/api/dashboard/not-a-uuid', ta()), 400, 31, /'dashboardId'/);
    expectError(await server.api.get('/api/dashboard/info/not-a-uuid', ta()), 400, 31, /'dashboardId'/);
  });

  it('stops at the dashboard limit of the tenant profile', async () => {
    const { db } = server.store;
    const profileId = uuidv1();
    await db
      .insertInto('tenantProfile')
      .values({
        id: profileId,
        createdTime: Date.now(),
        name: `Limited ${profileId}`,
        description: null,
        profileData: JSON.stringify({ configuration: { type: 'DEFAULT', maxDashboards: 1 } }),
        isDefault: false,
        isolatedTbCore: false,
        isolatedTbRuleEngine: false,
      })
      .execute();
    const limited = await newTenant(db);
    await db.updateTable('tenant').set({ tenantProfileId: profileId }).where('id', '=', limited.id).execute();
    const admin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: limited.id });
    const { token } = await server.api.login(admin.email, admin.password);
    const first = await createDashboard({ title: 'first' }, token);
    expectError(
      await server.api.post('/api/dashboard', { title: 'second' }, { token }),
      400,
      31,
      "Can't create more then 1 dashboards!",
    );
    // Updates are not creations.
    expectOk(await server.api.post('/api/dashboard', { ...first, title: 'first, renamed' }, { token }));
  });
});

describe('DELETE /api/dashboard/{dashboardId}', () => {
  it('deletes the dashboard and its relations', async () => {
    const dashboard = await createDashboard();
    const { db } = server.store;
    await db
      .insertInto('relation')
      .values({
        fromId: ids.customerAId,
        fromType: 'CUSTOMER',
        toId: dashboard.id.id,
        toType: 'DASHBOARD',
        relationTypeGroup: 'COMMON',
        relationType: 'Contains',
        additionalInfo: null,
      })
      .execute();
    expectOk(await server.api.delete(`/api/dashboard/${dashboard.id.id}`, ta()));
    expectError(await server.api.get(`/api/dashboard/${dashboard.id.id}`, ta()), 404, 32);
    const relations = await db
      .selectFrom('relation')
      .select('toId')
      .where('toId', '=', dashboard.id.id)
      .execute();
    expect(relations).toEqual([]);
  });

  it('refuses to delete a dashboard a device profile opens', async () => {
    const dashboard = await createDashboard();
    const { db } = server.store;
    await db
      .updateTable('deviceProfile')
      .set({ defaultDashboardId: dashboard.id.id })
      .where('tenantId', '=', ids.tenantId)
      .where('name', '=', 'default')
      .execute();
    try {
      expectError(
        await server.api.delete(`/api/dashboard/${dashboard.id.id}`, ta()),
        400,
        31,
        'The dashboard referenced by the device profiles cannot be deleted!',
      );
      expect(await getDashboard(dashboard.id.id)).toEqual(dashboard);
    } finally {
      await db
        .updateTable('deviceProfile')
        .set({ defaultDashboardId: null })
        .where('tenantId', '=', ids.tenantId)
        .execute();
    }
  });
});

describe('assignment to customers', () => {
  it('assigns to and unassigns from one customer; customer users read only what is assigned to them', async () => {
    const dashboard = await createDashboard();
    const id = dashboard.id.id;
    expectError(await server.api.get(`/api/dashboard/${id}`, as('customerUser')), 403, 20);
    const afterAssign = expectOk(
      await server.api.post<DashboardJson>(
        `/api/customer/${ids.customerAId}/dashboard/${id}`,
        undefined,
        ta(),
      ),
    );
    expect(afterAssign).toEqual({
      ...dashboard,
      assignedCustomers: [assigned(ids.customerAId, 'Customer A')],
    });
    // Assigning again changes nothing.
    const again = expectOk(
      await server.api.post<DashboardJson>(
        `/api/customer/${ids.customerAId}/dashboard/${id}`,
        undefined,
        ta(),
      ),
    );
    expect(again).toEqual(afterAssign);

    expect(await getDashboard(id, 'customerUser')).toEqual(afterAssign);
    expectOk(await server.api.get(`/api/dashboard/info/${id}`, as('customerUser')));
    expectError(await server.api.get(`/api/dashboard/${id}`, as('otherCustomerUser')), 403, 20);
    const listA = await page(
      `/api/customer/${ids.customerAId}/dashboards?pageSize=100&page=0`,
      'customerUser',
    );
    expect(listA.data.map((d) => d.id.id)).toContain(id);
    const listB = await page(
      `/api/customer/${ids.customerBId}/dashboards?pageSize=100&page=0`,
      'otherCustomerUser',
    );
    expect(listB.data.map((d) => d.id.id)).not.toContain(id);
    expectError(
      await server.api.get(
        `/api/customer/${ids.customerBId}/dashboards?pageSize=10&page=0`,
        as('customerUser'),
      ),
      403,
      20,
    );

    const afterUnassign = expectOk(
      await server.api.delete<DashboardJson>(`/api/customer/${ids.customerAId}/dashboard/${id}`, ta()),
    );
    expect(afterUnassign).toEqual(dashboard);
    expectError(await server.api.get(`/api/dashboard/${id}`, as('customerUser')), 403, 20);
    // Unassigning a customer that is not assigned changes nothing.
    expect(
      expectOk(await server.api.delete(`/api/customer/${ids.customerAId}/dashboard/${id}`, ta())),
    ).toEqual(dashboard);
  });

  it('refuses unknown customers and dashboards, and customers of other tenants', async () => {
    const dashboard = await createDashboard();
    const id = dashboard.id.id;
    const unknown = uuidv1();
    expectError(await server.api.post(`/api/customer/${unknown}/dashboard/${id}`, undefined, ta()), 404, 32);
    expectError(
      await server.api.post(`/api/customer/${ids.customerAId}/dashboard/${unknown}`, undefined, ta()),
      404,
      32,
    );
    expectError(await server.api.delete(`/api/customer/${unknown}/dashboard/${id}`, ta()), 404, 32);
    const foreign = await newCustomer(server.store.db, otherTenant.id);
    expectError(
      await server.api.post(`/api/customer/${foreign.id}/dashboard/${id}`, undefined, ta()),
      403,
      20,
    );
    expectError(
      await server.api.post(`/api/customer/x/dashboard/${id}`, undefined, ta()),
      400,
      31,
      /'customerId'/,
    );
    expect(await getDashboard(id)).toEqual(dashboard);
  });

  it('makes a dashboard public and private through the public customer, created on first use', async () => {
    const { db } = server.store;
    const findPublic = () =>
      db
        .selectFrom('customer')
        .select(['id', 'title'])
        .where('tenantId', '=', ids.tenantId)
        .where('title', '=', 'Public')
        .execute();
    expect(await findPublic()).toEqual([]);
    const dashboard = await createDashboard();
    const id = dashboard.id.id;
    const made = expectOk(
      await server.api.post<DashboardJson>(`/api/customer/public/dashboard/${id}`, undefined, ta()),
    );
    const [publicCustomer] = await findPublic();
    if (!publicCustomer) throw new Error('no public customer was created');
    expect(made.assignedCustomers).toEqual([assigned(publicCustomer.id, 'Public', true)]);

    // Anyone with the public id reads the dashboard, and nothing else.
    const { token } = expectOk(
      await server.api.post<{ token: string }>('/api/auth/login/public', { publicId: publicCustomer.id }),
    );
    expect(expectOk(await server.api.get(`/api/dashboard/${id}`, { token }))).toEqual(made);
    const other = await createDashboard();
    expectError(await server.api.get(`/api/dashboard/${other.id.id}`, { token }), 403, 20);

    const privateAgain = expectOk(
      await server.api.delete<DashboardJson>(`/api/customer/public/dashboard/${id}`, ta()),
    );
    expect(privateAgain.assignedCustomers).toEqual([]);
    expectError(await server.api.get(`/api/dashboard/${id}`, { token }), 403, 20);
    expect(await findPublic()).toHaveLength(1);
  });

  it('replaces, adds and removes assigned customers as sets', async () => {
    const { db } = server.store;
    const [c1, c2, c3] = await Promise.all(
      ['Set One', 'Set Two', 'Set Three'].map((title) => newCustomer(db, ids.tenantId, uniqueTitle(title))),
    );
    if (!c1 || !c2 || !c3) throw new Error('customers missing');
    const dashboard = await createDashboard();
    const base = `/api/dashboard/${dashboard.id.id}/customers`;
    const post = (suffix: string, body: unknown) =>
      server.api.post<DashboardJson>(`${base}${suffix}`, body, ta());
    const titles = (d: DashboardJson) => d.assignedCustomers.map((c) => c.title);

    expect(titles(expectOk(await post('', [c1.id, c2.id, c2.id])))).toEqual([c1.title, c2.title]);
    expect(titles(expectOk(await post('', [c2.id, c3.id])))).toEqual([c2.title, c3.title]);
    expect(titles(expectOk(await post('/add', [c1.id, c3.id])))).toEqual([c2.title, c3.title, c1.title]);
    expect(titles(expectOk(await post('/remove', [c2.id, uuidv1()])))).toEqual([c3.title, c1.title]);
    expect(expectOk(await post('/add', [c3.id])).assignedCustomers).toEqual([
      assigned(c3.id, c3.title),
      assigned(c1.id, c1.title),
    ]);

    // A failing set changes nothing.
    expectError(
      await post('', [c2.id, uuidv1()]),
      400,
      31,
      "Can't assign dashboard to non-existent customer!",
    );
    const foreign = await newCustomer(db, otherTenant.id);
    expectError(
      await post('/add', [foreign.id]),
      400,
      31,
      "Can't assign dashboard to customer from different tenant!",
    );
    expectError(await post('', ['not-a-uuid']), 400, 31, /must match format/);
    expectError(await post('', { ids: [] }), 400, 31);
    expect(titles(await getDashboard(dashboard.id.id))).toEqual([c3.title, c1.title]);

    // No customers at all: null, or no body.
    expect(expectOk(await post('', null)).assignedCustomers).toEqual([]);
    expectOk(await post('', [c1.id]));
    expect(expectOk(await server.api.post<DashboardJson>(base, undefined, ta())).assignedCustomers).toEqual(
      [],
    );
    expectError(await server.api.post(`/api/dashboard/${uuidv1()}/customers`, [c1.id], ta()), 404, 32);
  });

  it('follows the customer: a new title is shown, a deleted customer is unassigned everywhere', async () => {
    const customer = expectOk(
      await server.api.post<{ id: EntityIdJson; title: string }>(
        '/api/customer',
        { title: uniqueTitle('Cust') },
        ta(),
      ),
    );
    const one = await createDashboard();
    const two = await createDashboard();
    for (const d of [one, two]) {
      expectOk(
        await server.api.post(`/api/customer/${customer.id.id}/dashboard/${d.id.id}`, undefined, ta()),
      );
    }
    expectOk(
      await server.api.post(`/api/customer/${ids.customerAId}/dashboard/${two.id.id}`, undefined, ta()),
    );
    const renamed = uniqueTitle('Renamed cust');
    expectOk(await server.api.post('/api/customer', { ...customer, title: renamed }, ta()));
    expect((await getDashboard(one.id.id)).assignedCustomers).toEqual([assigned(customer.id.id, renamed)]);

    expectOk(await server.api.delete(`/api/customer/${customer.id.id}`, ta()));
    expect((await getDashboard(one.id.id)).assignedCustomers).toEqual([]);
    expect((await getDashboard(two.id.id)).assignedCustomers).toEqual([
      assigned(ids.customerAId, 'Customer A'),
    ]);
  });
});

describe('lists', () => {
  it('lists the tenant dashboards, and the mobile ones in mobile order', async () => {
    const tag = uniqueTitle('Mobile');
    const second = await createDashboard({ title: `${tag} b`, mobileOrder: 2 });
    const first = await createDashboard({ title: `${tag} a`, mobileOrder: 1 });
    const unordered = await createDashboard({ title: `${tag} c` });
    const hidden = await createDashboard({ title: `${tag} d`, mobileHide: true, mobileOrder: 0 });
    const search = `pageSize=10&page=0&textSearch=${encodeURIComponent(tag)}`;
    const titles = (p: PageDataJson<DashboardInfoJson>) => p.data.map((d) => d.title);

    const all = await page(`/api/tenant/dashboards?${search}&sortProperty=title&sortOrder=DESC`);
    expect(titles(all)).toEqual([hidden, unordered, second, first].map((d) => d.title));
    expect(all.data[0]).toEqual(withoutConfiguration(hidden));
    const mobile = await page(`/api/tenant/dashboards?${search}&mobile=true`);
    expect(titles(mobile)).toEqual([first, second, unordered].map((d) => d.title));
    expect(mobile).toMatchObject({ totalElements: 3, totalPages: 1, hasNext: false });
    const paged = await page(
      `/api/tenant/dashboards?pageSize=2&page=1&textSearch=${encodeURIComponent(tag)}&mobile=true`,
    );
    expect(titles(paged)).toEqual([unordered.title]);
    expect(titles(await page(`/api/tenant/dashboards?${search}&mobile=false&sortProperty=title`))).toEqual(
      [first, second, unordered, hidden].map((d) => d.title),
    );

    for (const d of [first, hidden]) {
      expectOk(
        await server.api.post(`/api/customer/${ids.customerAId}/dashboard/${d.id.id}`, undefined, ta()),
      );
    }
    const ofA = await page(
      `/api/customer/${ids.customerAId}/dashboards?${search}&mobile=true`,
      'customerUser',
    );
    expect(titles(ofA)).toEqual([first.title]);

    expectError(
      await server.api.get(`/api/tenant/dashboards?${search}&mobile=true&sortProperty=color`, ta()),
      400,
      31,
      "Invalid sort property 'color'",
    );
    expectError(
      await server.api.get(`/api/tenant/dashboards?${search}&mobile=true&sortProperty=constructor`, ta()),
      400,
      31,
      "Invalid sort property 'constructor'",
    );
    expectError(
      await server.api.get(`/api/tenant/dashboards?${search}&mobile=true&sortOrder=UP`, ta()),
      400,
      31,
      "Unsupported sort order 'UP'! Only 'ASC' or 'DESC' types are allowed.",
    );
    expectError(
      await server.api.get(`/api/tenant/dashboards?${search}&mobile=maybe`, ta()),
      400,
      31,
      /'mobile'/,
    );
  });

  it('shows a tenant its own dashboards only, and a tenant\u2019s dashboards to the system administrator', async () => {
    const mine = await createDashboard();
    const theirs = await createDashboard({}, tokens.otherTenantAdmin);
    const ownIds = (await page('/api/tenant/dashboards?pageSize=1000&page=0')).data.map((d) => d.id.id);
    expect(ownIds).toContain(mine.id.id);
    expect(ownIds).not.toContain(theirs.id.id);
    for (const path of [`/api/dashboard/${mine.id.id}`, `/api/dashboard/info/${mine.id.id}`]) {
      expectError(await server.api.get(path, as('otherTenantAdmin')), 403, 20);
    }
    expectError(
      await server.api.post('/api/dashboard', { ...mine, title: 'stolen' }, as('otherTenantAdmin')),
      403,
      20,
    );
    expectError(await server.api.delete(`/api/dashboard/${mine.id.id}`, as('otherTenantAdmin')), 403, 20);
    expectError(
      await server.api.post(`/api/dashboard/${mine.id.id}/customers`, [], as('otherTenantAdmin')),
      403,
      20,
    );
    expect(await getDashboard(mine.id.id)).toEqual(mine);

    const ofOther = await page(`/api/tenant/${otherTenant.id}/dashboards?pageSize=100&page=0`, 'sysadmin');
    expect(ofOther.data.map((d) => d.id.id)).toContain(theirs.id.id);
    expect(ofOther.data.map((d) => d.id.id)).not.toContain(mine.id.id);
    expectError(
      await server.api.get(`/api/tenant/${uuidv1()}/dashboards?pageSize=10&page=0`, as('sysadmin')),
      404,
      32,
    );
    expectError(
      await server.api.get(`/api/tenant/${ids.tenantId}/dashboards?pageSize=10&page=0`, ta()),
      403,
      20,
    );
  });
});

describe('home dashboards', () => {
  const homeInfo = async (caller: Caller) => {
    const res = await server.api.get(`/api/dashboard/home/info`, as(caller));
    return expectOk(res) === ''
      ? null
      : (res.body as { dashboardId: EntityIdJson; hideDashboardToolbar: boolean });
  };
  const dashboardRef = (d: DashboardJson) => ({ entityType: 'DASHBOARD', id: d.id.id });
  const setTenantHome = (body: unknown) => server.api.post('/api/tenant/dashboard/home/info', body, ta());

  it('follows the user, then the customer, then the tenant, passing over what the caller cannot read', async () => {
    const { db } = server.store;
    // The demo install makes its "Demo devices" dashboard the tenant's home (install.test.ts): start from none.
    expectOk(await setTenantHome({ dashboardId: null }));
    expect(expectOk(await server.api.get('/api/tenant/dashboard/home/info', ta()))).toEqual({
      dashboardId: null,
      hideDashboardToolbar: true,
    });
    expect(await homeInfo('tenantAdmin')).toBeNull();
    const empty = await server.api.get('/api/dashboard/home', ta());
    expect(empty.status).toBe(200);
    expect(empty.text).toBe('');

    const tenantHome = await createDashboard({ configuration: { widgets: {} } });
    await db
      .updateTable('tenant')
      .set({ additionalInfo: JSON.stringify({ description: 'kept' }) })
      .where('id', '=', ids.tenantId)
      .execute();
    expectOk(await setTenantHome({ dashboardId: dashboardRef(tenantHome), hideDashboardToolbar: false }));
    expect(expectOk(await server.api.get('/api/tenant/dashboard/home/info', ta()))).toEqual({
      dashboardId: dashboardRef(tenantHome),
      hideDashboardToolbar: false,
    });
    const tenantRow = await db
      .selectFrom('tenant')
      .select('additionalInfo')
      .where('id', '=', ids.tenantId)
      .executeTakeFirst();
    expect(tenantRow?.additionalInfo).toEqual({
      description: 'kept',
      homeDashboardId: tenantHome.id.id,
      homeDashboardHideToolbar: false,
    });
    expect(expectOk(await server.api.get('/api/dashboard/home', ta()))).toEqual({
      ...tenantHome,
      hideDashboardToolbar: false,
    });
    // The tenant's home dashboard is not assigned to Customer A: its users get none.
    expect(await homeInfo('customerUser')).toBeNull();
    expectOk(
      await server.api.post(
        `/api/customer/${ids.customerAId}/dashboard/${tenantHome.id.id}`,
        undefined,
        ta(),
      ),
    );
    expect(await homeInfo('customerUser')).toEqual({
      dashboardId: dashboardRef(tenantHome),
      hideDashboardToolbar: false,
    });

    // The customer's setting comes before the tenant's; the toolbar is hidden unless it says otherwise.
    const customerHome = await createDashboard();
    expectOk(
      await server.api.post(
        `/api/customer/${ids.customerAId}/dashboard/${customerHome.id.id}`,
        undefined,
        ta(),
      ),
    );
    await db
      .updateTable('customer')
      .set({ additionalInfo: JSON.stringify({ homeDashboardId: customerHome.id.id }) })
      .where('id', '=', ids.customerAId)
      .execute();
    expect(await homeInfo('customerUser')).toEqual({
      dashboardId: dashboardRef(customerHome),
      hideDashboardToolbar: true,
    });
    expect(expectOk(await server.api.get('/api/dashboard/home', as('customerUser')))).toEqual({
      ...(await getDashboard(customerHome.id.id)),
      hideDashboardToolbar: true,
    });

    // The user's own setting comes first; one that names a missing dashboard is passed over.
    const userHome = await createDashboard();
    const setUserHome = (dashboardId: string) =>
      db
        .updateTable('tbUser')
        .set({
          additionalInfo: JSON.stringify({ homeDashboardId: dashboardId, homeDashboardHideToolbar: false }),
        })
        .where('id', '=', ids.customerUserId)
        .execute();
    await setUserHome(userHome.id.id);
    expect(await homeInfo('customerUser')).toEqual({
      dashboardId: dashboardRef(customerHome),
      hideDashboardToolbar: true,
    });
    expectOk(
      await server.api.post(`/api/customer/${ids.customerAId}/dashboard/${userHome.id.id}`, undefined, ta()),
    );
    expect(await homeInfo('customerUser')).toEqual({
      dashboardId: dashboardRef(userHome),
      hideDashboardToolbar: false,
    });
    await setUserHome(uuidv1());
    expect(await homeInfo('customerUser')).toEqual({
      dashboardId: dashboardRef(customerHome),
      hideDashboardToolbar: true,
    });

    // System administrators have no home dashboard.
    expect(await homeInfo('sysadmin')).toBeNull();

    // Clearing the tenant's setting keeps its other keys.
    expectOk(await setTenantHome({ dashboardId: null }));
    expect(expectOk(await server.api.get('/api/tenant/dashboard/home/info', ta()))).toEqual({
      dashboardId: null,
      hideDashboardToolbar: true,
    });
    const cleared = await db
      .selectFrom('tenant')
      .select('additionalInfo')
      .where('id', '=', ids.tenantId)
      .executeTakeFirst();
    expect(cleared?.additionalInfo).toEqual({ description: 'kept' });
    expect(await homeInfo('tenantAdmin')).toBeNull();
  });

  it('refuses a home dashboard that is unknown or of another tenant', async () => {
    const theirs = await createDashboard({}, tokens.otherTenantAdmin);
    expectError(await setTenantHome({ dashboardId: { entityType: 'DASHBOARD', id: uuidv1() } }), 404, 32);
    expectError(await setTenantHome({ dashboardId: dashboardRef(theirs) }), 403, 20);
    expectError(await setTenantHome({ dashboardId: { id: 'x' } }), 400, 31, /'dashboardId.id'/);
    expectError(await setTenantHome({ hideDashboardToolbar: 'no' }), 400, 31, /'hideDashboardToolbar'/);
  });
});

describe('audit trail', () => {
  it('records additions, updates, assignments and deletions', async () => {
    const since = Date.now();
    const dashboard = await createDashboard();
    const id = dashboard.id.id;
    expectOk(await server.api.post('/api/dashboard', { ...dashboard, title: 'Audited' }, ta()));
    expectOk(await server.api.post(`/api/customer/${ids.customerAId}/dashboard/${id}`, undefined, ta()));
    expectOk(await server.api.post(`/api/dashboard/${id}/customers`, [ids.customerBId], ta()));
    expectError(await server.api.post(`/api/dashboard/${id}/customers/add`, [uuidv1()], ta()), 400, 31);
    expectOk(await server.api.delete(`/api/dashboard/${id}`, ta()));

    const logs = expectOk(
      await server.api.get<PageDataJson<AuditLogJson>>(
        `/api/audit/logs/entity/DASHBOARD/${id}?pageSize=50&page=0&sortProperty=createdTime&sortOrder=ASC&startTime=${since}`,
        ta(),
      ),
    ).data;
    const entry = (
      actionType: string,
      customerId: string,
      actionData: Record<string, unknown>,
      status = 'SUCCESS',
    ) =>
      expect.objectContaining({
        entityId: { entityType: 'DASHBOARD', id },
        customerId: customerRef(customerId),
        actionType,
        actionData: expect.objectContaining(actionData),
        actionStatus: status,
      });
    expect(logs).toEqual([
      entry('ADDED', NULL_UUID, { entity: expect.objectContaining({ title: dashboard.title }) }),
      entry('UPDATED', NULL_UUID, { entity: expect.objectContaining({ title: 'Audited' }) }),
      entry('ASSIGNED_TO_CUSTOMER', ids.customerAId, {
        assignedCustomerId: ids.customerAId,
        assignedCustomerName: 'Customer A',
      }),
      entry('ASSIGNED_TO_CUSTOMER', ids.customerBId, {
        assignedCustomerId: ids.customerBId,
        assignedCustomerName: 'Customer B',
      }),
      entry('UNASSIGNED_FROM_CUSTOMER', ids.customerAId, {
        unassignedCustomerId: ids.customerAId,
        unassignedCustomerName: 'Customer A',
      }),
      entry('ASSIGNED_TO_CUSTOMER', NULL_UUID, { entityId: id }, 'FAILURE'),
      entry('DELETED', NULL_UUID, { entityId: id }),
    ]);
    expect(logs.every((l) => l.entityName === 'Audited' || l.entityName === dashboard.title)).toBe(true);
  });
});

describe('importing the reference dashboards', () => {
  it('saves every exported dashboard as it is, configuration key order included', async () => {
    const files = (await fs.readdir(FIXTURES)).filter(
      (f) => f.startsWith('dashboard-') && f.endsWith('.json'),
    );
    expect(files.length).toBeGreaterThanOrEqual(3);
    for (const file of files) {
      const exported = JSON.parse(await fs.readFile(path.join(FIXTURES, file), 'utf8')) as Record<
        string,
        unknown
      >;
      const { id: _id, ...body } = exported;
      const saved = expectOk(await server.api.post<DashboardJson>('/api/dashboard', body, ta()));
      expect(saved.title, file).toBe(exported.title);
      expect(JSON.stringify(saved.configuration), file).toBe(JSON.stringify(exported.configuration));
      const read = await server.api.get<DashboardJson>(`/api/dashboard/${saved.id.id}`, ta());
      expect(JSON.stringify(read.body.configuration), file).toBe(JSON.stringify(exported.configuration));
      expect(read.body).toEqual(saved);

      // An export of the saved dashboard imports again to the same dashboard.
      const { id: _again, ...reexport } = read.body;
      const reimported = expectOk(await server.api.post<DashboardJson>('/api/dashboard', reexport, ta()));
      expect(JSON.stringify(reimported.configuration), file).toBe(JSON.stringify(exported.configuration));
      expect(reimported.id.id).not.toBe(saved.id.id);
    }
  });
});
