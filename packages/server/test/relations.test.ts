import { v1 as uuidv1 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, newTenant, newUser, type TenantRef, type UserRef } from './factories.js';
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

/**
 * EntityRelationController (reference §1.3, §1.4): saving, reading, listing, searching and deleting
 * relations, the access each caller gets, and that nothing of another tenant or customer leaks.
 */

interface RelationJson {
  from: EntityIdJson;
  to: EntityIdJson;
  type: string;
  typeGroup: string;
  additionalInfo: unknown;
}
interface RelationInfoJson extends RelationJson {
  fromName: string;
  toName: string;
}
interface AuditLogJson {
  entityId: EntityIdJson;
  entityName: string;
  actionType: string;
  actionStatus: string;
  actionData: Record<string, unknown>;
  userName: string;
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
/** Demo devices: A1, A2 of Customer A, B1 of Customer B, T1 of the tenant only; X of the other tenant. */
const dev: Record<'A1' | 'A2' | 'B1' | 'T1' | 'X', EntityIdJson> = {} as never;

const token = (caller: Caller) => tokens.get(caller);
const auth = (caller: Caller) => {
  const t = token(caller);
  return t === undefined ? {} : { token: t };
};
const tenantToken = () => token('tenantAdmin') ?? '';

async function deviceId(tenantId: string, name: string): Promise<EntityIdJson> {
  const row = await server.store.db
    .selectFrom('device')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return { entityType: 'DEVICE', id: row.id };
}

/** Inserts a device (in the tenant's default profile) or an asset straight into the store. */
async function newDevice(tenantId: string, name: string, customerId: string | null = null) {
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
      customerId,
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

let assetCount = 0;
async function newAsset(tenantId: string, customerId: string | null = null, name?: string) {
  const id = uuidv1();
  assetCount += 1;
  await server.store.db
    .insertInto('asset')
    .values({
      id,
      createdTime: Date.now(),
      tenantId,
      customerId,
      name: name ?? `Asset ${assetCount} ${id.slice(0, 8)}`,
      type: 'building',
      label: null,
      additionalInfo: '{}',
    })
    .execute();
  return { entityType: 'ASSET', id };
}

const relation = (
  from: EntityIdJson,
  to: EntityIdJson,
  type = 'Contains',
  extra: Record<string, unknown> = {},
) => ({
  from,
  to,
  type,
  ...extra,
});

const save = (body: unknown, caller: Caller = 'tenantAdmin') => api.post('/api/relation', body, auth(caller));

async function saveOk(
  from: EntityIdJson,
  to: EntityIdJson,
  type = 'Contains',
  extra: Record<string, unknown> = {},
) {
  const res = await save(relation(from, to, type, extra));
  expect(res.status, res.text).toBe(200);
}

const keyQuery = (from: EntityIdJson, to: EntityIdJson, type = 'Contains', group?: string) =>
  `fromId=${from.id}&fromType=${from.entityType}&relationType=${encodeURIComponent(type)}` +
  `&toId=${to.id}&toType=${to.entityType}${group ? `&relationTypeGroup=${group}` : ''}`;

const searchBody = (
  root: EntityIdJson,
  parameters: Record<string, unknown> = {},
  filters: unknown[] = [],
): Record<string, unknown> => ({
  parameters: {
    rootId: root.id,
    rootType: root.entityType,
    direction: 'FROM',
    relationTypeGroup: 'COMMON',
    maxLevel: 1,
    fetchLastLevelOnly: false,
    ...parameters,
  },
  filters,
});

const search = (body: unknown, caller: Caller = 'tenantAdmin') =>
  api.post<RelationJson[]>('/api/relations', body, auth(caller));

/** A relation as "FROM>TO:type" with the entity ids shortened to names of the test's map. */
function label(names: Map<string, string>) {
  return (r: RelationJson) =>
    `${names.get(r.from.id) ?? r.from.id}>${names.get(r.to.id) ?? r.to.id}:${r.type}`;
}

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
  dev.A1 = await deviceId(ids.tenantId, 'Test Device A1');
  dev.A2 = await deviceId(ids.tenantId, 'Test Device A2');
  dev.B1 = await deviceId(ids.tenantId, 'Test Device B1');
  dev.T1 = await deviceId(ids.tenantId, 'Thermostat T1');
  dev.X = await newDevice(otherTenant.id, 'Device of Other Tenant');
});

afterAll(async () => {
  await server?.close();
});

describe('POST/GET/DELETE /api/relation', () => {
  it('saves, reads, updates and deletes one relation', async () => {
    const asset = await newAsset(ids.tenantId);
    await saveOk(asset, dev.T1, 'Contains', { additionalInfo: { note: 'first' } });
    const got = expectOk(
      await api.get<RelationJson>(`/api/relation?${keyQuery(asset, dev.T1)}`, auth('tenantAdmin')),
    );
    expect(got).toEqual({
      from: asset,
      to: dev.T1,
      type: 'Contains',
      typeGroup: 'COMMON',
      additionalInfo: { note: 'first' },
    });
    // Saving the same relation again replaces its additionalInfo instead of adding a second one.
    await saveOk(asset, dev.T1, 'Contains', { typeGroup: 'COMMON', additionalInfo: { note: 'second' } });
    const list = expectOk(
      await api.get<RelationJson[]>(`/api/relations?fromId=${asset.id}&fromType=ASSET`, auth('tenantAdmin')),
    );
    expect(list).toEqual([{ ...got, additionalInfo: { note: 'second' } }]);

    expectOk(await api.delete(`/api/relation?${keyQuery(asset, dev.T1)}`, auth('tenantAdmin')));
    expectError(await api.get(`/api/relation?${keyQuery(asset, dev.T1)}`, auth('tenantAdmin')), 404, 32);
    expectError(await api.delete(`/api/relation?${keyQuery(asset, dev.T1)}`, auth('tenantAdmin')), 404, 32);
  });

  it('keeps relation type groups apart', async () => {
    const asset = await newAsset(ids.tenantId);
    await saveOk(asset, dev.T1, 'Contains', { typeGroup: 'DASHBOARD' });
    expectError(await api.get(`/api/relation?${keyQuery(asset, dev.T1)}`, auth('tenantAdmin')), 404, 32);
    const got = expectOk(
      await api.get<RelationJson>(
        `/api/relation?${keyQuery(asset, dev.T1, 'Contains', 'DASHBOARD')}`,
        auth('tenantAdmin'),
      ),
    );
    expect(got.typeGroup).toBe('DASHBOARD');
    expect(got.additionalInfo).toBeNull();
    const common = expectOk(
      await api.get<RelationJson[]>(`/api/relations?fromId=${asset.id}&fromType=ASSET`, auth('tenantAdmin')),
    );
    expect(common).toEqual([]);
    const dashboardGroup = expectOk(
      await api.get<RelationJson[]>(
        `/api/relations?fromId=${asset.id}&fromType=ASSET&relationTypeGroup=DASHBOARD`,
        auth('tenantAdmin'),
      ),
    );
    expect(dashboardGroup).toHaveLength(1);
  });

  it('rejects bad input with 400 naming the field', async () => {
    const asset = await newAsset(ids.tenantId);
    expectError(await save({ to: dev.T1, type: 'Contains' }), 400, 31, /'from'/);
    expectError(await save({ from: asset, type: 'Contains' }), 400, 31, /'to'/);
    expectError(await save({ from: asset, to: dev.T1 }), 400, 31, /'type'/);
    expectError(await save(relation(asset, dev.T1, '  ')), 400, 31, /'type'/);
    expectError(
      await save(relation({ entityType: 'GADGET', id: asset.id }, dev.T1)),
      400,
      31,
      /'from\.entityType'/,
    );
    expectError(
      await save(relation({ entityType: 'ASSET', id: 'not-a-uuid' }, dev.T1)),
      400,
      31,
      /'from\.id'/,
    );
    expectError(
      await save({ from: { id: asset.id }, to: dev.T1, type: 'Contains' }),
      400,
      31,
      /'entityType'/,
    );
    expectError(
      await save(relation(asset, dev.T1, 'Contains', { typeGroup: 'NOPE' })),
      400,
      31,
      /'typeGroup'/,
    );
    expectError(await save(relation(asset, dev.T1, 'x'.repeat(256))), 400, 31, /'type'/);
    expectError(
      await api.get(
        `/api/relation?fromId=${asset.id}&fromType=ASSET&toId=${dev.T1.id}&toType=DEVICE`,
        auth('tenantAdmin'),
      ),
      400,
      31,
      /'relationType'/,
    );
    expectError(
      await api.get(
        `/api/relation?${keyQuery(asset, dev.T1)}`.replace('fromType=ASSET', 'fromType=asset'),
        auth('tenantAdmin'),
      ),
      400,
      31,
      /'fromType'/,
    );
    expectError(
      await api.get(`/api/relation?${keyQuery(asset, dev.T1, 'Contains', 'WRONG')}`, auth('tenantAdmin')),
      400,
      31,
      /'relationTypeGroup'/,
    );
    expectError(await api.get('/api/relations', auth('tenantAdmin')), 400, 31, /'fromId'.*'toId'/);
    expectError(
      await api.get(`/api/relations?fromId=${asset.id}`, auth('tenantAdmin')),
      400,
      31,
      /'fromType'/,
    );
    expectError(
      await api.get('/api/relations?toId=1234&toType=DEVICE', auth('tenantAdmin')),
      400,
      31,
      /'toId'/,
    );
    expectError(
      await api.delete(`/api/relations?entityId=${asset.id}`, auth('tenantAdmin')),
      400,
      31,
      /'entityType'/,
    );
    const body = searchBody(asset);
    expectError(await search({ parameters: body.parameters }), 400, 31, /'filters'/);
    expectError(
      await search({ ...body, parameters: { ...(body.parameters as object), direction: 'SIDEWAYS' } }),
      400,
      31,
      /'parameters\.direction'/,
    );
    expectError(
      await search({ ...body, parameters: { ...(body.parameters as object), maxLevel: 'two' } }),
      400,
      31,
      /'parameters\.maxLevel'/,
    );
    expectError(
      await search({ ...body, filters: [{ entityTypes: ['THING'] }] }),
      400,
      31,
      /'filters\.0\.entityTypes\.0'/,
    );
  });

  it('answers 404 for an end that does not exist', async () => {
    const asset = await newAsset(ids.tenantId);
    const ghost = { entityType: 'DEVICE', id: uuidv1() };
    expectError(await save(relation(asset, ghost)), 404, 32);
    expectError(await save(relation(ghost, asset)), 404, 32);
    expectError(
      await api.get(`/api/relations?fromId=${ghost.id}&fromType=DEVICE`, auth('tenantAdmin')),
      404,
      32,
    );
    expectError(await search(searchBody(ghost)), 404, 32);
    // Entity types without a store yet are unknown too.
    expectError(await save(relation(asset, { entityType: 'RULE_NODE', id: uuidv1() })), 404, 32);
  });

  it('removes every COMMON relation of an entity with DELETE /api/relations', async () => {
    const asset = await newAsset(ids.tenantId);
    const other = await newAsset(ids.tenantId);
    await saveOk(asset, dev.T1, 'Contains');
    await saveOk(other, asset, 'Manages');
    await saveOk(asset, dev.A1, 'Contains', { typeGroup: 'DASHBOARD' });
    expectOk(await api.delete(`/api/relations?entityId=${asset.id}&entityType=ASSET`, auth('tenantAdmin')));
    const from = `/api/relations?fromId=${asset.id}&fromType=ASSET`;
    expect(expectOk(await api.get<RelationJson[]>(from, auth('tenantAdmin')))).toEqual([]);
    const to = `/api/relations?toId=${asset.id}&toType=ASSET`;
    expect(expectOk(await api.get<RelationJson[]>(to, auth('tenantAdmin')))).toEqual([]);
    // Other groups are kept.
    expect(
      expectOk(await api.get<RelationJson[]>(`${from}&relationTypeGroup=DASHBOARD`, auth('tenantAdmin'))),
    ).toHaveLength(1);
  });
});

describe('GET /api/relations and /api/relations/info', () => {
  it('lists by from and by to, with and without a relation type, and with entity names', async () => {
    const asset = await newAsset(ids.tenantId, null, 'Listing Root');
    await saveOk(asset, dev.A1, 'Contains');
    await saveOk(asset, dev.T1, 'Manages');
    const byFrom = expectOk(
      await api.get<RelationJson[]>(`/api/relations?fromId=${asset.id}&fromType=ASSET`, auth('tenantAdmin')),
    );
    expect(byFrom.map((r) => `${r.to.id}:${r.type}`).sort()).toEqual(
      [`${dev.A1.id}:Contains`, `${dev.T1.id}:Manages`].sort(),
    );
    const byType = expectOk(
      await api.get<RelationJson[]>(
        `/api/relations?fromId=${asset.id}&fromType=ASSET&relationType=Manages`,
        auth('tenantAdmin'),
      ),
    );
    expect(byType.map((r) => r.to)).toEqual([dev.T1]);
    const byTo = expectOk(
      await api.get<RelationJson[]>(
        `/api/relations?toId=${dev.T1.id}&toType=DEVICE&relationType=Manages`,
        auth('tenantAdmin'),
      ),
    );
    expect(byTo).toContainEqual(expect.objectContaining({ from: asset, to: dev.T1, type: 'Manages' }));
    const infos = expectOk(
      await api.get<RelationInfoJson[]>(
        `/api/relations/info?fromId=${asset.id}&fromType=ASSET`,
        auth('tenantAdmin'),
      ),
    );
    expect(infos).toContainEqual({
      from: asset,
      to: dev.A1,
      type: 'Contains',
      typeGroup: 'COMMON',
      additionalInfo: null,
      fromName: 'Listing Root',
      toName: 'Test Device A1',
    });
    const toInfos = expectOk(
      await api.get<RelationInfoJson[]>(
        `/api/relations/info?toId=${dev.A1.id}&toType=DEVICE`,
        auth('tenantAdmin'),
      ),
    );
    expect(toInfos).toContainEqual(
      expect.objectContaining({ from: asset, fromName: 'Listing Root', toName: 'Test Device A1' }),
    );
  });

  it('names users by email, customers and tenants by title', async () => {
    const customer = { entityType: 'CUSTOMER', id: ids.customerAId };
    const user = { entityType: 'USER', id: ids.customerUserId };
    await saveOk(customer, user, 'Manages');
    const infos = expectOk(
      await api.get<RelationInfoJson[]>(
        `/api/relations/info?fromId=${ids.customerAId}&fromType=CUSTOMER`,
        auth('tenantAdmin'),
      ),
    );
    expect(infos).toContainEqual(
      expect.objectContaining({ fromName: 'Customer A', toName: DEMO.customer.email }),
    );
  });
});

describe('POST /api/relations (relation query)', () => {
  // R -Contains-> S -Contains-> D -Contains-> R (a cycle); R -Manages-> T; S -Contains-> B. All fresh,
  // so relations other tests add to the demo devices do not show up.
  let R: EntityIdJson;
  let S: EntityIdJson;
  let D: EntityIdJson;
  let B: EntityIdJson;
  let T: EntityIdJson;
  let names: Map<string, string>;
  let show: (r: RelationJson) => string;

  beforeAll(async () => {
    R = await newAsset(ids.tenantId, null, 'Query Root');
    S = await newAsset(ids.tenantId, null, 'Query Site');
    D = await newDevice(ids.tenantId, 'Query Device D', ids.customerAId);
    B = await newDevice(ids.tenantId, 'Query Device B', ids.customerBId);
    T = await newDevice(ids.tenantId, 'Query Device T');
    names = new Map([
      [R.id, 'R'],
      [S.id, 'S'],
      [D.id, 'D'],
      [B.id, 'B'],
      [T.id, 'T'],
      [dev.A2.id, 'A2'],
    ]);
    show = label(names);
    await saveOk(R, S, 'Contains');
    await saveOk(S, D, 'Contains');
    await saveOk(D, R, 'Contains');
    await saveOk(R, T, 'Manages');
    await saveOk(S, B, 'Contains');
    await saveOk(R, dev.A2, 'Contains', { typeGroup: 'RULE_CHAIN' });
  });

  const run = async (
    parameters: Record<string, unknown>,
    filters: unknown[] = [],
    caller: Caller = 'tenantAdmin',
  ) =>
    expectOk(await search(searchBody(R, parameters, filters), caller))
      .map(show)
      .sort();

  it('walks one level, several levels, and stops at cycles', async () => {
    expect(await run({ maxLevel: 1 })).toEqual(['R>S:Contains', 'R>T:Manages']);
    expect(await run({ maxLevel: 2 })).toEqual([
      'R>S:Contains',
      'R>T:Manages',
      'S>B:Contains',
      'S>D:Contains',
    ]);
    const all = ['D>R:Contains', 'R>S:Contains', 'R>T:Manages', 'S>B:Contains', 'S>D:Contains'];
    expect(await run({ maxLevel: 3 })).toEqual(all);
    expect(await run({ maxLevel: 50 })).toEqual(all);
    // Zero or less means no limit.
    expect(await run({ maxLevel: 0 })).toEqual(all);
  });

  it('fetches the last level only', async () => {
    expect(await run({ maxLevel: 2, fetchLastLevelOnly: true })).toEqual(['S>B:Contains', 'S>D:Contains']);
    expect(await run({ maxLevel: 1, fetchLastLevelOnly: true })).toEqual(['R>S:Contains', 'R>T:Manages']);
  });

  it('walks towards the root with direction TO', async () => {
    const body = searchBody(D, { direction: 'TO', maxLevel: 2 });
    const rows = expectOk(await search(body))
      .map(show)
      .sort();
    expect(rows).toEqual(['R>S:Contains', 'S>D:Contains']);
    const three = expectOk(await search(searchBody(D, { direction: 'TO', maxLevel: 3 })))
      .map(show)
      .sort();
    expect(three).toEqual(['D>R:Contains', 'R>S:Contains', 'S>D:Contains']);
  });

  it('applies relation type and entity type filters', async () => {
    expect(await run({ maxLevel: 3 }, [{ relationType: 'Manages', entityTypes: [] }])).toEqual([
      'R>T:Manages',
    ]);
    expect(await run({ maxLevel: 2 }, [{ relationType: null, entityTypes: ['DEVICE'] }])).toEqual([
      'R>T:Manages',
      'S>B:Contains',
      'S>D:Contains',
    ]);
    expect(await run({ maxLevel: 3 }, [{ relationType: 'Contains', entityTypes: ['ASSET'] }])).toEqual([
      'D>R:Contains',
      'R>S:Contains',
    ]);
    // Filters are alternatives.
    expect(
      await run({ maxLevel: 1 }, [
        { relationType: 'Manages', entityTypes: ['DEVICE'] },
        { relationType: 'Contains', entityTypes: ['ASSET'] },
      ]),
    ).toEqual(['R>S:Contains', 'R>T:Manages']);
  });

  it('searches the requested relation type group', async () => {
    expect(await run({ maxLevel: 1, relationTypeGroup: 'RULE_CHAIN' })).toEqual(['R>A2:Contains']);
  });

  it('returns names with /api/relations/info', async () => {
    const infos = expectOk(
      await api.post<RelationInfoJson[]>('/api/relations/info', searchBody(R), auth('tenantAdmin')),
    );
    expect(infos).toContainEqual({
      from: R,
      to: T,
      type: 'Manages',
      typeGroup: 'COMMON',
      additionalInfo: null,
      fromName: 'Query Root',
      toName: 'Query Device T',
    });
  });

  it('never returns entities a customer user may not read', async () => {
    // CA -Manages-> CA2 (both Customer A), CB (Customer B), CT (tenant only), CR (tenant asset);
    // CA2 -Manages-> CT one level deeper.
    const CA = await newDevice(ids.tenantId, 'Leak CA', ids.customerAId);
    const CA2 = await newDevice(ids.tenantId, 'Leak CA2', ids.customerAId);
    const CB = await newDevice(ids.tenantId, 'Leak CB', ids.customerBId);
    const CT = await newDevice(ids.tenantId, 'Leak CT');
    const CR = await newAsset(ids.tenantId, null, 'Leak CR');
    const leakNames = new Map([
      [CA.id, 'CA'],
      [CA2.id, 'CA2'],
      [CB.id, 'CB'],
      [CT.id, 'CT'],
      [CR.id, 'CR'],
    ]);
    const showLeak = label(leakNames);
    for (const to of [CA2, CB, CT, CR]) await saveOk(CA, to, 'Manages');
    await saveOk(CA2, CT, 'Manages');
    const body = searchBody(CA, { maxLevel: 3 });
    const asTenant = expectOk(await search(body))
      .map(showLeak)
      .sort();
    expect(asTenant).toEqual([
      'CA2>CT:Manages',
      'CA>CA2:Manages',
      'CA>CB:Manages',
      'CA>CR:Manages',
      'CA>CT:Manages',
    ]);
    const asCustomer = expectOk(await search(body, 'customerUser'));
    expect(asCustomer.map(showLeak)).toEqual(['CA>CA2:Manages']);
    const infos = expectOk(
      await api.post<RelationInfoJson[]>('/api/relations/info', body, auth('customerUser')),
    );
    expect(infos.map((r) => r.toName)).toEqual(['Leak CA2']);
    const listed = expectOk(
      await api.get<RelationJson[]>(`/api/relations?fromId=${CA.id}&fromType=DEVICE`, auth('customerUser')),
    );
    expect(listed.map((r) => r.to.id)).toEqual([CA2.id]);
    const listedTo = expectOk(
      await api.get<RelationInfoJson[]>(
        `/api/relations/info?toId=${CA2.id}&toType=DEVICE`,
        auth('customerUser'),
      ),
    );
    expect(listedTo.map((r) => `${r.fromName}>${r.toName}`)).toEqual(['Leak CA>Leak CA2']);
    const fromCA2 = expectOk(
      await api.get<RelationJson[]>(`/api/relations?fromId=${CA2.id}&fromType=DEVICE`, auth('customerUser')),
    );
    expect(fromCA2).toEqual([]);
    // A root the customer user may not read is refused.
    expectError(await api.get(`/api/relations?toId=${CT.id}&toType=DEVICE`, auth('customerUser')), 403, 20);
    // The relation itself is out of reach when one end is.
    expectError(await api.get(`/api/relation?${keyQuery(CA, CB, 'Manages')}`, auth('customerUser')), 403, 20);
    // Customer B's user cannot start from Customer A's device at all, nor read its relations.
    expectError(await search(body, 'otherCustomerUser'), 403, 20);
    expectError(
      await api.get(`/api/relations?toId=${CA2.id}&toType=DEVICE`, auth('otherCustomerUser')),
      403,
      20,
    );
  });

  it('never returns entities of another tenant', async () => {
    // A system administrator may relate two tenants; neither tenant administrator sees the other end.
    const demoTenant = { entityType: 'TENANT', id: ids.tenantId };
    const other = { entityType: 'TENANT', id: otherTenant.id };
    const res = await save(relation(demoTenant, other, 'Partner'), 'sysadmin');
    expect(res.status, res.text).toBe(200);
    // A relation that crosses tenants written around the API must not leak either.
    await server.store.db
      .insertInto('relation')
      .values({
        fromId: dev.A1.id,
        fromType: 'DEVICE',
        toId: dev.X.id,
        toType: 'DEVICE',
        relationTypeGroup: 'COMMON',
        relationType: 'Contains',
        additionalInfo: null,
      })
      .execute();
    const asTenant = await api.post<RelationInfoJson[]>(
      '/api/relations/info',
      searchBody(dev.A1, { maxLevel: 5 }),
      auth('tenantAdmin'),
    );
    expect(expectOk(asTenant).map((r) => r.to.id)).not.toContain(dev.X.id);
    const fromTenant = expectOk(await search(searchBody(demoTenant, { maxLevel: 5 })));
    expect(JSON.stringify(fromTenant)).not.toContain(otherTenant.id);
    const list = expectOk(
      await api.get(`/api/relations/info?fromId=${dev.A1.id}&fromType=DEVICE`, auth('tenantAdmin')),
    );
    expect(JSON.stringify(list)).not.toContain(dev.X.id);
    expect(JSON.stringify(list)).not.toContain('Device of Other Tenant');
    // The other tenant's administrator sees nothing of the Demo Tenant from its own device.
    const fromX = await api.post(
      '/api/relations/info',
      searchBody(dev.X, { direction: 'TO', maxLevel: 5 }),
      auth('otherTenantAdmin'),
    );
    expect(expectOk(fromX)).toEqual([]);
    const listX = await api.get(
      `/api/relations/info?toId=${dev.X.id}&toType=DEVICE`,
      auth('otherTenantAdmin'),
    );
    expect(expectOk(listX)).toEqual([]);
    // The system administrator sees the tenant relation, but not the devices.
    const asSysadmin = expectOk(await search(searchBody(demoTenant), 'sysadmin'));
    expect(asSysadmin).toEqual([expect.objectContaining({ from: demoTenant, to: other, type: 'Partner' })]);
  });
});

describe('permission matrix', () => {
  //              anon  SA   TA   CU   TA2  CU2
  const OWN_CUSTOMER = [401, 403, 200, 200, 403, 403];

  async function expectMatrix(
    statuses: readonly number[],
    call: (caller: Caller) => Promise<ApiResponse<unknown>>,
  ): Promise<void> {
    for (const [i, caller] of CALLERS.entries()) {
      const res = await call(caller);
      expect(res.status, `${caller}: ${res.text}`).toBe(statuses[i]);
      if (res.status !== 200) {
        const code = res.status === 401 ? 10 : res.status === 403 ? 20 : 32;
        expectError(res, res.status, code);
      }
    }
  }

  /** A1 -Contains-> A2, both of Customer A, exists for every call. */
  const ensureBase = () => saveOk(dev.A1, dev.A2, 'Contains');

  it('POST /api/relation', async () => {
    await expectMatrix(OWN_CUSTOMER, (caller) => save(relation(dev.A1, dev.A2, 'Feeds'), caller));
    // A customer user may not touch a relation with an end outside its customer.
    expectError(await save(relation(dev.A1, dev.T1, 'Feeds'), 'customerUser'), 403, 20);
    expectError(await save(relation(dev.T1, dev.A1, 'Feeds'), 'customerUser'), 403, 20);
    // A tenant administrator may not relate to another tenant's entity.
    expectError(await save(relation(dev.A1, dev.X, 'Feeds')), 403, 20);
    // The system administrator relates tenants, not devices.
    const tenants = relation(
      { entityType: 'TENANT', id: ids.tenantId },
      { entityType: 'TENANT', id: otherTenant.id },
      'Peer',
    );
    expect((await save(tenants, 'sysadmin')).status).toBe(200);
    expectError(await save(tenants), 403, 20);
  });

  it('GET /api/relation', async () => {
    await ensureBase();
    await expectMatrix(OWN_CUSTOMER, (caller) =>
      api.get(`/api/relation?${keyQuery(dev.A1, dev.A2)}`, auth(caller)),
    );
  });

  it('DELETE /api/relation', async () => {
    await expectMatrix(OWN_CUSTOMER, async (caller) => {
      await saveOk(dev.A1, dev.A2, 'Temporary');
      return api.delete(`/api/relation?${keyQuery(dev.A1, dev.A2, 'Temporary')}`, auth(caller));
    });
  });

  it('DELETE /api/relations', async () => {
    const asset = await newAsset(ids.tenantId, ids.customerAId);
    await expectMatrix(OWN_CUSTOMER, async (caller) => {
      await saveOk(asset, dev.A2, 'Temporary');
      return api.delete(`/api/relations?entityId=${asset.id}&entityType=ASSET`, auth(caller));
    });
  });

  it('GET /api/relations (four variants) and /api/relations/info (two variants)', async () => {
    await ensureBase();
    const paths = [
      `/api/relations?fromId=${dev.A1.id}&fromType=DEVICE`,
      `/api/relations?fromId=${dev.A1.id}&fromType=DEVICE&relationType=Contains`,
      `/api/relations?toId=${dev.A2.id}&toType=DEVICE`,
      `/api/relations?toId=${dev.A2.id}&toType=DEVICE&relationType=Contains`,
      `/api/relations/info?fromId=${dev.A1.id}&fromType=DEVICE`,
      `/api/relations/info?toId=${dev.A2.id}&toType=DEVICE`,
    ];
    for (const path of paths) {
      await expectMatrix(OWN_CUSTOMER, (caller) => api.get(path, auth(caller)));
      const res = await api.get<RelationJson[]>(path, auth('customerUser'));
      expect(res.body.length, path).toBeGreaterThan(0);
    }
  });

  it('POST /api/relations and /api/relations/info', async () => {
    await ensureBase();
    for (const path of ['/api/relations', '/api/relations/info']) {
      await expectMatrix(OWN_CUSTOMER, (caller) => api.post(path, searchBody(dev.A1), auth(caller)));
    }
  });

  it('lets the system administrator read tenant relations but not tenant entities', async () => {
    const path = `/api/relations?fromId=${ids.tenantId}&fromType=TENANT`;
    expect((await api.get(path, auth('sysadmin'))).status).toBe(200);
    expectError(
      await api.get(`/api/relations?fromId=${dev.A1.id}&fromType=DEVICE`, auth('sysadmin')),
      403,
      20,
    );
    expect((await api.get(path, auth('otherTenantAdmin'))).status).toBe(403);
  });
});

describe('audit log and entity deletion', () => {
  const auditOf = async (entity: EntityIdJson) =>
    expectOk(
      await api.get<PageDataJson<AuditLogJson>>(
        `/api/audit/logs/entity/${entity.entityType}/${entity.id}?pageSize=50&page=0&sortProperty=createdTime&sortOrder=DESC`,
        { token: tenantToken() },
      ),
    ).data;

  it('records RELATION_ADD_OR_UPDATE, RELATION_DELETED and RELATIONS_DELETED on both ends', async () => {
    const asset = await newAsset(ids.tenantId, null, 'Audited Asset');
    await saveOk(asset, dev.T1, 'Audited');
    const [added] = await auditOf(asset);
    expect(added).toEqual(
      expect.objectContaining({
        entityId: asset,
        entityName: 'Audited Asset',
        actionType: 'RELATION_ADD_OR_UPDATE',
        actionStatus: 'SUCCESS',
        userName: DEMO.tenant.email,
        actionData: {
          relation: { from: asset, to: dev.T1, type: 'Audited', typeGroup: 'COMMON', additionalInfo: null },
        },
      }),
    );
    expect((await auditOf(dev.T1)).map((e) => e.actionType)).toContain('RELATION_ADD_OR_UPDATE');
    expectOk(
      await api.delete(`/api/relation?${keyQuery(asset, dev.T1, 'Audited')}`, { token: tenantToken() }),
    );
    expect((await auditOf(asset))[0]?.actionType).toBe('RELATION_DELETED');
    expect((await auditOf(dev.T1))[0]?.actionType).toBe('RELATION_DELETED');
    expectOk(
      await api.delete(`/api/relations?entityId=${asset.id}&entityType=ASSET`, { token: tenantToken() }),
    );
    expect((await auditOf(asset))[0]?.actionType).toBe('RELATIONS_DELETED');
    // Refused calls leave no entry about the entity.
    const before = (await auditOf(dev.A1)).length;
    expectError(await save(relation(dev.A1, dev.T1, 'Denied'), 'customerUser'), 403, 20);
    expect(await auditOf(dev.A1)).toHaveLength(before);
  });

  it('removes the relations of a deleted user', async () => {
    const user = await newUser(server.store.db, {
      authority: 'CUSTOMER_USER',
      tenantId: ids.tenantId,
      customerId: ids.customerAId,
    });
    const userId = { entityType: 'USER', id: user.id };
    await saveOk(userId, dev.A1, 'Owns');
    await saveOk({ entityType: 'CUSTOMER', id: ids.customerAId }, userId, 'Manages');
    expectOk(await api.delete(`/api/user/${user.id}`, { token: tenantToken() }));
    const left = await server.store.db
      .selectFrom('relation')
      .select('relationType')
      .where((eb) => eb.or([eb('fromId', '=', user.id), eb('toId', '=', user.id)]))
      .execute();
    expect(left).toEqual([]);
  });

  it('ignores relations whose end was deleted around the API', async () => {
    const asset = await newAsset(ids.tenantId);
    const doomed = await newAsset(ids.tenantId);
    await saveOk(asset, doomed, 'Contains');
    await server.store.db.deleteFrom('asset').where('id', '=', doomed.id).execute();
    const list = expectOk(
      await api.get<RelationJson[]>(`/api/relations?fromId=${asset.id}&fromType=ASSET`, auth('tenantAdmin')),
    );
    expect(list).toEqual([]);
  });
});

describe('unknown customers', () => {
  it('answers 404 for a customer that does not exist and 403 for one of another tenant', async () => {
    const foreign = await newCustomer(server.store.db, otherTenant.id);
    const path = (id: string) => `/api/relations?fromId=${id}&fromType=CUSTOMER`;
    expectError(await api.get(path(uuidv1()), auth('tenantAdmin')), 404, 32);
    expectError(await api.get(path(foreign.id), auth('tenantAdmin')), 403, 20);
  });
});
