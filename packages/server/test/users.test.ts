import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CustomerRef,
  newCustomer,
  newTenant,
  newUser,
  type TenantRef,
  type UserRef,
} from './factories.js';
import {
  type ApiClient,
  DEMO,
  type DemoIds,
  decodeJwt,
  demoIds,
  expectError,
  expectOk,
  NULL_UUID,
  type PageDataJson,
  startServer,
  type TestServer,
  type TokenPair,
  type UserJson,
  uniqueEmail,
} from './helper.js';

let server: TestServer;
let api: ApiClient;
let ids: DemoIds;
let sysadminToken: string;
let tenantToken: string;
let customerToken: string;
let otherTenant: TenantRef;
let otherTenantAdmin: UserRef;
let otherTenantCustomer: CustomerRef;
let otherTenantCustomerUser: UserRef;

beforeAll(async () => {
  server = await startServer();
  api = server.api;
  ids = await demoIds(server.store);
  const { db } = server.store;
  otherTenant = await newTenant(db, 'Other Tenant');
  otherTenantAdmin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: otherTenant.id });
  otherTenantCustomer = await newCustomer(db, otherTenant.id, 'Other Customer');
  otherTenantCustomerUser = await newUser(db, {
    authority: 'CUSTOMER_USER',
    tenantId: otherTenant.id,
    customerId: otherTenantCustomer.id,
  });
  sysadminToken = (await api.login(DEMO.sysadmin.email, DEMO.sysadmin.password)).token;
  tenantToken = (await api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
  customerToken = (await api.login(DEMO.customer.email, DEMO.customer.password)).token;
});

afterAll(async () => {
  await server?.close();
});

const customerA = () => ({ entityType: 'CUSTOMER', id: ids.customerAId });

/** POST /api/user without an activation mail. */
const saveUser = (body: Record<string, unknown>, token: string) =>
  api.post<UserJson>('/api/user?sendActivationMail=false', body, { token });

const freshCustomerUser = (customerId = ids.customerAId) =>
  newUser(server.store.db, { authority: 'CUSTOMER_USER', tenantId: ids.tenantId, customerId });

describe('GET /api/user/{userId}', () => {
  it('returns the User JSON with the credentials state in additionalInfo', async () => {
    const user = expectOk(await api.get<UserJson>(`/api/user/${ids.customerUserId}`, { token: tenantToken }));
    expect(user).toEqual({
      id: { entityType: 'USER', id: ids.customerUserId },
      createdTime: expect.any(Number),
      additionalInfo: expect.objectContaining({ userCredentialsEnabled: true }),
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      customerId: { entityType: 'CUSTOMER', id: ids.customerAId },
      email: DEMO.customer.email,
      name: DEMO.customer.email,
      authority: 'CUSTOMER_USER',
      firstName: 'Customer',
      lastName: null,
    });
    const pending = await newUser(server.store.db, {
      authority: 'CUSTOMER_USER',
      tenantId: ids.tenantId,
      customerId: ids.customerAId,
      enabled: false,
    });
    const pendingJson = expectOk(await api.get<UserJson>(`/api/user/${pending.id}`, { token: tenantToken }));
    // Awaiting activation: neither enabled nor disabled, so the key is absent (reference).
    expect(pendingJson.additionalInfo).not.toHaveProperty('userCredentialsEnabled');
  });

  it('reports a disabled account as userCredentialsEnabled false', async () => {
    const active = await newUser(server.store.db, {
      authority: 'CUSTOMER_USER',
      tenantId: ids.tenantId,
      customerId: ids.customerAId,
    });
    const disable = await api.request(
      'POST',
      `/api/user/${active.id}/userCredentialsEnabled?userCredentialsEnabled=false`,
      { token: tenantToken },
    );
    expect(disable.status, disable.text).toBe(200);
    const json = expectOk(await api.get<UserJson>(`/api/user/${active.id}`, { token: tenantToken }));
    expect(json.additionalInfo.userCredentialsEnabled).toBe(false);
  });

  it('answers 404 for an unknown user', async () => {
    expectError(
      await api.get('/api/user/5b1e7b10-1111-11ee-8888-888888888888', { token: tenantToken }),
      404,
      32,
      "Requested item wasn't found!",
    );
  });
});

describe('POST /api/user: create', () => {
  it('creates a customer user in the tenant of the tenant administrator, whatever the body says', async () => {
    const email = uniqueEmail('created');
    const before = Date.now();
    const res = await saveUser(
      {
        email,
        authority: 'CUSTOMER_USER',
        tenantId: { entityType: 'TENANT', id: otherTenant.id },
        customerId: customerA(),
        firstName: 'Grace',
        lastName: 'Hopper',
        additionalInfo: { description: 'created by a test' },
      },
      tenantToken,
    );
    const user = expectOk(res);
    expect(user).toEqual({
      id: { entityType: 'USER', id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-/) },
      createdTime: expect.any(Number),
      additionalInfo: { description: 'created by a test' },
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      customerId: { entityType: 'CUSTOMER', id: ids.customerAId },
      email,
      name: email,
      authority: 'CUSTOMER_USER',
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    expect(user.createdTime).toBeGreaterThanOrEqual(before);
    const read = expectOk(await api.get<UserJson>(`/api/user/${user.id.id}`, { token: tenantToken }));
    expect(read).toMatchObject({ email, firstName: 'Grace' });
    expect(read.additionalInfo).not.toHaveProperty('userCredentialsEnabled');
  });

  it('creates tenant administrators without a customer', async () => {
    const email = uniqueEmail('admin');
    const byTenant = expectOk(
      await saveUser({ email, authority: 'TENANT_ADMIN', customerId: customerA() }, tenantToken),
    );
    expect(byTenant.customerId).toEqual({ entityType: 'CUSTOMER', id: NULL_UUID });
    expect(byTenant.tenantId.id).toBe(ids.tenantId);

    const bySysadmin = expectOk(
      await saveUser(
        {
          email: uniqueEmail('admin'),
          authority: 'TENANT_ADMIN',
          tenantId: { entityType: 'TENANT', id: otherTenant.id },
        },
        sysadminToken,
      ),
    );
    expect(bySysadmin.tenantId.id).toBe(otherTenant.id);
  });

  it('drops server-managed keys from additionalInfo', async () => {
    const res = await saveUser(
      {
        email: uniqueEmail('managed'),
        authority: 'CUSTOMER_USER',
        customerId: customerA(),
        additionalInfo: {
          lang: 'de_DE',
          failedLoginAttempts: 7,
          lastLoginTs: 1,
          userPasswordHistory: { '1': 'hash' },
          userCredentialsEnabled: true,
        },
      },
      tenantToken,
    );
    expect(expectOk(res).additionalInfo).toEqual({ lang: 'de_DE' });
  });

  it.each([
    ['a malformed email', { email: 'not-an-email', authority: 'CUSTOMER_USER' }, /not-an-email/],
    ['a missing email', { authority: 'CUSTOMER_USER' }, /'email'/],
    ['a missing authority', { email: 'no-authority@example.test' }, /authority/],
    ['an unknown authority', { email: 'bad-authority@example.test', authority: 'ROOT' }, /authority/],
    [
      'a numeric first name',
      { email: 'numeric@example.test', authority: 'CUSTOMER_USER', firstName: 5 },
      /firstName/,
    ],
  ])('refuses %s with 400 code 31', async (_label, body, message) => {
    expectError(await saveUser({ customerId: customerA(), ...body }, tenantToken), 400, 31, message);
  });

  it('refuses an email that is already taken, in any letter case', async () => {
    const body = { authority: 'CUSTOMER_USER', customerId: customerA() };
    expectError(
      await saveUser({ ...body, email: DEMO.customer.email }, tenantToken),
      400,
      31,
      `User with email '${DEMO.customer.email}' already present in database!`,
    );
    expectError(
      await saveUser({ ...body, email: 'Customer@Meridian.local' }, tenantToken),
      400,
      31,
      "User with email 'Customer@Meridian.local' already present in database!",
    );
  });

  it('refuses a customer user without a customer or with a customer of another tenant', async () => {
    expectError(
      await saveUser({ email: uniqueEmail(), authority: 'CUSTOMER_USER' }, tenantToken),
      400,
      31,
      'Invalid request: customer user should be assigned to customer!',
    );
    expectError(
      await saveUser(
        {
          email: uniqueEmail(),
          authority: 'CUSTOMER_USER',
          customerId: { entityType: 'CUSTOMER', id: otherTenantCustomer.id },
        },
        tenantToken,
      ),
      400,
      31,
      'Invalid request: user is referencing to non-existent customer!',
    );
  });

  it('leaves customer users to tenant administrators', async () => {
    const body = {
      email: uniqueEmail(),
      authority: 'CUSTOMER_USER',
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      customerId: customerA(),
    };
    expectError(
      await saveUser(body, sysadminToken),
      403,
      20,
      "You don't have permission to perform this operation!",
    );
    expectError(
      await saveUser(body, customerToken),
      403,
      20,
      "You don't have permission to perform this operation!",
    );
  });
});

describe('POST /api/user: update', () => {
  it('lets a user edit their own profile but not the server-managed or ownership fields', async () => {
    const user = await freshCustomerUser();
    const { token } = await api.login(user.email, user.password);
    const me = expectOk(await api.get<UserJson>('/api/auth/user', { token }));
    const storedLoginTs = me.additionalInfo.lastLoginTs;
    expect(storedLoginTs).toEqual(expect.any(Number));

    const res = await saveUser(
      {
        ...me,
        firstName: 'Changed',
        lastName: 'Name',
        tenantId: { entityType: 'TENANT', id: otherTenant.id },
        customerId: { entityType: 'CUSTOMER', id: ids.customerBId },
        additionalInfo: {
          lang: 'fr_FR',
          failedLoginAttempts: 99,
          lastLoginTs: 1,
          userPasswordHistory: { '1': 'not-a-hash' },
        },
      },
      token,
    );
    const saved = expectOk(res);
    expect(saved).toMatchObject({
      id: { id: user.id },
      firstName: 'Changed',
      lastName: 'Name',
      tenantId: { id: ids.tenantId },
      customerId: { id: ids.customerAId },
      additionalInfo: { lang: 'fr_FR', failedLoginAttempts: 0, lastLoginTs: storedLoginTs },
    });
    expect(saved.additionalInfo).not.toHaveProperty('userPasswordHistory');

    // A later login keeps the language: it only updates its own keys.
    const again = await api.login(user.email, user.password);
    const read = expectOk(await api.get<UserJson>(`/api/user/${user.id}`, { token: again.token }));
    expect(read).toMatchObject({ firstName: 'Changed', customerId: { id: ids.customerAId } });
    expect(read.additionalInfo).toMatchObject({ lang: 'fr_FR', failedLoginAttempts: 0 });
    const row = await server.store.db
      .selectFrom('tbUser')
      .select('additionalInfo')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.additionalInfo).not.toHaveProperty('userPasswordHistory');
  });

  it('refuses a change of authority and an email of another user', async () => {
    const user = await freshCustomerUser();
    const body = { id: { entityType: 'USER', id: user.id }, email: user.email, customerId: customerA() };
    expectError(
      await saveUser({ ...body, authority: 'TENANT_ADMIN' }, tenantToken),
      400,
      31,
      "Invalid request: user authority can't be changed",
    );
    expectError(
      await saveUser({ ...body, authority: 'CUSTOMER_USER', email: DEMO.tenant.email }, tenantToken),
      400,
      31,
      `User with email '${DEMO.tenant.email}' already present in database!`,
    );
    const newEmail = uniqueEmail('renamed');
    expect(expectOk(await saveUser({ ...body, email: newEmail }, tenantToken)).email).toBe(newEmail);
    expectOk(await api.post('/api/auth/login', { username: newEmail, password: user.password }));
  });

  it('answers 404 for an id that does not exist', async () => {
    const res = await saveUser(
      { id: { entityType: 'USER', id: '5b1e7b10-1111-11ee-8888-888888888888' }, email: uniqueEmail() },
      tenantToken,
    );
    expectError(res, 404, 32);
  });

  it('does not let a customer user edit another user', async () => {
    const other = await freshCustomerUser();
    const res = await saveUser(
      { id: { entityType: 'USER', id: other.id }, email: other.email },
      customerToken,
    );
    expectError(res, 403, 20);
  });
});

describe('DELETE /api/user/{userId}', () => {
  it('deletes a user, who can no longer sign in', async () => {
    const user = await freshCustomerUser();
    const res = await api.delete(`/api/user/${user.id}`, { token: tenantToken });
    expect(res.status).toBe(200);
    expectError(await api.get(`/api/user/${user.id}`, { token: tenantToken }), 404, 32);
    expectError(
      await api.post('/api/auth/login', { username: user.email, password: user.password }),
      401,
      10,
      'Invalid username or password',
    );
    expectError(await api.delete(`/api/user/${user.id}`, { token: tenantToken }), 404, 32);
  });

  it('refuses to delete oneself', async () => {
    expectError(
      await api.delete(`/api/user/${ids.tenantAdminId}`, { token: tenantToken }),
      400,
      31,
      "Invalid request: you can't delete your own user",
    );
    expectError(await api.delete(`/api/user/${ids.sysadminId}`, { token: sysadminToken }), 400, 31);
  });
});

describe('user lists', () => {
  let listCustomer: CustomerRef;
  let listed: UserRef[];

  beforeAll(async () => {
    const { db } = server.store;
    listCustomer = await newCustomer(db, ids.tenantId, 'Listed Customer');
    listed = [];
    for (const [label, firstName] of [
      ['charlie', 'Zed'],
      ['alpha', 'Yan'],
      ['bravo', 'Xia'],
    ] as const) {
      listed.push(
        await newUser(db, {
          authority: 'CUSTOMER_USER',
          tenantId: ids.tenantId,
          customerId: listCustomer.id,
          email: `${label}.${listCustomer.id.slice(0, 8)}@example.test`,
          firstName,
        }),
      );
    }
  });

  const customerPage = (query: string, token = tenantToken) =>
    api.get<PageDataJson<UserJson>>(`/api/customer/${listCustomer.id}/users?${query}`, { token });

  it('pages with pageSize and page', async () => {
    const first = expectOk(await customerPage('pageSize=2&page=0'));
    expect(first.data).toHaveLength(2);
    expect(first).toMatchObject({ totalPages: 2, totalElements: 3, hasNext: true });
    const second = expectOk(await customerPage('pageSize=2&page=1'));
    expect(second.data).toHaveLength(1);
    expect(second).toMatchObject({ totalPages: 2, totalElements: 3, hasNext: false });
    const beyond = expectOk(await customerPage('pageSize=2&page=5'));
    expect(beyond).toEqual({ data: [], totalPages: 2, totalElements: 3, hasNext: false });
    const all = [...first.data, ...second.data].map((u) => u.id.id);
    expect(new Set(all).size).toBe(3);
    // Without a sort property the order is id ASC.
    expect(all).toEqual([...all].sort());
  });

  it('sorts by the documented properties in both directions', async () => {
    const byEmail = expectOk(await customerPage('pageSize=10&page=0&sortProperty=email&sortOrder=ASC'));
    expect(byEmail.data.map((u) => u.email.split('.')[0])).toEqual(['alpha', 'bravo', 'charlie']);
    const byFirstNameDesc = expectOk(
      await customerPage('pageSize=10&page=0&sortProperty=firstName&sortOrder=desc'),
    );
    expect(byFirstNameDesc.data.map((u) => u.firstName)).toEqual(['Zed', 'Yan', 'Xia']);
    const byCreated = expectOk(
      await customerPage('pageSize=10&page=0&sortProperty=createdTime&sortOrder=ASC'),
    );
    expect(byCreated.data.map((u) => u.id.id)).toEqual(listed.map((u) => u.id));
  });

  it('searches email and names without regard to case, wildcards taken literally', async () => {
    const byName = expectOk(await customerPage('pageSize=10&page=0&textSearch=yAN'));
    expect(byName.data.map((u) => u.id.id)).toEqual([listed[1]?.id]);
    const byEmail = expectOk(await customerPage('pageSize=10&page=0&textSearch=BRAVO.'));
    expect(byEmail.data.map((u) => u.email)).toEqual([listed[2]?.email]);
    expect(expectOk(await customerPage('pageSize=10&page=0&textSearch=%25')).totalElements).toBe(0);
    expect(expectOk(await customerPage('pageSize=10&page=0&textSearch=_')).totalElements).toBe(0);
  });

  it('refuses a bad sort order, an unknown sort property and missing or invalid paging', async () => {
    expectError(
      await customerPage('pageSize=10&page=0&sortOrder=UP'),
      400,
      31,
      "Unsupported sort order 'UP'! Only 'ASC' or 'DESC' types are allowed.",
    );
    expectError(await customerPage('pageSize=10&page=0&sortProperty=password'), 400, 31, /password/);
    expectError(await customerPage('page=0'), 400, 31, /'pageSize'/);
    expectError(await customerPage('pageSize=10'), 400, 31, /'page'/);
    expectError(await customerPage('pageSize=0&page=0'), 400, 31, /pageSize/);
    expectError(await customerPage('pageSize=ten&page=0'), 400, 31, /pageSize/);
    expectError(await customerPage('pageSize=10&page=-1'), 400, 31, /page/);
  });

  it('GET /api/users lists the tenant for a tenant administrator and the customer for a customer user', async () => {
    const tenantList = expectOk(
      await api.get<PageDataJson<UserJson>>('/api/users?pageSize=1000&page=0', { token: tenantToken }),
    );
    const tenantUsers = await server.store.db
      .selectFrom('tbUser')
      .select('id')
      .where('tenantId', '=', ids.tenantId)
      .execute();
    expect(tenantList.totalElements).toBe(tenantUsers.length);
    expect(tenantList.data.map((u) => u.id.id).sort()).toEqual(tenantUsers.map((u) => u.id).sort());
    expect(tenantList.data.every((u) => u.tenantId.id === ids.tenantId)).toBe(true);

    const customerList = expectOk(
      await api.get<PageDataJson<UserJson>>('/api/users?pageSize=1000&page=0', { token: customerToken }),
    );
    expect(customerList.data.length).toBeGreaterThan(0);
    expect(customerList.data.every((u) => u.customerId.id === ids.customerAId)).toBe(true);
    expect(customerList.data.map((u) => u.email)).toContain(DEMO.customer.email);
    // The page never carries password hashes.
    expect(JSON.stringify(tenantList)).not.toMatch(/\$2[aby]\$/);
  });

  it('GET /api/tenant/{tenantId}/users lists only the tenant administrators, for the system administrator', async () => {
    const page = expectOk(
      await api.get<PageDataJson<UserJson>>(`/api/tenant/${ids.tenantId}/users?pageSize=1000&page=0`, {
        token: sysadminToken,
      }),
    );
    expect(page.data.map((u) => u.email)).toContain(DEMO.tenant.email);
    expect(page.data.every((u) => u.authority === 'TENANT_ADMIN' && u.tenantId.id === ids.tenantId)).toBe(
      true,
    );
    const other = expectOk(
      await api.get<PageDataJson<UserJson>>(`/api/tenant/${otherTenant.id}/users?pageSize=10&page=0`, {
        token: sysadminToken,
      }),
    );
    expect(other.data.map((u) => u.id.id)).toContain(otherTenantAdmin.id);
    expect(other.data.every((u) => u.tenantId.id === otherTenant.id)).toBe(true);
    expect(other.data.map((u) => u.id.id)).not.toContain(otherTenantCustomerUser.id);
  });

  it('GET /api/customer/{customerId}/users lists the customer users of an own customer only', async () => {
    const page = expectOk(
      await api.get<PageDataJson<UserJson>>(`/api/customer/${ids.customerAId}/users?pageSize=1000&page=0`, {
        token: tenantToken,
      }),
    );
    expect(page.data.map((u) => u.email)).toContain(DEMO.customer.email);
    expect(page.data.every((u) => u.customerId.id === ids.customerAId)).toBe(true);
    expectError(
      await api.get(`/api/customer/${otherTenantCustomer.id}/users?pageSize=10&page=0`, {
        token: tenantToken,
      }),
      403,
      20,
    );
    expectError(
      await api.get('/api/customer/5b1e7b10-1111-11ee-8888-888888888888/users?pageSize=10&page=0', {
        token: tenantToken,
      }),
      404,
      32,
    );
  });
});

describe('signing in as another user', () => {
  it('GET /api/user/tokenAccessEnabled is true for administrators', async () => {
    const sa = await api.get('/api/user/tokenAccessEnabled', { token: sysadminToken });
    expect(sa.status).toBe(200);
    expect(sa.body).toBe(true);
    expect(expectOk(await api.get('/api/user/tokenAccessEnabled', { token: tenantToken }))).toBe(true);
    expectError(await api.get('/api/user/tokenAccessEnabled', { token: customerToken }), 403, 20);
  });

  it('gives the system administrator a working token of a tenant administrator', async () => {
    const res = await api.get<TokenPair>(`/api/user/${ids.tenantAdminId}/token`, { token: sysadminToken });
    const pair = expectOk(res);
    expect(decodeJwt(pair.token).payload).toMatchObject({
      sub: DEMO.tenant.email,
      scopes: ['TENANT_ADMIN'],
      userId: ids.tenantAdminId,
      tenantId: ids.tenantId,
    });
    const me = expectOk(await api.get<UserJson>('/api/auth/user', { token: pair.token }));
    expect(me.id.id).toBe(ids.tenantAdminId);
    // It acts as the tenant administrator.
    expectOk(await api.get('/api/tenant/dashboards?pageSize=10&page=0', { token: pair.token }));
  });

  it('gives a tenant administrator a working token of an own customer user', async () => {
    const pair = expectOk(
      await api.get<TokenPair>(`/api/user/${ids.customerUserId}/token`, { token: tenantToken }),
    );
    const me = expectOk(await api.get<UserJson>('/api/auth/user', { token: pair.token }));
    expect(me).toMatchObject({ id: { id: ids.customerUserId }, authority: 'CUSTOMER_USER' });
    const users = expectOk(
      await api.get<PageDataJson<UserJson>>('/api/users?pageSize=100&page=0', { token: pair.token }),
    );
    expect(users.data.every((u) => u.customerId.id === ids.customerAId)).toBe(true);
  });

  it('gives a token of a customer user who has not activated yet, marked not enabled', async () => {
    const pending = await newUser(server.store.db, {
      authority: 'CUSTOMER_USER',
      tenantId: ids.tenantId,
      customerId: ids.customerAId,
      enabled: false,
    });
    const pair = expectOk(await api.get<TokenPair>(`/api/user/${pending.id}/token`, { token: tenantToken }));
    expect(decodeJwt(pair.token).payload).toMatchObject({ userId: pending.id, enabled: false });
    const me = expectOk(await api.get<UserJson>('/api/auth/user', { token: pair.token }));
    expect(me).toMatchObject({ id: { id: pending.id }, email: pending.email });
  });

  it('refuses other combinations with 403', async () => {
    const denied = [
      [tenantToken, otherTenantAdmin.id],
      [tenantToken, otherTenantCustomerUser.id],
      [tenantToken, ids.tenantAdminId],
      [tenantToken, ids.sysadminId],
      [sysadminToken, ids.customerUserId],
      [sysadminToken, ids.sysadminId],
    ] as const;
    for (const [token, userId] of denied) {
      expectError(
        await api.get(`/api/user/${userId}/token`, { token }),
        403,
        20,
        "You don't have permission to perform this operation!",
      );
    }
    expectError(await api.get(`/api/user/${ids.customerUserId}/token`, { token: customerToken }), 403, 20);
  });

  it('is switched off by USER_TOKEN_ACCESS_ENABLED=false', async () => {
    const locked = await startServer({ env: { USER_TOKEN_ACCESS_ENABLED: 'false' } });
    try {
      const lockedIds = await demoIds(locked.store);
      const { token } = await locked.api.login(DEMO.sysadmin.email, DEMO.sysadmin.password);
      expect(expectOk(await locked.api.get('/api/user/tokenAccessEnabled', { token }))).toBe(false);
      expectError(await locked.api.get(`/api/user/${lockedIds.tenantAdminId}/token`, { token }), 403, 20);
    } finally {
      await locked.close();
    }
  });
});
