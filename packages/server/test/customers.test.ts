import { v1 as uuidv1 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePublicCustomer } from '../src/modules/customers/public-customer.js';
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
  type ApiClient,
  type ApiResponse,
  DEMO,
  type DemoIds,
  demoIds,
  type EntityIdJson,
  expectError,
  expectOk,
  type PageDataJson,
  startServer,
  type TestServer,
} from './helper.js';

interface CustomerJson {
  id: EntityIdJson;
  createdTime: number;
  additionalInfo: Record<string, unknown> | null;
  country: string | null;
  state: string | null;
  city: string | null;
  address: string | null;
  address2: string | null;
  zip: string | null;
  phone: string | null;
  email: string | null;
  title: string;
  tenantId: EntityIdJson;
  name: string;
}

const CUSTOMER_KEYS = [
  'additionalInfo',
  'address',
  'address2',
  'city',
  'country',
  'createdTime',
  'email',
  'id',
  'name',
  'phone',
  'state',
  'tenantId',
  'title',
  'zip',
];

let server: TestServer;
let api: ApiClient;
let ids: DemoIds;
let sysadminToken: string;
let tenantToken: string;
let customerToken: string;
let otherTenant: TenantRef;
let otherTenantAdmin: UserRef;
let otherTenantCustomer: CustomerRef;
let otherTenantToken: string;
let customerBToken: string;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startServer();
  api = server.api;
  ids = await demoIds(server.store);
  const { db } = server.store;
  otherTenant = await newTenant(db, 'Other Tenant');
  otherTenantAdmin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: otherTenant.id });
  otherTenantCustomer = await newCustomer(db, otherTenant.id, 'Other Tenant Customer');
  const customerBUser = await newUser(db, {
    authority: 'CUSTOMER_USER',
    tenantId: ids.tenantId,
    customerId: ids.customerBId,
  });
  sysadminToken = (await api.login(DEMO.sysadmin.email, DEMO.sysadmin.password)).token;
  tenantToken = (await api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
  customerToken = (await api.login(DEMO.customer.email, DEMO.customer.password)).token;
  otherTenantToken = (await api.login(otherTenantAdmin.email, otherTenantAdmin.password)).token;
  customerBToken = (await api.login(customerBUser.email, customerBUser.password)).token;
  tokens.set('sysadmin', sysadminToken);
  tokens.set('tenantAdmin', tenantToken);
  tokens.set('customerUser', customerToken);
  tokens.set('otherTenantAdmin', otherTenantToken);
  tokens.set('otherCustomerUser', customerBToken);
});

afterAll(async () => {
  await server?.close();
});

const save = (body: Record<string, unknown>, token = tenantToken) =>
  api.post<CustomerJson>('/api/customer', body, { token });

const opt = (token?: string) => (token ? { token } : {});

describe('POST /api/customer: create', () => {
  it('creates a customer in the tenant of the administrator, whatever the body says', async () => {
    const created = expectOk(
      await save({
        title: 'Acme Customer',
        tenantId: { entityType: 'TENANT', id: otherTenant.id },
        email: 'acme@example.test',
        city: 'Oslo',
        country: 'Norway',
        additionalInfo: { description: 'Important', isPublic: true },
        name: 'ignored',
      }),
    );
    expect(Object.keys(created).sort()).toEqual(CUSTOMER_KEYS);
    expect(created).toMatchObject({
      id: { entityType: 'CUSTOMER' },
      title: 'Acme Customer',
      name: 'Acme Customer',
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      email: 'acme@example.test',
      city: 'Oslo',
      country: 'Norway',
      state: null,
      // isPublic is the server's mark of the public customer and cannot be set.
      additionalInfo: { description: 'Important' },
    });
    expect(expectOk(await api.get(`/api/customer/${created.id.id}`, { token: tenantToken }))).toEqual(
      created,
    );
    const short = expectOk(await api.get(`/api/customer/${created.id.id}/shortInfo`, { token: tenantToken }));
    expect(short).toEqual({ title: 'Acme Customer', isPublic: false });
  });

  it('refuses a missing title, a duplicate title, the reserved title and bad fields, naming them', async () => {
    expectError(await save({ email: 'x@example.test' }), 400, 31, 'Customer title should be specified!');
    expectError(await save({ title: ' ' }), 400, 31, 'Customer title should be specified!');
    expectError(await save({ title: 'Customer A' }), 400, 31, 'Customer with such title already exists!');
    expectError(await save({ title: 'Public' }), 400, 31, "'Public' title for customer is system reserved!");
    expectError(
      await save({ title: 'Mail', email: 'nope' }),
      400,
      31,
      "Invalid email address format 'nope'!",
    );
    expectError(await save({ title: 'x'.repeat(256) }), 400, 31, /'title'/);
    expectError(await save({ title: 'Zip', zip: 'z'.repeat(256) }), 400, 31, /'zip'/);
    expectError(await save({ title: ['array'] }), 400, 31, /'title'/);
    const none = await server.store.db
      .selectFrom('customer')
      .select('id')
      .where('title', '=', 'Mail')
      .execute();
    expect(none).toEqual([]);
  });

  it('allows the same title in another tenant', async () => {
    const created = expectOk(await save({ title: 'Customer A' }, otherTenantToken));
    expect(created.tenantId.id).toBe(otherTenant.id);
  });

  it('refuses one customer more than the tenant profile allows', async () => {
    const profile = expectOk(
      await api.post<{ id: EntityIdJson }>(
        '/api/tenantProfile',
        { name: 'Two Customers', profileData: { configuration: { type: 'DEFAULT', maxCustomers: 2 } } },
        { token: sysadminToken },
      ),
    );
    const tenant = expectOk(
      await api.post<{ id: EntityIdJson }>(
        '/api/tenant',
        { title: 'Limited', tenantProfileId: profile.id },
        { token: sysadminToken },
      ),
    );
    const admin = await newUser(server.store.db, { authority: 'TENANT_ADMIN', tenantId: tenant.id.id });
    const token = (await api.login(admin.email, admin.password)).token;
    expectOk(await save({ title: 'First' }, token));
    expectOk(await save({ title: 'Second' }, token));
    expectError(await save({ title: 'Third' }, token), 400, 31, "Can't create more then 2 customers!");
    const page = expectOk(
      await api.get<PageDataJson<CustomerJson>>('/api/customers?pageSize=10&page=0', { token }),
    );
    expect(page.data.map((c) => c.title).sort()).toEqual(['First', 'Second']);
    // Updating an existing customer is not creating one.
    const first = page.data.find((c) => c.title === 'First') as CustomerJson;
    expectOk(await save({ ...first, city: 'Bergen' }, token));
  });
});

describe('POST /api/customer: update', () => {
  it('updates the fields and renames the customer in the dashboards it is assigned to', async () => {
    const { db } = server.store;
    const created = expectOk(await save({ title: 'Old Name', additionalInfo: { description: 'd' } }));
    const dashboard = await newDashboard(db, ids.tenantId, 'Shared', [
      { id: ids.customerAId, title: 'Customer A' },
      { id: created.id.id, title: 'Old Name' },
    ]);
    const updated = expectOk(
      await save({
        ...created,
        title: 'New Name',
        phone: '+47 1234',
        tenantId: { entityType: 'TENANT', id: otherTenant.id },
      }),
    );
    expect(updated).toMatchObject({
      id: created.id,
      createdTime: created.createdTime,
      title: 'New Name',
      name: 'New Name',
      phone: '+47 1234',
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      additionalInfo: { description: 'd' },
    });
    expect(expectOk(await api.get(`/api/customer/${created.id.id}`, { token: tenantToken }))).toEqual(
      updated,
    );
    const row = await db
      .selectFrom('dashboard')
      .select('assignedCustomers')
      .where('id', '=', dashboard.id)
      .executeTakeFirstOrThrow();
    expect(row.assignedCustomers).toEqual([
      { customerId: { entityType: 'CUSTOMER', id: ids.customerAId }, title: 'Customer A', public: false },
      { customerId: { entityType: 'CUSTOMER', id: created.id.id }, title: 'New Name', public: false },
    ]);
  });

  it('refuses renaming onto another customer title or the reserved title', async () => {
    const created = expectOk(await save({ title: 'Renamer' }));
    expectError(
      await save({ ...created, title: 'Customer B' }),
      400,
      31,
      'Customer with such title already exists!',
    );
    expectError(
      await save({ ...created, title: 'Public' }),
      400,
      31,
      "'Public' title for customer is system reserved!",
    );
    // Saving with its own title is fine.
    expectOk(await save({ ...created, city: 'Bergen' }));
  });

  it('answers 404 for an unknown id and 403 for a customer of another tenant', async () => {
    expectError(await save({ id: { entityType: 'CUSTOMER', id: uuidv1() }, title: 'Ghost' }), 404, 32);
    const res = await save(
      { id: { entityType: 'CUSTOMER', id: ids.customerAId }, title: 'Hijacked' },
      otherTenantToken,
    );
    expectError(res, 403, 20);
    const a = expectOk(
      await api.get<CustomerJson>(`/api/customer/${ids.customerAId}`, { token: tenantToken }),
    );
    expect(a.title).toBe('Customer A');
  });
});

describe('reading customers', () => {
  it('GET /api/customer/{id} for the tenant administrator and the customer user of that customer', async () => {
    const byTenant = expectOk(
      await api.get<CustomerJson>(`/api/customer/${ids.customerAId}`, { token: tenantToken }),
    );
    expect(Object.keys(byTenant).sort()).toEqual(CUSTOMER_KEYS);
    expect(byTenant).toMatchObject({
      title: 'Customer A',
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
    });
    const byCustomer = expectOk(await api.get(`/api/customer/${ids.customerAId}`, { token: customerToken }));
    expect(byCustomer).toEqual(byTenant);
    expectError(await api.get(`/api/customer/${ids.customerBId}`, { token: customerToken }), 403, 20);
    expectError(await api.get(`/api/customer/${uuidv1()}`, { token: tenantToken }), 404, 32);
    expectError(await api.get('/api/customer/abc', { token: tenantToken }), 400, 31, /customerId/);
  });

  it('GET /api/customer/{id}/title answers the title as application/text', async () => {
    const res = await api.get(`/api/customer/${ids.customerAId}/title`, { token: customerToken });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/text');
    expect(res.text).toBe('Customer A');
    expectError(await api.get(`/api/customer/${ids.customerAId}/title`, { token: customerBToken }), 403, 20);
  });

  it('GET /api/customer/{id}/shortInfo answers title and isPublic', async () => {
    const info = expectOk(
      await api.get(`/api/customer/${ids.customerBId}/shortInfo`, { token: customerBToken }),
    );
    expect(info).toEqual({ title: 'Customer B', isPublic: false });
    expectError(
      await api.get(`/api/customer/${ids.customerBId}/shortInfo`, { token: customerToken }),
      403,
      20,
    );
  });

  it('GET /api/tenant/customers?customerTitle= finds the exact title within the own tenant only', async () => {
    const found = expectOk(
      await api.get<CustomerJson>('/api/tenant/customers?customerTitle=Customer%20B', { token: tenantToken }),
    );
    expect(found.id.id).toBe(ids.customerBId);
    expectError(
      await api.get('/api/tenant/customers?customerTitle=customer%20b', { token: tenantToken }),
      404,
      32,
    );
    const other = await api.get('/api/tenant/customers?customerTitle=Customer%20B', {
      token: otherTenantToken,
    });
    expectError(other, 404, 32);
    expect(other.text).not.toContain(ids.customerBId);
    const otherOwn = expectOk(
      await api.get<CustomerJson>(
        `/api/tenant/customers?customerTitle=${encodeURIComponent(otherTenantCustomer.title)}`,
        { token: otherTenantToken },
      ),
    );
    expect(otherOwn.id.id).toBe(otherTenantCustomer.id);
    expectError(await api.get('/api/tenant/customers', { token: tenantToken }), 400, 31, /customerTitle/);
  });
});

describe('GET /api/customers', () => {
  let tenant: TenantRef;
  let token: string;

  beforeAll(async () => {
    const { db } = server.store;
    tenant = await newTenant(db, 'Listing Tenant');
    const admin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: tenant.id });
    token = (await api.login(admin.email, admin.password)).token;
    for (const [title, email, city] of [
      ['Charlie Corp', 'c@example.test', 'Bergen'],
      ['Alpha Inc', 'a@example.test', 'Oslo'],
      ['Bravo 50% Ltd', 'b@example.test', 'Alesund'],
    ]) {
      expectOk(await save({ title, email, city, country: 'Norway' }, token));
    }
  });

  const list = (query: string) => api.get<PageDataJson<CustomerJson>>(`/api/customers?${query}`, { token });

  it('pages the tenant customers, default order id ASC', async () => {
    const first = expectOk(await list('pageSize=2&page=0'));
    expect(first).toMatchObject({ totalElements: 3, totalPages: 2, hasNext: true });
    const second = expectOk(await list('pageSize=2&page=1'));
    expect(second).toMatchObject({ totalElements: 3, hasNext: false });
    const order = [...first.data, ...second.data].map((c) => c.id.id);
    expect(order).toEqual([...order].sort());
    for (const c of first.data) {
      expect(Object.keys(c).sort()).toEqual(CUSTOMER_KEYS);
      expect(c.tenantId.id).toBe(tenant.id);
    }
  });

  it('sorts by the documented properties and searches the title', async () => {
    const byTitle = expectOk(await list('pageSize=10&page=0&sortProperty=title&sortOrder=ASC'));
    expect(byTitle.data.map((c) => c.title)).toEqual(['Alpha Inc', 'Bravo 50% Ltd', 'Charlie Corp']);
    const byCity = expectOk(await list('pageSize=10&page=0&sortProperty=city&sortOrder=DESC'));
    expect(byCity.data.map((c) => c.city)).toEqual(['Oslo', 'Bergen', 'Alesund']);
    const byEmail = expectOk(await list('pageSize=10&page=0&sortProperty=email&sortOrder=DESC'));
    expect(byEmail.data.map((c) => c.email)).toEqual(['c@example.test', 'b@example.test', 'a@example.test']);
    const byCreated = expectOk(await list('pageSize=10&page=0&sortProperty=createdTime'));
    expect(byCreated.data.map((c) => c.title)).toEqual(['Charlie Corp', 'Alpha Inc', 'Bravo 50% Ltd']);
    expectOk(await list('pageSize=10&page=0&sortProperty=country'));
    const search = expectOk(await list('pageSize=10&page=0&textSearch=CORP'));
    expect(search.data.map((c) => c.title)).toEqual(['Charlie Corp']);
    const percent = expectOk(await list('pageSize=10&page=0&textSearch=50%25'));
    expect(percent.data.map((c) => c.title)).toEqual(['Bravo 50% Ltd']);
    expect(expectOk(await list('pageSize=10&page=0&textSearch=%25%25')).totalElements).toBe(0);
    // The email is not part of the customer's search text.
    expect(expectOk(await list('pageSize=10&page=0&textSearch=example.test')).totalElements).toBe(0);
  });

  it('refuses an unknown sort property, a bad order and missing paging', async () => {
    expectError(await list('pageSize=10&page=0&sortProperty=phone'), 400, 31, /phone/);
    expectError(await list('pageSize=10&page=0&sortOrder=RANDOM'), 400, 31, /RANDOM/);
    expectError(await list('page=0'), 400, 31, /'pageSize'/);
  });

  it('never lists customers of another tenant', async () => {
    const demo = expectOk(
      await api.get<PageDataJson<CustomerJson>>('/api/customers?pageSize=1000&page=0', {
        token: tenantToken,
      }),
    );
    expect(demo.data.every((c) => c.tenantId.id === ids.tenantId)).toBe(true);
    expect(demo.data.map((c) => c.title)).toEqual(expect.arrayContaining(['Customer A', 'Customer B']));
    const other = await api.get('/api/customers?pageSize=1000&page=0', { token: otherTenantToken });
    expect(other.status).toBe(200);
    expect(other.text).not.toContain(ids.customerAId);
    expect(other.text).not.toContain(ids.tenantId);
  });
});

describe('DELETE /api/customer/{id}', () => {
  it('deletes the customer and its users and unassigns its devices, assets and dashboards', async () => {
    const { db } = server.store;
    const customer = expectOk(await save({ title: 'Leaving' }));
    const customerId = customer.id.id;
    const user = await newUser(db, { authority: 'CUSTOMER_USER', tenantId: ids.tenantId, customerId });
    const deviceProfile = await db
      .selectFrom('deviceProfile')
      .select('id')
      .where('tenantId', '=', ids.tenantId)
      .executeTakeFirstOrThrow();
    const deviceId = uuidv1();
    await db
      .insertInto('device')
      .values({
        id: deviceId,
        createdTime: Date.now(),
        tenantId: ids.tenantId,
        customerId,
        deviceProfileId: deviceProfile.id,
        name: 'Leaving Device',
        type: 'default',
      })
      .execute();
    const assetId = uuidv1();
    await db
      .insertInto('asset')
      .values({
        id: assetId,
        createdTime: Date.now(),
        tenantId: ids.tenantId,
        customerId,
        name: 'Leaving Asset',
        type: 'site',
      })
      .execute();
    const dashboard = await newDashboard(db, ids.tenantId, 'Leaving Dashboard', [
      { id: customerId, title: 'Leaving' },
      { id: ids.customerBId, title: 'Customer B' },
    ]);

    const res = await api.delete(`/api/customer/${customerId}`, { token: tenantToken });
    expect(res.status, res.text).toBe(200);
    expect(res.text).toBe('');

    expectError(await api.get(`/api/customer/${customerId}`, { token: tenantToken }), 404, 32);
    expect(await db.selectFrom('tbUser').select('id').where('id', '=', user.id).execute()).toEqual([]);
    const device = await db
      .selectFrom('device')
      .select('customerId')
      .where('id', '=', deviceId)
      .executeTakeFirst();
    expect(device).toEqual({ customerId: null });
    const asset = await db
      .selectFrom('asset')
      .select('customerId')
      .where('id', '=', assetId)
      .executeTakeFirst();
    expect(asset).toEqual({ customerId: null });
    const dash = await db
      .selectFrom('dashboard')
      .select('assignedCustomers')
      .where('id', '=', dashboard.id)
      .executeTakeFirstOrThrow();
    expect(dash.assignedCustomers).toEqual([
      { customerId: { entityType: 'CUSTOMER', id: ids.customerBId }, title: 'Customer B', public: false },
    ]);
    expectError(
      await api.post('/api/auth/login', { username: user.email, password: user.password }),
      401,
      10,
    );
    expectError(await api.delete(`/api/customer/${customerId}`, { token: tenantToken }), 404, 32);
  });

  it('refuses the customer user and administrators of other tenants', async () => {
    expectError(await api.delete(`/api/customer/${ids.customerAId}`, { token: customerToken }), 403, 20);
    expectError(await api.delete(`/api/customer/${ids.customerAId}`, { token: otherTenantToken }), 403, 20);
    expectError(await api.delete(`/api/customer/${ids.customerAId}`, { token: sysadminToken }), 403, 20);
    expectOk(await api.get(`/api/customer/${ids.customerAId}`, { token: tenantToken }));
  });
});

describe('the public customer', () => {
  it('is created once per tenant on demand, with title Public and isPublic', async () => {
    const { db } = server.store;
    const tenant = await newTenant(db, 'Public Tenant');
    const [first, second] = await Promise.all([
      ensurePublicCustomer(db, tenant.id),
      ensurePublicCustomer(db, tenant.id),
    ]);
    expect(second.id).toBe(first.id);
    expect(await ensurePublicCustomer(db, tenant.id)).toMatchObject({ id: first.id });
    expect(first).toMatchObject({ tenantId: tenant.id, title: 'Public', additionalInfo: { isPublic: true } });
    const rows = await db.selectFrom('customer').select('id').where('tenantId', '=', tenant.id).execute();
    expect(rows.map((r) => r.id)).toEqual([first.id]);
    // Another tenant gets its own.
    const other = await ensurePublicCustomer(db, otherTenant.id);
    expect(other.id).not.toBe(first.id);
    expect(other.tenantId).toBe(otherTenant.id);
  });

  it('is listed, reads as public and keeps its mark through updates', async () => {
    const publicCustomer = await ensurePublicCustomer(server.store.db, ids.tenantId);
    const read = expectOk(
      await api.get<CustomerJson>(`/api/customer/${publicCustomer.id}`, { token: tenantToken }),
    );
    expect(read).toMatchObject({ title: 'Public', additionalInfo: { isPublic: true } });
    const short = expectOk(
      await api.get(`/api/customer/${publicCustomer.id}/shortInfo`, { token: tenantToken }),
    );
    expect(short).toEqual({ title: 'Public', isPublic: true });
    const list = expectOk(
      await api.get<PageDataJson<CustomerJson>>('/api/customers?pageSize=10&page=0&textSearch=public', {
        token: tenantToken,
      }),
    );
    expect(list.data.map((c) => c.id.id)).toEqual([publicCustomer.id]);
    const updated = expectOk(await save({ ...read, additionalInfo: { description: 'everyone' } }));
    expect(updated.additionalInfo).toEqual({ description: 'everyone', isPublic: true });
    const login = expectOk(
      await api.post<{ token: string }>('/api/auth/login/public', { publicId: publicCustomer.id }),
    );
    expect(typeof login.token).toBe('string');
    // A regular customer cannot make itself public.
    const regular = expectOk(
      await api.get<CustomerJson>(`/api/customer/${ids.customerBId}`, { token: tenantToken }),
    );
    const stillPrivate = expectOk(await save({ ...regular, additionalInfo: { isPublic: true } }));
    expect(stillPrivate.additionalInfo).toEqual({});
    expectError(await api.post('/api/auth/login/public', { publicId: ids.customerBId }), 401, 10);
  });
});

describe('permission matrix', () => {
  type Caller =
    | 'anonymous'
    | 'sysadmin'
    | 'tenantAdmin'
    | 'customerUser'
    | 'otherTenantAdmin'
    | 'otherCustomerUser';
  const CALLERS: Caller[] = [
    'anonymous',
    'sysadmin',
    'tenantAdmin',
    'customerUser',
    'otherTenantAdmin',
    'otherCustomerUser',
  ];
  //                       anon  SA   TA   CU   TA2  CU2
  const READ_CUSTOMER_A = [401, 403, 200, 200, 403, 403];
  const TA_ONLY = [401, 403, 200, 403, 403, 403];
  /** Tenant-admin endpoints scoped to the caller's own tenant: the other tenant's admin gets its own answer. */
  const TA_OWN_SCOPE = [401, 403, 200, 403, 200, 403];
  let disposable: () => Promise<string>;

  beforeAll(() => {
    let n = 0;
    disposable = async () => {
      n += 1;
      return (await newCustomer(server.store.db, ids.tenantId, `Matrix Disposable ${n}`)).id;
    };
  });

  const cases: { name: string; statuses: number[]; call: (token?: string) => Promise<ApiResponse> }[] = [
    {
      name: 'GET /api/customer/{id}',
      statuses: READ_CUSTOMER_A,
      call: (token) => api.get(`/api/customer/${ids.customerAId}`, opt(token)),
    },
    {
      name: 'GET /api/customer/{id}/shortInfo',
      statuses: READ_CUSTOMER_A,
      call: (token) => api.get(`/api/customer/${ids.customerAId}/shortInfo`, opt(token)),
    },
    {
      name: 'GET /api/customer/{id}/title',
      statuses: READ_CUSTOMER_A,
      call: (token) => api.get(`/api/customer/${ids.customerAId}/title`, opt(token)),
    },
    {
      name: 'POST /api/customer (create)',
      statuses: TA_OWN_SCOPE,
      call: async (token) => api.post('/api/customer', { title: `Matrix ${uuidv1()}` }, opt(token)),
    },
    {
      name: 'POST /api/customer (update Customer A)',
      statuses: TA_ONLY,
      call: async (token) => {
        const current = await api.get<CustomerJson>(`/api/customer/${ids.customerAId}`, {
          token: tenantToken,
        });
        return api.post('/api/customer', current.body, opt(token));
      },
    },
    {
      name: 'DELETE /api/customer/{id}',
      statuses: TA_ONLY,
      call: async (token) => api.delete(`/api/customer/${await disposable()}`, opt(token)),
    },
    {
      name: 'GET /api/customers',
      statuses: TA_OWN_SCOPE,
      call: (token) => api.get('/api/customers?pageSize=1000&page=0', opt(token)),
    },
    {
      // Titled only in the Demo Tenant: the other tenant's administrator finds nothing.
      name: 'GET /api/tenant/customers?customerTitle=Customer B',
      statuses: [401, 403, 200, 403, 404, 403],
      call: (token) => api.get('/api/tenant/customers?customerTitle=Customer%20B', opt(token)),
    },
  ];

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    for (const [index, caller] of CALLERS.entries()) {
      const res = await c.call(tokens.get(caller));
      expect(res.status, `${caller}: ${res.text}`).toBe(c.statuses[index]);
      if (res.status === 401) expectError(res, 401, 10);
      if (res.status === 403)
        expectError(res, 403, 20, "You don't have permission to perform this operation!");
      if (res.status === 404) expectError(res, 404, 32);
      if (caller === 'otherTenantAdmin') {
        expect(res.text).not.toContain(ids.tenantId);
        expect(res.text).not.toContain(ids.customerAId);
      }
      if (caller === 'otherCustomerUser') expect(res.text).not.toContain(ids.customerAId);
    }
  });

  it('left Customer A as it was', async () => {
    const a = expectOk(
      await api.get<CustomerJson>(`/api/customer/${ids.customerAId}`, { token: tenantToken }),
    );
    expect(a.title).toBe('Customer A');
    const created = await server.store.db
      .selectFrom('customer')
      .select(['tenantId'])
      .where('title', 'like', 'Matrix %')
      .where('title', 'not like', 'Matrix Disposable%')
      .execute();
    // One by the Demo Tenant admin, one by the other tenant's admin (in its own tenant).
    expect(created.map((c) => c.tenantId).sort()).toEqual([ids.tenantId, otherTenant.id].sort());
  });
});
