import { v1 as uuidv1 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_JSON_KEYS } from './alarm-json.js';
import { type EntityRef, newAsset, newCustomer, newDevice, newTenant, newUser } from './factories.js';
import {
  type ApiClient,
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
 * AlarmController (reference §1.3 and the Alarms paragraph of §1.4): saving, reading, acknowledging,
 * clearing and deleting alarms, the lists with paging, sorting, status and time filters,
 * propagation to related entities and owners, access of each caller, the audit trail and what
 * deleting an entity does to its alarms.
 */

interface AlarmJson {
  id: EntityIdJson;
  createdTime: number;
  tenantId: EntityIdJson;
  customerId: EntityIdJson;
  type: string;
  originator: EntityIdJson;
  severity: string;
  status: string;
  startTs: number;
  endTs: number;
  ackTs: number;
  clearTs: number;
  details: unknown;
  propagate: boolean;
  propagateToOwner: boolean;
  propagateToTenant: boolean;
  propagateRelationTypes: string[] | null;
  name: string;
  originatorName?: string | null;
}

let server: TestServer;
let api: ApiClient;
let ids: DemoIds;
const tokens: Record<'sysadmin' | 'tenant' | 'customer' | 'customerB' | 'otherTenant', string> = {} as never;
/** A1 of Customer A, B1 of Customer B, T1 of the tenant only. */
const dev: Record<'A1' | 'B1' | 'T1', EntityRef> = {} as never;

const as = (caller: keyof typeof tokens) => ({ token: tokens[caller] });

async function deviceNamed(name: string): Promise<EntityRef> {
  const row = await server.store.db
    .selectFrom('device')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return { entityType: 'DEVICE', id: row.id };
}

const alarmBody = (originator: EntityRef, extra: Record<string, unknown> = {}) => ({
  type: 'High Temperature',
  originator,
  severity: 'MAJOR',
  status: 'ACTIVE_UNACK',
  ...extra,
});

async function raise(
  originator: EntityRef,
  extra: Record<string, unknown> = {},
  caller: keyof typeof tokens = 'tenant',
) {
  return expectOk(await api.post<AlarmJson>('/api/alarm', alarmBody(originator, extra), as(caller)));
}

const list = (path: string, caller: keyof typeof tokens = 'tenant') =>
  api.get<PageDataJson<AlarmJson>>(path, as(caller));

async function listOk(path: string, caller: keyof typeof tokens = 'tenant') {
  return expectOk(await list(path, caller));
}

beforeAll(async () => {
  server = await startServer();
  api = server.api;
  ids = await demoIds(server.store);
  const { db } = server.store;
  const otherTenant = await newTenant(db, 'Other Tenant');
  const otherAdmin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: otherTenant.id });
  const customerB = await newUser(db, {
    authority: 'CUSTOMER_USER',
    tenantId: ids.tenantId,
    customerId: ids.customerBId,
  });
  tokens.sysadmin = (await api.login(DEMO.sysadmin.email, DEMO.sysadmin.password)).token;
  tokens.tenant = (await api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
  tokens.customer = (await api.login(DEMO.customer.email, DEMO.customer.password)).token;
  tokens.customerB = (await api.login(customerB.email, customerB.password)).token;
  tokens.otherTenant = (await api.login(otherAdmin.email, otherAdmin.password)).token;
  dev.A1 = await deviceNamed('Test Device A1');
  dev.B1 = await deviceNamed('Test Device B1');
  dev.T1 = await deviceNamed('Thermostat T1');
});

afterAll(async () => {
  await server?.close();
});

describe('POST /api/alarm and GET /api/alarm/{id}', () => {
  it('creates an alarm with the reference fields, its customer being the originator’s', async () => {
    const before = Date.now();
    const alarm = await raise(dev.A1, { details: { reason: 'test' }, type: 'Created Alarm' });
    expect(Object.keys(alarm)).toEqual([...ALARM_JSON_KEYS]);
    expect(alarm).toMatchObject({
      id: { entityType: 'ALARM' },
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      customerId: { entityType: 'CUSTOMER', id: ids.customerAId },
      type: 'Created Alarm',
      name: 'Created Alarm',
      originator: dev.A1,
      severity: 'MAJOR',
      status: 'ACTIVE_UNACK',
      ackTs: 0,
      clearTs: 0,
      details: { reason: 'test' },
      propagate: false,
      propagateRelationTypes: null,
    });
    expect(alarm.startTs).toBeGreaterThanOrEqual(before);
    expect(alarm.endTs).toBe(alarm.startTs);
    expect(expectOk(await api.get(`/api/alarm/${alarm.id.id}`, as('tenant')))).toEqual(alarm);
    const info = expectOk(await api.get<AlarmJson>(`/api/alarm/info/${alarm.id.id}`, as('customer')));
    expect(info).toEqual({ ...alarm, originatorName: 'Test Device A1' });
  });

  it('updates the active alarm of the same type and originator instead of creating another', async () => {
    const first = await raise(dev.T1, { type: 'Deduplicated', startTs: 1000, endTs: 1000 });
    const second = await raise(dev.T1, {
      type: 'Deduplicated',
      severity: 'CRITICAL',
      startTs: 5000,
      endTs: 6000,
    });
    expect(second.id).toEqual(first.id);
    expect(second).toMatchObject({
      severity: 'CRITICAL',
      startTs: 1000,
      endTs: 6000,
      customerId: { id: NULL_UUID },
    });
    const page = await listOk(`/api/alarm/DEVICE/${dev.T1.id}?pageSize=50&page=0&textSearch=Deduplicated`);
    expect(page.totalElements).toBe(1);
    // Concurrent writers still end with one active alarm.
    const concurrent = await Promise.all(
      Array.from({ length: 6 }, () => raise(dev.T1, { type: 'Concurrent' })),
    );
    expect(new Set(concurrent.map((a) => a.id.id)).size).toBe(1);
  });

  it('updates by id: timestamps only move forward, flags only grow', async () => {
    const alarm = await raise(dev.T1, {
      type: 'By Id',
      startTs: 2000,
      endTs: 3000,
      propagateRelationTypes: ['A'],
    });
    const updated = expectOk(
      await api.post<AlarmJson>(
        '/api/alarm',
        { ...alarm, severity: 'MINOR', endTs: 2500, details: 'changed', propagateRelationTypes: ['B'] },
        as('tenant'),
      ),
    );
    expect(updated).toMatchObject({ id: alarm.id, severity: 'MINOR', endTs: 3000, details: 'changed' });
    expect(updated.propagateRelationTypes).toEqual(['A', 'B']);
    // A cleared alarm cannot become active again beside the active one of its type.
    expectOk(await api.post(`/api/alarm/${alarm.id.id}/clear`, undefined, as('tenant')));
    const successor = await raise(dev.T1, { type: 'By Id' });
    expect(successor.id).not.toEqual(alarm.id);
    expectError(
      await api.post('/api/alarm', { ...alarm, status: 'ACTIVE_UNACK' }, as('tenant')),
      400,
      31,
      'An active alarm of this type already exists for the originator!',
    );
    const missing = { ...alarm, id: { entityType: 'ALARM', id: uuidv1() } };
    expectError(await api.post('/api/alarm', missing, as('tenant')), 404, 32);
  });

  it('refuses incomplete or invalid alarms with a 400 naming the field', async () => {
    const post = (body: unknown) => api.post('/api/alarm', body, as('tenant'));
    const { type: _type, ...noType } = alarmBody(dev.T1);
    expectError(await post(noType), 400, 31, 'Alarm type should be specified!');
    expectError(
      await post(alarmBody(dev.T1, { originator: null })),
      400,
      31,
      'Alarm originator should be specified!',
    );
    expectError(
      await post(alarmBody(dev.T1, { severity: null })),
      400,
      31,
      'Alarm severity should be specified!',
    );
    expectError(
      await post(alarmBody(dev.T1, { status: undefined })),
      400,
      31,
      'Alarm status should be specified!',
    );
    expectError(await post(alarmBody(dev.T1, { severity: 'HOT' })), 400, 31, /'severity'/);
    expectError(await post(alarmBody(dev.T1, { status: 'OPEN' })), 400, 31, /'status'/);
    expectError(await post(alarmBody(dev.T1, { startTs: 'soon' })), 400, 31, /'startTs'/);
    expectError(await post(alarmBody({ entityType: 'DEVICE', id: 'nope' })), 400, 31, /'originator.id'/);
    expectError(await post(alarmBody({ entityType: 'DEVICE', id: uuidv1() })), 400, 31, /existing entity/);
    const foreign = await newDevice(server.store.db, (await newTenant(server.store.db)).id, 'Foreign');
    expectError(await post(alarmBody(foreign)), 400, 31, /existing entity/);
    expectError(
      await post(alarmBody({ entityType: 'RULE_CHAIN', id: uuidv1() })),
      400,
      31,
      /existing entity/,
    );
  });

  it('answers 400 for a malformed id and 404 with code 32 for an unknown one', async () => {
    expectError(await api.get('/api/alarm/not-a-uuid', as('tenant')), 400, 31, /'alarmId'/);
    for (const path of [`/api/alarm/${uuidv1()}`, `/api/alarm/info/${uuidv1()}`]) {
      expectError(await api.get(path, as('tenant')), 404, 32);
    }
    expectError(await api.delete(`/api/alarm/${uuidv1()}`, as('tenant')), 404, 32);
    expectError(await api.post(`/api/alarm/${uuidv1()}/ack`, undefined, as('tenant')), 404, 32);
    expectError(await api.post(`/api/alarm/${uuidv1()}/clear`, undefined, as('tenant')), 404, 32);
  });
});

describe('status transitions', () => {
  it('acknowledges and clears once; repeating either changes nothing; a cleared type raises anew', async () => {
    const alarm = await raise(dev.T1, { type: 'Transitions' });
    const ack = await api.post(`/api/alarm/${alarm.id.id}/ack`, undefined, as('tenant'));
    expect(ack.status).toBe(200);
    expect(ack.text).toBe('');
    const acked = expectOk(await api.get<AlarmJson>(`/api/alarm/${alarm.id.id}`, as('tenant')));
    expect(acked.status).toBe('ACTIVE_ACK');
    expect(acked.ackTs).toBeGreaterThan(0);
    expect((await api.post(`/api/alarm/${alarm.id.id}/ack`, undefined, as('tenant'))).status).toBe(200);
    expect(expectOk(await api.get<AlarmJson>(`/api/alarm/${alarm.id.id}`, as('tenant'))).ackTs).toBe(
      acked.ackTs,
    );

    expect((await api.post(`/api/alarm/${alarm.id.id}/clear`, undefined, as('tenant'))).status).toBe(200);
    const cleared = expectOk(await api.get<AlarmJson>(`/api/alarm/${alarm.id.id}`, as('tenant')));
    expect(cleared).toMatchObject({ status: 'CLEARED_ACK', ackTs: acked.ackTs });
    expect(cleared.clearTs).toBeGreaterThan(0);
    expect((await api.post(`/api/alarm/${alarm.id.id}/clear`, undefined, as('tenant'))).status).toBe(200);
    expect(expectOk(await api.get<AlarmJson>(`/api/alarm/${alarm.id.id}`, as('tenant'))).clearTs).toBe(
      cleared.clearTs,
    );

    const again = await raise(dev.T1, { type: 'Transitions' });
    expect(again.id).not.toEqual(alarm.id);
    expect((await api.post(`/api/alarm/${again.id.id}/clear`, undefined, as('tenant'))).status).toBe(200);
    expect(expectOk(await api.get<AlarmJson>(`/api/alarm/${again.id.id}`, as('tenant'))).status).toBe(
      'CLEARED_UNACK',
    );
  });

  it('deletes an alarm, answering true', async () => {
    const alarm = await raise(dev.T1, { type: 'Deleted' });
    const res = await api.delete(`/api/alarm/${alarm.id.id}`, as('tenant'));
    expect(res.status).toBe(200);
    expect(res.body).toBe(true);
    expectError(await api.get(`/api/alarm/${alarm.id.id}`, as('tenant')), 404, 32);
  });

  it('records additions, updates, acknowledgements, clears and deletions on the originator', async () => {
    const device = await newDevice(server.store.db, ids.tenantId, 'Audited Device');
    const alarm = await raise(device, { type: 'Audited' });
    await raise(device, { type: 'Audited', severity: 'MINOR' });
    await api.post(`/api/alarm/${alarm.id.id}/ack`, undefined, as('tenant'));
    await api.post(`/api/alarm/${alarm.id.id}/clear`, undefined, as('tenant'));
    await api.delete(`/api/alarm/${alarm.id.id}`, as('tenant'));
    const logs = await listOk(
      `/api/audit/logs/entity/DEVICE/${device.id}?pageSize=50&page=0&sortOrder=ASC&sortProperty=createdTime`,
    );
    const entries = (
      logs.data as unknown as { actionType: string; entityName: string; actionStatus: string }[]
    ).map((e) => `${e.actionType}:${e.entityName}:${e.actionStatus}`);
    expect(entries).toEqual([
      'ADDED:Audited:SUCCESS',
      'ADDED:Audited:SUCCESS',
      'ALARM_ACK:Audited:SUCCESS',
      'ALARM_CLEAR:Audited:SUCCESS',
      'ALARM_DELETE:Audited:SUCCESS',
    ]);
  });
});

describe('alarm lists', () => {
  let device: EntityRef;
  let created: AlarmJson[];
  const base = () => `/api/alarm/DEVICE/${device.id}?pageSize=50&page=0`;

  beforeAll(async () => {
    device = await newDevice(server.store.db, ids.tenantId, 'Listed Device');
    created = [];
    for (const [type, severity] of [
      ['Gamma', 'WARNING'],
      ['Alpha', 'CRITICAL'],
      ['Beta', 'MINOR'],
      ['Delta', 'INDETERMINATE'],
    ] as const) {
      created.push(await raise(device, { type, severity }));
    }
    await api.post(`/api/alarm/${created[0]?.id.id}/clear`, undefined, as('tenant'));
    await api.post(`/api/alarm/${created[1]?.id.id}/ack`, undefined, as('tenant'));
  });

  const types = (page: PageDataJson<AlarmJson>) => page.data.map((a) => a.type);

  it('pages and sorts, severity by rank', async () => {
    expect(types(await listOk(`${base()}&sortProperty=severity&sortOrder=ASC`))).toEqual([
      'Alpha',
      'Beta',
      'Gamma',
      'Delta',
    ]);
    expect(types(await listOk(`${base()}&sortProperty=severity&sortOrder=DESC`))).toEqual([
      'Delta',
      'Gamma',
      'Beta',
      'Alpha',
    ]);
    expect(types(await listOk(`${base()}&sortProperty=type&sortOrder=DESC`))).toEqual([
      'Gamma',
      'Delta',
      'Beta',
      'Alpha',
    ]);
    const page = await listOk(`/api/alarm/DEVICE/${device.id}?pageSize=3&page=1&sortProperty=type`);
    expect(page).toMatchObject({ totalElements: 4, totalPages: 2, hasNext: false });
    expect(types(page)).toEqual(['Gamma']);
    for (const property of ['createdTime', 'startTs', 'endTs', 'ackTs', 'clearTs', 'status']) {
      expect((await listOk(`${base()}&sortProperty=${property}&sortOrder=DESC`)).totalElements).toBe(4);
    }
    expectError(await list(`${base()}&sortProperty=originatorId`), 400, 31, /sort property/);
    expectError(await list(`${base()}&sortOrder=UP`), 400, 31, /Unsupported sort order/);
  });

  it('searches type, severity, status and originator name', async () => {
    expect(types(await listOk(`${base()}&textSearch=alp`))).toEqual(['Alpha']);
    expect(types(await listOk(`${base()}&textSearch=minor`))).toEqual(['Beta']);
    expect(types(await listOk(`${base()}&textSearch=cleared`))).toEqual(['Gamma']);
    expect((await listOk(`${base()}&textSearch=listed dev`)).totalElements).toBe(4);
  });

  it('filters by searchStatus or status, never both', async () => {
    const sorted = (query: string) => listOk(`${base()}&sortProperty=type&${query}`).then(types);
    expect(await sorted('searchStatus=ACTIVE')).toEqual(['Alpha', 'Beta', 'Delta']);
    expect(await sorted('searchStatus=CLEARED')).toEqual(['Gamma']);
    expect(await sorted('searchStatus=ACK')).toEqual(['Alpha']);
    expect(await sorted('searchStatus=UNACK')).toEqual(['Beta', 'Delta', 'Gamma']);
    expect(await sorted('searchStatus=ANY')).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
    expect(await sorted('status=ACTIVE_UNACK')).toEqual(['Beta', 'Delta']);
    expect(await sorted('status=CLEARED_UNACK')).toEqual(['Gamma']);
    expectError(
      await list(`${base()}&searchStatus=ACTIVE&status=ACTIVE_ACK`),
      400,
      31,
      "Invalid alarms search query: Both parameters 'searchStatus' and 'status' can't be specified at the same time!",
    );
    expectError(await list(`${base()}&searchStatus=OPEN`), 400, 31, /'searchStatus'/);
    expectError(await list(`${base()}&status=OPEN`), 400, 31, /'status'/);
  });

  it('filters by creation time, both ends included', async () => {
    const times = created.map((a) => a.createdTime);
    const first = Math.min(...times);
    const last = Math.max(...times);
    expect((await listOk(`${base()}&startTime=${first}&endTime=${last}`)).totalElements).toBe(4);
    expect((await listOk(`${base()}&startTime=${last + 1}`)).totalElements).toBe(0);
    expect((await listOk(`${base()}&endTime=${first - 1}`)).totalElements).toBe(0);
    expectError(await list(`${base()}&startTime=yesterday`), 400, 31, /'startTime'/);
  });

  it('fills the originator name only when asked', async () => {
    const plain = await listOk(base());
    expect(plain.data.every((a) => a.originatorName === null)).toBe(true);
    const named = await listOk(`${base()}&fetchOriginator=true`);
    expect(named.data.every((a) => a.originatorName === 'Listed Device')).toBe(true);
  });

  it('checks the entity: 400 for a bad type or id, 404 for an unknown one', async () => {
    expectError(await list(`/api/alarm/GADGET/${device.id}?pageSize=10&page=0`), 400, 31, /'entityType'/);
    expectError(await list(`/api/alarm/DEVICE/nope?pageSize=10&page=0`), 400, 31, /'entityId'/);
    expectError(await list(`/api/alarm/DEVICE/${uuidv1()}?pageSize=10&page=0`), 404, 32);
    expectError(await list(`/api/alarm/DEVICE/${device.id}?page=0`), 400, 31, /'pageSize'/);
  });

  it('answers the highest severity as a bare JSON string, or nothing', async () => {
    const highest = (query = '') =>
      api.get(`/api/alarm/highestSeverity/DEVICE/${device.id}${query}`, as('tenant'));
    const any = await highest();
    expect(any.status).toBe(200);
    expect(any.text).toBe('"CRITICAL"');
    expect((await highest('?searchStatus=UNACK')).text).toBe('"MINOR"');
    expect((await highest('?searchStatus=CLEARED')).text).toBe('"WARNING"');
    expect((await highest('?status=ACTIVE_UNACK')).text).toBe('"MINOR"');
    const none = await api.get(`/api/alarm/highestSeverity/DEVICE/${dev.B1.id}`, as('tenant'));
    expect(none.status).toBe(200);
    expect(none.text).toBe('');
    expectError(await highest('?searchStatus=ANY&status=ACTIVE_ACK'), 400, 31);
    expectError(await api.get(`/api/alarm/highestSeverity/DEVICE/${uuidv1()}`, as('tenant')), 404, 32);
  });
});

describe('propagation', () => {
  it('shows an alarm on the entities related to its originator, all levels up, by relation type', async () => {
    const { db } = server.store;
    const device = await newDevice(db, ids.tenantId, 'Propagating Device');
    const room = await newAsset(db, ids.tenantId, 'Room');
    const building = await newAsset(db, ids.tenantId, 'Building');
    const other = await newAsset(db, ids.tenantId, 'Managed Elsewhere');
    for (const [from, to, type] of [
      [room, device, 'Contains'],
      [building, room, 'Contains'],
      [other, device, 'Manages'],
    ] as const) {
      expectOk(await api.post('/api/relation', { from, to, type }, as('tenant')));
    }
    const count = async (entity: EntityRef, type: string) =>
      (await listOk(`/api/alarm/${entity.entityType}/${entity.id}?pageSize=10&page=0&textSearch=${type}`))
        .totalElements;

    await raise(device, { type: 'Everywhere', propagate: true });
    expect([
      await count(room, 'Everywhere'),
      await count(building, 'Everywhere'),
      await count(other, 'Everywhere'),
    ]).toEqual([1, 1, 1]);

    await raise(device, { type: 'Contained', propagate: true, propagateRelationTypes: ['Contains'] });
    expect([
      await count(room, 'Contained'),
      await count(building, 'Contained'),
      await count(other, 'Contained'),
    ]).toEqual([1, 1, 0]);

    await raise(device, { type: 'Local' });
    expect(await count(room, 'Local')).toBe(0);
    // Turning propagation on later links the alarm too.
    await raise(device, { type: 'Local', propagate: true });
    expect(await count(room, 'Local')).toBe(1);

    const severity = await api.get(`/api/alarm/highestSeverity/ASSET/${building.id}`, as('tenant'));
    expect(severity.text).toBe('"MAJOR"');
  });

  it('propagates to the owner (customer, else tenant) and to the tenant', async () => {
    const toOwner = await raise(dev.A1, { type: 'To Owner', propagateToOwner: true });
    const customerPage = await listOk(
      `/api/alarm/CUSTOMER/${ids.customerAId}?pageSize=10&page=0&textSearch=To Owner`,
      'customer',
    );
    expect(customerPage.data.map((a) => a.id)).toEqual([toOwner.id]);
    const tenantOwned = await raise(dev.T1, { type: 'Tenant Owned', propagateToOwner: true });
    const toTenant = await raise(dev.B1, { type: 'To Tenant', propagateToTenant: true });
    const tenantPage = await listOk(`/api/alarm/TENANT/${ids.tenantId}?pageSize=50&page=0&sortProperty=type`);
    expect(tenantPage.data.map((a) => a.id.id)).toEqual(
      expect.arrayContaining([tenantOwned.id.id, toTenant.id.id]),
    );
    expect(tenantPage.data.map((a) => a.id.id)).not.toContain(toOwner.id.id);
    // The system administrator may read the alarms of a tenant, nothing else.
    const sysadminPage = await listOk(`/api/alarm/TENANT/${ids.tenantId}?pageSize=50&page=0`, 'sysadmin');
    expect(sysadminPage.totalElements).toBe(tenantPage.totalElements);
    expectError(await list(`/api/alarm/DEVICE/${dev.T1.id}?pageSize=10&page=0`, 'sysadmin'), 403, 20);
  });
});

describe('access', () => {
  it('lets a customer user work with the alarms of its customer only', async () => {
    const own = await raise(dev.A1, { type: 'Customer Raised' }, 'customer');
    expect(own.customerId.id).toBe(ids.customerAId);
    expect((await api.post(`/api/alarm/${own.id.id}/ack`, undefined, as('customer'))).status).toBe(200);
    expectError(await api.post('/api/alarm', alarmBody(dev.T1), as('customer')), 403, 20);
    const tenants = await raise(dev.T1, { type: 'Tenant Only' });
    for (const caller of ['customer', 'customerB', 'otherTenant'] as const) {
      expectError(await api.get(`/api/alarm/${tenants.id.id}`, as(caller)), 403, 20);
      expectError(await api.post(`/api/alarm/${tenants.id.id}/clear`, undefined, as(caller)), 403, 20);
      expectError(await api.delete(`/api/alarm/${tenants.id.id}`, as(caller)), 403, 20);
    }
    expectError(await api.get(`/api/alarm/${own.id.id}`, as('customerB')), 403, 20);
    expectError(await list(`/api/alarm/DEVICE/${dev.A1.id}?pageSize=10&page=0`, 'customerB'), 403, 20);
    expectError(await list(`/api/alarm/DEVICE/${dev.A1.id}?pageSize=10&page=0`, 'otherTenant'), 403, 20);
    expectError(await api.get(`/api/alarm/highestSeverity/DEVICE/${dev.A1.id}`, as('otherTenant')), 403, 20);
    expectError(await api.post('/api/alarm', alarmBody(dev.A1), as('otherTenant')), 400, 31);
  });

  it('lists all alarms of the tenant, or of the customer for a customer user, and none of others', async () => {
    const all = await listOk('/api/alarms?pageSize=1000&page=0');
    const customers = await listOk('/api/alarms?pageSize=1000&page=0', 'customer');
    expect(all.totalElements).toBeGreaterThan(customers.totalElements);
    expect(customers.totalElements).toBeGreaterThan(0);
    expect(customers.data.every((a) => a.customerId.id === ids.customerAId)).toBe(true);
    expect(all.data.every((a) => a.tenantId.id === ids.tenantId)).toBe(true);
    expect((await listOk('/api/alarms?pageSize=10&page=0', 'otherTenant')).totalElements).toBe(0);
    expectError(await list('/api/alarms?pageSize=10&page=0', 'sysadmin'), 403, 20);
    const active = await listOk('/api/alarms?pageSize=1000&page=0&searchStatus=ACTIVE&fetchOriginator=true');
    expect(
      active.data.every((a) => a.status.startsWith('ACTIVE') && typeof a.originatorName === 'string'),
    ).toBe(true);
  });
});

describe('deleting entities', () => {
  it('removes the alarms a device or asset originated and the links of alarms propagated to them', async () => {
    const { db } = server.store;
    const device = await newDevice(db, ids.tenantId, 'Doomed Device');
    const asset = await newAsset(db, ids.tenantId, 'Doomed Asset');
    expectOk(await api.post('/api/relation', { from: asset, to: device, type: 'Contains' }, as('tenant')));
    const deviceAlarm = await raise(device, { type: 'Doomed', propagate: true });
    const assetAlarm = await raise(asset, { type: 'Asset Alarm' });
    expect((await api.delete(`/api/asset/${asset.id}`, as('tenant'))).status).toBe(200);
    expectError(await api.get(`/api/alarm/${assetAlarm.id.id}`, as('tenant')), 404, 32);
    const links = await db
      .selectFrom('entityAlarm')
      .select('alarmId')
      .where('entityId', '=', asset.id)
      .execute();
    expect(links).toEqual([]);
    expect((await api.get(`/api/alarm/${deviceAlarm.id.id}`, as('tenant'))).status).toBe(200);
    expect((await api.delete(`/api/device/${device.id}`, as('tenant'))).status).toBe(200);
    expectError(await api.get(`/api/alarm/${deviceAlarm.id.id}`, as('tenant')), 404, 32);
  });

  it('removes the alarms of a deleted entity view', async () => {
    const view = expectOk(
      await api.post<{ id: EntityIdJson }>(
        '/api/entityView',
        { name: 'Doomed View', type: 'thermo', entityId: dev.T1, startTimeMs: 0, endTimeMs: 0 },
        as('tenant'),
      ),
    );
    const alarm = await raise(view.id, { type: 'View Alarm' });
    expect((await api.delete(`/api/entityView/${view.id.id}`, as('tenant'))).status).toBe(200);
    expectError(await api.get(`/api/alarm/${alarm.id.id}`, as('tenant')), 404, 32);
  });

  it('removes the alarms of a deleted customer and tenant', async () => {
    const { db } = server.store;
    const customer = await newCustomer(db, ids.tenantId, 'Doomed Customer');
    const customerAlarm = await raise(
      { entityType: 'CUSTOMER', id: customer.id },
      { type: 'Customer Alarm' },
    );
    const device = await newDevice(db, ids.tenantId, 'Customer Device', { customerId: customer.id });
    const deviceAlarm = await raise(device, { type: 'Owned Device Alarm' });
    expect((await api.delete(`/api/customer/${customer.id}`, as('tenant'))).status).toBe(200);
    expectError(await api.get(`/api/alarm/${customerAlarm.id.id}`, as('tenant')), 404, 32);
    // The device stays with the tenant, and so does its alarm.
    expect(
      expectOk(await api.get<AlarmJson>(`/api/alarm/${deviceAlarm.id.id}`, as('tenant'))).customerId.id,
    ).toBe(NULL_UUID);

    const tenant = await newTenant(db, 'Doomed Tenant');
    const admin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: tenant.id });
    const token = (await api.login(admin.email, admin.password)).token;
    const tenantDevice = await newDevice(db, tenant.id, 'Tenant Device');
    expectOk(await api.post('/api/alarm', alarmBody(tenantDevice, { propagateToTenant: true }), { token }));
    expect((await api.delete(`/api/tenant/${tenant.id}`, as('sysadmin'))).status).toBe(200);
    expect(await db.selectFrom('alarm').select('id').where('tenantId', '=', tenant.id).execute()).toEqual([]);
    expect(
      await db.selectFrom('entityAlarm').select('alarmId').where('tenantId', '=', tenant.id).execute(),
    ).toEqual([]);
  });
});
