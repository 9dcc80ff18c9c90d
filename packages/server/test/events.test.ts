import type { EntityId } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventRecorder, type EventRecorderSettings } from '../src/modules/events/recorder.js';
import { EventsRepo } from '../src/modules/events/repo.js';
import { EventsTtlCleanup } from '../src/modules/events/ttl-cleanup.js';
import { newMsg, type RuleMsg } from '../src/rule-engine/message.js';
import { type EntityRef, newDevice, newTenant, newUser, type TenantRef } from './factories.js';
import {
  type ApiClient,
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
 * EventController and `GET /api/ruleNode/{id}/debugIn` (reference §1.3), fed by the EventRecorder:
 * paging, time range, filters per event type, clear, the debug rate limit and truncation, the TTL
 * clean-up, and that callers only ever see events of entities they may read.
 */

interface EventJson {
  id: { id: string };
  createdTime: number;
  tenantId: EntityIdJson;
  type: string;
  uid: string;
  entityId: EntityIdJson;
  body: Record<string, unknown>;
}

type Caller = 'sysadmin' | 'tenantAdmin' | 'customerUser' | 'otherTenantAdmin' | 'otherCustomerUser';

let server: TestServer;
let api: ApiClient;
let ids: DemoIds;
let otherTenant: TenantRef;
const tokens = new Map<Caller, string>();
const as = (caller: Caller) => ({ token: tokens.get(caller) as string });
const PAGE = 'pageSize=50&page=0';
/** The factories' entity references are typed loosely; these are real entity ids. */
const asId = (ref: EntityRef) => ref as EntityId;

/** A recorder on the server's store with a clock the test moves. */
let clock = 0;
function recorder(settings: Partial<EventRecorderSettings> = {}) {
  return new EventRecorder(
    new EventsRepo(server.store.db),
    {
      serviceId: 'test-node',
      debugMaxSymbols: 4096,
      debugRateLimit: '',
      flushIntervalMs: 10_000,
      batchSize: 500,
      maxPending: 20_000,
      ...settings,
    },
    { warn: () => {} },
    () => clock,
  );
}

const list = async (path: string, caller: Caller = 'tenantAdmin') =>
  expectOk(await api.get<PageDataJson<EventJson>>(path, as(caller)));
const filtered = async (entity: EntityRef, filter: object, query = PAGE) =>
  expectOk(
    await api.post<PageDataJson<EventJson>>(
      `/api/events/${entity.entityType}/${entity.id}?${query}`,
      filter,
      as('tenantAdmin'),
    ),
  ).data;

const message = (overrides: Partial<Parameters<typeof newMsg>[0]> = {}): RuleMsg =>
  newMsg({
    type: 'POST_TELEMETRY_REQUEST',
    originator: { entityType: 'DEVICE', id: uuidv1() },
    metadata: { deviceName: 'Thermostat', ts: '1' },
    data: '{"temperature":21.5}',
    ...overrides,
  });

beforeAll(async () => {
  server = await startServer();
  api = server.api;
  ids = await demoIds(server.store);
  const { db } = server.store;
  otherTenant = await newTenant(db, 'Events Other Tenant');
  const otherAdmin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: otherTenant.id });
  const customerBUser = await newUser(db, {
    authority: 'CUSTOMER_USER',
    tenantId: ids.tenantId,
    customerId: ids.customerBId,
  });
  const login = async (email: string, password: string) => (await api.login(email, password)).token;
  tokens.set('sysadmin', await login(DEMO.sysadmin.email, DEMO.sysadmin.password));
  tokens.set('tenantAdmin', await login(DEMO.tenant.email, DEMO.tenant.password));
  tokens.set('customerUser', await login(DEMO.customer.email, DEMO.customer.password));
  tokens.set('otherTenantAdmin', await login(otherAdmin.email, otherAdmin.password));
  tokens.set('otherCustomerUser', await login(customerBUser.email, customerBUser.password));
});

afterAll(async () => {
  await server?.close();
});

describe('recorded events over REST', () => {
  it('lists an entity events of one type with the reference Event JSON, newest first', async () => {
    const device = await newDevice(server.store.db, ids.tenantId, `events-json-${uuidv1()}`);
    const events = server.services.events;
    events.error(ids.tenantId, asId(device), 'onMsg', 'boom');
    events.lifecycle(ids.tenantId, asId(device), 'STARTED');
    events.stats(ids.tenantId, asId(device), 10, 2);
    await events.flush();

    const errors = await list(`/api/events/DEVICE/${device.id}/ERROR?${PAGE}`);
    expect(errors.totalElements).toBe(1);
    expect(errors.data[0]).toEqual({
      id: { id: expect.any(String) },
      createdTime: expect.any(Number),
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      type: 'ERROR',
      uid: expect.any(String),
      entityId: { entityType: 'DEVICE', id: device.id },
      body: { server: server.config.events.recorder.serviceId, method: 'onMsg', error: 'boom' },
    });
    const lifecycle = await list(`/api/events/DEVICE/${device.id}/LC_EVENT?${PAGE}`);
    expect(lifecycle.data.map((e) => e.body)).toEqual([
      { server: expect.any(String), event: 'STARTED', success: true },
    ]);
    const all = await list(`/api/events/DEVICE/${device.id}?${PAGE}`);
    expect(all.data.map((e) => e.type).sort()).toEqual(['ERROR', 'LC_EVENT', 'STATS']);
  });

  it('pages newest first by default, sorts on request and keeps to the time range', async () => {
    const device = await newDevice(server.store.db, ids.tenantId, `events-paging-${uuidv1()}`);
    const rec = recorder();
    for (let i = 1; i <= 5; i++) {
      clock = 1_000_000 + i * 1000;
      rec.stats(ids.tenantId, asId(device), i, 0);
    }
    await rec.flush();
    const base = `/api/events/DEVICE/${device.id}/STATS`;
    const first = await list(`${base}?pageSize=2&page=0`);
    expect(first).toMatchObject({ totalElements: 5, totalPages: 3, hasNext: true });
    expect(first.data.map((e) => e.body.messagesProcessed)).toEqual([5, 4]);
    const last = await list(`${base}?pageSize=2&page=2`);
    expect(last.hasNext).toBe(false);
    expect(last.data.map((e) => e.body.messagesProcessed)).toEqual([1]);
    const ascending = await list(`${base}?${PAGE}&sortProperty=createdTime&sortOrder=ASC`);
    expect(ascending.data.map((e) => e.body.messagesProcessed)).toEqual([1, 2, 3, 4, 5]);
    const window = await list(`${base}?${PAGE}&startTime=1002000&endTime=1004000`);
    expect(window.data.map((e) => e.body.messagesProcessed)).toEqual([4, 3, 2]);
    expect(window.data[0]?.createdTime).toBe(1_004_000);
  });

  it('rejects bad paging, event types and filters with 400', async () => {
    const device = await newDevice(server.store.db, ids.tenantId, `events-bad-${uuidv1()}`);
    const base = `/api/events/DEVICE/${device.id}`;
    expectError(await api.get(`${base}/NOPE?${PAGE}`, as('tenantAdmin')), 400, 31);
    expectError(
      await api.get(`${base}?${PAGE}&sortOrder=UP`, as('tenantAdmin')),
      400,
      31,
      /Unsupported sort order/,
    );
    expectError(await api.get(`${base}?${PAGE}&sortProperty=body`, as('tenantAdmin')), 400, 31);
    expectError(await api.get(`/api/events/GADGET/${device.id}?${PAGE}`, as('tenantAdmin')), 400, 31);
    expectError(
      await api.post(`${base}?${PAGE}`, { eventType: 'X' }, as('tenantAdmin')),
      400,
      31,
      /eventType/,
    );
    expectError(await api.post(`${base}?${PAGE}`, [1], as('tenantAdmin')), 400, 31, /JSON object/);
    expectError(
      await api.post(`${base}?${PAGE}`, { eventType: 'STATS', messagesProcessed: 'many' }, as('tenantAdmin')),
      400,
      31,
      /messagesProcessed/,
    );
    expectError(
      await api.post(`${base}?${PAGE}`, { eventType: 'LC_EVENT', status: 'Maybe' }, as('tenantAdmin')),
      400,
      31,
      /status/,
    );
  });
});

describe('event filters', () => {
  it('filters error, lifecycle and statistics events by their fields', async () => {
    const device = await newDevice(server.store.db, ids.tenantId, `events-filters-${uuidv1()}`);
    const rec = recorder();
    clock = 2_000_000;
    rec.error(ids.tenantId, asId(device), 'onMsg', 'Timeout while saving');
    rec.error(ids.tenantId, asId(device), 'init', 'Bad configuration');
    rec.lifecycle(ids.tenantId, asId(device), 'STARTED');
    rec.lifecycle(ids.tenantId, asId(device), 'UPDATED', new Error('script does not compile'));
    rec.stats(ids.tenantId, asId(device), 3, 0);
    rec.stats(ids.tenantId, asId(device), 30, 4);
    await rec.flush();

    const methods = (events: EventJson[]) => events.map((e) => e.body.method);
    expect(methods(await filtered(device, { eventType: 'ERROR', method: 'ONMSG' }))).toEqual(['onMsg']);
    expect(methods(await filtered(device, { eventType: 'ERROR', errorStr: 'configur' }))).toEqual(['init']);
    expect(await filtered(device, { eventType: 'ERROR', server: 'elsewhere' })).toEqual([]);
    // The text search looks anywhere in the body.
    const searched = await list(`/api/events/DEVICE/${device.id}/ERROR?${PAGE}&textSearch=TIMEOUT`);
    expect(methods(searched.data)).toEqual(['onMsg']);
    expect((await filtered(device, { eventType: 'ERROR', server: 'TEST' })).length).toBe(2);

    const failures = await filtered(device, { eventType: 'LC_EVENT', status: 'Failure' });
    expect(failures.map((e) => e.body)).toEqual([
      { server: 'test-node', event: 'UPDATED', success: false, error: 'script does not compile' },
    ]);
    expect((await filtered(device, { eventType: 'LC_EVENT', status: 'Success' })).length).toBe(1);
    expect((await filtered(device, { eventType: 'LC_EVENT', event: 'started' })).length).toBe(1);
    expect((await filtered(device, { eventType: 'LC_EVENT', errorStr: 'compile' })).length).toBe(1);

    const processed = (events: EventJson[]) => events.map((e) => e.body.messagesProcessed);
    expect(processed(await filtered(device, { eventType: 'STATS', messagesProcessed: 10 }))).toEqual([30]);
    expect(processed(await filtered(device, { eventType: 'STATS', errorsOccurred: '1' }))).toEqual([30]);
    expect((await filtered(device, { eventType: 'STATS', server: '', messagesProcessed: null })).length).toBe(
      2,
    );
  });

  it('filters rule node debug events by direction, message fields, data, metadata and errors', async () => {
    const nodeId = uuidv1();
    const node = { entityType: 'RULE_NODE', id: nodeId };
    const rec = recorder();
    const originator = { entityType: 'DEVICE' as const, id: uuidv1() };
    const telemetry = message({ originator });
    const attributes = message({
      type: 'POST_ATTRIBUTES_REQUEST',
      data: '{"firmware":"1.2"}',
      metadata: { source: 'gateway-7' },
    });
    clock = 3_000_000;
    const base = { tenantId: ids.tenantId, ruleChainId: uuidv1(), nodeId };
    rec.nodeDebug({ ...base, direction: 'IN', msg: telemetry });
    rec.nodeDebug({ ...base, direction: 'OUT', msg: telemetry, relationType: 'Success' });
    rec.nodeDebug({ ...base, direction: 'IN', msg: attributes });
    rec.nodeDebug({
      ...base,
      direction: 'OUT',
      msg: attributes,
      relationType: 'Failure',
      error: 'No such key: x',
    });
    await rec.flush();

    const all = await filtered(node, { eventType: 'DEBUG_RULE_NODE' });
    expect(all.length).toBe(4);
    const out = all.find((e) => e.body.relationType === 'Success');
    expect(out?.body).toEqual({
      type: 'OUT',
      server: 'test-node',
      entityId: originator.id,
      entityName: 'DEVICE',
      msgId: telemetry.id,
      msgType: 'POST_TELEMETRY_REQUEST',
      dataType: 'JSON',
      relationType: 'Success',
      data: '{"temperature":21.5}',
      metadata: '{"deviceName":"Thermostat","ts":"1"}',
    });
    const count = async (filter: object) =>
      (await filtered(node, { eventType: 'DEBUG_RULE_NODE', ...filter })).length;
    expect(await count({ msgDirectionType: 'IN' })).toBe(2);
    expect(await count({ msgType: 'POST_ATTRIBUTES_REQUEST' })).toBe(2);
    expect(await count({ entityId: originator.id })).toBe(2);
    expect(await count({ entityName: 'DEVICE' })).toBe(4);
    expect(await count({ relationType: 'Failure' })).toBe(1);
    expect(await count({ dataSearch: 'FIRMWARE' })).toBe(2);
    expect(await count({ metadataSearch: 'gateway-7' })).toBe(2);
    expect(await count({ isError: true })).toBe(1);
    expect(await count({ isError: true, errorStr: 'no such' })).toBe(1);
    expect(await count({ errorStr: 'other' })).toBe(0);
    expect(await count({ dataSearch: '%' })).toBe(0);
    expectError(
      await api.post(
        `/api/events/RULE_NODE/${nodeId}?${PAGE}`,
        { eventType: 'DEBUG_RULE_NODE', msgDirectionType: 'SIDEWAYS' },
        as('tenantAdmin'),
      ),
      400,
      31,
      /msgDirectionType/,
    );
  });
});

describe('clearing events', () => {
  it('deletes the filtered events in the time range, then all of them', async () => {
    const device = await newDevice(server.store.db, ids.tenantId, `events-clear-${uuidv1()}`);
    const rec = recorder();
    for (let i = 1; i <= 4; i++) {
      clock = 4_000_000 + i * 1000;
      rec.error(ids.tenantId, asId(device), i % 2 === 0 ? 'even' : 'odd', 'e');
      rec.stats(ids.tenantId, asId(device), i, 0);
    }
    await rec.flush();
    const clear = (query: string, filter?: object) =>
      api.post(`/api/events/DEVICE/${device.id}/clear${query}`, filter, as('tenantAdmin'));

    expect(
      (await clear('?startTime=4002000&endTime=4003000', { eventType: 'ERROR', method: 'even' })).status,
    ).toBe(200);
    const errors = await list(`/api/events/DEVICE/${device.id}/ERROR?${PAGE}`);
    expect(errors.data.map((e) => e.createdTime)).toEqual([4_004_000, 4_003_000, 4_001_000]);
    expect((await list(`/api/events/DEVICE/${device.id}/STATS?${PAGE}`)).totalElements).toBe(4);

    expect((await clear('', { eventType: 'STATS' })).status).toBe(200);
    expect((await list(`/api/events/DEVICE/${device.id}?${PAGE}`)).totalElements).toBe(3);
    expect((await clear('')).status).toBe(200);
    expect((await list(`/api/events/DEVICE/${device.id}?${PAGE}`)).totalElements).toBe(0);
  });

  it('never clears events of entities the caller may not read', async () => {
    const device = await newDevice(server.store.db, ids.tenantId, `events-clear-guard-${uuidv1()}`);
    server.services.events.error(ids.tenantId, asId(device), 'm', 'e');
    await server.services.events.flush();
    const path = `/api/events/DEVICE/${device.id}/clear`;
    expectError(await api.post(path, undefined, as('otherTenantAdmin')), 403, 20);
    expectError(await api.post(path, undefined, as('customerUser')), 403, 20);
    expect((await list(`/api/events/DEVICE/${device.id}?${PAGE}`)).totalElements).toBe(1);
  });
});

describe('the latest debug input of a rule node', () => {
  it('answers the newest IN debug event body, nothing when there is none', async () => {
    expectError(await api.get(`/api/ruleNode/${uuidv1()}/debugIn`, as('tenantAdmin')), 404, 32);
    const root = await server.store.db
      .selectFrom('ruleNode')
      .innerJoin('ruleChain', 'ruleChain.id', 'ruleNode.ruleChainId')
      .select('ruleNode.id')
      .where('ruleChain.tenantId', '=', ids.tenantId)
      .where('ruleChain.root', '=', true)
      .executeTakeFirstOrThrow();
    const nodeId = root.id;
    const empty = await api.get(`/api/ruleNode/${nodeId}/debugIn`, as('tenantAdmin'));
    expect(empty.status).toBe(200);
    expect(empty.text).toBe('');

    const rec = recorder();
    const base = { tenantId: ids.tenantId, ruleChainId: uuidv1(), nodeId };
    clock = 5_000_000;
    rec.nodeDebug({ ...base, direction: 'IN', msg: message({ data: '{"n":1}' }) });
    clock = 5_001_000;
    rec.nodeDebug({ ...base, direction: 'IN', msg: message({ data: '{"n":2}', metadata: { a: 'b' } }) });
    clock = 5_002_000;
    rec.nodeDebug({ ...base, direction: 'OUT', msg: message({ data: '{"n":3}' }), relationType: 'Success' });
    await rec.flush();

    const latest = expectOk(
      await api.get<Record<string, unknown>>(`/api/ruleNode/${nodeId}/debugIn`, as('tenantAdmin')),
    );
    expect(latest).toMatchObject({
      type: 'IN',
      data: '{"n":2}',
      metadata: '{"a":"b"}',
      msgType: 'POST_TELEMETRY_REQUEST',
    });
    // Another tenant's administrator asking for the same node id finds no such node.
    expectError(await api.get(`/api/ruleNode/${nodeId}/debugIn`, as('otherTenantAdmin')), 404, 32);
    expectError(await api.get(`/api/ruleNode/${nodeId}/debugIn`, as('customerUser')), 403, 20);
  });
});

describe('debug event limits', () => {
  it('stores at most the rate limit of debug events per tenant and drops the rest', async () => {
    const nodeId = uuidv1();
    const rec = recorder({ debugRateLimit: '3:3600' });
    clock = 6_000_000;
    const base = { ruleChainId: uuidv1(), nodeId, direction: 'IN' as const };
    for (let i = 0; i < 5; i++) rec.nodeDebug({ ...base, tenantId: ids.tenantId, msg: message() });
    // Another tenant has its own budget; events that are not debug events are not limited.
    for (let i = 0; i < 2; i++) rec.nodeDebug({ ...base, tenantId: otherTenant.id, msg: message() });
    for (let i = 0; i < 5; i++) rec.error(ids.tenantId, { entityType: 'RULE_NODE', id: nodeId }, 'm', 'e');
    // After the period the budget is back.
    clock += 3_600_000;
    rec.nodeDebug({ ...base, tenantId: ids.tenantId, msg: message() });
    await rec.flush();

    const debug = await list(`/api/events/RULE_NODE/${nodeId}/DEBUG_RULE_NODE?${PAGE}`);
    expect(debug.totalElements).toBe(4);
    expect((await list(`/api/events/RULE_NODE/${nodeId}/ERROR?${PAGE}`)).totalElements).toBe(5);
    const other = await list(`/api/events/RULE_NODE/${nodeId}/DEBUG_RULE_NODE?${PAGE}`, 'otherTenantAdmin');
    expect(other.totalElements).toBe(2);
  });

  it('truncates long data and metadata to the maximum number of symbols', async () => {
    const nodeId = uuidv1();
    const rec = recorder({ debugMaxSymbols: 100 });
    const data = JSON.stringify({ text: 'x'.repeat(200) });
    const metadata = { long: 'y'.repeat(150) };
    rec.nodeDebug({
      tenantId: ids.tenantId,
      ruleChainId: uuidv1(),
      nodeId,
      direction: 'IN',
      msg: message({ data, metadata }),
    });
    await rec.flush();
    const [event] = (await list(`/api/events/RULE_NODE/${nodeId}/DEBUG_RULE_NODE?${PAGE}`)).data;
    const metadataText = JSON.stringify(metadata);
    expect(event?.body.data).toBe(`${data.slice(0, 100)}...[truncated ${data.length - 100} symbols]`);
    expect(event?.body.metadata).toBe(
      `${metadataText.slice(0, 100)}...[truncated ${metadataText.length - 100} symbols]`,
    );
  });

  it('records rule chain debug events under the chain', async () => {
    const ruleChainId = uuidv1();
    const rec = recorder();
    rec.chainDebug({ tenantId: ids.tenantId, ruleChainId, direction: 'IN', msg: message() });
    await rec.flush();
    const page = await list(`/api/events/RULE_CHAIN/${ruleChainId}/DEBUG_RULE_CHAIN?${PAGE}`);
    expect(page.data.map((e) => [e.entityId, e.body.type])).toEqual([
      [{ entityType: 'RULE_CHAIN', id: ruleChainId }, 'IN'],
    ]);
  });

  it('never fails the caller when the store refuses events', async () => {
    const warnings: string[] = [];
    const failing = new EventRecorder(
      { insert: () => Promise.reject(new Error('store down')) },
      {
        serviceId: 's',
        debugMaxSymbols: 0,
        debugRateLimit: '',
        flushIntervalMs: 5,
        batchSize: 2,
        maxPending: 3,
      },
      { warn: (_details, text) => warnings.push(text) },
    );
    const target = { entityType: 'DEVICE' as const, id: uuidv1() };
    expect(() => {
      for (let i = 0; i < 10; i++) failing.error(ids.tenantId, target, 'm', 'e');
    }).not.toThrow();
    await expect(failing.close()).resolves.toBeUndefined();
    expect(warnings).toContain('could not store entity events; they are lost');
  });
});

describe('who sees which events', () => {
  let customerDevice: EntityRef;
  let tenantDevice: EntityRef;

  beforeAll(async () => {
    const { db } = server.store;
    customerDevice = await newDevice(db, ids.tenantId, `events-access-a-${uuidv1()}`, {
      customerId: ids.customerAId,
    });
    tenantDevice = await newDevice(db, ids.tenantId, `events-access-t-${uuidv1()}`);
    const events = server.services.events;
    events.error(ids.tenantId, asId(customerDevice), 'm', 'customer device error');
    events.error(ids.tenantId, asId(tenantDevice), 'm', 'tenant device error');
    events.lifecycle(ids.tenantId, { entityType: 'TENANT', id: ids.tenantId }, 'STARTED');
    await events.flush();
  });

  const status = async (caller: Caller | 'anonymous', path: string) =>
    (await api.get(path, caller === 'anonymous' ? {} : as(caller))).status;

  it('lets the tenant administrator and the owning customer read a device events', async () => {
    const path = `/api/events/DEVICE/${customerDevice.id}/ERROR?${PAGE}`;
    expect((await list(path, 'tenantAdmin')).totalElements).toBe(1);
    expect((await list(path, 'customerUser')).totalElements).toBe(1);
    const filteredByCustomer = await api.post<PageDataJson<EventJson>>(
      `/api/events/DEVICE/${customerDevice.id}?${PAGE}`,
      { eventType: 'ERROR' },
      as('customerUser'),
    );
    expect(expectOk(filteredByCustomer).totalElements).toBe(1);
  });

  it('refuses other customers, other tenants, the system administrator and anonymous callers', async () => {
    const path = `/api/events/DEVICE/${customerDevice.id}/ERROR?${PAGE}`;
    expect(await status('anonymous', path)).toBe(401);
    expect(await status('otherCustomerUser', path)).toBe(403);
    expect(await status('otherTenantAdmin', path)).toBe(403);
    expect(await status('sysadmin', path)).toBe(403);
    expect(await status('customerUser', `/api/events/DEVICE/${tenantDevice.id}?${PAGE}`)).toBe(403);
    expect(await status('otherTenantAdmin', `/api/events/DEVICE/${tenantDevice.id}?${PAGE}`)).toBe(403);
    expect(await status('tenantAdmin', `/api/events/DEVICE/${uuidv1()}?${PAGE}`)).toBe(404);
  });

  it('keeps rule node and rule chain events to their tenant administrators', async () => {
    const nodeId = uuidv1();
    server.services.events.error(ids.tenantId, { entityType: 'RULE_NODE', id: nodeId }, 'm', 'e');
    await server.services.events.flush();
    const path = `/api/events/RULE_NODE/${nodeId}?${PAGE}`;
    expect((await list(path, 'tenantAdmin')).totalElements).toBe(1);
    expect((await list(path, 'otherTenantAdmin')).totalElements).toBe(0);
    expect(await status('customerUser', path)).toBe(403);
    expect(await status('sysadmin', path)).toBe(403);
  });

  it('lets the system administrator read a tenant events, within that tenant', async () => {
    const path = `/api/events/TENANT/${ids.tenantId}/LC_EVENT?${PAGE}`;
    expect((await list(path, 'sysadmin')).totalElements).toBe(1);
    expect((await list(`${path}&tenantId=${ids.tenantId}`, 'sysadmin')).totalElements).toBe(1);
    expect((await list(`${path}&tenantId=${otherTenant.id}`, 'sysadmin')).totalElements).toBe(0);
    expect((await list(path, 'tenantAdmin')).totalElements).toBe(1);
    expect(await status('otherTenantAdmin', path)).toBe(403);
  });
});

describe('deleting a tenant', () => {
  it("removes its events and keeps other tenants'", async () => {
    const doomed = await newTenant(server.store.db, 'Events Doomed Tenant');
    const rec = recorder();
    rec.error(doomed.id, { entityType: 'TENANT', id: doomed.id }, 'm', 'e');
    rec.error(otherTenant.id, { entityType: 'TENANT', id: otherTenant.id }, 'm', 'e');
    await rec.flush();
    expectOk(await api.delete(`/api/tenant/${doomed.id}`, as('sysadmin')));
    const left = async (tenantId: string) =>
      (await server.store.db.selectFrom('event').select('id').where('tenantId', '=', tenantId).execute())
        .length;
    expect(await left(doomed.id)).toBe(0);
    expect(await left(otherTenant.id)).toBeGreaterThan(0);
  });
});

describe('event TTL clean-up', () => {
  it('removes debug events past debug_events_ttl and others past events_ttl when set', async () => {
    const device = await newDevice(server.store.db, ids.tenantId, `events-ttl-${uuidv1()}`);
    const nodeId = uuidv1();
    const rec = recorder();
    const day = 86_400_000;
    const now = 100 * day;
    for (const age of [10, 3]) {
      clock = now - age * day;
      rec.nodeDebug({
        tenantId: ids.tenantId,
        ruleChainId: uuidv1(),
        nodeId,
        direction: 'IN',
        msg: message(),
      });
      rec.error(ids.tenantId, asId(device), 'm', `${age} days old`);
    }
    await rec.flush();
    const repo = new EventsRepo(server.store.db);
    const log = { info: () => {}, warn: () => {} };
    const settings = { enabled: true, intervalMs: day, eventsTtlSec: 0, debugEventsTtlSec: 7 * 86_400 };

    const keepOthers = await new EventsTtlCleanup(repo, settings, log, () => now).runOnce();
    expect(keepOthers.deletedDebugEvents).toBeGreaterThanOrEqual(1);
    expect(keepOthers.deletedOtherEvents).toBe(0);
    const debug = await list(`/api/events/RULE_NODE/${nodeId}/DEBUG_RULE_NODE?${PAGE}`);
    expect(debug.data.map((e) => e.createdTime)).toEqual([now - 3 * day]);
    expect((await list(`/api/events/DEVICE/${device.id}/ERROR?${PAGE}`)).totalElements).toBe(2);

    const withEventsTtl = { ...settings, eventsTtlSec: 5 * 86_400 };
    await new EventsTtlCleanup(repo, withEventsTtl, log, () => now).runOnce();
    const errors = await list(`/api/events/DEVICE/${device.id}/ERROR?${PAGE}`);
    expect(errors.data.map((e) => e.body.error)).toEqual(['3 days old']);
  });
});
