import { v1 as uuidv1 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/store.js';
import { newCustomer, newDashboard, newTenant, newUser } from './factories.js';
import {
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
 * EntityQueryController (reference §1.3, §1.4 "Entity query", §3.4): entity data pages, counts and
 * keys by query, over every supported entity filter, key filter and sort, and the rule that makes
 * them safe: whatever a filter names, a caller only ever gets rows of its own tenant (and, for a
 * customer user, of its own customer).
 */

interface TsValueJson {
  ts: number;
  value: string;
}
interface EntityDataJson {
  entityId: EntityIdJson;
  latest: Record<string, Record<string, TsValueJson>>;
  timeseries: Record<string, unknown>;
}
interface KeysJson {
  entityTypes: string[];
  timeseries: string[];
  attribute: string[];
}

type Who = 'ta' | 'cu' | 'ta2' | 'cub';

let server: TestServer;
let db: Db;
let ids: DemoIds;
const tokens = {} as Record<Who, string>;
let sysadminToken: string;

/** Ids of the seeded entities by name. */
const id: Record<string, string> = {};
/** createdTime of the seeded devices by name. */
const created: Record<string, number> = {};
let customerUserId: string;

const field = (key: string) => ({ type: 'ENTITY_FIELD', key });
const NAME = field('name');

function find(who: Who | string, body: unknown): Promise<ApiResponse<PageDataJson<EntityDataJson>>> {
  const token = who in tokens ? tokens[who as Who] : who;
  return server.api.post<PageDataJson<EntityDataJson>>('/api/entitiesQuery/find', body, { token });
}

function count(who: Who, body: unknown): Promise<ApiResponse<number>> {
  return server.api.post<number>('/api/entitiesQuery/count', body, { token: tokens[who] });
}

function keys(
  who: Who,
  body: unknown,
  query = 'timeseries=true&attributes=true',
): Promise<ApiResponse<KeysJson>> {
  return server.api.post<KeysJson>(`/api/entitiesQuery/find/keys?${query}`, body, { token: tokens[who] });
}

/** The `name` entity field of every row of a page, in page order. */
const namesOf = (page: PageDataJson<EntityDataJson>) =>
  page.data.map(
    (row) => row.latest.ENTITY_FIELD?.name?.value ?? `<${row.entityId.entityType}:${row.entityId.id}>`,
  );

/** All names a caller gets for a filter (one big page), sorted. */
async function names(
  who: Who,
  entityFilter: unknown,
  extra: Record<string, unknown> = {},
): Promise<string[]> {
  const page = expectOk(
    await find(who, {
      entityFilter,
      pageLink: { pageSize: 1000, page: 0 },
      entityFields: [NAME],
      ...extra,
    }),
  );
  return namesOf(page).sort();
}

/** Names of the EQ- devices matching key filters, sorted. */
function eqDevices(who: Who, keyFilters: unknown[]): Promise<string[]> {
  return names(who, { type: 'entityName', entityType: 'DEVICE', entityNameFilter: 'EQ-' }, { keyFilters });
}

const numeric = (operation: string, value: Record<string, unknown>) => ({
  type: 'NUMERIC',
  operation,
  value,
});
const text = (operation: string, defaultValue: string, ignoreCase = false) => ({
  type: 'STRING',
  operation,
  value: { defaultValue },
  ignoreCase,
});
const keyFilter = (key: { type: string; key: string }, predicate: unknown, valueType = 'NUMERIC') => ({
  key,
  valueType,
  predicate,
});
const TEMPERATURE = { type: 'TIME_SERIES', key: 'temperature' };

// ---------------------------------------------------------------------------------------------
// Seed data: through the REST API where it exists, otherwise straight into the store
// ---------------------------------------------------------------------------------------------

async function post(path: string, body: unknown, token = tokens.ta): Promise<{ id: { id: string } }> {
  const res = await server.api.post<{ id: { id: string } }>(path, body, { token });
  return expectOk(res);
}

async function device(name: string, type: string, customerId?: string, token = tokens.ta, label?: string) {
  const saved = (await post('/api/device', { name, type, label: label ?? null }, token)) as {
    id: { id: string };
    createdTime: number;
  };
  id[name] = saved.id.id;
  created[name] = saved.createdTime;
  if (customerId) await post(`/api/customer/${customerId}/device/${saved.id.id}`, undefined, token);
}

async function asset(name: string, type: string, customerId?: string, token = tokens.ta) {
  const saved = await post('/api/asset', { name, type }, token);
  id[name] = saved.id.id;
  if (customerId) await post(`/api/customer/${customerId}/asset/${saved.id.id}`, undefined, token);
}

async function relate(from: [string, string], to: [string, string], type = 'Contains', token = tokens.ta) {
  const res = await server.api.post(
    '/api/relation',
    {
      from: { entityType: from[0], id: id[from[1]] },
      to: { entityType: to[0], id: id[to[1]] },
      type,
      typeGroup: 'COMMON',
    },
    { token },
  );
  expect(res.status, res.text).toBe(200);
}

async function telemetry(type: string, name: string, values: Record<string, unknown>, token = tokens.ta) {
  const res = await server.api.post(`/api/plugins/telemetry/${type}/${id[name]}/timeseries/ANY`, values, {
    token,
  });
  expect(res.status, res.text).toBe(200);
}

async function attributes(name: string, scope: string, values: Record<string, unknown>) {
  const res = await server.api.post(`/api/plugins/telemetry/DEVICE/${id[name]}/attributes/${scope}`, values, {
    token: tokens.ta,
  });
  expect(res.status, res.text).toBe(200);
}

/** An attribute row written directly: scopes and owners the REST API does not write for a tenant admin. */
async function storeAttribute(
  entityType: string,
  entityId: string,
  scope: string,
  key: string,
  value: { strV?: string; longV?: string; boolV?: boolean },
  lastUpdateTs = Date.now(),
) {
  await db
    .insertInto('attributeKv')
    .values({
      entityType,
      entityId,
      attributeType: scope,
      attributeKey: key,
      boolV: value.boolV ?? null,
      strV: value.strV ?? null,
      longV: value.longV ?? null,
      dblV: null,
      jsonV: null,
      lastUpdateTs,
    })
    .execute();
}

beforeAll(async () => {
  server = await startServer();
  db = server.store.db;
  ids = await demoIds(server.store);
  customerUserId = ids.customerUserId;
  tokens.ta = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
  tokens.cu = (await server.api.login(DEMO.customer.email, DEMO.customer.password)).token;
  sysadminToken = (await server.api.login(DEMO.sysadmin.email, DEMO.sysadmin.password)).token;
  const cub = await newUser(db, {
    authority: 'CUSTOMER_USER',
    tenantId: ids.tenantId,
    customerId: ids.customerBId,
  });
  tokens.cub = (await server.api.login(cub.email, cub.password)).token;
  const otherTenant = await newTenant(db, 'EQ Other Tenant');
  const ta2 = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: otherTenant.id });
  tokens.ta2 = (await server.api.login(ta2.email, ta2.password)).token;
  await newCustomer(db, otherTenant.id, 'EQ Foreign Customer');

  const A = ids.customerAId;
  const B = ids.customerBId;
  await asset('EQ-Building-North', 'building', A);
  await asset('EQ-Building-South', 'building');
  await asset('EQ-Floor-1', 'floor', A);
  await device('EQ-Sensor-1', 'thermometer', A, tokens.ta, 'first');
  await device('EQ-Sensor-2', 'thermometer', A);
  await device('EQ-Sensor-3', 'thermometer', B);
  await device('EQ-Meter-1', 'meter');
  const view = await post('/api/entityView', {
    name: 'EQ-View-1',
    type: 'sensorView',
    entityId: { entityType: 'DEVICE', id: id['EQ-Sensor-1'] },
    keys: { timeseries: ['temperature'], attributes: { cs: [], ss: [], sh: [] } },
  });
  id['EQ-View-1'] = view.id.id;
  await post(`/api/customer/${A}/entityView/${view.id.id}`, undefined);

  // North ─Contains→ Floor-1 ─Contains→ Sensor-1 ─Contains→ North (a cycle), Floor-1 ─Contains→
  // Sensor-3 (of Customer B), North ─Manages→ Sensor-2, North ─Contains→ View-1, South ─Contains→ Meter-1.
  await relate(['ASSET', 'EQ-Building-North'], ['ASSET', 'EQ-Floor-1']);
  await relate(['ASSET', 'EQ-Floor-1'], ['DEVICE', 'EQ-Sensor-1']);
  await relate(['ASSET', 'EQ-Floor-1'], ['DEVICE', 'EQ-Sensor-3']);
  await relate(['DEVICE', 'EQ-Sensor-1'], ['ASSET', 'EQ-Building-North']);
  await relate(['ASSET', 'EQ-Building-North'], ['DEVICE', 'EQ-Sensor-2'], 'Manages');
  await relate(['ASSET', 'EQ-Building-North'], ['ENTITY_VIEW', 'EQ-View-1']);
  await relate(['ASSET', 'EQ-Building-South'], ['DEVICE', 'EQ-Meter-1']);

  await telemetry('DEVICE', 'EQ-Sensor-1', { temperature: 21.5, humidity: 40 });
  await telemetry('DEVICE', 'EQ-Sensor-2', { temperature: 100 });
  await telemetry('DEVICE', 'EQ-Sensor-3', { temperature: 9 });
  await telemetry('DEVICE', 'EQ-Meter-1', { temperature: 'hot' });
  await telemetry('ASSET', 'EQ-Floor-1', { temperature: 10 });
  await attributes('EQ-Sensor-1', 'SERVER_SCOPE', { active: true, serial: 'SN-001', floor: 3 });
  await attributes('EQ-Sensor-2', 'SERVER_SCOPE', { active: false, serial: 'sn-002', floor: 1 });
  await attributes('EQ-Sensor-3', 'SERVER_SCOPE', { active: true, serial: 'SN-003', floor: 2, onlyB: 'x' });
  await attributes('EQ-Sensor-1', 'SHARED_SCOPE', { mode: 'eco' });
  // The same key in another scope, written later: ATTRIBUTE (any scope) answers this one.
  await storeAttribute(
    'DEVICE',
    id['EQ-Sensor-1'] as string,
    'CLIENT_SCOPE',
    'mode',
    { strV: 'turbo' },
    Date.now() + 60_000,
  );

  await storeAttribute('TENANT', ids.tenantId, 'SERVER_SCOPE', 'minTemp', { longV: '20' });
  await storeAttribute('TENANT', ids.tenantId, 'SERVER_SCOPE', 'limit', { longV: '15' });
  await storeAttribute('TENANT', ids.tenantId, 'SERVER_SCOPE', 'serialPrefix', { strV: 'SN-00' });
  await storeAttribute('USER', customerUserId, 'SERVER_SCOPE', 'myMin', { longV: '50' });

  const dashA = await newDashboard(db, ids.tenantId, 'EQ Dash A', [{ id: A, title: 'Customer A' }]);
  const dashPrivate = await newDashboard(db, ids.tenantId, 'EQ Dash Private');
  id['EQ Dash A'] = dashA.id;
  id['EQ Dash Private'] = dashPrivate.id;

  // The other tenant's own data, and a corrupt relation from the Demo Tenant's North into it.
  await device('EQ-Foreign-1', 'thermometer', undefined, tokens.ta2);
  await asset('EQ-Foreign-Asset', 'building', undefined, tokens.ta2);
  await relate(['ASSET', 'EQ-Foreign-Asset'], ['DEVICE', 'EQ-Foreign-1'], 'Contains', tokens.ta2);
  await telemetry('DEVICE', 'EQ-Foreign-1', { temperature: 50, foreignKey: 1 }, tokens.ta2);
  await db
    .insertInto('relation')
    .values({
      fromId: id['EQ-Building-North'] as string,
      fromType: 'ASSET',
      toId: id['EQ-Foreign-1'] as string,
      toType: 'DEVICE',
      relationTypeGroup: 'COMMON',
      relationType: 'Contains',
      additionalInfo: null,
    })
    .execute();
});

afterAll(async () => {
  await server?.close();
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/entitiesQuery/find answers', () => {
  it('entity fields, latest values and missing values in the reference shape', async () => {
    const before = Date.now();
    const page = expectOk(
      await find('ta', {
        entityFilter: { type: 'entityName', entityType: 'DEVICE', entityNameFilter: 'EQ-Sensor' },
        pageLink: { pageSize: 10, page: 0, sortOrder: { key: NAME, direction: 'ASC' } },
        entityFields: [NAME, field('type'), field('label'), field('createdTime'), field('entityType')],
        latestValues: [
          TEMPERATURE,
          { type: 'SERVER_ATTRIBUTE', key: 'serial' },
          { type: 'ATTRIBUTE', key: 'mode' },
          { type: 'SHARED_ATTRIBUTE', key: 'mode' },
          { type: 'TIME_SERIES', key: 'nothing' },
        ],
      }),
    );
    const after = Date.now();
    expect(Object.keys(page).sort()).toEqual(['data', 'hasNext', 'totalElements', 'totalPages']);
    expect(page).toMatchObject({ totalElements: 3, totalPages: 1, hasNext: false });
    expect(namesOf(page)).toEqual(['EQ-Sensor-1', 'EQ-Sensor-2', 'EQ-Sensor-3']);
    const first = page.data[0] as EntityDataJson;
    expect(Object.keys(first).sort()).toEqual(['entityId', 'latest', 'timeseries']);
    expect(first.entityId).toEqual({ entityType: 'DEVICE', id: id['EQ-Sensor-1'] });
    expect(first.timeseries).toEqual({});
    const fields = first.latest.ENTITY_FIELD as Record<string, TsValueJson>;
    expect(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.value]))).toEqual({
      name: 'EQ-Sensor-1',
      type: 'thermometer',
      label: 'first',
      createdTime: String(created['EQ-Sensor-1']),
      entityType: 'DEVICE',
    });
    for (const value of Object.values(fields)) {
      expect(value.ts).toBeGreaterThanOrEqual(before);
      expect(value.ts).toBeLessThanOrEqual(after);
    }
    expect(first.latest.TIME_SERIES?.temperature?.value).toBe('21.5');
    expect(first.latest.TIME_SERIES?.temperature?.ts).toBeGreaterThan(0);
    expect(first.latest.TIME_SERIES?.nothing).toEqual({ ts: 0, value: '' });
    expect(first.latest.SERVER_ATTRIBUTE?.serial?.value).toBe('SN-001');
    expect(first.latest.ATTRIBUTE?.mode?.value).toBe('turbo');
    expect(first.latest.SHARED_ATTRIBUTE?.mode?.value).toBe('eco');
    const second = page.data[1] as EntityDataJson;
    expect(second.latest.TIME_SERIES?.temperature?.value).toBe('100');
    expect(second.latest.ENTITY_FIELD?.label).toEqual({ ts: expect.any(Number), value: '' });
    expect(second.latest.SHARED_ATTRIBUTE?.mode).toEqual({ ts: 0, value: '' });
  });

  it('answers an empty latest map when no keys are asked for', async () => {
    const page = expectOk(
      await find('ta', {
        entityFilter: { type: 'singleEntity', singleEntity: { entityType: 'DEVICE', id: id['EQ-Meter-1'] } },
        pageLink: { pageSize: 10, page: 0 },
      }),
    );
    expect(page.data).toEqual([
      { entityId: { entityType: 'DEVICE', id: id['EQ-Meter-1'] }, latest: {}, timeseries: {} },
    ]);
  });

  it('maps entity fields per type: titles and emails answer `name`, unknown fields answer empty', async () => {
    const customers = expectOk(
      await find('cu', {
        entityFilter: { type: 'entityType', entityType: 'CUSTOMER' },
        pageLink: { pageSize: 10, page: 0 },
        entityFields: [NAME, field('title'), field('type')],
      }),
    );
    expect(customers.data).toHaveLength(1);
    const fields = customers.data[0]?.latest.ENTITY_FIELD;
    expect(fields?.name?.value).toBe('Customer A');
    expect(fields?.title?.value).toBe('Customer A');
    expect(fields?.type?.value).toBe('');
    const users = expectOk(
      await find('cu', {
        entityFilter: { type: 'entityType', entityType: 'USER' },
        pageLink: { pageSize: 10, page: 0 },
        entityFields: [NAME, field('email'), field('additionalInfo')],
      }),
    );
    expect(users.data.map((row) => row.latest.ENTITY_FIELD?.name?.value)).toEqual([DEMO.customer.email]);
    const info = users.data[0]?.latest.ENTITY_FIELD?.additionalInfo?.value ?? '';
    expect(() => JSON.parse(info)).not.toThrow();
    expect(info).not.toMatch(/": /);
  });
});

describe('security: every filter type answers only the caller’s own rows', () => {
  // Expected names per caller: tenant admin, customer user of A, admin of another tenant, customer user of B.
  const cases: { name: string; filter: () => unknown; expected: Record<Who, string[]> }[] = [
    {
      name: 'singleEntity',
      filter: () => ({ type: 'singleEntity', singleEntity: { entityType: 'DEVICE', id: id['EQ-Sensor-1'] } }),
      expected: { ta: ['EQ-Sensor-1'], cu: ['EQ-Sensor-1'], ta2: [], cub: [] },
    },
    {
      name: 'entityList',
      filter: () => ({
        type: 'entityList',
        entityType: 'DEVICE',
        entityList: [id['EQ-Sensor-1'], id['EQ-Sensor-2'], id['EQ-Sensor-3'], id['EQ-Foreign-1']],
      }),
      expected: {
        ta: ['EQ-Sensor-1', 'EQ-Sensor-2', 'EQ-Sensor-3'],
        cu: ['EQ-Sensor-1', 'EQ-Sensor-2'],
        ta2: ['EQ-Foreign-1'],
        cub: ['EQ-Sensor-3'],
      },
    },
    {
      name: 'entityName (case-insensitive prefix)',
      filter: () => ({ type: 'entityName', entityType: 'DEVICE', entityNameFilter: 'eq-sensor' }),
      expected: {
        ta: ['EQ-Sensor-1', 'EQ-Sensor-2', 'EQ-Sensor-3'],
        cu: ['EQ-Sensor-1', 'EQ-Sensor-2'],
        ta2: [],
        cub: ['EQ-Sensor-3'],
      },
    },
    {
      name: 'entityType',
      filter: () => ({ type: 'entityType', entityType: 'ASSET' }),
      expected: {
        ta: ['EQ-Building-North', 'EQ-Building-South', 'EQ-Floor-1'],
        cu: ['EQ-Building-North', 'EQ-Floor-1'],
        ta2: ['EQ-Foreign-Asset'],
        cub: [],
      },
    },
    {
      name: 'assetType',
      filter: () => ({ type: 'assetType', assetType: 'building', assetNameFilter: 'eq-' }),
      expected: {
        ta: ['EQ-Building-North', 'EQ-Building-South'],
        cu: ['EQ-Building-North'],
        ta2: ['EQ-Foreign-Asset'],
        cub: [],
      },
    },
    {
      name: 'deviceType',
      filter: () => ({ type: 'deviceType', deviceType: 'thermometer', deviceNameFilter: 'EQ-S' }),
      expected: {
        ta: ['EQ-Sensor-1', 'EQ-Sensor-2', 'EQ-Sensor-3'],
        cu: ['EQ-Sensor-1', 'EQ-Sensor-2'],
        ta2: [],
        cub: ['EQ-Sensor-3'],
      },
    },
    {
      name: 'entityViewType',
      filter: () => ({ type: 'entityViewType', entityViewType: 'sensorView' }),
      expected: { ta: ['EQ-View-1'], cu: ['EQ-View-1'], ta2: [], cub: [] },
    },
    {
      name: 'relationsQuery (a relation into another tenant is never followed into it)',
      filter: () => ({
        type: 'relationsQuery',
        rootEntity: { entityType: 'ASSET', id: id['EQ-Building-North'] },
        direction: 'FROM',
        maxLevel: 0,
        filters: [{ relationType: '', entityTypes: ['DEVICE'] }],
      }),
      expected: {
        ta: ['EQ-Sensor-1', 'EQ-Sensor-2', 'EQ-Sensor-3'],
        cu: ['EQ-Sensor-1', 'EQ-Sensor-2'],
        ta2: [],
        cub: ['EQ-Sensor-3'],
      },
    },
    {
      name: 'assetSearchQuery',
      filter: () => ({
        type: 'assetSearchQuery',
        rootEntity: { entityType: 'ASSET', id: id['EQ-Building-North'] },
        direction: 'FROM',
        maxLevel: 1,
        relationType: 'Contains',
        assetTypes: ['floor'],
      }),
      expected: { ta: ['EQ-Floor-1'], cu: ['EQ-Floor-1'], ta2: [], cub: [] },
    },
    {
      name: 'deviceSearchQuery',
      filter: () => ({
        type: 'deviceSearchQuery',
        rootEntity: { entityType: 'ASSET', id: id['EQ-Floor-1'] },
        direction: 'FROM',
        maxLevel: 1,
        relationType: 'Contains',
        deviceTypes: ['thermometer'],
      }),
      expected: { ta: ['EQ-Sensor-1', 'EQ-Sensor-3'], cu: ['EQ-Sensor-1'], ta2: [], cub: ['EQ-Sensor-3'] },
    },
    {
      name: 'entityViewSearchQuery',
      filter: () => ({
        type: 'entityViewSearchQuery',
        rootEntity: { entityType: 'ASSET', id: id['EQ-Building-North'] },
        direction: 'FROM',
        maxLevel: 1,
        relationType: 'Contains',
        entityViewTypes: ['sensorView'],
      }),
      expected: { ta: ['EQ-View-1'], cu: ['EQ-View-1'], ta2: [], cub: [] },
    },
    {
      name: 'entityType CUSTOMER',
      filter: () => ({ type: 'entityType', entityType: 'CUSTOMER' }),
      expected: {
        ta: ['Customer A', 'Customer B'],
        cu: ['Customer A'],
        ta2: ['EQ Foreign Customer'],
        cub: ['Customer B'],
      },
    },
    {
      name: 'entityType DASHBOARD (assigned dashboards only for customer users)',
      filter: () => ({
        type: 'entityList',
        entityType: 'DASHBOARD',
        entityList: [id['EQ Dash A'], id['EQ Dash Private']],
      }),
      expected: { ta: ['', ''], cu: [''], ta2: [], cub: [] },
    },
    {
      name: 'entityType TENANT (a tenant administrator’s own tenant only)',
      filter: () => ({ type: 'entityType', entityType: 'TENANT' }),
      expected: { ta: ['Demo Tenant'], cu: [], ta2: ['EQ Other Tenant'], cub: [] },
    },
  ];

  for (const c of cases) {
    it(`${c.name}`, async () => {
      for (const who of ['ta', 'cu', 'ta2', 'cub'] as const) {
        const got = await names(who, c.filter());
        expect(got, `${c.name} as ${who}`).toEqual([...c.expected[who]].sort());
        expect(expectOk(await count(who, { entityFilter: c.filter() })), `count as ${who}`).toBe(got.length);
      }
    });
  }

  it('dashboards answer their title', async () => {
    const page = expectOk(
      await find('cu', {
        entityFilter: { type: 'entityType', entityType: 'DASHBOARD' },
        pageLink: { pageSize: 10, page: 0 },
        entityFields: [field('title')],
      }),
    );
    expect(page.data.map((row) => row.latest.ENTITY_FIELD?.title?.value)).toEqual(['EQ Dash A']);
  });

  it('users: a tenant administrator sees the tenant’s users, a customer user only itself', async () => {
    const emailsOf = async (who: Who) =>
      namesOf(
        expectOk(
          await find(who, {
            entityFilter: { type: 'entityType', entityType: 'USER' },
            pageLink: { pageSize: 100, page: 0 },
            entityFields: [NAME],
          }),
        ),
      );
    const tenantUsers = await db
      .selectFrom('tbUser')
      .select('email')
      .where('tenantId', '=', ids.tenantId)
      .execute();
    expect((await emailsOf('ta')).sort()).toEqual(tenantUsers.map((u) => u.email).sort());
    expect(await emailsOf('cu')).toEqual([DEMO.customer.email]);
    expect(await emailsOf('ta2')).not.toContain(DEMO.tenant.email);
  });

  it('no answer of another tenant’s caller carries an id of the Demo Tenant', async () => {
    const demoIdsList = [
      ids.tenantId,
      ids.customerAId,
      ids.customerBId,
      ...Object.entries(id)
        .filter(([n]) => !n.includes('Foreign'))
        .map(([, v]) => v),
    ];
    for (const c of cases) {
      const res = await find('ta2', {
        entityFilter: c.filter(),
        pageLink: { pageSize: 100, page: 0 },
        entityFields: [NAME],
      });
      for (const demoId of demoIdsList) expect(res.text).not.toContain(demoId);
    }
  });

  it('a relation walk does not start at a root of another tenant', async () => {
    const walk = {
      type: 'relationsQuery',
      rootEntity: { entityType: 'ASSET', id: id['EQ-Foreign-Asset'] },
      direction: 'FROM',
      maxLevel: 1,
      filters: [],
    };
    expect(await names('ta', walk)).toEqual([]);
    expect(await names('ta2', walk)).toEqual(['EQ-Foreign-1']);
  });

  it('requires a tenant administrator or customer user', async () => {
    const body = {
      entityFilter: { type: 'entityType', entityType: 'DEVICE' },
      pageLink: { pageSize: 1, page: 0 },
    };
    for (const path of [
      '/api/entitiesQuery/find',
      '/api/entitiesQuery/count',
      '/api/entitiesQuery/find/keys?timeseries=true&attributes=true',
    ]) {
      expectError(await server.api.post(path, body), 401, 10);
      expectError(await server.api.post(path, body, { token: sysadminToken }), 403, 20);
    }
  });
});

describe('key filters', () => {
  it('numeric predicates compare long and double values and skip entities without a number', async () => {
    expect(await eqDevices('ta', [keyFilter(TEMPERATURE, numeric('GREATER', { defaultValue: 20 }))])).toEqual(
      ['EQ-Sensor-1', 'EQ-Sensor-2'],
    );
    expect(
      await eqDevices('ta', [keyFilter(TEMPERATURE, numeric('LESS_OR_EQUAL', { defaultValue: 21.5 }))]),
    ).toEqual(['EQ-Sensor-1', 'EQ-Sensor-3']);
    expect(
      await eqDevices('ta', [keyFilter(TEMPERATURE, numeric('NOT_EQUAL', { defaultValue: 100 }))]),
    ).toEqual(['EQ-Sensor-1', 'EQ-Sensor-3']);
    expect(await eqDevices('ta', [keyFilter(TEMPERATURE, numeric('EQUAL', { defaultValue: '9' }))])).toEqual([
      'EQ-Sensor-3',
    ]);
  });

  it('string predicates, with and without ignoreCase', async () => {
    const serial = { type: 'SERVER_ATTRIBUTE', key: 'serial' };
    const run = (predicate: unknown) => eqDevices('ta', [keyFilter(serial, predicate, 'STRING')]);
    expect(await run(text('STARTS_WITH', 'sn-', true))).toEqual([
      'EQ-Sensor-1',
      'EQ-Sensor-2',
      'EQ-Sensor-3',
    ]);
    expect(await run(text('STARTS_WITH', 'sn-'))).toEqual(['EQ-Sensor-2']);
    expect(await run(text('ENDS_WITH', '03'))).toEqual(['EQ-Sensor-3']);
    expect(await run(text('CONTAINS', 'N-00'))).toEqual(['EQ-Sensor-1', 'EQ-Sensor-3']);
    expect(await run(text('NOT_CONTAINS', 'N-00'))).toEqual(['EQ-Sensor-2']);
    expect(await run(text('EQUAL', 'SN-001'))).toEqual(['EQ-Sensor-1']);
    expect(await run(text('EQUAL', 'sn-001', true))).toEqual(['EQ-Sensor-1']);
    expect(await run(text('NOT_EQUAL', 'SN-001'))).toEqual(['EQ-Sensor-2', 'EQ-Sensor-3']);
    expect(await run(text('IN', 'SN-001, SN-003'))).toEqual(['EQ-Sensor-1', 'EQ-Sensor-3']);
    expect(await run(text('NOT_IN', 'SN-001,SN-003'))).toEqual(['EQ-Sensor-2']);
    const longList = [...Array.from({ length: 20_000 }, (_, i) => `X-${i}`), 'SN-001'].join(',');
    expect(await run(text('IN', longList))).toEqual(['EQ-Sensor-1']);
    // LIKE wildcards in the operand are plain characters.
    expect(await run(text('CONTAINS', '%'))).toEqual([]);
    expect(await run(text('STARTS_WITH', 'S_'))).toEqual([]);
    // A string value of a time series.
    expect(await eqDevices('ta', [keyFilter(TEMPERATURE, text('EQUAL', 'HOT', true), 'STRING')])).toEqual([
      'EQ-Meter-1',
    ]);
  });

  it('boolean predicates', async () => {
    const active = { type: 'SERVER_ATTRIBUTE', key: 'active' };
    const run = (operation: string, value: unknown) =>
      eqDevices('ta', [
        keyFilter(active, { type: 'BOOLEAN', operation, value: { defaultValue: value } }, 'BOOLEAN'),
      ]);
    expect(await run('EQUAL', true)).toEqual(['EQ-Sensor-1', 'EQ-Sensor-3']);
    expect(await run('NOT_EQUAL', true)).toEqual(['EQ-Sensor-2']);
    expect(await run('EQUAL', false)).toEqual(['EQ-Sensor-2']);
  });

  it('complex predicates nest AND and OR; several key filters are ANDed', async () => {
    const nested = {
      type: 'COMPLEX',
      operation: 'OR',
      predicates: [
        numeric('LESS', { defaultValue: 10 }),
        {
          type: 'COMPLEX',
          operation: 'AND',
          predicates: [numeric('GREATER', { defaultValue: 50 }), numeric('LESS', { defaultValue: 200 })],
        },
      ],
    };
    expect(await eqDevices('ta', [keyFilter(TEMPERATURE, nested)])).toEqual(['EQ-Sensor-2', 'EQ-Sensor-3']);
    expect(
      await eqDevices('ta', [
        keyFilter(
          { type: 'SERVER_ATTRIBUTE', key: 'active' },
          { type: 'BOOLEAN', operation: 'EQUAL', value: { defaultValue: true } },
          'BOOLEAN',
        ),
        keyFilter(TEMPERATURE, numeric('GREATER', { defaultValue: 20 })),
      ]),
    ).toEqual(['EQ-Sensor-1']);
  });

  it('entity fields: text, numbers and dates', async () => {
    expect(await eqDevices('ta', [keyFilter(field('type'), text('EQUAL', 'meter'), 'STRING')])).toEqual([
      'EQ-Meter-1',
    ]);
    const since = created['EQ-Sensor-1'] as number;
    expect(
      await eqDevices('ta', [
        keyFilter(field('createdTime'), numeric('GREATER_OR_EQUAL', { defaultValue: since }), 'DATE_TIME'),
      ]),
    ).toEqual(['EQ-Meter-1', 'EQ-Sensor-1', 'EQ-Sensor-2', 'EQ-Sensor-3']);
    expect(
      await eqDevices('ta', [
        keyFilter(field('createdTime'), numeric('LESS', { defaultValue: since }), 'DATE_TIME'),
      ]),
    ).toEqual([]);
  });

  it('attribute scopes: ATTRIBUTE reads any scope, the scoped types only theirs', async () => {
    const mode = (type: string, value: string) =>
      eqDevices('ta', [keyFilter({ type, key: 'mode' }, text('EQUAL', value), 'STRING')]);
    expect(await mode('ATTRIBUTE', 'turbo')).toEqual(['EQ-Sensor-1']);
    expect(await mode('CLIENT_ATTRIBUTE', 'turbo')).toEqual(['EQ-Sensor-1']);
    expect(await mode('SHARED_ATTRIBUTE', 'eco')).toEqual(['EQ-Sensor-1']);
    expect(await mode('SHARED_ATTRIBUTE', 'turbo')).toEqual([]);
    expect(await mode('SERVER_ATTRIBUTE', 'eco')).toEqual([]);
  });

  it('a user value wins over the default value', async () => {
    expect(
      await eqDevices('ta', [keyFilter(TEMPERATURE, numeric('GREATER', { defaultValue: 0, userValue: 50 }))]),
    ).toEqual(['EQ-Sensor-2']);
  });

  it('count applies the key filters', async () => {
    const body = {
      entityFilter: { type: 'entityName', entityType: 'DEVICE', entityNameFilter: 'EQ-' },
      keyFilters: [keyFilter(TEMPERATURE, numeric('GREATER', { defaultValue: 20 }))],
    };
    expect(expectOk(await count('ta', body))).toBe(2);
    expect(expectOk(await count('cu', body))).toBe(2);
    expect(expectOk(await count('cub', body))).toBe(0);
    const res = await count('ta', body);
    expect(res.text).toBe('2');
  });
});

describe('dynamic values', () => {
  const dynamic = (sourceType: string, sourceAttribute: string, defaultValue: number, inherit = false) =>
    keyFilter(
      TEMPERATURE,
      numeric('GREATER', { defaultValue, dynamicValue: { sourceType, sourceAttribute, inherit } }),
    );

  it('reads a server attribute of the current tenant, falling back to the default when absent', async () => {
    expect(await eqDevices('ta', [dynamic('CURRENT_TENANT', 'minTemp', 1000)])).toEqual([
      'EQ-Sensor-1',
      'EQ-Sensor-2',
    ]);
    expect(await eqDevices('cu', [dynamic('CURRENT_TENANT', 'minTemp', 1000)])).toEqual([
      'EQ-Sensor-1',
      'EQ-Sensor-2',
    ]);
    expect(await eqDevices('ta', [dynamic('CURRENT_TENANT', 'absent', 50)])).toEqual(['EQ-Sensor-2']);
  });

  it('current customer: inherits the tenant’s attribute only when asked to', async () => {
    expect(await eqDevices('cu', [dynamic('CURRENT_CUSTOMER', 'limit', 1000, true)])).toEqual([
      'EQ-Sensor-1',
      'EQ-Sensor-2',
    ]);
    expect(await eqDevices('cu', [dynamic('CURRENT_CUSTOMER', 'limit', 1000, false)])).toEqual([]);
    // A tenant administrator has no customer: with inherit it reads the tenant.
    expect(await eqDevices('ta', [dynamic('CURRENT_CUSTOMER', 'limit', 1000, true)])).toEqual([
      'EQ-Sensor-1',
      'EQ-Sensor-2',
    ]);
  });

  it('current user: the caller’s own attribute', async () => {
    expect(await eqDevices('cu', [dynamic('CURRENT_USER', 'myMin', 0)])).toEqual(['EQ-Sensor-2']);
    expect(await eqDevices('ta', [dynamic('CURRENT_USER', 'myMin', 99)])).toEqual(['EQ-Sensor-2']);
    expect(await eqDevices('ta', [dynamic('CURRENT_USER', 'minTemp', 1000, true)])).toEqual([
      'EQ-Sensor-1',
      'EQ-Sensor-2',
    ]);
  });

  it('a user value wins over a dynamic value; string operands resolve too', async () => {
    const withUser = keyFilter(
      TEMPERATURE,
      numeric('GREATER', {
        defaultValue: 0,
        userValue: 99,
        dynamicValue: { sourceType: 'CURRENT_TENANT', sourceAttribute: 'minTemp' },
      }),
    );
    expect(await eqDevices('ta', [withUser])).toEqual(['EQ-Sensor-2']);
    const prefix = keyFilter(
      { type: 'SERVER_ATTRIBUTE', key: 'serial' },
      {
        type: 'STRING',
        operation: 'STARTS_WITH',
        value: {
          defaultValue: 'none',
          dynamicValue: { sourceType: 'CURRENT_TENANT', sourceAttribute: 'serialPrefix' },
        },
      },
      'STRING',
    );
    expect(await eqDevices('ta', [prefix])).toEqual(['EQ-Sensor-1', 'EQ-Sensor-3']);
  });

  it('another tenant’s attributes are never read', async () => {
    expect(await eqDevices('ta2', [dynamic('CURRENT_TENANT', 'minTemp', 1000)])).toEqual([]);
    expect(
      await names(
        'ta2',
        { type: 'entityName', entityType: 'DEVICE', entityNameFilter: 'EQ-' },
        {
          keyFilters: [dynamic('CURRENT_TENANT', 'minTemp', 0)],
        },
      ),
    ).toEqual(['EQ-Foreign-1']);
  });
});

describe('sorting, paging and text search', () => {
  const eqFilter = { type: 'entityName', entityType: 'DEVICE', entityNameFilter: 'EQ-' };
  const sorted = async (key: unknown, direction: string, extra: Record<string, unknown> = {}) =>
    namesOf(
      expectOk(
        await find('ta', {
          entityFilter: eqFilter,
          pageLink: { pageSize: 10, page: 0, sortOrder: { key, direction }, ...extra },
          entityFields: [NAME],
        }),
      ),
    );

  it('sorts numeric values as numbers, then the rest by text', async () => {
    expect(await sorted(TEMPERATURE, 'ASC')).toEqual([
      'EQ-Sensor-3',
      'EQ-Sensor-1',
      'EQ-Sensor-2',
      'EQ-Meter-1',
    ]);
    expect(await sorted(TEMPERATURE, 'DESC')).toEqual([
      'EQ-Meter-1',
      'EQ-Sensor-2',
      'EQ-Sensor-1',
      'EQ-Sensor-3',
    ]);
    expect(await sorted({ type: 'SERVER_ATTRIBUTE', key: 'floor' }, 'ASC')).toEqual([
      'EQ-Sensor-2',
      'EQ-Sensor-3',
      'EQ-Sensor-1',
      'EQ-Meter-1',
    ]);
  });

  it('sorts by entity fields', async () => {
    expect(await sorted(NAME, 'DESC')).toEqual(['EQ-Sensor-3', 'EQ-Sensor-2', 'EQ-Sensor-1', 'EQ-Meter-1']);
    expect(await sorted(field('createdTime'), 'ASC')).toEqual(
      ['EQ-Sensor-1', 'EQ-Sensor-2', 'EQ-Sensor-3', 'EQ-Meter-1'].sort(
        (a, b) =>
          (created[a] as number) - (created[b] as number) || ((id[a] as string) < (id[b] as string) ? -1 : 1),
      ),
    );
  });

  it('pages', async () => {
    const page = (n: number) =>
      find('ta', {
        entityFilter: eqFilter,
        pageLink: { pageSize: 3, page: n, sortOrder: { key: NAME, direction: 'ASC' } },
        entityFields: [NAME],
      });
    const first = expectOk(await page(0));
    expect(first).toMatchObject({ totalElements: 4, totalPages: 2, hasNext: true });
    expect(namesOf(first)).toEqual(['EQ-Meter-1', 'EQ-Sensor-1', 'EQ-Sensor-2']);
    const second = expectOk(await page(1));
    expect(second).toMatchObject({ totalElements: 4, totalPages: 2, hasNext: false });
    expect(namesOf(second)).toEqual(['EQ-Sensor-3']);
    const beyond = expectOk(await page(5));
    expect(beyond).toMatchObject({ data: [], totalElements: 4, totalPages: 2, hasNext: false });
  });

  it('text search looks in the selected values only, ignoring case', async () => {
    const search = async (textSearch: string, latestValues: unknown[] = []) =>
      expectOk(
        await find('ta', {
          entityFilter: eqFilter,
          pageLink: { pageSize: 10, page: 0, textSearch, sortOrder: { key: NAME, direction: 'ASC' } },
          entityFields: [NAME],
          latestValues,
        }),
      );
    const bySensor = await search('sensor-3');
    expect(namesOf(bySensor)).toEqual(['EQ-Sensor-3']);
    expect(bySensor.totalElements).toBe(1);
    expect(namesOf(await search('HOT', [TEMPERATURE]))).toEqual(['EQ-Meter-1']);
    expect(namesOf(await search('HOT'))).toEqual([]);
    expect(namesOf(await search('%'))).toEqual([]);
  });
});

describe('relation queries', () => {
  const walk = (extra: Record<string, unknown>) => ({
    type: 'relationsQuery',
    rootEntity: { entityType: 'ASSET', id: id['EQ-Building-North'] },
    direction: 'FROM',
    maxLevel: 1,
    filters: [],
    ...extra,
  });

  it('follows relations level by level, over entities of every type', async () => {
    const page = expectOk(
      await find('ta', {
        entityFilter: walk({}),
        pageLink: { pageSize: 10, page: 0, sortOrder: { key: NAME, direction: 'ASC' } },
        entityFields: [NAME, field('entityType'), field('parentId'), field('type')],
      }),
    );
    expect(namesOf(page)).toEqual(['EQ-Floor-1', 'EQ-Sensor-2', 'EQ-View-1']);
    expect(page.data.map((row) => row.entityId.entityType)).toEqual(['ASSET', 'DEVICE', 'ENTITY_VIEW']);
    expect(page.data.map((row) => row.latest.ENTITY_FIELD?.entityType?.value)).toEqual([
      'ASSET',
      'DEVICE',
      'ENTITY_VIEW',
    ]);
    expect(page.data.map((row) => row.latest.ENTITY_FIELD?.type?.value)).toEqual([
      'floor',
      'thermometer',
      'sensorView',
    ]);
    for (const row of page.data)
      expect(row.latest.ENTITY_FIELD?.parentId?.value).toBe(id['EQ-Building-North']);
    expect(await names('ta', walk({ maxLevel: 2 }))).toEqual([
      'EQ-Floor-1',
      'EQ-Sensor-1',
      'EQ-Sensor-2',
      'EQ-Sensor-3',
      'EQ-View-1',
    ]);
  });

  it('filters by relation type and entity type', async () => {
    expect(
      await names('ta', walk({ maxLevel: 3, filters: [{ relationType: 'Manages', entityTypes: [] }] })),
    ).toEqual(['EQ-Sensor-2']);
    expect(
      await names(
        'ta',
        walk({
          maxLevel: 3,
          filters: [{ relationType: 'Contains', entityTypes: ['DEVICE', 'ENTITY_VIEW'] }],
        }),
      ),
    ).toEqual(['EQ-Sensor-1', 'EQ-Sensor-3', 'EQ-View-1']);
  });

  it('fetchLastLevelOnly keeps the last level and entities with nothing further', async () => {
    expect(await names('ta', walk({ maxLevel: 2, fetchLastLevelOnly: true }))).toEqual([
      'EQ-Sensor-1',
      'EQ-Sensor-2',
      'EQ-Sensor-3',
      'EQ-View-1',
    ]);
  });

  it('walks against the direction of relations with TO', async () => {
    const up = (maxLevel: number) => ({
      type: 'relationsQuery',
      rootEntity: { entityType: 'DEVICE', id: id['EQ-Sensor-1'] },
      direction: 'TO',
      maxLevel,
      filters: [],
    });
    expect(await names('ta', up(1))).toEqual(['EQ-Floor-1']);
    expect(await names('ta', up(2))).toEqual(['EQ-Building-North', 'EQ-Floor-1']);
  });

  it('stops on cycles without a level limit', async () => {
    const assets = await names(
      'ta',
      walk({ maxLevel: 0, filters: [{ relationType: '', entityTypes: ['ASSET'] }] }),
    );
    expect(assets).toEqual(['EQ-Building-North', 'EQ-Floor-1']);
  });

  it('starts from several roots', async () => {
    const multi = {
      type: 'relationsQuery',
      multiRoot: true,
      multiRootEntitiesType: 'ASSET',
      multiRootEntityIds: [id['EQ-Building-North'], id['EQ-Building-South'], id['EQ-Foreign-Asset']],
      direction: 'FROM',
      maxLevel: 1,
      filters: [{ relationType: '', entityTypes: ['DEVICE'] }],
    };
    expect(await names('ta', multi)).toEqual(['EQ-Meter-1', 'EQ-Sensor-2']);
    expect(await names('cu', multi)).toEqual(['EQ-Sensor-2']);
    expect(await names('ta2', multi)).toEqual(['EQ-Foreign-1']);
  });

  it('search queries take every device type when none is listed', async () => {
    const search = {
      type: 'deviceSearchQuery',
      rootEntity: { entityType: 'ASSET', id: id['EQ-Building-North'] },
      direction: 'FROM',
      maxLevel: 2,
      relationType: 'Contains',
      deviceTypes: [],
    };
    expect(await names('ta', search)).toEqual(['EQ-Sensor-1', 'EQ-Sensor-3']);
    expect(await names('ta', { ...search, relationType: null })).toEqual([
      'EQ-Sensor-1',
      'EQ-Sensor-2',
      'EQ-Sensor-3',
    ]);
  });
});

describe('POST /api/entitiesQuery/find/keys', () => {
  const eqDevicesQuery = {
    entityFilter: { type: 'entityName', entityType: 'DEVICE', entityNameFilter: 'EQ-' },
    pageLink: { pageSize: 10, page: 0 },
  };

  it('answers entity types and distinct, sorted keys of the page', async () => {
    expect(expectOk(await keys('ta', eqDevicesQuery))).toEqual({
      entityTypes: ['DEVICE'],
      timeseries: ['humidity', 'temperature'],
      attribute: ['active', 'floor', 'mode', 'onlyB', 'serial'],
    });
    expect(expectOk(await keys('ta', eqDevicesQuery, 'timeseries=false&attributes=true'))).toEqual({
      entityTypes: ['DEVICE'],
      timeseries: [],
      attribute: ['active', 'floor', 'mode', 'onlyB', 'serial'],
    });
    expect(expectOk(await keys('ta', eqDevicesQuery, 'timeseries=true&attributes=false'))).toEqual({
      entityTypes: ['DEVICE'],
      timeseries: ['humidity', 'temperature'],
      attribute: [],
    });
    expect(expectOk(await keys('ta', eqDevicesQuery, 'timeseries=false&attributes=false'))).toEqual({
      entityTypes: [],
      timeseries: [],
      attribute: [],
    });
  });

  it('answers only keys of entities the caller may read', async () => {
    expect(expectOk(await keys('cu', eqDevicesQuery)).attribute).toEqual([
      'active',
      'floor',
      'mode',
      'serial',
    ]);
    expect(expectOk(await keys('ta2', eqDevicesQuery))).toEqual({
      entityTypes: ['DEVICE'],
      timeseries: ['foreignKey', 'temperature'],
      attribute: [],
    });
    const relations = {
      entityFilter: {
        type: 'relationsQuery',
        rootEntity: { entityType: 'ASSET', id: id['EQ-Building-North'] },
        direction: 'FROM',
        maxLevel: 3,
        filters: [],
      },
      pageLink: { pageSize: 100, page: 0 },
    };
    const got = expectOk(await keys('ta', relations));
    expect(got.entityTypes).toEqual(['ASSET', 'DEVICE', 'ENTITY_VIEW']);
    expect(got.timeseries).not.toContain('foreignKey');
  });

  it('looks at no more than 100 entities', async () => {
    const now = Date.now();
    const rows = Array.from({ length: 101 }, (_, i) => ({
      id: uuidv1(),
      createdTime: now,
      tenantId: ids.tenantId,
      customerId: null,
      name: `EQ-Bulk-${String(i).padStart(3, '0')}`,
      type: 'bulk',
      label: null,
      additionalInfo: null,
    }));
    await db.insertInto('asset').values(rows).execute();
    await storeAttribute('ASSET', (rows[100] as { id: string }).id, 'SERVER_SCOPE', 'bulkLast', {
      boolV: true,
    });
    const query = (direction: string) => ({
      entityFilter: { type: 'assetType', assetType: 'bulk' },
      pageLink: { pageSize: 1000, page: 0, sortOrder: { key: NAME, direction } },
    });
    expect(expectOk(await keys('ta', query('ASC'))).attribute).toEqual([]);
    expect(expectOk(await keys('ta', query('DESC'))).attribute).toEqual(['bulkLast']);
  });

  it('requires both flags', async () => {
    expectError(await keys('ta', eqDevicesQuery, 'timeseries=true'), 400, 31, /attributes/);
  });
});

describe('bad input is a 400 naming the problem', () => {
  const page = { pageSize: 10, page: 0 };
  const bad = async (body: unknown, message: string | RegExp, path = '/api/entitiesQuery/find') =>
    expectError(await server.api.post(path, body, { token: tokens.ta }), 400, 31, message);

  it('entity filters', async () => {
    await bad({ entityFilter: { type: 'bogus' }, pageLink: page }, "Unknown entity filter type 'bogus'");
    await bad(
      { entityFilter: { type: 'edgeType', edgeType: 'x' }, pageLink: page },
      "Entity filter type 'edgeType' is not supported",
    );
    await bad(
      { entityFilter: { type: 'edgeType', edgeType: 'x' } },
      "Entity filter type 'edgeType' is not supported",
      '/api/entitiesQuery/count',
    );
    await bad(
      { entityFilter: { type: 'edgeSearchQuery' }, pageLink: page },
      "Entity filter type 'edgeSearchQuery' is not supported",
    );
    await bad(
      { entityFilter: { type: 'entityType', entityType: 'RULE_CHAIN' }, pageLink: page },
      "Entity type 'RULE_CHAIN' is not supported by entity queries",
    );
    await bad(
      { entityFilter: { type: 'entityType', entityType: 'NOPE' }, pageLink: page },
      /'entityFilter.entityType' must be one of/,
    );
    await bad(
      {
        entityFilter: { type: 'singleEntity', singleEntity: { entityType: 'DEVICE', id: 'x' } },
        pageLink: page,
      },
      "Invalid entity query: 'entityFilter.singleEntity.id' must be a UUID",
    );
    await bad({ pageLink: page }, "Invalid entity query: 'entityFilter' is required");
    await bad(
      {
        entityFilter: {
          type: 'relationsQuery',
          direction: 'UP',
          rootEntity: { entityType: 'ASSET', id: id['EQ-Building-North'] },
        },
        pageLink: page,
      },
      /'entityFilter.direction' must be one of FROM, TO/,
    );
    await bad([1], /Invalid request/);
  });

  it('keys and fields', async () => {
    const filter = { type: 'entityType', entityType: 'DEVICE' };
    await bad(
      { entityFilter: filter, pageLink: page, entityFields: [field('bogus')] },
      "Unknown entity field 'bogus' (entityFields[0])",
    );
    await bad(
      { entityFilter: filter, pageLink: page, entityFields: [field('parentId')] },
      "Unknown entity field 'parentId' (entityFields[0])",
    );
    await bad(
      { entityFilter: filter, pageLink: page, latestValues: [{ type: 'ALARM_FIELD', key: 'severity' }] },
      /Key type 'ALARM_FIELD' is not supported/,
    );
    await bad(
      { entityFilter: filter, pageLink: page, latestValues: [{ type: 'TIME_SERIES', key: '' }] },
      /'latestValues\[0\].key' must have 1 to 255 characters/,
    );
    await bad(
      {
        entityFilter: { type: 'entityType', entityType: 'CUSTOMER' },
        keyFilters: [keyFilter(field('type'), text('EQUAL', 'x'), 'STRING')],
      },
      "Entity field 'type' is not supported for entity type CUSTOMER",
      '/api/entitiesQuery/count',
    );
  });

  it('predicates', async () => {
    const filter = { type: 'entityType', entityType: 'DEVICE' };
    const withPredicate = (predicate: unknown, valueType = 'NUMERIC') => ({
      entityFilter: filter,
      pageLink: page,
      keyFilters: [keyFilter(TEMPERATURE, predicate, valueType)],
    });
    await bad(
      withPredicate(numeric('BIGGER', { defaultValue: 1 })),
      /'keyFilters\[0\].predicate.operation' must be one of EQUAL/,
    );
    await bad(
      withPredicate({ type: 'REGEX', operation: 'EQUAL', value: { defaultValue: 1 } }),
      /'keyFilters\[0\].predicate.type' must be one of/,
    );
    await bad(
      withPredicate(numeric('GREATER', { defaultValue: 'ten' })),
      "Invalid entity query: 'keyFilters[0].predicate.value.defaultValue' must be a number",
    );
    await bad(withPredicate(numeric('GREATER', {})), /'keyFilters\[0\].predicate.value' has no value/);
    await bad(
      withPredicate({ type: 'COMPLEX', operation: 'XOR', predicates: [] }),
      /operation' must be one of AND, OR/,
    );
    await bad(
      {
        ...withPredicate(numeric('GREATER', { defaultValue: 1 })),
        keyFilters: [
          { key: TEMPERATURE, valueType: 'FLOAT', predicate: numeric('GREATER', { defaultValue: 1 }) },
        ],
      },
      /'keyFilters\[0\].valueType' must be one of STRING, NUMERIC, BOOLEAN, DATE_TIME/,
    );
  });

  it('page links', async () => {
    const filter = { type: 'entityType', entityType: 'DEVICE' };
    await bad({ entityFilter: filter }, "Invalid entity query: 'pageLink' is required");
    await bad(
      { entityFilter: filter, pageLink: { pageSize: 0, page: 0 } },
      /'pageLink.pageSize' must be an integer from 1/,
    );
    await bad(
      { entityFilter: filter, pageLink: { pageSize: 'ten', page: 0 } },
      /'pageLink.pageSize' must be an integer/,
    );
    await bad(
      { entityFilter: filter, pageLink: { pageSize: 10, page: -1 } },
      /'pageLink.page' must be an integer from 0/,
    );
    await bad(
      {
        entityFilter: filter,
        pageLink: { pageSize: 10, page: 0, sortOrder: { key: NAME, direction: 'UP' } },
      },
      /'pageLink.sortOrder.direction' must be one of ASC, DESC/,
    );
    await bad(
      { entityFilter: filter, pageLink: { pageSize: 10, page: 0, sortOrder: { key: field('nope') } } },
      "Unknown entity field 'nope' (pageLink.sortOrder.key)",
    );
  });
});
