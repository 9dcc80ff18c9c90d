import { v1 as uuidv1 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertEntityLimit, entityLimitMessage } from '../src/modules/tenant-profiles/limits.js';
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
} from './helper.js';

interface TenantProfileJson {
  id: EntityIdJson;
  createdTime: number;
  name: string;
  description: string | null;
  default: boolean;
  isolatedTbCore: boolean;
  isolatedTbRuleEngine: boolean;
  profileData: { configuration: Record<string, unknown> };
}

interface EntityInfoJson {
  id: EntityIdJson;
  name: string;
}

let server: TestServer;
let api: ApiClient;
let ids: DemoIds;
let sysadminToken: string;
let tenantToken: string;
let customerToken: string;
let otherTenant: TenantRef;
let otherTenantAdmin: UserRef;
let otherCustomerUser: UserRef;
const tokens = new Map<string, string>();

beforeAll(async () => {
  server = await startServer();
  api = server.api;
  ids = await demoIds(server.store);
  const { db } = server.store;
  otherTenant = await newTenant(db, 'Other Tenant');
  otherTenantAdmin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: otherTenant.id });
  otherCustomerUser = await newUser(db, {
    authority: 'CUSTOMER_USER',
    tenantId: ids.tenantId,
    customerId: ids.customerBId,
  });
  sysadminToken = (await api.login(DEMO.sysadmin.email, DEMO.sysadmin.password)).token;
  tenantToken = (await api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
  customerToken = (await api.login(DEMO.customer.email, DEMO.customer.password)).token;
  tokens.set('sysadmin', sysadminToken);
  tokens.set('tenantAdmin', tenantToken);
  tokens.set('customerUser', customerToken);
  tokens.set('otherTenantAdmin', (await api.login(otherTenantAdmin.email, otherTenantAdmin.password)).token);
  tokens.set(
    'otherCustomerUser',
    (await api.login(otherCustomerUser.email, otherCustomerUser.password)).token,
  );
});

afterAll(async () => {
  await server?.close();
});

const PROFILE_KEYS = [
  'createdTime',
  'default',
  'description',
  'id',
  'isolatedTbCore',
  'isolatedTbRuleEngine',
  'name',
  'profileData',
];

const save = (body: Record<string, unknown>, token = sysadminToken) =>
  api.post<TenantProfileJson>('/api/tenantProfile', body, { token });

const draft = (name: string, configuration: Record<string, unknown> = {}) => ({
  name,
  description: `${name} description`,
  isolatedTbCore: false,
  isolatedTbRuleEngine: false,
  profileData: { configuration: { type: 'DEFAULT', ...configuration } },
});

const defaultProfileId = async () =>
  (
    await server.store.db
      .selectFrom('tenantProfile')
      .select('id')
      .where('isDefault', '=', true)
      .executeTakeFirstOrThrow()
  ).id;

describe('reading tenant profiles', () => {
  it('GET /api/tenantProfileInfo/default returns the EntityInfo of the default profile', async () => {
    const info = expectOk(
      await api.get<EntityInfoJson>('/api/tenantProfileInfo/default', { token: sysadminToken }),
    );
    expect(info).toEqual({
      id: { entityType: 'TENANT_PROFILE', id: await defaultProfileId() },
      name: 'Default',
    });
  });

  it('GET /api/tenantProfile/{id} returns the TenantProfile JSON', async () => {
    const id = await defaultProfileId();
    const profile = expectOk(
      await api.get<TenantProfileJson>(`/api/tenantProfile/${id}`, { token: sysadminToken }),
    );
    expect(Object.keys(profile).sort()).toEqual(PROFILE_KEYS);
    expect(profile).toMatchObject({
      id: { entityType: 'TENANT_PROFILE', id },
      name: 'Default',
      description: 'Default tenant profile',
      default: true,
      isolatedTbCore: false,
      isolatedTbRuleEngine: false,
      profileData: { configuration: { type: 'DEFAULT' } },
    });
    expect(typeof profile.createdTime).toBe('number');
  });

  it('GET /api/tenantProfileInfo/{id} returns id and name', async () => {
    const isolated = await server.store.db
      .selectFrom('tenantProfile')
      .select('id')
      .where('name', '=', 'Isolated TB Core')
      .executeTakeFirstOrThrow();
    const info = expectOk(
      await api.get<EntityInfoJson>(`/api/tenantProfileInfo/${isolated.id}`, { token: sysadminToken }),
    );
    expect(info).toEqual({ id: { entityType: 'TENANT_PROFILE', id: isolated.id }, name: 'Isolated TB Core' });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    for (const path of ['/api/tenantProfile/', '/api/tenantProfileInfo/']) {
      expectError(
        await api.get(`${path}${uuidv1()}`, { token: sysadminToken }),
        404,
        32,
        "Requested item wasn't found!",
      );
      expectError(await api.get(`${path}not-a-uuid`, { token: sysadminToken }), 400, 31, /tenantProfileId/);
    }
  });
});

describe('POST /api/tenantProfile', () => {
  it('creates a profile with its limits and reads it back', async () => {
    const created = expectOk(await save(draft('Created Profile', { maxDevices: 10, maxUsers: 3 })));
    expect(Object.keys(created).sort()).toEqual(PROFILE_KEYS);
    expect(created).toMatchObject({
      id: { entityType: 'TENANT_PROFILE' },
      name: 'Created Profile',
      description: 'Created Profile description',
      default: false,
      profileData: { configuration: { type: 'DEFAULT', maxDevices: 10, maxUsers: 3 } },
    });
    const read = expectOk(
      await api.get<TenantProfileJson>(`/api/tenantProfile/${created.id.id}`, { token: sysadminToken }),
    );
    expect(read).toEqual(created);
  });

  it('keeps the isolation flags given at creation', async () => {
    const created = expectOk(
      await save({ ...draft('Isolated Created'), isolatedTbCore: true, isolatedTbRuleEngine: true }),
    );
    expect(created).toMatchObject({ isolatedTbCore: true, isolatedTbRuleEngine: true });
  });

  it('refuses a missing name, profile data or configuration', async () => {
    const { name: _n, ...noName } = draft('x');
    expectError(await save(noName), 400, 31, 'Tenant profile name should be specified!');
    expectError(
      await save({ ...draft('x'), name: '  ' }),
      400,
      31,
      'Tenant profile name should be specified!',
    );
    const { profileData: _p, ...noData } = draft('No Data');
    expectError(await save(noData), 400, 31, 'Tenant profile data should be specified!');
    expectError(
      await save({ ...draft('No Configuration'), profileData: {} }),
      400,
      31,
      'Tenant profile data configuration should be specified!',
    );
  });

  it('refuses limits that are not whole non-negative numbers, naming the field', async () => {
    expectError(
      await save(draft('Negative', { maxDevices: -1 })),
      400,
      31,
      /'profileData\.configuration\.maxDevices'/,
    );
    expectError(
      await save(draft('Text', { maxAssets: 'ten' })),
      400,
      31,
      /'profileData\.configuration\.maxAssets'/,
    );
    expectError(
      await save(draft('Fraction', { maxUsers: 1.5 })),
      400,
      31,
      /'profileData\.configuration\.maxUsers'/,
    );
    expectError(
      await save({ ...draft('Bad Type'), profileData: { configuration: { type: 'OTHER' } } }),
      400,
      31,
      /'profileData\.configuration\.type'/,
    );
    expectError(
      await save(draft('Bad Rate', { transportTenantMsgRateLimit: '100:1,abc' })),
      400,
      31,
      /'profileData\.configuration\.transportTenantMsgRateLimit'/,
    );
    expectError(await save({ ...draft('Long'), name: 'n'.repeat(256) }), 400, 31, /'name'/);
    const ok = expectOk(await save(draft('Good Rate', { transportTenantMsgRateLimit: '100:1,2000:60' })));
    expect(ok.profileData.configuration.transportTenantMsgRateLimit).toBe('100:1,2000:60');
  });

  it('refuses a duplicate name on create and on rename', async () => {
    expectError(await save(draft('Default')), 400, 31, 'Tenant profile with such name already exists!');
    const other = expectOk(await save(draft('Rename Me')));
    expectError(
      await save({ ...other, name: 'Isolated TB Core' }),
      400,
      31,
      'Tenant profile with such name already exists!',
    );
  });

  it('refuses a second default profile', async () => {
    expectError(
      await save({ ...draft('Second Default'), default: true }),
      400,
      31,
      'Another default tenant profile is present!',
    );
  });

  it('updates name, description and limits but not the isolation flags', async () => {
    const created = expectOk(await save(draft('To Update', { maxDevices: 1 })));
    const updated = expectOk(
      await save({
        ...created,
        name: 'Updated',
        description: 'changed',
        profileData: { configuration: { type: 'DEFAULT', maxDevices: 5, maxAssets: 7 } },
      }),
    );
    expect(updated).toMatchObject({
      id: created.id,
      createdTime: created.createdTime,
      name: 'Updated',
      description: 'changed',
      profileData: { configuration: { type: 'DEFAULT', maxDevices: 5, maxAssets: 7 } },
    });
    expect(expectOk(await api.get(`/api/tenantProfile/${created.id.id}`, { token: sysadminToken }))).toEqual(
      updated,
    );
    expectError(
      await save({ ...updated, isolatedTbCore: true }),
      400,
      31,
      "Can't update isolatedTbCore property!",
    );
    expectError(
      await save({ ...updated, isolatedTbRuleEngine: true }),
      400,
      31,
      "Can't update isolatedTbRuleEngine property!",
    );
    expectError(
      await save({ ...updated, id: { entityType: 'TENANT_PROFILE', id: uuidv1() }, name: 'Ghost' }),
      404,
      32,
    );
  });
});

describe('default tenant profile', () => {
  it('POST /api/tenantProfile/{id}/default moves the default flag', async () => {
    const previous = await defaultProfileId();
    const created = expectOk(await save(draft('Next Default')));
    const made = expectOk(
      await api.post<TenantProfileJson>(`/api/tenantProfile/${created.id.id}/default`, undefined, {
        token: sysadminToken,
      }),
    );
    expect(made).toMatchObject({ id: created.id, name: 'Next Default', default: true });
    const info = expectOk(
      await api.get<EntityInfoJson>('/api/tenantProfileInfo/default', { token: sysadminToken }),
    );
    expect(info.id.id).toBe(created.id.id);
    const old = expectOk(
      await api.get<TenantProfileJson>(`/api/tenantProfile/${previous}`, { token: sysadminToken }),
    );
    expect(old.default).toBe(false);
    const defaults = await server.store.db
      .selectFrom('tenantProfile')
      .select('id')
      .where('isDefault', '=', true)
      .execute();
    expect(defaults.map((d) => d.id)).toEqual([created.id.id]);
    // A tenant created without a profile now gets the new default.
    const tenant = expectOk(
      await api.post<{ tenantProfileId: EntityIdJson }>(
        '/api/tenant',
        { title: 'Gets New Default' },
        {
          token: sysadminToken,
        },
      ),
    );
    expect(tenant.tenantProfileId.id).toBe(created.id.id);
    // Making the default profile default again changes nothing; then restore the install's default.
    expectOk(
      await api.post(`/api/tenantProfile/${created.id.id}/default`, undefined, { token: sysadminToken }),
    );
    expectOk(await api.post(`/api/tenantProfile/${previous}/default`, undefined, { token: sysadminToken }));
    expect(await defaultProfileId()).toBe(previous);
    expectError(
      await api.post(`/api/tenantProfile/${uuidv1()}/default`, undefined, { token: sysadminToken }),
      404,
      32,
    );
  });
});

describe('DELETE /api/tenantProfile/{id}', () => {
  it('deletes an unused profile', async () => {
    const created = expectOk(await save(draft('Disposable')));
    const res = await api.delete(`/api/tenantProfile/${created.id.id}`, { token: sysadminToken });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    expectError(await api.get(`/api/tenantProfile/${created.id.id}`, { token: sysadminToken }), 404, 32);
    expectError(await api.delete(`/api/tenantProfile/${created.id.id}`, { token: sysadminToken }), 404, 32);
  });

  it('refuses to delete the default profile', async () => {
    expectError(
      await api.delete(`/api/tenantProfile/${await defaultProfileId()}`, { token: sysadminToken }),
      400,
      31,
      'Deletion of Default Tenant Profile is prohibited!',
    );
  });

  it('refuses to delete a profile that a tenant uses', async () => {
    const created = expectOk(await save(draft('In Use')));
    expectOk(
      await api.post(
        '/api/tenant',
        { title: 'Uses Profile', tenantProfileId: created.id },
        { token: sysadminToken },
      ),
    );
    expectError(
      await api.delete(`/api/tenantProfile/${created.id.id}`, { token: sysadminToken }),
      400,
      31,
      'The tenant profile referenced by the tenants cannot be deleted!',
    );
    expectOk(await api.get(`/api/tenantProfile/${created.id.id}`, { token: sysadminToken }));
  });
});

describe('tenant profile lists', () => {
  beforeAll(async () => {
    for (const name of ['List Charlie', 'List Alpha', 'List Bravo']) {
      expectOk(await save({ ...draft(name), description: `desc ${name.split(' ')[1]}` }));
    }
  });

  const list = (query: string) =>
    api.get<PageDataJson<TenantProfileJson>>(`/api/tenantProfiles?${query}`, { token: sysadminToken });
  const infos = (query: string) =>
    api.get<PageDataJson<EntityInfoJson>>(`/api/tenantProfileInfos?${query}`, { token: sysadminToken });

  it('pages, searches the name without regard to case and sorts by the documented properties', async () => {
    const found = expectOk(await list('pageSize=2&page=0&textSearch=list &sortProperty=name&sortOrder=ASC'));
    expect(found).toMatchObject({ totalElements: 3, totalPages: 2, hasNext: true });
    expect(found.data.map((p) => p.name)).toEqual(['List Alpha', 'List Bravo']);
    const rest = expectOk(await list('pageSize=2&page=1&textSearch=LIST &sortProperty=name&sortOrder=ASC'));
    expect(rest.data.map((p) => p.name)).toEqual(['List Charlie']);
    expect(rest.hasNext).toBe(false);
    const desc = expectOk(
      await list('pageSize=10&page=0&textSearch=List&sortProperty=description&sortOrder=DESC'),
    );
    expect(desc.data.map((p) => p.name)).toEqual(['List Charlie', 'List Bravo', 'List Alpha']);
    const byCreated = expectOk(await list('pageSize=10&page=0&textSearch=List&sortProperty=createdTime'));
    expect(byCreated.data.map((p) => p.name)).toEqual(['List Charlie', 'List Alpha', 'List Bravo']);
    const byDefault = expectOk(await list('pageSize=100&page=0&sortProperty=isDefault&sortOrder=DESC'));
    expect(byDefault.data[0]?.name).toBe('Default');
    for (const profile of byDefault.data) expect(Object.keys(profile).sort()).toEqual(PROFILE_KEYS);
  });

  it('lists EntityInfos with the same paging', async () => {
    const page = expectOk(await infos('pageSize=10&page=0&textSearch=list&sortProperty=name&sortOrder=DESC'));
    expect(page.data.map((p) => p.name)).toEqual(['List Charlie', 'List Bravo', 'List Alpha']);
    for (const info of page.data) {
      expect(Object.keys(info).sort()).toEqual(['id', 'name']);
      expect(info.id.entityType).toBe('TENANT_PROFILE');
    }
  });

  it('refuses an unknown sort property, a bad order and missing paging', async () => {
    expectError(await list('pageSize=10&page=0&sortProperty=profileData'), 400, 31, /profileData/);
    expectError(await infos('pageSize=10&page=0&sortOrder=SIDEWAYS'), 400, 31, /SIDEWAYS/);
    expectError(await list('page=0'), 400, 31, /'pageSize'/);
  });
});

describe('assertEntityLimit', () => {
  it('lets a tenant reach its limit and refuses one more, with the reference message', async () => {
    const { db } = server.store;
    const profile = expectOk(
      await save(
        draft('Limits', {
          maxDevices: 1,
          maxAssets: 2,
          maxCustomers: 1,
          maxUsers: 1,
          maxDashboards: 1,
          maxRuleChains: 3,
        }),
      ),
    );
    const tenant = await newTenant(db, 'Limited Tenant');
    await db
      .updateTable('tenant')
      .set({ tenantProfileId: profile.id.id })
      .where('id', '=', tenant.id)
      .execute();
    const refused = async (kind: Parameters<typeof assertEntityLimit>[2], message: string) => {
      await expect(assertEntityLimit(db, tenant.id, kind)).rejects.toMatchObject({
        status: 400,
        errorCode: 31,
        message,
      });
    };
    // Nothing yet: every kind may grow.
    for (const kind of ['DEVICE', 'ASSET', 'CUSTOMER', 'USER', 'DASHBOARD', 'RULE_CHAIN'] as const) {
      await expect(assertEntityLimit(db, tenant.id, kind)).resolves.toBeUndefined();
    }
    const profileRow = await db
      .selectFrom('deviceProfile')
      .select('id')
      .where('tenantId', '=', tenant.id)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('device')
      .values({
        id: uuidv1(),
        createdTime: Date.now(),
        tenantId: tenant.id,
        deviceProfileId: profileRow.id,
        name: 'Only Device',
        type: 'default',
      })
      .execute();
    await refused('DEVICE', "Can't create more then 1 devices!");
    await db
      .insertInto('asset')
      .values({ id: uuidv1(), createdTime: Date.now(), tenantId: tenant.id, name: 'Asset 1', type: 't' })
      .execute();
    await expect(assertEntityLimit(db, tenant.id, 'ASSET')).resolves.toBeUndefined();
    await db
      .insertInto('asset')
      .values({ id: uuidv1(), createdTime: Date.now(), tenantId: tenant.id, name: 'Asset 2', type: 't' })
      .execute();
    await refused('ASSET', "Can't create more then 2 assets!");
    const customer = await newCustomer(db, tenant.id, 'Only Customer');
    await refused('CUSTOMER', "Can't create more then 1 customers!");
    await newUser(db, { authority: 'CUSTOMER_USER', tenantId: tenant.id, customerId: customer.id });
    await refused('USER', "Can't create more then 1 users!");
    await newDashboard(db, tenant.id, 'Only Dashboard');
    await refused('DASHBOARD', "Can't create more then 1 dashboards!");
    expect(entityLimitMessage('RULE_CHAIN', 3)).toBe("Can't create more then 3 rule chains!");
    // Other tenants are not counted: the demo tenant (unlimited) and a fresh one under this profile.
    const fresh = await newTenant(db, 'Fresh Limited Tenant');
    await db
      .updateTable('tenant')
      .set({ tenantProfileId: profile.id.id })
      .where('id', '=', fresh.id)
      .execute();
    await expect(assertEntityLimit(db, fresh.id, 'DEVICE')).resolves.toBeUndefined();
    await expect(assertEntityLimit(db, ids.tenantId, 'DEVICE')).resolves.toBeUndefined();
    // Raising a limit, or 0 (unlimited), lets the tenant grow again.
    expectOk(
      await save({
        ...profile,
        profileData: { configuration: { type: 'DEFAULT', maxDevices: 0, maxAssets: 3, maxCustomers: null } },
      }),
    );
    for (const kind of ['DEVICE', 'ASSET', 'CUSTOMER', 'USER', 'DASHBOARD'] as const) {
      await expect(assertEntityLimit(db, tenant.id, kind)).resolves.toBeUndefined();
    }
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
  const SA_ONLY = [401, 200, 403, 403, 403, 403];
  let profileId: string;
  let disposable: () => Promise<string>;

  beforeAll(async () => {
    profileId = expectOk(await save(draft('Matrix Profile'))).id.id;
    let n = 0;
    disposable = async () => {
      n += 1;
      return expectOk(await save(draft(`Matrix Disposable ${n}`))).id.id;
    };
  });

  const cases: { name: string; statuses: number[]; call: (token?: string) => Promise<ApiResponse> }[] = [
    {
      name: 'GET /api/tenantProfile/{id}',
      statuses: SA_ONLY,
      call: (token) => api.get(`/api/tenantProfile/${profileId}`, token ? { token } : {}),
    },
    {
      name: 'GET /api/tenantProfileInfo/{id}',
      statuses: SA_ONLY,
      call: (token) => api.get(`/api/tenantProfileInfo/${profileId}`, token ? { token } : {}),
    },
    {
      name: 'GET /api/tenantProfileInfo/default',
      statuses: SA_ONLY,
      call: (token) => api.get('/api/tenantProfileInfo/default', token ? { token } : {}),
    },
    {
      name: 'POST /api/tenantProfile (update)',
      statuses: SA_ONLY,
      call: (token) =>
        api.post(
          '/api/tenantProfile',
          { ...draft('Matrix Profile'), id: { entityType: 'TENANT_PROFILE', id: profileId } },
          token ? { token } : {},
        ),
    },
    {
      name: 'DELETE /api/tenantProfile/{id}',
      statuses: SA_ONLY,
      call: async (token) => api.delete(`/api/tenantProfile/${await disposable()}`, token ? { token } : {}),
    },
    {
      name: 'POST /api/tenantProfile/{id}/default',
      statuses: SA_ONLY,
      call: async (token) =>
        api.post(`/api/tenantProfile/${await defaultProfileId()}/default`, undefined, token ? { token } : {}),
    },
    {
      name: 'GET /api/tenantProfiles',
      statuses: SA_ONLY,
      call: (token) => api.get('/api/tenantProfiles?pageSize=10&page=0', token ? { token } : {}),
    },
    {
      name: 'GET /api/tenantProfileInfos',
      statuses: SA_ONLY,
      call: (token) => api.get('/api/tenantProfileInfos?pageSize=10&page=0', token ? { token } : {}),
    },
  ];

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    for (const [index, caller] of CALLERS.entries()) {
      const res = await c.call(tokens.get(caller));
      expect(res.status, `${caller}: ${res.text}`).toBe(c.statuses[index]);
      if (res.status === 401) expectError(res, 401, 10);
      if (res.status === 403)
        expectError(res, 403, 20, "You don't have permission to perform this operation!");
    }
  });

  it('creating a profile is for the system administrator only', async () => {
    for (const caller of ['tenantAdmin', 'customerUser', 'otherTenantAdmin'] as const) {
      expectError(await save(draft(`By ${caller}`), tokens.get(caller)), 403, 20);
    }
    expectError(await api.post('/api/tenantProfile', draft('Anonymous')), 401, 10);
    const names = await server.store.db.selectFrom('tenantProfile').select('name').execute();
    expect(names.map((n) => n.name)).not.toContain('By tenantAdmin');
  });

  it('does not let a tenant administrator see its own tenant profile through these endpoints', async () => {
    const tenant = expectOk(
      await api.get<{ tenantProfileId: EntityIdJson }>(`/api/tenant/${ids.tenantId}`, { token: tenantToken }),
    );
    expectError(
      await api.get(`/api/tenantProfile/${tenant.tenantProfileId.id}`, { token: tenantToken }),
      403,
      20,
    );
    expect(otherTenant.id).not.toBe(ids.tenantId);
  });
});
