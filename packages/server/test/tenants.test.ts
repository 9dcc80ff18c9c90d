import { v1 as uuidv1 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, newDashboard, newTenant, newUser, type TenantRef, type UserRef } from './factories.js';
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
  uniqueEmail,
} from './helper.js';

interface TenantJson {
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
  name: string;
  region: string | null;
  tenantProfileId: EntityIdJson;
}

interface TenantInfoJson extends TenantJson {
  tenantProfileName: string;
}

const TENANT_KEYS = [
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
  'region',
  'state',
  'tenantProfileId',
  'title',
  'zip',
];

let server: TestServer;
let api: ApiClient;
let ids: DemoIds;
let sysadminToken: string;
let tenantToken: string;
let otherTenant: TenantRef;
let otherTenantAdmin: UserRef;
let defaultProfileId: string;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startServer();
  api = server.api;
  ids = await demoIds(server.store);
  const { db } = server.store;
  otherTenant = await newTenant(db, 'Other Tenant');
  otherTenantAdmin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: otherTenant.id });
  const otherCustomerUser = await newUser(db, {
    authority: 'CUSTOMER_USER',
    tenantId: ids.tenantId,
    customerId: ids.customerBId,
  });
  sysadminToken = (await api.login(DEMO.sysadmin.email, DEMO.sysadmin.password)).token;
  tenantToken = (await api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
  tokens.set('sysadmin', sysadminToken);
  tokens.set('tenantAdmin', tenantToken);
  tokens.set('customerUser', (await api.login(DEMO.customer.email, DEMO.customer.password)).token);
  tokens.set('otherTenantAdmin', (await api.login(otherTenantAdmin.email, otherTenantAdmin.password)).token);
  tokens.set(
    'otherCustomerUser',
    (await api.login(otherCustomerUser.email, otherCustomerUser.password)).token,
  );
  defaultProfileId = (
    await db.selectFrom('tenantProfile').select('id').where('isDefault', '=', true).executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  await server?.close();
});

const save = (body: Record<string, unknown>, token = sysadminToken) =>
  api.post<TenantJson>('/api/tenant', body, { token });

const profileNamed = async (name: string) =>
  (
    await server.store.db
      .selectFrom('tenantProfile')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow()
  ).id;

describe('POST /api/tenant: create', () => {
  it('creates a tenant with the default profile and its default device profile', async () => {
    const created = expectOk(
      await save({
        title: 'Acme',
        region: 'Global',
        email: 'office@acme.test',
        country: 'Norway',
        city: 'Oslo',
        additionalInfo: { description: 'A tenant', homeDashboardHideToolbar: true },
        name: 'ignored',
      }),
    );
    expect(Object.keys(created).sort()).toEqual(TENANT_KEYS);
    expect(created).toMatchObject({
      id: { entityType: 'TENANT' },
      title: 'Acme',
      name: 'Acme',
      region: 'Global',
      email: 'office@acme.test',
      country: 'Norway',
      city: 'Oslo',
      state: null,
      zip: null,
      additionalInfo: { description: 'A tenant', homeDashboardHideToolbar: true },
      tenantProfileId: { entityType: 'TENANT_PROFILE', id: defaultProfileId },
    });
    const read = expectOk(
      await api.get<TenantJson>(`/api/tenant/${created.id.id}`, { token: sysadminToken }),
    );
    expect(read).toEqual(created);
    const deviceProfiles = await server.store.db
      .selectFrom('deviceProfile')
      .select(['name', 'isDefault', 'transportType'])
      .where('tenantId', '=', created.id.id)
      .execute();
    expect(deviceProfiles).toEqual([{ name: 'default', isDefault: true, transportType: 'DEFAULT' }]);
  });

  it('uses the tenant profile given', async () => {
    const isolated = await profileNamed('Isolated TB Core');
    const created = expectOk(
      await save({ title: 'Isolated', tenantProfileId: { entityType: 'TENANT_PROFILE', id: isolated } }),
    );
    expect(created.tenantProfileId).toEqual({ entityType: 'TENANT_PROFILE', id: isolated });
    const info = expectOk(
      await api.get<TenantInfoJson>(`/api/tenant/info/${created.id.id}`, { token: sysadminToken }),
    );
    expect(Object.keys(info).sort()).toEqual([...TENANT_KEYS, 'tenantProfileName'].sort());
    expect(info).toEqual({ ...created, tenantProfileName: 'Isolated TB Core' });
  });

  it('refuses an unknown tenant profile and creates nothing', async () => {
    expectError(
      await save({ title: 'Orphan', tenantProfileId: { entityType: 'TENANT_PROFILE', id: uuidv1() } }),
      400,
      31,
      'Tenant is referencing to non-existent tenant profile!',
    );
    const rows = await server.store.db
      .selectFrom('tenant')
      .select('id')
      .where('title', '=', 'Orphan')
      .execute();
    expect(rows).toEqual([]);
  });

  it('refuses a missing title, a bad email and over-long fields, naming the field', async () => {
    expectError(await save({ region: 'Global' }), 400, 31, 'Tenant title should be specified!');
    expectError(await save({ title: '   ' }), 400, 31, 'Tenant title should be specified!');
    expectError(
      await save({ title: 'Mail', email: 'not-an-email' }),
      400,
      31,
      "Invalid email address format 'not-an-email'!",
    );
    expectError(await save({ title: 't'.repeat(256) }), 400, 31, /'title'/);
    expectError(await save({ title: 'Long City', city: 'c'.repeat(256) }), 400, 31, /'city'/);
    expectError(await save({ title: 42 }), 400, 31, /'title'/);
    expectError(
      await save({ title: 'Bad Profile', tenantProfileId: { id: 'nope' } }),
      400,
      31,
      /tenantProfileId/,
    );
  });
});

describe('POST /api/tenant: update', () => {
  it('updates the fields and keeps the profile when none is sent', async () => {
    const created = expectOk(
      await save({
        title: 'Before',
        tenantProfileId: { entityType: 'TENANT_PROFILE', id: await profileNamed('Isolated TB Rule Engine') },
      }),
    );
    const { tenantProfileId: _p, ...withoutProfile } = created;
    const updated = expectOk(
      await save({ ...withoutProfile, title: 'After', phone: '+4712345678', email: '' }),
    );
    expect(updated).toMatchObject({
      id: created.id,
      createdTime: created.createdTime,
      title: 'After',
      name: 'After',
      phone: '+4712345678',
      email: '',
      tenantProfileId: created.tenantProfileId,
    });
    expect(expectOk(await api.get(`/api/tenant/${created.id.id}`, { token: sysadminToken }))).toEqual(
      updated,
    );
    const moved = expectOk(
      await save({ ...updated, tenantProfileId: { entityType: 'TENANT_PROFILE', id: defaultProfileId } }),
    );
    expect(moved.tenantProfileId.id).toBe(defaultProfileId);
  });

  it('answers 404 for an unknown id', async () => {
    expectError(await save({ id: { entityType: 'TENANT', id: uuidv1() }, title: 'Ghost' }), 404, 32);
  });
});

describe('GET /api/tenant/{id} and /api/tenant/info/{id}', () => {
  it('lets a tenant administrator read the own tenant only', async () => {
    const own = expectOk(await api.get<TenantJson>(`/api/tenant/${ids.tenantId}`, { token: tenantToken }));
    expect(own).toMatchObject({ id: { entityType: 'TENANT', id: ids.tenantId }, title: 'Demo Tenant' });
    const info = expectOk(
      await api.get<TenantInfoJson>(`/api/tenant/info/${ids.tenantId}`, { token: tenantToken }),
    );
    expect(info.tenantProfileName).toBe('Default');
    for (const path of [`/api/tenant/${otherTenant.id}`, `/api/tenant/info/${otherTenant.id}`]) {
      const res = await api.get(path, { token: tenantToken });
      expectError(res, 403, 20, "You don't have permission to perform this operation!");
      expect(res.text).not.toContain('Other Tenant');
    }
  });

  it('answers 404 for an unknown tenant and 400 for a malformed id', async () => {
    expectError(await api.get(`/api/tenant/${uuidv1()}`, { token: sysadminToken }), 404, 32);
    expectError(await api.get(`/api/tenant/info/${uuidv1()}`, { token: sysadminToken }), 404, 32);
    expectError(await api.get('/api/tenant/info/xyz', { token: sysadminToken }), 400, 31, /tenantId/);
  });
});

describe('tenant lists', () => {
  beforeAll(async () => {
    const isolated = await profileNamed('Isolated TB Core and TB Rule Engine');
    for (const [title, city, profile] of [
      ['Listed Charlie', 'Bergen', defaultProfileId],
      ['Listed Alpha', 'Trondheim', isolated],
      ['Listed Bravo', 'Alesund', defaultProfileId],
    ] as const) {
      expectOk(await save({ title, city, tenantProfileId: { entityType: 'TENANT_PROFILE', id: profile } }));
    }
  });

  const tenantsPage = (query: string) =>
    api.get<PageDataJson<TenantJson>>(`/api/tenants?${query}`, { token: sysadminToken });
  const infosPage = (query: string) =>
    api.get<PageDataJson<TenantInfoJson>>(`/api/tenantInfos?${query}`, { token: sysadminToken });

  it('pages and searches the title without regard to case', async () => {
    const first = expectOk(await tenantsPage('pageSize=2&page=0&textSearch=LISTED&sortProperty=title'));
    expect(first).toMatchObject({ totalElements: 3, totalPages: 2, hasNext: true });
    expect(first.data.map((t) => t.title)).toEqual(['Listed Alpha', 'Listed Bravo']);
    const second = expectOk(await tenantsPage('pageSize=2&page=1&textSearch=listed&sortProperty=title'));
    expect(second.data.map((t) => t.title)).toEqual(['Listed Charlie']);
    for (const t of first.data) expect(Object.keys(t).sort()).toEqual(TENANT_KEYS);
    const all = expectOk(await tenantsPage('pageSize=100&page=0'));
    expect(all.data.map((t) => t.title)).toEqual(expect.arrayContaining(['Demo Tenant', 'Other Tenant']));
    const order = all.data.map((t) => t.id.id);
    expect(order).toEqual([...order].sort());
  });

  it('sorts by the documented properties', async () => {
    const byCity = expectOk(
      await tenantsPage('pageSize=10&page=0&textSearch=listed&sortProperty=city&sortOrder=DESC'),
    );
    expect(byCity.data.map((t) => t.city)).toEqual(['Trondheim', 'Bergen', 'Alesund']);
    const byCreated = expectOk(
      await tenantsPage('pageSize=10&page=0&textSearch=listed&sortProperty=createdTime'),
    );
    expect(byCreated.data.map((t) => t.title)).toEqual(['Listed Charlie', 'Listed Alpha', 'Listed Bravo']);
    for (const property of ['email', 'country', 'state', 'address', 'address2', 'zip', 'phone']) {
      expectOk(await tenantsPage(`pageSize=10&page=0&sortProperty=${property}`));
    }
    expectError(
      await tenantsPage('pageSize=10&page=0&sortProperty=tenantProfileName'),
      400,
      31,
      /tenantProfileName/,
    );
  });

  it('/api/tenantInfos adds the profile name and sorts by it', async () => {
    const infos = expectOk(
      await infosPage('pageSize=10&page=0&textSearch=listed&sortProperty=tenantProfileName&sortOrder=DESC'),
    );
    expect(infos.data.map((t) => [t.title, t.tenantProfileName])).toEqual([
      ['Listed Alpha', 'Isolated TB Core and TB Rule Engine'],
      ...(infos.data[1]?.title === 'Listed Bravo'
        ? [
            ['Listed Bravo', 'Default'],
            ['Listed Charlie', 'Default'],
          ]
        : [
            ['Listed Charlie', 'Default'],
            ['Listed Bravo', 'Default'],
          ]),
    ]);
    for (const t of infos.data)
      expect(Object.keys(t).sort()).toEqual([...TENANT_KEYS, 'tenantProfileName'].sort());
  });

  it('refuses a bad sort order and missing paging', async () => {
    expectError(await tenantsPage('pageSize=10&page=0&sortOrder=UP'), 400, 31, /UP/);
    expectError(await infosPage('pageSize=10'), 400, 31, /'page'/);
  });
});

describe('DELETE /api/tenant/{id}', () => {
  it('removes the tenant and everything it owns', async () => {
    const { db } = server.store;
    const tenant = expectOk(await save({ title: 'Doomed' }));
    const tenantId = tenant.id.id;
    const admin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId });
    const customer = await newCustomer(db, tenantId, 'Doomed Customer');
    const customerUser = await newUser(db, { authority: 'CUSTOMER_USER', tenantId, customerId: customer.id });
    const deviceProfile = await db
      .selectFrom('deviceProfile')
      .select('id')
      .where('tenantId', '=', tenantId)
      .executeTakeFirstOrThrow();
    const deviceId = uuidv1();
    await db
      .insertInto('device')
      .values({
        id: deviceId,
        createdTime: Date.now(),
        tenantId,
        customerId: customer.id,
        deviceProfileId: deviceProfile.id,
        name: 'Doomed Device',
        type: 'default',
      })
      .execute();
    await db
      .insertInto('deviceCredentials')
      .values({
        id: uuidv1(),
        createdTime: Date.now(),
        deviceId,
        credentialsType: 'ACCESS_TOKEN',
        credentialsId: `doomed-${deviceId}`,
      })
      .execute();
    await db
      .insertInto('asset')
      .values({ id: uuidv1(), createdTime: Date.now(), tenantId, name: 'Doomed Asset', type: 'building' })
      .execute();
    await newDashboard(db, tenantId, 'Doomed Dashboard', [customer]);
    const adminToken = (await api.login(admin.email, admin.password)).token;
    expectOk(await api.get(`/api/tenant/${tenantId}`, { token: adminToken }));

    const res = await api.delete(`/api/tenant/${tenantId}`, { token: sysadminToken });
    expect(res.status, res.text).toBe(200);
    expect(res.text).toBe('');

    expectError(await api.get(`/api/tenant/${tenantId}`, { token: sysadminToken }), 404, 32);
    const count = async (table: 'tbUser' | 'customer' | 'device' | 'asset' | 'dashboard' | 'deviceProfile') =>
      (await db.selectFrom(table).select('id').where('tenantId', '=', tenantId).execute()).length;
    for (const table of ['tbUser', 'customer', 'device', 'asset', 'dashboard', 'deviceProfile'] as const) {
      expect(await count(table), table).toBe(0);
    }
    const credentials = await db
      .selectFrom('deviceCredentials')
      .select('id')
      .where('deviceId', '=', deviceId)
      .execute();
    expect(credentials).toEqual([]);
    const userCredentials = await db
      .selectFrom('userCredentials')
      .select('id')
      .where('userId', 'in', [admin.id, customerUser.id])
      .execute();
    expect(userCredentials).toEqual([]);
    const login = await api.post('/api/auth/login', { username: admin.email, password: admin.password });
    expectError(login, 401, 10);
    // The other tenants are untouched.
    expectOk(await api.get(`/api/tenant/${ids.tenantId}`, { token: sysadminToken }));
    expect(
      (await db.selectFrom('customer').select('id').where('tenantId', '=', ids.tenantId).execute()).length,
    ).toBeGreaterThan(0);
    expectError(await api.delete(`/api/tenant/${tenantId}`, { token: sysadminToken }), 404, 32);
  });
});

describe('tenant-profile limit on users', () => {
  it('refuses one user more than maxUsers allows, counting every user of the tenant', async () => {
    const profile = expectOk(
      await api.post<{ id: EntityIdJson }>(
        '/api/tenantProfile',
        { name: 'Two Users', profileData: { configuration: { type: 'DEFAULT', maxUsers: 2 } } },
        { token: sysadminToken },
      ),
    );
    const tenant = expectOk(await save({ title: 'Small Tenant', tenantProfileId: profile.id }));
    const createAdmin = () =>
      api.post(
        '/api/user?sendActivationMail=false',
        { email: uniqueEmail('limited'), authority: 'TENANT_ADMIN', tenantId: tenant.id },
        { token: sysadminToken },
      );
    expectOk(await createAdmin());
    const customer = await newCustomer(server.store.db, tenant.id.id, 'Small Customer');
    await newUser(server.store.db, {
      authority: 'CUSTOMER_USER',
      tenantId: tenant.id.id,
      customerId: customer.id,
    });
    expectError(await createAdmin(), 400, 31, "Can't create more then 2 users!");
    const users = await server.store.db
      .selectFrom('tbUser')
      .select('id')
      .where('tenantId', '=', tenant.id.id)
      .execute();
    expect(users).toHaveLength(2);
    // Other tenants are not limited by it.
    expectOk(
      await api.post(
        '/api/user?sendActivationMail=false',
        {
          email: uniqueEmail('free'),
          authority: 'TENANT_ADMIN',
          tenantId: { entityType: 'TENANT', id: otherTenant.id },
        },
        { token: sysadminToken },
      ),
    );
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
  //                anon  SA   TA   CU   TA2  CU2
  const SA_ONLY = [401, 200, 403, 403, 403, 403];
  const SA_AND_OWN_TA = [401, 200, 200, 403, 403, 403];
  let disposable: () => Promise<string>;

  beforeAll(() => {
    let n = 0;
    disposable = async () => {
      n += 1;
      return (await newTenant(server.store.db, `Matrix Disposable ${n}`)).id;
    };
  });

  const opt = (token?: string) => (token ? { token } : {});
  const cases: { name: string; statuses: number[]; call: (token?: string) => Promise<ApiResponse> }[] = [
    {
      name: 'GET /api/tenant/{id} (Demo Tenant)',
      statuses: SA_AND_OWN_TA,
      call: (token) => api.get(`/api/tenant/${ids.tenantId}`, opt(token)),
    },
    {
      name: 'GET /api/tenant/info/{id} (Demo Tenant)',
      statuses: SA_AND_OWN_TA,
      call: (token) => api.get(`/api/tenant/info/${ids.tenantId}`, opt(token)),
    },
    {
      name: 'POST /api/tenant (create)',
      statuses: SA_ONLY,
      call: (token) => api.post('/api/tenant', { title: 'Matrix Created' }, opt(token)),
    },
    {
      name: 'POST /api/tenant (update Demo Tenant)',
      statuses: SA_ONLY,
      call: async (token) => {
        const current = await api.get<TenantJson>(`/api/tenant/${ids.tenantId}`, { token: sysadminToken });
        return api.post('/api/tenant', current.body, opt(token));
      },
    },
    {
      name: 'DELETE /api/tenant/{id}',
      statuses: SA_ONLY,
      call: async (token) => api.delete(`/api/tenant/${await disposable()}`, opt(token)),
    },
    {
      name: 'GET /api/tenants',
      statuses: SA_ONLY,
      call: (token) => api.get('/api/tenants?pageSize=100&page=0', opt(token)),
    },
    {
      name: 'GET /api/tenantInfos',
      statuses: SA_ONLY,
      call: (token) => api.get('/api/tenantInfos?pageSize=100&page=0', opt(token)),
    },
  ];

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    for (const [index, caller] of CALLERS.entries()) {
      const res = await c.call(tokens.get(caller));
      expect(res.status, `${caller}: ${res.text}`).toBe(c.statuses[index]);
      if (res.status === 401) expectError(res, 401, 10);
      if (res.status === 403)
        expectError(res, 403, 20, "You don't have permission to perform this operation!");
      if (caller === 'otherTenantAdmin') expect(res.text).not.toContain(ids.tenantId);
    }
  });

  it('nothing was created or changed by the refused callers', async () => {
    const created = await server.store.db
      .selectFrom('tenant')
      .select('id')
      .where('title', '=', 'Matrix Created')
      .execute();
    expect(created).toHaveLength(1);
    const demo = expectOk(await api.get<TenantJson>(`/api/tenant/${ids.tenantId}`, { token: sysadminToken }));
    expect(demo.title).toBe('Demo Tenant');
  });

  it('the other tenant administrator reads only the own tenant', async () => {
    const token = tokens.get('otherTenantAdmin');
    const own = expectOk(await api.get<TenantJson>(`/api/tenant/${otherTenant.id}`, { token }));
    expect(own.title).toBe('Other Tenant');
  });
});
