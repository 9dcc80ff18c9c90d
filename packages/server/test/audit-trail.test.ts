import { randomBytes } from 'node:crypto';
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
  type UserJson,
  uniqueEmail,
} from './helper.js';

/**
 * The audit trail of entity actions (reference AuditLogService.logEntityAction as the controllers
 * call it): what each create, update, delete, assignment, credentials change and user
 * (de)activation of devices, assets, customers, users and device profiles leaves in the log, read
 * back through GET /api/audit/logs…; failures the caller was allowed to attempt are FAILURE
 * entries, refused requests leave nothing.
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

interface NamedJson {
  id: EntityIdJson;
  name: string;
  customerId: EntityIdJson;
  [key: string]: unknown;
}

interface CredentialsJson {
  id: { id: string };
  deviceId: EntityIdJson;
  credentialsType: string;
  credentialsId: string;
  credentialsValue: string | null;
}

type Caller = 'sysadmin' | 'tenantAdmin' | 'customerUser' | 'otherTenantAdmin' | 'otherCustomerUser';

let server: TestServer;
let api: ApiClient;
let ids: DemoIds;
let otherTenant: TenantRef;
let otherTenantAdmin: UserRef;
const tokens = new Map<Caller, string>();

const as = (caller: Caller) => ({ token: tokens.get(caller) ?? '' });
const TA = () => as('tenantAdmin');
const PAGE = 'pageSize=100&page=0';
const unique = (label: string) => `${label} ${randomBytes(4).toString('hex')}`;
const NO_CUSTOMER = { entityType: 'CUSTOMER', id: NULL_UUID };

/** A time after every entry written so far: entries of what follows have createdTime >= it. */
async function mark(): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 3));
  return Date.now();
}

async function logs(path: string, caller: Caller = 'tenantAdmin'): Promise<AuditLogJson[]> {
  return expectOk(await api.get<PageDataJson<AuditLogJson>>(path, as(caller))).data;
}

const ORDER = 'sortProperty=createdTime&sortOrder=ASC';

/** The entries about an entity since `since`, oldest first. */
const entityLog = (entity: EntityIdJson, since: number, caller: Caller = 'tenantAdmin') =>
  logs(
    `/api/audit/logs/entity/${entity.entityType}/${entity.id}?${PAGE}&${ORDER}&startTime=${since}`,
    caller,
  );

/** The tenant's entries since `since`, oldest first. */
const tenantLog = (since: number, caller: Caller = 'tenantAdmin', extra = '') =>
  logs(`/api/audit/logs?${PAGE}&${ORDER}&startTime=${since}${extra}`, caller);

/** Every stored entry about the entity, whichever tenant (if any) it is filed under. */
const rowsAbout = (entityId: string) =>
  server.store.db.selectFrom('auditLog').selectAll().where('entityId', '=', entityId).execute();

const byTenantAdmin = () => ({
  tenantId: { entityType: 'TENANT', id: ids.tenantId },
  userId: { entityType: 'USER', id: ids.tenantAdminId },
  userName: DEMO.tenant.email,
});

const success = (fields: Partial<AuditLogJson>) =>
  expect.objectContaining({ actionStatus: 'SUCCESS', actionFailureDetails: null, ...fields });
const failure = (message: string, fields: Partial<AuditLogJson>) =>
  expect.objectContaining({ actionStatus: 'FAILURE', actionFailureDetails: message, ...fields });

const createDevice = async (body: Record<string, unknown> = {}) =>
  expectOk(await api.post<NamedJson>('/api/device', { name: unique('Audit Device'), ...body }, TA()));
const createAsset = async (body: Record<string, unknown> = {}) =>
  expectOk(
    await api.post<NamedJson>('/api/asset', { name: unique('Audit Asset'), type: 'building', ...body }, TA()),
  );
const credentialsOf = async (deviceId: string) =>
  expectOk(await api.get<CredentialsJson>(`/api/device/${deviceId}/credentials`, TA()));

beforeAll(async () => {
  server = await startServer();
  api = server.api;
  ids = await demoIds(server.store);
  const { db } = server.store;
  otherTenant = await newTenant(db, 'Audit Other Tenant');
  otherTenantAdmin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: otherTenant.id });
  const customerBUser = await newUser(db, {
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

describe('devices', () => {
  it('records ADDED, UPDATED and DELETED with the device, its name and the acting user', async () => {
    const since = await mark();
    const device = await createDevice({ label: 'first' });
    const updated = expectOk(await api.post<NamedJson>('/api/device', { ...device, label: 'second' }, TA()));
    expectOk(await api.delete(`/api/device/${device.id.id}`, TA()));
    const entries = await entityLog(device.id, since);
    expect(entries).toEqual([
      success({
        ...byTenantAdmin(),
        customerId: NO_CUSTOMER,
        entityId: device.id,
        entityName: device.name,
        actionType: 'ADDED',
        actionData: { entity: device },
      }),
      success({
        ...byTenantAdmin(),
        entityName: device.name,
        actionType: 'UPDATED',
        actionData: { entity: updated },
      }),
      success({
        ...byTenantAdmin(),
        customerId: NO_CUSTOMER,
        entityName: device.name,
        actionType: 'DELETED',
        actionData: { entityId: device.id.id },
      }),
    ]);
    // The tenant list has exactly these three.
    expect((await tenantLog(since)).map((e) => e.id.id)).toEqual(entries.map((e) => e.id.id));
  });

  it('records a failed save as a FAILURE with the message; a failed creation under the empty id', async () => {
    const a = await createDevice();
    const b = await createDevice();
    let since = await mark();
    const taken = 'Device with such name already exists!';
    expectError(await api.post('/api/device', { ...a, name: b.name }, TA()), 400, 31, taken);
    expect(await entityLog(a.id, since)).toEqual([
      failure(taken, {
        ...byTenantAdmin(),
        entityId: a.id,
        entityName: a.name,
        customerId: NO_CUSTOMER,
        actionType: 'UPDATED',
        actionData: { entity: { ...a, name: b.name } },
      }),
    ]);
    since = await mark();
    expectError(await api.post('/api/device', { name: b.name, label: 'copy' }, TA()), 400, 31, taken);
    expect(await tenantLog(since)).toEqual([
      failure(taken, {
        ...byTenantAdmin(),
        entityId: { entityType: 'DEVICE', id: NULL_UUID },
        entityName: b.name,
        customerId: NO_CUSTOMER,
        actionType: 'ADDED',
        actionData: { entity: { name: b.name, label: 'copy' } },
      }),
    ]);
  });

  it('records assignment, unassignment and making public, under the customer concerned', async () => {
    const device = await createDevice();
    const since = await mark();
    const path = `/api/customer/${ids.customerAId}/device/${device.id.id}`;
    expectOk(await api.post(path, undefined, TA()));
    expectOk(await api.delete(`/api/customer/device/${device.id.id}`, TA()));
    const notAssigned = "Device isn't assigned to any customer!";
    expectError(await api.delete(`/api/customer/device/${device.id.id}`, TA()), 400, 31, notAssigned);
    const made = expectOk(
      await api.post<NamedJson>(`/api/customer/public/device/${device.id.id}`, undefined, TA()),
    );
    const publicId = made.customerId.id;
    const customerA = { entityType: 'CUSTOMER', id: ids.customerAId };
    const entries = await entityLog(device.id, since);
    expect(entries).toEqual([
      success({
        ...byTenantAdmin(),
        customerId: customerA,
        entityName: device.name,
        actionType: 'ASSIGNED_TO_CUSTOMER',
        actionData: {
          entityId: device.id.id,
          assignedCustomerId: ids.customerAId,
          assignedCustomerName: 'Customer A',
        },
      }),
      success({
        customerId: customerA,
        actionType: 'UNASSIGNED_FROM_CUSTOMER',
        actionData: {
          entityId: device.id.id,
          unassignedCustomerId: ids.customerAId,
          unassignedCustomerName: 'Customer A',
        },
      }),
      failure(notAssigned, {
        customerId: NO_CUSTOMER,
        actionType: 'UNASSIGNED_FROM_CUSTOMER',
        actionData: { entityId: device.id.id },
      }),
      success({
        customerId: { entityType: 'CUSTOMER', id: publicId },
        actionType: 'ASSIGNED_TO_CUSTOMER',
        actionData: { entityId: device.id.id, assignedCustomerId: publicId, assignedCustomerName: 'Public' },
      }),
    ]);
    // The customer's list shows the two entries filed under Customer A.
    const ofA = await logs(`/api/audit/logs/customer/${ids.customerAId}?${PAGE}&${ORDER}&startTime=${since}`);
    expect(ofA.map((e) => e.actionType)).toEqual(['ASSIGNED_TO_CUSTOMER', 'UNASSIGNED_FROM_CUSTOMER']);
  });

  it('records CREDENTIALS_UPDATED with the credentials, and a refused change as a FAILURE', async () => {
    const device = await createDevice();
    const other = await createDevice();
    const stored = await credentialsOf(device.id.id);
    const since = await mark();
    const token = `audit-${randomBytes(6).toString('hex')}`;
    const saved = expectOk(
      await api.post<CredentialsJson>('/api/device/credentials', { ...stored, credentialsId: token }, TA()),
    );
    const taken = 'Device credentials are already assigned to another device!';
    const otherToken = (await credentialsOf(other.id.id)).credentialsId;
    const attempt = { ...stored, credentialsId: otherToken };
    expectError(await api.post('/api/device/credentials', attempt, TA()), 400, 31, taken);
    expect(await entityLog(device.id, since)).toEqual([
      success({
        ...byTenantAdmin(),
        entityName: device.name,
        actionType: 'CREDENTIALS_UPDATED',
        actionData: { entityId: device.id.id, credentials: saved },
      }),
      failure(taken, {
        entityName: device.name,
        actionType: 'CREDENTIALS_UPDATED',
        actionData: { entityId: device.id.id, credentials: attempt },
      }),
    ]);
    expect(saved).toEqual(expect.objectContaining({ credentialsType: 'ACCESS_TOKEN', credentialsId: token }));
  });

  it('keeps CREDENTIALS_READ only when the DEVICE mask logs reads (the reference default W does not)', async () => {
    const device = await createDevice();
    let since = await mark();
    await credentialsOf(device.id.id);
    expect(await entityLog(device.id, since)).toEqual([]);
    const levels = server.services.audit.levels;
    server.services.audit.levels = { ...levels, DEVICE: 'RW' };
    try {
      since = await mark();
      await credentialsOf(device.id.id);
      expect(await entityLog(device.id, since)).toEqual([
        success({
          ...byTenantAdmin(),
          entityName: device.name,
          actionType: 'CREDENTIALS_READ',
          actionData: { entityId: device.id.id },
        }),
      ]);
    } finally {
      server.services.audit.levels = levels;
    }
  });

  it("records a customer user's change under that user and the device's customer", async () => {
    const device = await createDevice({ customerId: { entityType: 'CUSTOMER', id: ids.customerAId } });
    const since = await mark();
    const updated = expectOk(
      await api.post<NamedJson>('/api/device', { ...device, label: 'by customer' }, as('customerUser')),
    );
    expect(await entityLog(device.id, since)).toEqual([
      success({
        tenantId: { entityType: 'TENANT', id: ids.tenantId },
        customerId: { entityType: 'CUSTOMER', id: ids.customerAId },
        userId: { entityType: 'USER', id: ids.customerUserId },
        userName: DEMO.customer.email,
        entityName: device.name,
        actionType: 'UPDATED',
        actionData: { entity: updated },
      }),
    ]);
  });

  it('records ASSIGNED_TO_TENANT with the moved device, in the tenant it left', async () => {
    const device = await createDevice();
    const since = await mark();
    const moved = expectOk(
      await api.post<NamedJson>(`/api/tenant/${otherTenant.id}/device/${device.id.id}`, undefined, TA()),
    );
    expect(await entityLog(device.id, since)).toEqual([
      success({
        ...byTenantAdmin(),
        customerId: NO_CUSTOMER,
        entityName: device.name,
        actionType: 'ASSIGNED_TO_TENANT',
        actionData: { entity: moved },
      }),
    ]);
    expect(await entityLog(device.id, since, 'otherTenantAdmin')).toEqual([]);
  });

  it('writes nothing for refused requests', async () => {
    const device = await createDevice({ customerId: { entityType: 'CUSTOMER', id: ids.customerAId } });
    const before = (await rowsAbout(device.id.id)).length;
    const since = await mark();
    const refused = (res: ApiResponse, statuses = [403, 404]) =>
      expect(statuses, `${res.status} ${res.text}`).toContain(res.status);
    const stored = await credentialsOf(device.id.id);
    for (const caller of ['otherTenantAdmin', 'otherCustomerUser'] as const) {
      refused(await api.post('/api/device', { ...device, name: '' }, as(caller)));
      refused(await api.post('/api/device', { ...device, label: 'x' }, as(caller)));
      refused(await api.post('/api/device/credentials', { ...stored, credentialsId: 'x' }, as(caller)));
      refused(await api.get(`/api/device/${device.id.id}/credentials`, as(caller)));
      refused(await api.delete(`/api/customer/device/${device.id.id}`, as(caller)));
    }
    refused(await api.delete(`/api/device/${device.id.id}`, as('otherTenantAdmin')));
    refused(
      await api.post(
        `/api/customer/${ids.customerBId}/device/${device.id.id}`,
        undefined,
        as('otherTenantAdmin'),
      ),
    );
    // Customer users neither create devices nor replace credentials, valid or not.
    refused(await api.post('/api/device', { name: '' }, as('customerUser')), [403]);
    refused(await api.post('/api/device', { name: unique('Denied') }, as('customerUser')), [403]);
    refused(
      await api.post('/api/device/credentials', { ...stored, credentialsId: 'x' }, as('customerUser')),
      [403],
    );
    // Its own device, but replacing credentials along with it needs a permission it lacks.
    const withCredentials = {
      device: { ...device, label: 'x' },
      credentials: { credentialsType: 'ACCESS_TOKEN', credentialsId: unique('tok').replace(' ', '-') },
    };
    refused(await api.post('/api/device-with-credentials', withCredentials, as('customerUser')), [403]);
    expect(await rowsAbout(device.id.id)).toHaveLength(before);
    expect(await tenantLog(since)).toEqual([]);
    expect(await tenantLog(since, 'otherTenantAdmin')).toEqual([]);
  });
});

describe('assets', () => {
  it('records ADDED, UPDATED, assignments and DELETED, and FAILURE entries', async () => {
    const since = await mark();
    const asset = await createAsset();
    const updated = expectOk(await api.post<NamedJson>('/api/asset', { ...asset, label: 'L' }, TA()));
    const other = await createAsset();
    const taken = 'Asset with such name already exists!';
    expectError(await api.post('/api/asset', { ...asset, name: other.name }, TA()), 400, 31, taken);
    expectOk(await api.post(`/api/customer/${ids.customerAId}/asset/${asset.id.id}`, undefined, TA()));
    expectOk(await api.delete(`/api/customer/asset/${asset.id.id}`, TA()));
    const made = expectOk(
      await api.post<NamedJson>(`/api/customer/public/asset/${asset.id.id}`, undefined, TA()),
    );
    // An entity view keeps the asset from being deleted.
    const view = expectOk(
      await api.post<NamedJson>(
        '/api/entityView',
        { name: unique('Audit View'), type: 't', entityId: asset.id },
        TA(),
      ),
    );
    const hasViews = "Can't delete asset that has entity views!";
    expectError(await api.delete(`/api/asset/${asset.id.id}`, TA()), 400, 31, hasViews);
    expectOk(await api.delete(`/api/entityView/${view.id.id}`, TA()));
    expectOk(await api.delete(`/api/asset/${asset.id.id}`, TA()));
    const publicCustomer = made.customerId;
    expect(await entityLog(asset.id, since)).toEqual([
      success({
        ...byTenantAdmin(),
        entityName: asset.name,
        actionType: 'ADDED',
        actionData: { entity: asset },
      }),
      success({ entityName: asset.name, actionType: 'UPDATED', actionData: { entity: updated } }),
      failure(taken, { actionType: 'UPDATED', actionData: { entity: { ...asset, name: other.name } } }),
      success({
        customerId: { entityType: 'CUSTOMER', id: ids.customerAId },
        actionType: 'ASSIGNED_TO_CUSTOMER',
        actionData: expect.objectContaining({ assignedCustomerId: ids.customerAId }),
      }),
      success({
        customerId: { entityType: 'CUSTOMER', id: ids.customerAId },
        actionType: 'UNASSIGNED_FROM_CUSTOMER',
        actionData: expect.objectContaining({ unassignedCustomerName: 'Customer A' }),
      }),
      success({
        customerId: publicCustomer,
        actionType: 'ASSIGNED_TO_CUSTOMER',
        actionData: expect.objectContaining({ assignedCustomerName: 'Public' }),
      }),
      failure(hasViews, {
        customerId: publicCustomer,
        actionType: 'DELETED',
        actionData: { entityId: asset.id.id },
      }),
      success({
        customerId: publicCustomer,
        entityName: asset.name,
        actionType: 'DELETED',
        actionData: { entityId: asset.id.id },
      }),
    ]);
  });

  it('writes nothing when another tenant or customer is refused', async () => {
    const asset = await createAsset();
    const since = await mark();
    for (const caller of ['otherTenantAdmin', 'otherCustomerUser', 'customerUser'] as const) {
      const res = await api.post('/api/asset', { ...asset, name: '' }, as(caller));
      expect([403, 404], res.text).toContain(res.status);
    }
    expect((await api.delete(`/api/asset/${asset.id.id}`, as('otherTenantAdmin'))).status).toBe(403);
    expect(await tenantLog(since)).toEqual([]);
    expect(await tenantLog(since, 'otherTenantAdmin')).toEqual([]);
  });
});

describe('customers', () => {
  it('records ADDED, UPDATED and DELETED under the customer itself, and a FAILURE', async () => {
    const since = await mark();
    const customer = expectOk(
      await api.post<NamedJson>('/api/customer', { title: unique('Audit Customer') }, TA()),
    );
    const updated = expectOk(await api.post<NamedJson>('/api/customer', { ...customer, city: 'Gent' }, TA()));
    const taken = 'Customer with such title already exists!';
    expectError(await api.post('/api/customer', { ...customer, title: 'Customer B' }, TA()), 400, 31, taken);
    expectOk(await api.delete(`/api/customer/${customer.id.id}`, TA()));
    const own = { entityType: 'CUSTOMER', id: customer.id.id };
    const entries = await entityLog(customer.id, since);
    expect(entries).toEqual([
      success({
        ...byTenantAdmin(),
        customerId: own,
        entityName: customer.name,
        actionType: 'ADDED',
        actionData: { entity: customer },
      }),
      success({ customerId: own, actionType: 'UPDATED', actionData: { entity: updated } }),
      failure(taken, { customerId: own, entityName: customer.name, actionType: 'UPDATED' }),
      success({ customerId: own, actionType: 'DELETED', actionData: { entityId: customer.id.id } }),
    ]);
    const ofCustomer = await logs(`/api/audit/logs/customer/${customer.id.id}?${PAGE}&${ORDER}`);
    expect(ofCustomer.map((e) => e.id.id)).toEqual(entries.map((e) => e.id.id));
  });

  it('files a failed creation under the empty id, and refused requests nowhere', async () => {
    const since = await mark();
    const taken = 'Customer with such title already exists!';
    expectError(await api.post('/api/customer', { title: 'Customer A' }, TA()), 400, 31, taken);
    expect(await tenantLog(since)).toEqual([
      failure(taken, {
        ...byTenantAdmin(),
        entityId: { entityType: 'CUSTOMER', id: NULL_UUID },
        entityName: 'Customer A',
        customerId: NO_CUSTOMER,
        actionType: 'ADDED',
        actionData: { entity: { title: 'Customer A' } },
      }),
    ]);
    const next = await mark();
    const customerA = { id: { entityType: 'CUSTOMER', id: ids.customerAId }, title: '' };
    expect((await api.post('/api/customer', customerA, as('otherTenantAdmin'))).status).toBe(403);
    expect((await api.post('/api/customer', customerA, as('customerUser'))).status).toBe(403);
    expect((await api.delete(`/api/customer/${ids.customerAId}`, as('otherTenantAdmin'))).status).toBe(403);
    expect(await tenantLog(next)).toEqual([]);
    expect(await tenantLog(next, 'otherTenantAdmin')).toEqual([]);
  });
});

describe('users', () => {
  it('records ADDED, UPDATED, ACTIVATED, SUSPENDED and DELETED of a user', async () => {
    const since = await mark();
    const email = uniqueEmail('audited');
    const user = expectOk(
      await api.post<UserJson>(
        '/api/user?sendActivationMail=false',
        { email, authority: 'CUSTOMER_USER', customerId: { entityType: 'CUSTOMER', id: ids.customerAId } },
        TA(),
      ),
    );
    const updated = expectOk(await api.post<UserJson>('/api/user', { ...user, firstName: 'Ada' }, TA()));
    const enabled = (value: boolean) =>
      api.post(
        `/api/user/${user.id.id}/userCredentialsEnabled?userCredentialsEnabled=${value}`,
        undefined,
        TA(),
      );
    expectOk(await enabled(true));
    expectOk(await enabled(false));
    expectOk(await api.delete(`/api/user/${user.id.id}`, TA()));
    const customerA = { entityType: 'CUSTOMER', id: ids.customerAId };
    const entries = await entityLog(user.id, since);
    expect(entries).toEqual([
      success({
        ...byTenantAdmin(),
        customerId: customerA,
        entityId: user.id,
        entityName: email,
        actionType: 'ADDED',
        actionData: { entity: user },
      }),
      success({
        customerId: customerA,
        entityName: email,
        actionType: 'UPDATED',
        actionData: { entity: updated },
      }),
      success({ customerId: customerA, actionType: 'ACTIVATED', actionData: { entityId: user.id.id } }),
      success({ customerId: customerA, actionType: 'SUSPENDED', actionData: { entityId: user.id.id } }),
      success({
        customerId: customerA,
        entityName: email,
        actionType: 'DELETED',
        actionData: { entityId: user.id.id },
      }),
    ]);
    // The log of the customer shows them too (the acting tenant administrator has no customer).
    const ofA = await logs(`/api/audit/logs/customer/${ids.customerAId}?${PAGE}&${ORDER}&startTime=${since}`);
    expect(ofA.map((e) => e.id.id)).toEqual(entries.map((e) => e.id.id));
  });

  it('records refused changes the caller was allowed to attempt as FAILURE entries', async () => {
    const since = await mark();
    const self = { entityType: 'USER', id: ids.tenantAdminId };
    const noDisable = "Invalid request: you can't disable your own credentials";
    expectError(
      await api.post(
        `/api/user/${ids.tenantAdminId}/userCredentialsEnabled?userCredentialsEnabled=false`,
        undefined,
        TA(),
      ),
      400,
      31,
      noDisable,
    );
    const noDelete = "Invalid request: you can't delete your own user";
    expectError(await api.delete(`/api/user/${ids.tenantAdminId}`, TA()), 400, 31, noDelete);
    expect(await entityLog(self, since)).toEqual([
      failure(noDisable, {
        ...byTenantAdmin(),
        entityName: DEMO.tenant.email,
        actionType: 'SUSPENDED',
        actionData: { entityId: ids.tenantAdminId },
      }),
      failure(noDelete, { entityName: DEMO.tenant.email, actionType: 'DELETED' }),
    ]);
    const next = await mark();
    const present = `User with email '${DEMO.customer.email}' already present in database!`;
    const body = {
      email: DEMO.customer.email,
      authority: 'CUSTOMER_USER',
      customerId: { entityType: 'CUSTOMER', id: ids.customerAId },
    };
    expectError(await api.post('/api/user?sendActivationMail=false', body, TA()), 400, 31, present);
    expect(await tenantLog(next)).toEqual([
      failure(present, {
        entityId: { entityType: 'USER', id: NULL_UUID },
        entityName: DEMO.customer.email,
        customerId: NO_CUSTOMER,
        actionType: 'ADDED',
        actionData: { entity: body },
      }),
    ]);
  });

  it("keeps another tenant's ids out of the failure entry of a foreign caller, and out of this log", async () => {
    const since = await mark();
    const body = {
      email: uniqueEmail('foreign'),
      authority: 'CUSTOMER_USER',
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      customerId: { entityType: 'CUSTOMER', id: ids.customerAId },
    };
    const message = 'Invalid request: user is referencing to non-existent customer!';
    expectError(
      await api.post('/api/user?sendActivationMail=false', body, as('otherTenantAdmin')),
      400,
      31,
      message,
    );
    const entries = await tenantLog(since, 'otherTenantAdmin');
    expect(entries).toEqual([
      failure(message, {
        tenantId: { entityType: 'TENANT', id: otherTenant.id },
        userId: { entityType: 'USER', id: otherTenantAdmin.id },
        entityName: body.email,
        actionType: 'ADDED',
        actionData: { entity: { ...body, tenantId: null, customerId: null } },
      }),
    ]);
    const text = JSON.stringify(entries);
    expect(text).not.toContain(ids.tenantId);
    expect(text).not.toContain(ids.customerAId);
    expect(await tenantLog(since)).toEqual([]);
  });

  it('writes nothing for refused user requests', async () => {
    const target = await newUser(server.store.db, {
      authority: 'CUSTOMER_USER',
      tenantId: ids.tenantId,
      customerId: ids.customerAId,
    });
    const since = await mark();
    const enable = `/api/user/${target.id}/userCredentialsEnabled?userCredentialsEnabled=false`;
    for (const caller of ['otherTenantAdmin', 'otherCustomerUser', 'customerUser'] as const) {
      const statuses = [403, 404];
      const update = await api.post(
        '/api/user',
        { id: { entityType: 'USER', id: target.id }, email: 'bad' },
        as(caller),
      );
      expect(statuses, update.text).toContain(update.status);
      expect(statuses).toContain((await api.post(enable, undefined, as(caller))).status);
      expect(statuses).toContain((await api.delete(`/api/user/${target.id}`, as(caller))).status);
    }
    // Customer users create no users, whatever the body.
    const create = await api.post('/api/user', { email: 'not-an-email', authority: 'X' }, as('customerUser'));
    expect(create.status).toBe(403);
    // A tenant administrator creates no system administrator.
    const sysadmin = { email: uniqueEmail('sysadmin'), authority: 'SYS_ADMIN' };
    expectError(await api.post('/api/user?sendActivationMail=false', sysadmin, TA()), 403, 20);
    expect(await rowsAbout(target.id)).toEqual([]);
    expect(await tenantLog(since)).toEqual([]);
    expect(await tenantLog(since, 'otherTenantAdmin')).toEqual([]);
  });

  it("files a system administrator's user changes under no tenant, as the reference does", async () => {
    const email = uniqueEmail('admin-by-sysadmin');
    const since = await mark();
    const created = expectOk(
      await api.post<UserJson>(
        '/api/user?sendActivationMail=false',
        { email, authority: 'TENANT_ADMIN', tenantId: { entityType: 'TENANT', id: otherTenant.id } },
        as('sysadmin'),
      ),
    );
    const rows = await rowsAbout(created.id.id);
    expect(rows).toEqual([
      expect.objectContaining({
        tenantId: null,
        userId: ids.sysadminId,
        userName: DEMO.sysadmin.email,
        entityName: email,
        actionType: 'ADDED',
        actionStatus: 'SUCCESS',
      }),
    ]);
    expect(await tenantLog(since, 'otherTenantAdmin')).toEqual([]);
  });
});

describe('device profiles', () => {
  const createProfile = async (body: Record<string, unknown> = {}) =>
    expectOk(
      await api.post<NamedJson>(
        '/api/deviceProfile',
        { name: unique('Audit Profile'), type: 'DEFAULT', transportType: 'DEFAULT', ...body },
        TA(),
      ),
    );
  const defaultProfile = async () =>
    expectOk(await api.get<{ id: EntityIdJson; name: string }>('/api/deviceProfileInfo/default', TA()));

  it('records ADDED, UPDATED and DELETED, and a refused save or delete as FAILURE', async () => {
    const since = await mark();
    const profile = await createProfile();
    const updated = expectOk(
      await api.post<NamedJson>('/api/deviceProfile', { ...profile, description: 'audited' }, TA()),
    );
    const current = await defaultProfile();
    const taken = 'Device profile with such name already exists!';
    expectError(
      await api.post('/api/deviceProfile', { ...profile, name: current.name }, TA()),
      400,
      31,
      taken,
    );
    expectOk(await api.delete(`/api/deviceProfile/${profile.id.id}`, TA()));
    expect(await entityLog(profile.id, since)).toEqual([
      success({
        ...byTenantAdmin(),
        customerId: NO_CUSTOMER,
        entityName: profile.name,
        actionType: 'ADDED',
        actionData: { entity: profile },
      }),
      success({ actionType: 'UPDATED', actionData: { entity: updated } }),
      failure(taken, { entityName: profile.name, actionType: 'UPDATED' }),
      success({ entityName: profile.name, actionType: 'DELETED', actionData: { entityId: profile.id.id } }),
    ]);
    const next = await mark();
    const prohibited = 'Deletion of Default Device Profile is prohibited!';
    expectError(await api.delete(`/api/deviceProfile/${current.id.id}`, TA()), 400, 31, prohibited);
    expect(await entityLog(current.id, next)).toEqual([
      failure(prohibited, {
        entityName: current.name,
        actionType: 'DELETED',
        actionData: { entityId: current.id.id },
      }),
    ]);
  });

  it('records a change of default as UPDATED of the previous default and of the new one', async () => {
    const previous = await defaultProfile();
    const profile = await createProfile();
    const since = await mark();
    expectOk(await api.post(`/api/deviceProfile/${profile.id.id}/default`, undefined, TA()));
    try {
      const entries = await tenantLog(since);
      expect(entries).toHaveLength(2);
      expect(entries).toEqual(
        expect.arrayContaining([
          success({
            entityId: previous.id,
            entityName: previous.name,
            actionType: 'UPDATED',
            actionData: { entity: expect.objectContaining({ id: previous.id, default: false }) },
          }),
          success({
            entityId: profile.id,
            actionType: 'UPDATED',
            actionData: { entity: expect.objectContaining({ id: profile.id, default: true }) },
          }),
        ]),
      );
      // Making the default the default again changes nothing and records nothing.
      const again = await mark();
      expectOk(await api.post(`/api/deviceProfile/${profile.id.id}/default`, undefined, TA()));
      expect(await tenantLog(again)).toEqual([]);
    } finally {
      expectOk(await api.post(`/api/deviceProfile/${previous.id.id}/default`, undefined, TA()));
    }
  });

  it('writes nothing for refused profile requests', async () => {
    const profile = await createProfile();
    const since = await mark();
    for (const caller of ['otherTenantAdmin', 'customerUser'] as const) {
      const res = await api.post('/api/deviceProfile', { ...profile, name: '' }, as(caller));
      expect([403, 404], res.text).toContain(res.status);
      expect([403, 404]).toContain(
        (await api.delete(`/api/deviceProfile/${profile.id.id}`, as(caller))).status,
      );
    }
    expect(await tenantLog(since)).toEqual([]);
    expect(await tenantLog(since, 'otherTenantAdmin')).toEqual([]);
  });
});

describe('tenants and tenant profiles', () => {
  it('are not audited, as in the reference (their entity types have no logging mask)', async () => {
    const sysadmin = as('sysadmin');
    const tenant = expectOk(
      await api.post<{ id: EntityIdJson }>('/api/tenant', { title: unique('Audit T') }, sysadmin),
    );
    expectOk(await api.post('/api/tenant', { ...tenant, title: unique('Audit T2') }, sysadmin));
    const profile = expectOk(
      await api.post<{ id: EntityIdJson }>(
        '/api/tenantProfile',
        { name: unique('Audit TP'), profileData: { configuration: { type: 'DEFAULT' } } },
        sysadmin,
      ),
    );
    expectOk(await api.delete(`/api/tenantProfile/${profile.id.id}`, sysadmin));
    expectOk(await api.delete(`/api/tenant/${tenant.id.id}`, sysadmin));
    expect(await rowsAbout(tenant.id.id)).toEqual([]);
    expect(await rowsAbout(profile.id.id)).toEqual([]);
  });
});
