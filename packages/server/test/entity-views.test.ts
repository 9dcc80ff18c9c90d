import { v1 as uuidv1 } from 'uuid';
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
 * EntityViewController without the edge endpoints (reference §1.3, §1.5): CRUD, lists, lookup by
 * name, types, customer assignment, search by relations, the audit trail and the access matrix.
 */

interface EntityViewJson {
  id: EntityIdJson;
  createdTime: number;
  entityId: EntityIdJson;
  tenantId: EntityIdJson;
  customerId: EntityIdJson;
  name: string;
  type: string;
  keys: unknown;
  startTimeMs: number;
  endTimeMs: number;
  additionalInfo: unknown;
}
interface EntityViewInfoJson extends EntityViewJson {
  customerTitle: string | null;
  customerIsPublic: boolean;
}
interface AuditLogJson {
  entityId: EntityIdJson;
  entityName: string;
  customerId: EntityIdJson;
  actionType: string;
  actionStatus: string;
  actionData: Record<string, unknown>;
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
let otherTenantCustomer: CustomerRef;
let customerBUser: UserRef;
const tokens = new Map<Caller, string>();
let A1: EntityIdJson;
let B1: EntityIdJson;
let T1: EntityIdJson;
let X: EntityIdJson;

const auth = (caller: Caller) => {
  const t = tokens.get(caller);
  return t === undefined ? {} : { token: t };
};
const TA = () => auth('tenantAdmin');
const PAGE = 'pageSize=100&page=0';
let seq = 0;
const unique = (label: string) => {
  seq += 1;
  return `${label} ${seq} ${uuidv1().slice(0, 8)}`;
};

async function deviceId(tenantId: string, name: string): Promise<EntityIdJson> {
  const row = await server.store.db
    .selectFrom('device')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return { entityType: 'DEVICE', id: row.id };
}

async function newDevice(tenantId: string, name: string): Promise<EntityIdJson> {
  const { db } = server.store;
  const profile = await db
    .selectFrom('deviceProfile')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('isDefault', '=', true)
    .executeTakeFirstOrThrow();
  const id = uuidv1();
  await db
    .insertInto('device')
    .values({
      id,
      createdTime: Date.now(),
      tenantId,
      customerId: null,
      deviceProfileId: profile.id,
      name,
      type: 'default',
      label: null,
      deviceData: '{}',
      additionalInfo: '{}',
      firmwareId: null,
      softwareId: null,
    })
    .execute();
  return { entityType: 'DEVICE', id };
}

async function newAsset(tenantId: string, customerId: string | null = null): Promise<EntityIdJson> {
  const id = uuidv1();
  await server.store.db
    .insertInto('asset')
    .values({
      id,
      createdTime: Date.now(),
      tenantId,
      customerId,
      name: unique('Asset'),
      type: 'building',
      label: null,
      additionalInfo: '{}',
    })
    .execute();
  return { entityType: 'ASSET', id };
}

const KEYS = { timeseries: ['temperature'], attributes: { cs: ['model'], ss: ['active'], sh: ['target'] } };

const viewBody = (overrides: Record<string, unknown> = {}) => ({
  name: unique('View'),
  type: 'thermo',
  entityId: T1,
  keys: KEYS,
  startTimeMs: 0,
  endTimeMs: 0,
  additionalInfo: { description: 'a view' },
  ...overrides,
});

const saveView = (body: unknown, caller: Caller = 'tenantAdmin') =>
  api.post<EntityViewJson>('/api/entityView', body, auth(caller));

async function createView(overrides: Record<string, unknown> = {}): Promise<EntityViewJson> {
  return expectOk(await saveView(viewBody(overrides)));
}

/** A view assigned to a customer (Customer A by default). */
async function customerView(customerId = ids.customerAId, overrides: Record<string, unknown> = {}) {
  const view = await createView({ entityId: A1, ...overrides });
  return expectOk(
    await api.post<EntityViewJson>(`/api/customer/${customerId}/entityView/${view.id.id}`, undefined, TA()),
  );
}

const auditOf = async (view: EntityViewJson) =>
  expectOk(
    await api.get<PageDataJson<AuditLogJson>>(
      `/api/audit/logs/entity/ENTITY_VIEW/${view.id.id}?${PAGE}&sortProperty=createdTime&sortOrder=ASC`,
      TA(),
    ),
  ).data;

beforeAll(async () => {
  server = await startServer();
  api = server.api;
  ids = await demoIds(server.store);
  const { db } = server.store;
  otherTenant = await newTenant(db, 'Other Tenant');
  otherTenantAdmin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: otherTenant.id });
  otherTenantCustomer = await newCustomer(db, otherTenant.id, 'Customer of Other Tenant');
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
  A1 = await deviceId(ids.tenantId, 'Test Device A1');
  B1 = await deviceId(ids.tenantId, 'Test Device B1');
  T1 = await deviceId(ids.tenantId, 'Thermostat T1');
  X = await newDevice(otherTenant.id, 'Device of Other Tenant');
});

afterAll(async () => {
  await server?.close();
});

describe('POST /api/entityView, GET, DELETE', () => {
  it('creates, reads, updates and deletes a view', async () => {
    const name = unique('Thermo view');
    const created = await createView({ name, startTimeMs: 1000, endTimeMs: 2000 });
    expect(created).toEqual({
      id: { entityType: 'ENTITY_VIEW', id: expect.any(String) },
      createdTime: expect.any(Number),
      entityId: T1,
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      customerId: { entityType: 'CUSTOMER', id: NULL_UUID },
      name,
      type: 'thermo',
      keys: KEYS,
      startTimeMs: 1000,
      endTimeMs: 2000,
      additionalInfo: { description: 'a view' },
    });
    expect(expectOk(await api.get(`/api/entityView/${created.id.id}`, TA()))).toEqual(created);
    expect(expectOk(await api.get(`/api/entityView/info/${created.id.id}`, TA()))).toEqual({
      ...created,
      customerTitle: null,
      customerIsPublic: false,
    });

    const renamed = unique('Renamed view');
    const updated = expectOk(
      await saveView({
        ...created,
        name: renamed,
        keys: { timeseries: ['humidity'] },
        entityId: B1,
        // The customer of a view changes only through assignment.
        customerId: { entityType: 'CUSTOMER', id: ids.customerAId },
      }),
    );
    expect(updated).toEqual({
      ...created,
      name: renamed,
      entityId: B1,
      keys: { timeseries: ['humidity'], attributes: { cs: [], ss: [], sh: [] } },
    });
    expect(expectOk(await api.get(`/api/entityView/${created.id.id}`, TA()))).toEqual(updated);

    expectOk(await api.delete(`/api/entityView/${created.id.id}`, TA()));
    expectError(await api.get(`/api/entityView/${created.id.id}`, TA()), 404, 32);
    expectError(await api.delete(`/api/entityView/${created.id.id}`, TA()), 404, 32);
  });

  it('creates a view on an asset, assigned to a customer from the start, without keys', async () => {
    const asset = await newAsset(ids.tenantId);
    const view = await createView({
      entityId: asset,
      keys: null,
      customerId: { entityType: 'CUSTOMER', id: ids.customerAId },
      startTimeMs: undefined,
      endTimeMs: undefined,
      additionalInfo: undefined,
    });
    expect(view).toEqual(
      expect.objectContaining({
        entityId: asset,
        keys: null,
        customerId: { entityType: 'CUSTOMER', id: ids.customerAId },
        startTimeMs: 0,
        endTimeMs: 0,
        additionalInfo: null,
      }),
    );
  });

  it('keeps names unique per tenant', async () => {
    const first = await createView();
    expectError(
      await saveView(viewBody({ name: first.name })),
      400,
      31,
      'Entity view with such name already exists!',
    );
    const second = await createView();
    expectError(
      await saveView({ ...second, name: first.name }),
      400,
      31,
      'Entity view with such name already exists!',
    );
    // Another tenant may use the same name.
    const foreign = await saveView(viewBody({ name: first.name, entityId: X }), 'otherTenantAdmin');
    expect(foreign.status, foreign.text).toBe(200);
  });

  it('rejects bad input with 400 naming the field', async () => {
    const bad = async (overrides: Record<string, unknown>, field: RegExp) =>
      expectError(await saveView(viewBody(overrides)), 400, 31, field);
    await bad({ entityId: undefined }, /'entityId'/);
    await bad({ entityId: { entityType: 'DASHBOARD', id: T1.id } }, /'entityId\.entityType'/);
    await bad({ entityId: { entityType: 'DEVICE', id: 'nope' } }, /'entityId\.id'/);
    await bad({ entityId: { entityType: 'DEVICE', id: uuidv1() } }, /'entityId'/);
    await bad({ entityId: X }, /'entityId'/);
    await bad({ name: undefined }, /'name'/);
    await bad({ name: '   ' }, /'name'/);
    await bad({ name: 'n'.repeat(256) }, /'name'/);
    await bad({ type: '' }, /'type'/);
    await bad({ startTimeMs: -1 }, /'startTimeMs'/);
    await bad({ endTimeMs: 'tomorrow' }, /'endTimeMs'/);
    await bad({ startTimeMs: 2000, endTimeMs: 1000 }, /'endTimeMs'/);
    await bad({ keys: { timeseries: [1] } }, /'keys\.timeseries\.0'/);
    await bad({ keys: { attributes: { cs: 'model' } } }, /'keys\.attributes\.cs'/);
    await bad({ customerId: { entityType: 'CUSTOMER', id: uuidv1() } }, /'customerId'/);
    await bad({ customerId: { entityType: 'CUSTOMER', id: otherTenantCustomer.id } }, /'customerId'/);
    expectError(await api.get('/api/entityView/not-a-uuid', TA()), 400, 31, /'entityViewId'/);
    expectError(await api.get(`/api/entityView/${uuidv1()}`, TA()), 404, 32);
  });

  it('lets a customer user edit, but not create or delete, the views of its customer', async () => {
    const view = await customerView();
    const edited = await saveView({ ...view, type: 'edited-by-customer' }, 'customerUser');
    expect(expectOk(edited).type).toBe('edited-by-customer');
    expect(expectOk(edited).customerId.id).toBe(ids.customerAId);
    expectError(await saveView(viewBody({ entityId: A1 }), 'customerUser'), 403, 20);
    expectError(await api.delete(`/api/entityView/${view.id.id}`, auth('customerUser')), 403, 20);
    // Nor point a view at a device outside its customer.
    expectError(await saveView({ ...view, entityId: T1 }, 'customerUser'), 403, 20);
  });

  it('removes the relations of a deleted view', async () => {
    const view = await createView();
    const asset = await newAsset(ids.tenantId);
    const rel = await api.post('/api/relation', { from: asset, to: view.id, type: 'Contains' }, TA());
    expect(rel.status, rel.text).toBe(200);
    expectOk(await api.delete(`/api/entityView/${view.id.id}`, TA()));
    const left = await server.store.db
      .selectFrom('relation')
      .selectAll()
      .where('toId', '=', view.id.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('lists, lookup by name and types', () => {
  let listType: string;
  let names: string[];

  beforeAll(async () => {
    listType = unique('list-type').replaceAll(' ', '-');
    names = [];
    for (const letter of ['c', 'a', 'b']) {
      const view = await createView({ name: `List ${letter} ${listType}`, type: listType });
      names.push(view.name);
    }
    await customerView(ids.customerAId, { name: `List customer ${listType}`, type: listType });
  });

  it('pages the tenant views, by type, with text search and sorting', async () => {
    const page = expectOk(
      await api.get<PageDataJson<EntityViewJson>>(
        `/api/tenant/entityViews?pageSize=2&page=0&type=${listType}&sortProperty=name&sortOrder=ASC`,
        TA(),
      ),
    );
    expect(page.totalElements).toBe(4);
    expect(page.totalPages).toBe(2);
    expect(page.hasNext).toBe(true);
    expect(page.data.map((v) => v.name)).toEqual([`List a ${listType}`, `List b ${listType}`]);
    expect(Object.keys(page.data[0] ?? {})).not.toContain('customerTitle');
    const searched = expectOk(
      await api.get<PageDataJson<EntityViewJson>>(
        `/api/tenant/entityViews?${PAGE}&textSearch=${encodeURIComponent(`LIST C ${listType}`)}`,
        TA(),
      ),
    );
    expect(searched.data.map((v) => v.name)).toEqual([`List c ${listType}`]);
    const infos = expectOk(
      await api.get<PageDataJson<EntityViewInfoJson>>(
        `/api/tenant/entityViewInfos?${PAGE}&type=${listType}&sortProperty=customerTitle&sortOrder=ASC`,
        TA(),
      ),
    );
    expect(infos.totalElements).toBe(4);
    expect(infos.data[0]).toEqual(
      expect.objectContaining({
        name: `List customer ${listType}`,
        customerTitle: 'Customer A',
        customerIsPublic: false,
      }),
    );
    expectError(await api.get(`/api/tenant/entityViews?${PAGE}&sortProperty=color`, TA()), 400, 31, /color/);
    expectError(await api.get(`/api/tenant/entityViews?${PAGE}&sortOrder=UP`, TA()), 400, 31, /UP/);
    expectError(await api.get('/api/tenant/entityViews?page=0', TA()), 400, 31, /'pageSize'/);
    expectError(await api.get('/api/tenant/entityViewInfos?pageSize=10', TA()), 400, 31, /'page'/);
  });

  it('pages the views of a customer', async () => {
    for (const path of ['entityViews', 'entityViewInfos']) {
      const page = expectOk(
        await api.get<PageDataJson<EntityViewInfoJson>>(
          `/api/customer/${ids.customerAId}/${path}?${PAGE}&type=${listType}`,
          auth('customerUser'),
        ),
      );
      expect(page.data.map((v) => v.name)).toEqual([`List customer ${listType}`]);
      if (path === 'entityViewInfos') expect(page.data[0]?.customerTitle).toBe('Customer A');
    }
    const ofB = expectOk(
      await api.get<PageDataJson<EntityViewJson>>(
        `/api/customer/${ids.customerBId}/entityViews?${PAGE}&type=${listType}`,
        TA(),
      ),
    );
    expect(ofB.data).toEqual([]);
  });

  it('finds a tenant view by name', async () => {
    const name = names[0] ?? '';
    const found = expectOk(
      await api.get<EntityViewJson>(
        `/api/tenant/entityViews?entityViewName=${encodeURIComponent(name)}`,
        TA(),
      ),
    );
    expect(found.name).toBe(name);
    expectError(await api.get('/api/tenant/entityViews?entityViewName=nothing-called-this', TA()), 404, 32);
    // The other tenant's administrator does not find it.
    expectError(
      await api.get(
        `/api/tenant/entityViews?entityViewName=${encodeURIComponent(name)}`,
        auth('otherTenantAdmin'),
      ),
      404,
      32,
    );
  });

  it('lists the distinct types of the tenant', async () => {
    const types = expectOk(
      await api.get<{ tenantId: EntityIdJson; entityType: string; type: string }[]>(
        '/api/entityView/types',
        TA(),
      ),
    );
    expect(types).toContainEqual({
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      entityType: 'ENTITY_VIEW',
      type: listType,
    });
    expect(types.filter((t) => t.type === listType)).toHaveLength(1);
    const sorted = [...types.map((t) => t.type)].sort();
    expect(types.map((t) => t.type)).toEqual(sorted);
    const foreign = expectOk(
      await api.get<{ type: string }[]>('/api/entityView/types', auth('otherTenantAdmin')),
    );
    expect(foreign.map((t) => t.type)).not.toContain(listType);
  });
});

describe('customer assignment', () => {
  it('assigns, unassigns and makes public', async () => {
    const view = await createView();
    const assigned = expectOk(
      await api.post<EntityViewJson>(
        `/api/customer/${ids.customerAId}/entityView/${view.id.id}`,
        undefined,
        TA(),
      ),
    );
    expect(assigned).toEqual({ ...view, customerId: { entityType: 'CUSTOMER', id: ids.customerAId } });
    expect(expectOk(await api.get(`/api/entityView/${view.id.id}`, auth('customerUser')))).toEqual(assigned);
    const unassigned = expectOk(
      await api.delete<EntityViewJson>(`/api/customer/entityView/${view.id.id}`, TA()),
    );
    expect(unassigned.customerId).toEqual({ entityType: 'CUSTOMER', id: NULL_UUID });
    expectError(await api.get(`/api/entityView/${view.id.id}`, auth('customerUser')), 403, 20);
    expectError(
      await api.delete(`/api/customer/entityView/${view.id.id}`, TA()),
      400,
      31,
      "Entity View isn't assigned to any customer!",
    );
    const made = expectOk(
      await api.post<EntityViewJson>(`/api/customer/public/entityView/${view.id.id}`, undefined, TA()),
    );
    expect(made.customerId.id).not.toBe(NULL_UUID);
    const info = expectOk(await api.get<EntityViewInfoJson>(`/api/entityView/info/${view.id.id}`, TA()));
    expect(info).toEqual(expect.objectContaining({ customerTitle: 'Public', customerIsPublic: true }));
    // The same public customer is reused.
    const other = await createView();
    const again = expectOk(
      await api.post<EntityViewJson>(`/api/customer/public/entityView/${other.id.id}`, undefined, TA()),
    );
    expect(again.customerId).toEqual(made.customerId);
    expectError(
      await api.post(`/api/customer/${uuidv1()}/entityView/${view.id.id}`, undefined, TA()),
      404,
      32,
    );
    expectError(
      await api.post(`/api/customer/${ids.customerAId}/entityView/${uuidv1()}`, undefined, TA()),
      404,
      32,
    );
  });

  it('records the audit trail of a view', async () => {
    const view = await createView();
    await saveView({ ...view, type: 'changed' });
    await api.post(`/api/customer/${ids.customerAId}/entityView/${view.id.id}`, undefined, TA());
    await api.delete(`/api/customer/entityView/${view.id.id}`, TA());
    await api.delete(`/api/entityView/${view.id.id}`, TA());
    const entries = await auditOf(view);
    expect(entries.map((e) => e.actionType)).toEqual([
      'ADDED',
      'UPDATED',
      'ASSIGNED_TO_CUSTOMER',
      'UNASSIGNED_FROM_CUSTOMER',
      'DELETED',
    ]);
    expect(entries.every((e) => e.actionStatus === 'SUCCESS' && e.entityName === view.name)).toBe(true);
    expect(entries[0]?.actionData).toEqual({ entity: view });
    expect(entries[2]?.actionData).toEqual({
      entityId: view.id.id,
      assignedCustomerId: ids.customerAId,
      assignedCustomerName: 'Customer A',
    });
    expect(entries[2]?.customerId.id).toBe(ids.customerAId);
    expect(entries[3]?.actionData).toEqual({
      entityId: view.id.id,
      unassignedCustomerId: ids.customerAId,
      unassignedCustomerName: 'Customer A',
    });
    expect(entries[4]?.actionData).toEqual({ entityId: view.id.id });
    // The customer's audit log shows the assignment.
    const ofCustomer = expectOk(
      await api.get<PageDataJson<AuditLogJson>>(
        `/api/audit/logs/customer/${ids.customerAId}?${PAGE}&actionTypes=ASSIGNED_TO_CUSTOMER`,
        TA(),
      ),
    );
    expect(ofCustomer.data.map((e) => e.entityId.id)).toContain(view.id.id);
  });
});

describe('POST /api/entityViews (search by relations)', () => {
  it('returns the related views of the requested types the caller may read', async () => {
    const root = await newAsset(ids.tenantId, ids.customerAId);
    const t1 = await customerView(ids.customerAId, { type: 'alpha' });
    const t2 = await customerView(ids.customerAId, { type: 'beta' });
    const tenantOnly = await createView({ type: 'alpha' });
    const ofB = await customerView(ids.customerBId, { type: 'alpha', entityId: B1 });
    for (const view of [t1, t2, tenantOnly, ofB]) {
      const res = await api.post('/api/relation', { from: root, to: view.id, type: 'Contains' }, TA());
      expect(res.status, res.text).toBe(200);
    }
    await api.post('/api/relation', { from: root, to: A1, type: 'Contains' }, TA());
    const query = (types: string[], relationType: string | null = 'Contains') => ({
      parameters: {
        rootId: root.id,
        rootType: 'ASSET',
        direction: 'FROM',
        maxLevel: 1,
        fetchLastLevelOnly: false,
      },
      relationType,
      entityViewTypes: types,
    });
    const asTenant = expectOk(await api.post<EntityViewJson[]>('/api/entityViews', query(['alpha']), TA()));
    expect(asTenant.map((v) => v.id.id).sort()).toEqual([t1.id.id, tenantOnly.id.id, ofB.id.id].sort());
    const both = expectOk(
      await api.post<EntityViewJson[]>('/api/entityViews', query(['alpha', 'beta'], null), TA()),
    );
    expect(both).toHaveLength(4);
    expect(
      expectOk(await api.post<EntityViewJson[]>('/api/entityViews', query(['alpha'], 'Manages'), TA())),
    ).toEqual([]);
    expect(expectOk(await api.post<EntityViewJson[]>('/api/entityViews', query([]), TA()))).toEqual([]);
    const asCustomer = expectOk(
      await api.post<EntityViewJson[]>('/api/entityViews', query(['alpha', 'beta']), auth('customerUser')),
    );
    expect(asCustomer.map((v) => v.id.id).sort()).toEqual([t1.id.id, t2.id.id].sort());
    expectError(await api.post('/api/entityViews', query(['alpha']), auth('otherCustomerUser')), 403, 20);
    expectError(await api.post('/api/entityViews', query(['alpha']), auth('otherTenantAdmin')), 403, 20);
    expectError(
      await api.post('/api/entityViews', { parameters: query([]).parameters }, TA()),
      400,
      31,
      /'entityViewTypes'/,
    );
  });
});

describe('permission matrix', () => {
  //                  anon  SA   TA   CU   TA2  CU2
  const OWN_CUSTOMER = [401, 403, 200, 200, 403, 403];
  const TENANT_ONLY = [401, 403, 200, 403, 403, 403];

  async function expectMatrix(
    statuses: readonly number[],
    call: (caller: Caller) => Promise<ApiResponse<unknown>>,
  ): Promise<void> {
    for (const [i, caller] of CALLERS.entries()) {
      const res = await call(caller);
      expect(res.status, `${caller}: ${res.text}`).toBe(statuses[i]);
      const codes: Record<number, number> = { 400: 31, 401: 10, 403: 20, 404: 32 };
      if (res.status !== 200) expectError(res, res.status, codes[res.status] ?? -1);
    }
  }

  /** Statuses of a call whose 200 answer must not reveal anything of the Demo Tenant to the other tenant. */
  async function expectNoLeak(call: (caller: Caller) => Promise<ApiResponse<unknown>>) {
    const res = await call('otherTenantAdmin');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(ids.tenantId);
    expect(res.text).not.toContain(ids.customerAId);
  }

  it('GET /api/entityView/{id} and /info/{id}', async () => {
    const view = await customerView();
    await expectMatrix(OWN_CUSTOMER, (c) => api.get(`/api/entityView/${view.id.id}`, auth(c)));
    await expectMatrix(OWN_CUSTOMER, (c) => api.get(`/api/entityView/info/${view.id.id}`, auth(c)));
    const tenantView = await createView();
    await expectMatrix(TENANT_ONLY, (c) => api.get(`/api/entityView/${tenantView.id.id}`, auth(c)));
  });

  it('POST /api/entityView (create and update)', async () => {
    // Create: tenant administrators only (the other tenant's gets 400 for a target outside its tenant).
    await expectMatrix([401, 403, 200, 403, 400, 403], (c) => saveView(viewBody(), c));
    const view = await customerView();
    await expectMatrix(OWN_CUSTOMER, (c) => saveView({ ...view, additionalInfo: { by: c } }, c));
  });

  it('DELETE /api/entityView/{id}', async () => {
    await expectMatrix([401, 403, 200, 403, 403, 403], async (c) => {
      const view = await customerView();
      return api.delete(`/api/entityView/${view.id.id}`, auth(c));
    });
  });

  it('GET /api/tenant/entityViews, /api/tenant/entityViewInfos and the lookup by name', async () => {
    const view = await createView();
    const lists = [`/api/tenant/entityViews?${PAGE}`, `/api/tenant/entityViewInfos?${PAGE}`];
    for (const path of lists) {
      await expectMatrix([401, 403, 200, 403, 200, 403], (c) => api.get(path, auth(c)));
      await expectNoLeak((c) => api.get(path, auth(c)));
    }
    await expectMatrix([401, 403, 200, 403, 404, 403], (c) =>
      api.get(`/api/tenant/entityViews?entityViewName=${encodeURIComponent(view.name)}`, auth(c)),
    );
  });

  it('GET /api/customer/{customerId}/entityViews and entityViewInfos', async () => {
    await customerView();
    for (const path of ['entityViews', 'entityViewInfos']) {
      await expectMatrix(OWN_CUSTOMER, (c) =>
        api.get(`/api/customer/${ids.customerAId}/${path}?${PAGE}`, auth(c)),
      );
      expectError(await api.get(`/api/customer/${uuidv1()}/${path}?${PAGE}`, TA()), 404, 32);
    }
  });

  it('GET /api/entityView/types', async () => {
    await expectMatrix([401, 403, 200, 200, 200, 200], (c) => api.get('/api/entityView/types', auth(c)));
    await expectNoLeak((c) => api.get('/api/entityView/types', auth(c)));
  });

  it('POST /api/customer/{customerId}/entityView/{id}, DELETE /api/customer/entityView/{id}, public', async () => {
    const TA_ONLY = [401, 403, 200, 403, 403, 403];
    const view = await createView();
    await expectMatrix(TA_ONLY, (c) =>
      api.post(`/api/customer/${ids.customerAId}/entityView/${view.id.id}`, undefined, auth(c)),
    );
    await expectMatrix(TA_ONLY, async (c) => {
      await api.post(`/api/customer/${ids.customerAId}/entityView/${view.id.id}`, undefined, TA());
      return api.delete(`/api/customer/entityView/${view.id.id}`, auth(c));
    });
    await expectMatrix(TA_ONLY, (c) =>
      api.post(`/api/customer/public/entityView/${view.id.id}`, undefined, auth(c)),
    );
    // The other tenant's administrator cannot hand a Demo view to its own customer either.
    const foreignCustomer = otherTenantCustomer;
    expectError(
      await api.post(
        `/api/customer/${foreignCustomer.id}/entityView/${view.id.id}`,
        undefined,
        auth('otherTenantAdmin'),
      ),
      403,
      20,
    );
    expectError(
      await api.post(`/api/customer/${foreignCustomer.id}/entityView/${view.id.id}`, undefined, TA()),
      403,
      20,
    );
  });

  it('POST /api/entityViews', async () => {
    const root = await newAsset(ids.tenantId, ids.customerAId);
    const body = {
      parameters: { rootId: root.id, rootType: 'ASSET', direction: 'FROM', maxLevel: 1 },
      entityViewTypes: ['thermo'],
    };
    await expectMatrix(OWN_CUSTOMER, (c) => api.post('/api/entityViews', body, auth(c)));
  });
});
