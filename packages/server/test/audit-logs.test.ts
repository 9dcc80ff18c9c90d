import { v1 as uuidv1 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTenant, newUser, type TenantRef, type UserRef } from './factories.js';
import {
  type ApiClient,
  type ApiResponse,
  DEMO,
  type DemoIds,
  demoIds,
  type EntityIdJson,
  expectError,
  expectOk,
  NULL_UUID,
  type PageDataJson,
  startServer,
  type TestServer,
} from './helper.js';

/**
 * AuditLogController (reference §1.3) and the entries the server records: sign-in, sign-out and
 * lockout, the time-paged lists with their filters, and that an entry never fails its action.
 */

interface AuditLogJson {
  id: { id: string };
  createdTime: number;
  tenantId: EntityIdJson;
  customerId: EntityIdJson;
  entityId: EntityIdJson | null;
  entityName: string | null;
  userId: EntityIdJson;
  userName: string | null;
  actionType: string;
  actionData: Record<string, unknown> | null;
  actionStatus: string;
  actionFailureDetails: string | null;
}

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

let server: TestServer;
let api: ApiClient;
let ids: DemoIds;
let otherTenant: TenantRef;
let otherTenantAdmin: UserRef;
let customerBUser: UserRef;
const tokens = new Map<Caller, string>();

const auth = (caller: Caller) => {
  const t = tokens.get(caller);
  return t === undefined ? {} : { token: t };
};
const TA = () => auth('tenantAdmin');
const PAGE = 'pageSize=100&page=0';

const page = async (path: string, caller: Caller = 'tenantAdmin') =>
  expectOk(await api.get<PageDataJson<AuditLogJson>>(path, auth(caller)));

const ofUser = async (userId: string, extra = '') =>
  (await page(`/api/audit/logs/user/${userId}?${PAGE}&sortProperty=createdTime&sortOrder=ASC${extra}`)).data;

const freshCustomerUser = (options: { enabled?: boolean } = {}) =>
  newUser(server.store.db, {
    authority: 'CUSTOMER_USER',
    tenantId: ids.tenantId,
    customerId: ids.customerAId,
    ...options,
  });

beforeAll(async () => {
  server = await startServer();
  api = server.api;
  ids = await demoIds(server.store);
  const { db } = server.store;
  otherTenant = await newTenant(db, 'Other Tenant');
  otherTenantAdmin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: otherTenant.id });
  customerBUser = await newUser(db, {
    authority: 'CUSTOMER_USER',
    tenantId: ids.tenantId,
    customerId: ids.customerBId,
  });
  const login = async (email: string, password: string) => (await api.login(email, password)).token;
  tokens.set('sysadmin', await login(DEMO.sysadmin.email, DEMO.sysadmin.password));
  tokens.set('tenantAdmin', await login(DEMO.tenant.email, DEMO.tenant.password));
  tokens.set('customerUser', await login(DEMO.customer.email, DEMO.customer.password));
  tokens.set('otherTenantAdmin', await login(otherTenantAdmin.email, otherTenantAdmin.password));
  tokens.set('otherCustomerUser', await login(customerBUser.email, customerBUser.password));
});

afterAll(async () => {
  await server?.close();
});

describe('sign-in and sign-out entries', () => {
  it('records LOGIN and LOGOUT of a user, with the reference AuditLog JSON', async () => {
    const user = await freshCustomerUser();
    const before = Date.now();
    const pair = await api.login(user.email, user.password);
    expectOk(await api.post('/api/auth/logout', undefined, { token: pair.token }));
    const entries = await ofUser(user.id);
    expect(entries.map((e) => e.actionType)).toEqual(['LOGIN', 'LOGOUT']);
    const [login] = entries;
    expect(login).toEqual({
      id: { id: expect.any(String) },
      createdTime: expect.any(Number),
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      customerId: { entityType: 'CUSTOMER', id: ids.customerAId },
      entityId: { entityType: 'USER', id: user.id },
      entityName: user.email,
      userId: { entityType: 'USER', id: user.id },
      userName: user.email,
      actionType: 'LOGIN',
      actionData: { clientAddress: '127.0.0.1', userAgent: expect.any(String) },
      actionStatus: 'SUCCESS',
      actionFailureDetails: null,
    });
    expect(login?.createdTime).toBeGreaterThanOrEqual(before);
    expect(Object.keys(login?.id ?? {})).toEqual(['id']);
  });

  it('records refused sign-ins as failed LOGIN entries', async () => {
    const user = await freshCustomerUser();
    const wrong = await api.post('/api/auth/login', { username: user.email, password: 'wrong-password' });
    expectError(wrong, 401, 10, 'Invalid username or password');
    const pending = await freshCustomerUser({ enabled: false });
    // A pending user has no password: any password is refused the same way.
    expectError(await api.post('/api/auth/login', { username: pending.email, password: 'x' }), 401, 10);
    const [failed] = await ofUser(user.id);
    expect(failed).toEqual(
      expect.objectContaining({
        actionType: 'LOGIN',
        actionStatus: 'FAILURE',
        actionFailureDetails: 'Invalid username or password',
        userName: user.email,
      }),
    );
    expect((await ofUser(pending.id)).map((e) => e.actionStatus)).toEqual(['FAILURE']);
    // An unknown user leaves no entry (there is no tenant to file it under).
    const total = (await page(`/api/audit/logs?${PAGE}`)).totalElements;
    expectError(
      await api.post('/api/auth/login', { username: 'nobody@example.test', password: 'x' }),
      401,
      10,
    );
    expect((await page(`/api/audit/logs?${PAGE}`)).totalElements).toBe(total);
  });

  it('records a disabled account and a lockout', async () => {
    const disabled = await freshCustomerUser();
    await server.store.db
      .updateTable('userCredentials')
      .set({ enabled: false })
      .where('userId', '=', disabled.id)
      .execute();
    expectError(
      await api.post('/api/auth/login', { username: disabled.email, password: disabled.password }),
      401,
      10,
    );
    expect(await ofUser(disabled.id)).toEqual([
      expect.objectContaining({ actionType: 'LOGIN', actionFailureDetails: 'User account is not active' }),
    ]);

    const security = (max: number | null) =>
      api.post(
        '/api/admin/securitySettings',
        {
          passwordPolicy: { minimumLength: 6 },
          maxFailedLoginAttempts: max,
          userLockoutNotificationEmail: null,
        },
        auth('sysadmin'),
      );
    expectOk(await security(1));
    try {
      const user = await freshCustomerUser();
      const attempt = () => api.post('/api/auth/login', { username: user.email, password: 'wrong-password' });
      expectError(await attempt(), 401, 10, 'Invalid username or password');
      expectError(await attempt(), 401, 10, 'User account is locked due to security policy');
      expect((await ofUser(user.id)).map((e) => `${e.actionType}:${e.actionStatus}`)).toEqual([
        'LOGIN:FAILURE',
        'LOCKOUT:SUCCESS',
      ]);
    } finally {
      expectOk(await security(null));
    }
  });

  it('files a system administrator sign-in under no tenant, out of every tenant list', async () => {
    await api.login(DEMO.sysadmin.email, DEMO.sysadmin.password);
    const rows = await server.store.db
      .selectFrom('auditLog')
      .selectAll()
      .where('userId', '=', ids.sysadminId)
      .where('actionType', '=', 'LOGIN')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.tenantId === null)).toBe(true);
    const all = await page(`/api/audit/logs?${PAGE}`);
    expect(JSON.stringify(all)).not.toContain(DEMO.sysadmin.email);
  });
});

describe('GET /api/audit/logs…', () => {
  let user: UserRef;
  let loginTime: number;

  beforeAll(async () => {
    user = await freshCustomerUser();
    const pair = await api.login(user.email, user.password);
    loginTime = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await api.post('/api/auth/logout', undefined, { token: pair.token });
  });

  it('lists by tenant, customer, user and entity', async () => {
    const byTenant = await page(`/api/audit/logs?${PAGE}`);
    expect(byTenant.data.filter((e) => e.userId.id === user.id)).toHaveLength(2);
    expect(byTenant.data.every((e) => e.tenantId.id === ids.tenantId)).toBe(true);
    const byCustomer = await page(`/api/audit/logs/customer/${ids.customerAId}?${PAGE}`);
    expect(byCustomer.data.filter((e) => e.userId.id === user.id)).toHaveLength(2);
    expect(byCustomer.data.every((e) => e.customerId.id === ids.customerAId)).toBe(true);
    const ofB = await page(`/api/audit/logs/customer/${ids.customerBId}?${PAGE}`);
    expect(ofB.data.filter((e) => e.userId.id === user.id)).toEqual([]);
    const byEntity = await page(`/api/audit/logs/entity/USER/${user.id}?${PAGE}`);
    expect(byEntity.totalElements).toBe(2);
    expect(await page(`/api/audit/logs/entity/DEVICE/${user.id}?${PAGE}`)).toEqual({
      data: [],
      totalPages: 0,
      totalElements: 0,
      hasNext: false,
    });
  });

  it('filters by action types and time, searches text and sorts', async () => {
    const only = await ofUser(user.id, '&actionTypes=LOGOUT');
    expect(only.map((e) => e.actionType)).toEqual(['LOGOUT']);
    expect((await ofUser(user.id, '&actionTypes=LOGIN,LOGOUT')).length).toBe(2);
    expect(await ofUser(user.id, '&actionTypes=ADDED')).toEqual([]);
    expect((await ofUser(user.id, `&startTime=${loginTime + 1}`)).map((e) => e.actionType)).toEqual([
      'LOGOUT',
    ]);
    expect((await ofUser(user.id, `&endTime=${loginTime}`)).map((e) => e.actionType)).toEqual(['LOGIN']);
    expect(await ofUser(user.id, '&startTime=0&endTime=1')).toEqual([]);
    const local = user.email.split('@')[0] ?? '';
    const searched = await page(
      `/api/audit/logs?${PAGE}&textSearch=${encodeURIComponent(local.toUpperCase())}`,
    );
    expect(searched.totalElements).toBe(2);
    expect(
      (await page(`/api/audit/logs?${PAGE}&textSearch=logout`)).data.every((e) => e.actionType === 'LOGOUT'),
    ).toBe(true);
    const sorted = await page(
      `/api/audit/logs/user/${user.id}?${PAGE}&sortProperty=actionType&sortOrder=DESC`,
    );
    expect(sorted.data.map((e) => e.actionType)).toEqual(['LOGOUT', 'LOGIN']);
    const paged = await page(
      `/api/audit/logs/user/${user.id}?pageSize=1&page=1&sortProperty=createdTime&sortOrder=DESC`,
    );
    expect(paged).toEqual(expect.objectContaining({ totalElements: 2, totalPages: 2, hasNext: false }));
    expect(paged.data.map((e) => e.actionType)).toEqual(['LOGIN']);
  });

  it('rejects bad parameters with 400 naming them', async () => {
    const bad = async (path: string, pattern: RegExp) =>
      expectError(await api.get(path, TA()), 400, 31, pattern);
    await bad(`/api/audit/logs?${PAGE}&actionTypes=LOGIN,DANCED`, /'actionTypes'.*DANCED/);
    await bad(`/api/audit/logs?${PAGE}&startTime=yesterday`, /'startTime'/);
    await bad(`/api/audit/logs?${PAGE}&endTime=-5`, /'endTime'/);
    await bad(`/api/audit/logs?${PAGE}&sortProperty=secret`, /secret/);
    await bad('/api/audit/logs?page=0', /'pageSize'/);
    await bad(`/api/audit/logs/entity/GADGET/${uuidv1()}?${PAGE}`, /'entityType'/);
    await bad(`/api/audit/logs/entity/DEVICE/123?${PAGE}`, /'entityId'/);
    await bad(`/api/audit/logs/user/nope?${PAGE}`, /'userId'/);
    await bad(`/api/audit/logs/customer/nope?${PAGE}`, /'customerId'/);
  });
});

describe('AuditLogService.record', () => {
  it('looks the entity name up when it is not given', async () => {
    const device = await server.store.db
      .selectFrom('device')
      .select('id')
      .where('name', '=', 'Test Device A1')
      .executeTakeFirstOrThrow();
    await server.services.audit.record({
      tenantId: ids.tenantId,
      customerId: NULL_UUID,
      entityId: { entityType: 'DEVICE', id: device.id },
      userId: ids.tenantAdminId,
      userName: DEMO.tenant.email,
      actionType: 'ATTRIBUTES_UPDATED',
      actionData: { attributes: { a: 1 } },
      actionStatus: 'SUCCESS',
    });
    const [entry] = (
      await page(`/api/audit/logs/entity/DEVICE/${device.id}?${PAGE}&actionTypes=ATTRIBUTES_UPDATED`)
    ).data;
    expect(entry).toEqual(
      expect.objectContaining({
        entityName: 'Test Device A1',
        customerId: { entityType: 'CUSTOMER', id: NULL_UUID },
        actionData: { attributes: { a: 1 } },
      }),
    );
  });

  it('never throws, even when the entry cannot be stored', async () => {
    const ghostTenant = uuidv1();
    await expect(
      server.services.audit.record({
        tenantId: ghostTenant,
        actionType: 'ADDED',
        actionStatus: 'SUCCESS',
        actionData: { x: 1 },
      }),
    ).resolves.toBeUndefined();
    const rows = await server.store.db
      .selectFrom('auditLog')
      .select('id')
      .where('tenantId', '=', ghostTenant)
      .execute();
    expect(rows).toEqual([]);
  });
});

describe('AuditLogService.recordMany', () => {
  const entriesOf = (entityId: string) =>
    server.store.db
      .selectFrom('auditLog')
      .selectAll()
      .where('entityId', '=', entityId)
      .orderBy('actionType')
      .execute();

  /** A device straight into the store, in `db` (a transaction or not). */
  async function insertDevice(db: typeof server.store.db, name: string): Promise<string> {
    const profile = await db
      .selectFrom('deviceProfile')
      .select('id')
      .where('tenantId', '=', ids.tenantId)
      .where('isDefault', '=', true)
      .executeTakeFirstOrThrow();
    const id = uuidv1();
    await db
      .insertInto('device')
      .values({
        id,
        createdTime: Date.now(),
        tenantId: ids.tenantId,
        customerId: ids.customerAId,
        deviceProfileId: profile.id,
        name,
        type: 'default',
        label: null,
        deviceData: JSON.stringify({ configuration: { type: 'DEFAULT' } }),
        additionalInfo: '{}',
        firmwareId: null,
        softwareId: null,
      })
      .execute();
    return id;
  }

  const entry = (id: string, actionType: 'ADDED' | 'UPDATED' | 'CREDENTIALS_READ', entityName?: string) => ({
    tenantId: ids.tenantId,
    customerId: ids.customerAId,
    entityId: { entityType: 'DEVICE', id },
    ...(entityName === undefined ? {} : { entityName }),
    userId: ids.tenantAdminId,
    userName: DEMO.tenant.email,
    actionType,
    actionData: { entity: { id } },
    actionStatus: 'SUCCESS' as const,
  });

  it('writes the rows record writes, in the caller transaction, names looked up there, levels applied', async () => {
    const audit = server.services.audit;
    const single = uuidv1();
    await audit.record(entry(single, 'ADDED', 'Named'));
    let created = '';
    await server.store.db.transaction().execute(async (trx) => {
      created = await insertDevice(trx, `Batch audited ${uuidv1()}`);
      await audit.recordMany(
        [
          entry(created, 'ADDED'),
          entry(created, 'UPDATED', 'Given name'),
          // A read: the default DEVICE mask (W) does not keep it.
          entry(created, 'CREDENTIALS_READ'),
          { tenantId: ids.tenantId, actionType: 'LOGIN', actionStatus: 'SUCCESS', userName: 'no entity' },
        ],
        trx,
      );
    });
    const [recorded] = await entriesOf(single);
    const [added, updated] = await entriesOf(created);
    const shape = (row: Record<string, unknown> | undefined) => {
      const {
        id: _id,
        createdTime: _createdTime,
        entityId: _entityId,
        entityName: _entityName,
        actionData: _data,
        ...rest
      } = row ?? {};
      return rest;
    };
    expect(shape(added)).toEqual(shape(recorded));
    expect(added).toMatchObject({ entityType: 'DEVICE', actionData: { entity: { id: created } } });
    expect(added?.entityName).toMatch(/^Batch audited /);
    expect(updated).toMatchObject({ actionType: 'UPDATED', entityName: 'Given name' });
    expect((await entriesOf(created)).map((row) => row.actionType)).toEqual(['ADDED', 'UPDATED']);
    const loose = await server.store.db
      .selectFrom('auditLog')
      .select(['entityId', 'actionType'])
      .where('userName', '=', 'no entity')
      .execute();
    expect(loose).toEqual([{ entityId: null, actionType: 'LOGIN' }]);
  });

  it('commits and rolls back with the caller, and never fails its transaction', async () => {
    const audit = server.services.audit;
    const rolledBack = uuidv1();
    await expect(
      server.store.db.transaction().execute(async (trx) => {
        await audit.recordMany([entry(rolledBack, 'ADDED', 'gone')], trx);
        throw new Error('caller failed');
      }),
    ).rejects.toThrow('caller failed');
    expect(await entriesOf(rolledBack)).toEqual([]);

    // Entries that cannot be stored (an unknown tenant) are dropped; the caller's writes commit.
    const kept = await server.store.db.transaction().execute(async (trx) => {
      const id = await insertDevice(trx, `Audit failure ${uuidv1()}`);
      await expect(
        audit.recordMany(
          [entry(id, 'ADDED', 'x'), { ...entry(id, 'UPDATED', 'x'), tenantId: uuidv1() }],
          trx,
        ),
      ).resolves.toBeUndefined();
      return id;
    });
    expect(await server.store.db.selectFrom('device').select('id').where('id', '=', kept).execute()).toEqual([
      { id: kept },
    ]);
    expect(await entriesOf(kept)).toEqual([]);
  });
});

describe('permission matrix', () => {
  //                     anon  SA   TA   CU   TA2  CU2
  const TENANT_ADMINS = [401, 403, 200, 403, 200, 403];

  it('answers each caller of every audit log endpoint, and never leaks another tenant', async () => {
    const user = await freshCustomerUser();
    await api.login(user.email, user.password);
    const paths = [
      `/api/audit/logs?${PAGE}`,
      `/api/audit/logs/customer/${ids.customerAId}?${PAGE}`,
      `/api/audit/logs/user/${user.id}?${PAGE}`,
      `/api/audit/logs/entity/USER/${user.id}?${PAGE}`,
    ];
    for (const path of paths) {
      for (const [i, caller] of CALLERS.entries()) {
        const res: ApiResponse<unknown> = await api.get(path, auth(caller));
        expect(res.status, `${caller} ${path}: ${res.text}`).toBe(TENANT_ADMINS[i]);
        if (res.status === 401) expectError(res, 401, 10);
        if (res.status === 403) expectError(res, 403, 20);
      }
      const own = await page(path);
      expect(own.totalElements, path).toBeGreaterThan(0);
      // The other tenant's administrator gets its own tenant's entries only: none of these.
      const foreign = await api.get(path, auth('otherTenantAdmin'));
      for (const secret of [ids.tenantId, ids.customerAId, user.id, user.email]) {
        expect(foreign.text, path).not.toContain(secret);
      }
    }
    // And its own entries are there for it.
    const mine = await page(`/api/audit/logs/user/${otherTenantAdmin.id}?${PAGE}`, 'otherTenantAdmin');
    expect(mine.data.map((e) => e.actionType)).toContain('LOGIN');
    expect(mine.data.every((e) => e.tenantId.id === otherTenant.id)).toBe(true);
  });
});
