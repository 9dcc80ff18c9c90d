import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALARM_JSON_KEYS } from './alarm-json.js';
import { type EntityRef, newAsset, newDevice, newTenant, newUser } from './factories.js';
import {
  type ApiClient,
  DEMO,
  demoIds,
  type EntityIdJson,
  expectError,
  expectOk,
  type PageDataJson,
  startServer,
  type TestServer,
} from './helper.js';

/**
 * `POST /api/alarmsQuery/find` (reference §1.3 EntityQueryController, §3.4 AlarmDataQuery): the
 * alarms of the entities an entity query selects, with the page link's filters, sorting, paging,
 * text search, propagated alarms, the entities' latest values, and nothing of other tenants or
 * customers.
 */

interface AlarmDataJson {
  id: EntityIdJson;
  createdTime: number;
  type: string;
  severity: string;
  status: string;
  originator: EntityIdJson;
  originatorName: string | null;
  entityId: EntityIdJson;
  latest: Record<string, Record<string, { ts: number; value: string }>>;
}

let server: TestServer;
let api: ApiClient;
const tokens: Record<'tenant' | 'customer' | 'customerB' | 'otherTenant' | 'sysadmin', string> = {} as never;
/** D1 of Customer A, D2 of the tenant only, X an asset that Contains D1. */
const ent: Record<'D1' | 'D2' | 'X', EntityRef> = {} as never;
const names: Record<'D1' | 'D2' | 'X', string> = {} as never;
/** Alarm ids by label. */
const alarm: Record<string, string> = {};
let createdBetween: { afterFirst: number; beforeLast: number };

const as = (caller: keyof typeof tokens) => ({ token: tokens[caller] });

async function raise(label: string, originator: EntityRef, extra: Record<string, unknown> = {}) {
  const body = { type: 'Heat', originator, severity: 'MAJOR', status: 'ACTIVE_UNACK', ...extra };
  const saved = expectOk(await api.post<{ id: EntityIdJson }>('/api/alarm', body, as('tenant')));
  alarm[label] = saved.id.id;
  // Distinct creation times, so sorting and time filters have something to tell apart.
  await new Promise((resolve) => setTimeout(resolve, 5));
}

const devices = () => ({ type: 'entityList', entityType: 'DEVICE', entityList: [ent.D1.id, ent.D2.id] });

function query(pageLink: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    entityFilter: devices(),
    pageLink: { pageSize: 50, page: 0, ...pageLink },
    ...extra,
  };
}

const find = (body: unknown, caller: keyof typeof tokens = 'tenant') =>
  api.post<PageDataJson<AlarmDataJson>>('/api/alarmsQuery/find', body, as(caller));

async function findOk(body: unknown, caller: keyof typeof tokens = 'tenant') {
  return expectOk(await find(body, caller));
}

const labelsOf = (page: PageDataJson<AlarmDataJson>) =>
  page.data.map((entry) => Object.keys(alarm).find((label) => alarm[label] === entry.id.id) ?? entry.id.id);

beforeAll(async () => {
  server = await startServer();
  api = server.api;
  const ids = await demoIds(server.store);
  const { db } = server.store;
  const suffix = randomBytes(3).toString('hex');
  names.D1 = `AQ Device One ${suffix}`;
  names.D2 = `AQ Device Two ${suffix}`;
  names.X = `AQ Asset ${suffix}`;
  ent.D1 = await newDevice(db, ids.tenantId, names.D1, { customerId: ids.customerAId });
  ent.D2 = await newDevice(db, ids.tenantId, names.D2);
  ent.X = await newAsset(db, ids.tenantId, names.X);
  const otherTenant = await newTenant(db, 'AQ Other Tenant');
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
  expectOk(await api.post('/api/relation', { from: ent.X, to: ent.D1, type: 'Contains' }, as('tenant')));
  expectOk(
    await api.post(
      `/api/plugins/telemetry/DEVICE/${ent.D1.id}/timeseries/ANY`,
      { temperature: 21.5 },
      as('tenant'),
    ),
  );

  await raise('d1Heat', ent.D1, { severity: 'MINOR' });
  createdBetween = { afterFirst: Date.now(), beforeLast: 0 };
  await raise('d1Smoke', ent.D1, { type: 'Smoke', severity: 'CRITICAL', propagate: true });
  await raise('d2Heat', ent.D2, { severity: 'WARNING' });
  await raise('d2Door', ent.D2, { type: 'Door', severity: 'MAJOR' });
  createdBetween.beforeLast = Date.now();
  await raise('d2Power', ent.D2, { type: 'Power', severity: 'INDETERMINATE' });
  expectOk(await api.post(`/api/alarm/${alarm.d2Door}/ack`, undefined, as('tenant')));
  expectOk(await api.post(`/api/alarm/${alarm.d2Power}/clear`, undefined, as('tenant')));
});

afterAll(async () => {
  await server?.close();
});

describe('POST /api/alarmsQuery/find', () => {
  it('answers the alarms of the selected entities as AlarmData, in entity order by default', async () => {
    const page = await findOk(query());
    expect(page.totalElements).toBe(5);
    expect(page.totalPages).toBe(1);
    expect(page.hasNext).toBe(false);
    // Entities by creation time (D1 first), each one's alarms newest first.
    expect(labelsOf(page)).toEqual(['d1Smoke', 'd1Heat', 'd2Power', 'd2Door', 'd2Heat']);
    const first = page.data[0] as AlarmDataJson & Record<string, unknown>;
    expect(Object.keys(first)).toEqual([...ALARM_JSON_KEYS, 'originatorName', 'entityId', 'latest']);
    expect(first.entityId).toEqual(ent.D1);
    expect(first.originator).toEqual(ent.D1);
    expect(first.originatorName).toBe(names.D1);
    expect(first.latest).toEqual({});
  });

  it('carries the latest values and entity fields of the entity each alarm matched', async () => {
    const page = await findOk(
      query(
        {},
        {
          entityFields: [{ type: 'ENTITY_FIELD', key: 'name' }],
          latestValues: [{ type: 'TIME_SERIES', key: 'temperature' }],
        },
      ),
    );
    const d1 = page.data.find((entry) => entry.id.id === alarm.d1Heat);
    const d2 = page.data.find((entry) => entry.id.id === alarm.d2Heat);
    expect(d1?.latest.ENTITY_FIELD?.name?.value).toBe(names.D1);
    expect(d1?.latest.TIME_SERIES?.temperature?.value).toBe('21.5');
    expect(d1?.latest.TIME_SERIES?.temperature?.ts).toBeGreaterThan(0);
    expect(d2?.latest.ENTITY_FIELD?.name?.value).toBe(names.D2);
    expect(d2?.latest.TIME_SERIES?.temperature).toEqual({ ts: 0, value: '' });
  });

  it('filters by type, severity and status', async () => {
    expect(labelsOf(await findOk(query({ typeList: ['Heat'] })))).toEqual(['d1Heat', 'd2Heat']);
    expect(labelsOf(await findOk(query({ severityList: ['CRITICAL', 'WARNING'] })))).toEqual([
      'd1Smoke',
      'd2Heat',
    ]);
    expect(labelsOf(await findOk(query({ statusList: ['CLEARED'] })))).toEqual(['d2Power']);
    expect(labelsOf(await findOk(query({ statusList: ['ACK'] })))).toEqual(['d2Door']);
    expect(labelsOf(await findOk(query({ statusList: ['ACTIVE'] })))).toEqual([
      'd1Smoke',
      'd1Heat',
      'd2Door',
      'd2Heat',
    ]);
    expect(labelsOf(await findOk(query({ statusList: ['UNACK'], typeList: ['Heat', 'Power'] })))).toEqual([
      'd1Heat',
      'd2Power',
      'd2Heat',
    ]);
    expect((await findOk(query({ statusList: ['ANY'] }))).totalElements).toBe(5);
  });

  it('filters by creation time, or by a time window back from now', async () => {
    const between = await findOk(
      query({ startTs: createdBetween.afterFirst, endTs: createdBetween.beforeLast }),
    );
    expect(labelsOf(between)).toEqual(['d1Smoke', 'd2Door', 'd2Heat']);
    expect((await findOk(query({ timeWindow: 60_000 }))).totalElements).toBe(5);
    // The window ends now: after a pause, a short one holds none of the alarms.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect((await findOk(query({ timeWindow: 20 }))).totalElements).toBe(0);
    // timeWindow wins over startTs/endTs.
    const windowed = query({ timeWindow: 60_000, startTs: 1, endTs: createdBetween.afterFirst });
    expect((await findOk(windowed)).totalElements).toBe(5);
  });

  it('finds propagated alarms on the entities they propagate to only when asked', async () => {
    const asset = { type: 'singleEntity', singleEntity: ent.X };
    const without = await findOk({ entityFilter: asset, pageLink: { pageSize: 10, page: 0 } });
    expect(without.totalElements).toBe(0);
    const propagated = await findOk({
      entityFilter: asset,
      pageLink: { pageSize: 10, page: 0, searchPropagatedAlarms: true },
    });
    expect(labelsOf(propagated)).toEqual(['d1Smoke']);
    expect(propagated.data[0]?.entityId).toEqual(ent.X);
    expect(propagated.data[0]?.originator).toEqual(ent.D1);
    // Originators' own alarms are linked to them too.
    expect((await findOk(query({ searchPropagatedAlarms: true }))).totalElements).toBe(5);
  });

  it('sorts by alarm fields (severity by rank) and by entity keys', async () => {
    const severity = (direction: string) =>
      query({ sortOrder: { key: { type: 'ALARM_FIELD', key: 'severity' }, direction } });
    expect(labelsOf(await findOk(severity('ASC')))).toEqual([
      'd1Smoke',
      'd2Door',
      'd1Heat',
      'd2Heat',
      'd2Power',
    ]);
    expect(labelsOf(await findOk(severity('DESC')))).toEqual([
      'd2Power',
      'd2Heat',
      'd1Heat',
      'd2Door',
      'd1Smoke',
    ]);
    const created = await findOk(
      query({ sortOrder: { key: { type: 'ALARM_FIELD', key: 'createdTime' }, direction: 'ASC' } }),
    );
    expect(labelsOf(created)).toEqual(['d1Heat', 'd1Smoke', 'd2Heat', 'd2Door', 'd2Power']);
    const type = await findOk(
      query({ sortOrder: { key: { type: 'ALARM_FIELD', key: 'type' }, direction: 'ASC' } }),
    );
    expect(type.data.map((entry) => entry.type)).toEqual(['Door', 'Heat', 'Heat', 'Power', 'Smoke']);
    // By the entity's name descending: D2's alarms ("Two") before D1's ("One").
    const byName = await findOk(
      query({ sortOrder: { key: { type: 'ENTITY_FIELD', key: 'name' }, direction: 'DESC' } }),
    );
    expect(labelsOf(byName)).toEqual(['d2Power', 'd2Door', 'd2Heat', 'd1Smoke', 'd1Heat']);
  });

  it('pages', async () => {
    const sort = { key: { type: 'ALARM_FIELD', key: 'createdTime' }, direction: 'ASC' };
    const second = await findOk(query({ pageSize: 2, page: 1, sortOrder: sort }));
    expect(labelsOf(second)).toEqual(['d2Heat', 'd2Door']);
    expect(second).toMatchObject({ totalElements: 5, totalPages: 3, hasNext: true });
    const last = await findOk(query({ pageSize: 2, page: 2, sortOrder: sort }));
    expect(labelsOf(last)).toEqual(['d2Power']);
    expect(last.hasNext).toBe(false);
  });

  it('searches text in the alarm fields the query names', async () => {
    const fields = { alarmFields: [{ type: 'ALARM_FIELD', key: 'type' }] };
    expect(labelsOf(await findOk(query({ textSearch: 'OKE' }, fields)))).toEqual(['d1Smoke']);
    const byOriginator = await findOk(
      query({ textSearch: 'device two' }, { alarmFields: [{ type: 'ALARM_FIELD', key: 'originator' }] }),
    );
    expect(byOriginator.totalElements).toBe(3);
    // Without alarm fields there is nothing to search in: the text is ignored, as in the reference.
    expect((await findOk(query({ textSearch: 'zzz' }))).totalElements).toBe(5);
  });

  it('gives customers only their own entities’ alarms, other tenants nothing', async () => {
    expect(labelsOf(await findOk(query(), 'customer'))).toEqual(['d1Smoke', 'd1Heat']);
    expect((await findOk(query(), 'customerB')).totalElements).toBe(0);
    const foreign = await findOk(query({ searchPropagatedAlarms: true }), 'otherTenant');
    expect(foreign).toEqual({ data: [], totalPages: 0, totalElements: 0, hasNext: false });
    expectError(await find(query(), 'sysadmin'), 403, 20);
  });

  it('refuses bad queries naming the field', async () => {
    expectError(await find(query({ statusList: ['SOMETIMES'] })), 400, 31, /pageLink\.statusList\[0\]/);
    expectError(await find(query({ severityList: ['HUGE'] })), 400, 31, /pageLink\.severityList\[0\]/);
    expectError(
      await find(query({ sortOrder: { key: { type: 'ALARM_FIELD', key: 'nope' }, direction: 'ASC' } })),
      400,
      31,
      /nope/,
    );
    expectError(await find({ entityFilter: devices() }), 400, 31, /pageLink/);
    expectError(await find({ pageLink: { pageSize: 10, page: 0 } }), 400, 31, /entityFilter/);
  });
});
