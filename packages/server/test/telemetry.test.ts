import { randomBytes } from 'node:crypto';
import type { EntityId, EntityType } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelemetryChange } from '../src/telemetry/service.js';
import { newCustomer, newDashboard, newTenant, newUser, type UserRef } from './factories.js';
import {
  type ApiClient,
  type ApiResponse,
  DEMO,
  type DemoIds,
  demoIds,
  type ErrorBody,
  expectError,
  expectOk,
  startServer,
  type TestServer,
} from './helper.js';

/**
 * The telemetry API (reference §1.3 TelemetryController, §1.4): attributes and time series of
 * devices, assets, entity views, customers, tenants, users and dashboards, over the real server.
 */

let server: TestServer;
let api: ApiClient;
let ids: DemoIds;
const token: Record<'sysadmin' | 'tenant' | 'customer' | 'otherTenant' | 'customerB', string> = {
  sysadmin: '',
  tenant: '',
  customer: '',
  otherTenant: '',
  customerB: '',
};
let otherTenantAdmin: UserRef;

const suffix = () => randomBytes(4).toString('hex');

/** A device straight into the store: of the Demo Tenant, of Customer A when asked. */
async function newDevice(customerId: string | null = null, tenantId = ids.tenantId): Promise<string> {
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
      name: `Telemetry device ${suffix()}`,
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

async function newAsset(customerId: string | null = null): Promise<string> {
  const id = uuidv1();
  await server.store.db
    .insertInto('asset')
    .values({
      id,
      createdTime: Date.now(),
      tenantId: ids.tenantId,
      customerId,
      name: `Telemetry asset ${suffix()}`,
      type: 'building',
      label: null,
      additionalInfo: '{}',
    })
    .execute();
  return id;
}

async function newEntityView(
  deviceId: string,
  customerId: string | null,
  window: { timeseries?: string[]; startTs?: number; endTs?: number } = {},
): Promise<string> {
  const id = uuidv1();
  await server.store.db
    .insertInto('entityView')
    .values({
      id,
      createdTime: Date.now(),
      tenantId: ids.tenantId,
      customerId,
      entityId: deviceId,
      entityType: 'DEVICE',
      name: `Telemetry view ${suffix()}`,
      type: 'view',
      keys: JSON.stringify({ timeseries: window.timeseries ?? [], attributes: { cs: [], ss: [], sh: [] } }),
      startTs: window.startTs ?? 0,
      endTs: window.endTs ?? 0,
      additionalInfo: '{}',
    })
    .execute();
  return id;
}

const base = (entityType: string, id: string) => `/api/plugins/telemetry/${entityType}/${id}`;
const dev = (id: string) => base('DEVICE', id);

/** POSTs raw JSON text (so numbers keep the spelling the test chooses). */
const postText = (path: string, text: string, as = token.tenant) =>
  api.request('POST', path, { token: as, raw: text, contentType: 'application/json' });
const postJson = (path: string, json: unknown, as = token.tenant) => api.post(path, json, { token: as });
const get = <T = unknown>(path: string, as = token.tenant) => api.get<T>(path, { token: as });
const del = (path: string, as = token.tenant) => api.delete(path, { token: as });

type Series = Record<string, { ts: number; value: unknown }[]>;
interface Attribute {
  lastUpdateTs: number;
  key: string;
  value: unknown;
}

/** Asserts an empty 200, the answer of every telemetry write. */
function expectEmptyOk(res: ApiResponse) {
  expect(res.status, res.text).toBe(200);
  expect(res.text).toBe('');
}

const T = 1_600_000_000_000;

beforeAll(async () => {
  server = await startServer();
  api = server.api;
  ids = await demoIds(server.store);
  const { db } = server.store;
  const otherTenant = await newTenant(db, 'Other Tenant');
  otherTenantAdmin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: otherTenant.id });
  const customerBUser = await newUser(db, {
    authority: 'CUSTOMER_USER',
    tenantId: ids.tenantId,
    customerId: ids.customerBId,
  });
  token.sysadmin = (await api.login(DEMO.sysadmin.email, DEMO.sysadmin.password)).token;
  token.tenant = (await api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
  token.customer = (await api.login(DEMO.customer.email, DEMO.customer.password)).token;
  token.otherTenant = (await api.login(otherTenantAdmin.email, otherTenantAdmin.password)).token;
  token.customerB = (await api.login(customerBUser.email, customerBUser.password)).token;
});

afterAll(async () => {
  await server?.close();
});

describe('saving time series and reading latest values', () => {
  it('stores an object of values stamped now and answers latest values as strings', async () => {
    const device = await newDevice();
    const before = Date.now();
    expectEmptyOk(
      await postText(
        `${dev(device)}/timeseries/ANY`,
        '{"temperature": 21.5, "humidity": 40, "active": true, "room": "hall", "cfg": {"b": 1, "a": [2.0]}, "whole": 25.0}',
      ),
    );
    const after = Date.now();
    expect(expectOk(await get(`${dev(device)}/keys/timeseries`))).toEqual([
      'active',
      'cfg',
      'humidity',
      'room',
      'temperature',
      'whole',
    ]);
    const latest = expectOk(
      await get<Series>(`${dev(device)}/values/timeseries?keys=temperature,humidity,whole`),
    );
    expect(Object.keys(latest)).toEqual(['temperature', 'humidity', 'whole']);
    expect(latest.temperature).toEqual([{ ts: expect.any(Number), value: '21.5' }]);
    expect(latest.humidity?.[0]?.value).toBe('40');
    expect(latest.whole?.[0]?.value).toBe('25.0');
    const ts = latest.temperature?.[0]?.ts ?? 0;
    expect(ts).toBeGreaterThanOrEqual(before);
    expect(ts).toBeLessThanOrEqual(after);

    const all = expectOk(await get<Series>(`${dev(device)}/values/timeseries`));
    expect(Object.keys(all).sort()).toEqual(['active', 'cfg', 'humidity', 'room', 'temperature', 'whole']);
    expect(all.active?.[0]?.value).toBe('true');
    expect(all.room?.[0]?.value).toBe('hall');
    expect(all.cfg?.[0]?.value).toBe('{"b":1,"a":[2.0]}');
  });

  it('keeps value types with useStrictDataTypes, doubles printed like the reference', async () => {
    const device = await newDevice();
    await postText(
      `${dev(device)}/timeseries/ANY`,
      '{"t": 21.5, "w": 25.0, "n": 40, "b": false, "s": "x", "j": {"k": [1]}}',
    );
    const res = await get<Series>(
      `${dev(device)}/values/timeseries?keys=t,w,n,b,s,j&useStrictDataTypes=true`,
    );
    const body = expectOk(res);
    expect(Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v[0]?.value]))).toEqual({
      t: 21.5,
      w: 25,
      n: 40,
      b: false,
      s: 'x',
      j: { k: [1] },
    });
    expect(res.text).toContain('"value":25.0}');
  });

  it('keeps every bit of a 64-bit long, and stores integers beyond 64 bits as strings', async () => {
    const device = await newDevice();
    await postText(
      `${dev(device)}/timeseries/ANY`,
      '{"max": 9223372036854775807, "min": -9223372036854775808, "beyond": 9223372036854775808}',
    );
    const strict = await get(`${dev(device)}/values/timeseries?keys=max,min,beyond&useStrictDataTypes=true`);
    expect(strict.text).toMatch(/"max":\[\{"ts":\d+,"value":9223372036854775807\}\]/);
    expect(strict.text).toMatch(/"min":\[\{"ts":\d+,"value":-9223372036854775808\}\]/);
    expect(strict.text).toMatch(/"beyond":\[\{"ts":\d+,"value":"9223372036854775808"\}\]/);
    const text = await get(`${dev(device)}/values/timeseries?keys=max`);
    expect(text.text).toMatch(/"value":"9223372036854775807"/);
  });

  it('turns numeric strings into numbers, as the device parser does', async () => {
    const device = await newDevice();
    await postJson(`${dev(device)}/timeseries/ANY`, { n: '42', d: '4.5', s: '4.5.6' });
    const body = expectOk(
      await get<Series>(`${dev(device)}/values/timeseries?keys=n,d,s&useStrictDataTypes=true`),
    );
    expect([body.n?.[0]?.value, body.d?.[0]?.value, body.s?.[0]?.value]).toEqual([42, 4.5, '4.5.6']);
  });

  it('answers a key without a value with a null value stamped now', async () => {
    const device = await newDevice();
    const before = Date.now();
    const body = expectOk(await get<Series>(`${dev(device)}/values/timeseries?keys=nothing`));
    expect(body).toEqual({ nothing: [{ ts: expect.any(Number), value: null }] });
    expect(body.nothing?.[0]?.ts).toBeGreaterThanOrEqual(before);
    expect(expectOk(await get(`${dev(device)}/values/timeseries`))).toEqual({});
    expect(expectOk(await get(`${dev(device)}/keys/timeseries`))).toEqual([]);
  });

  it('reads {ts, values} and arrays of them, with the ttl route too', async () => {
    const device = await newDevice();
    expectEmptyOk(
      await postJson(`${dev(device)}/timeseries/ANY`, [
        { ts: T + 1000, values: { a: 1 } },
        { ts: T + 2000, values: { a: 2, b: 'x' } },
      ]),
    );
    expectEmptyOk(await postJson(`${dev(device)}/timeseries/ANY/3600`, { ts: T + 3000, values: { a: 3 } }));
    const history = expectOk(
      await get<Series>(`${dev(device)}/values/timeseries?keys=a,b&startTs=${T}&endTs=${T + 5000}`),
    );
    expect(history).toEqual({
      a: [
        { ts: T + 3000, value: '3' },
        { ts: T + 2000, value: '2' },
        { ts: T + 1000, value: '1' },
      ],
      b: [{ ts: T + 2000, value: 'x' }],
    });
  });

  it('moves the latest value only forward: an older point never replaces it, an equal one does', async () => {
    const device = await newDevice();
    await postJson(`${dev(device)}/timeseries/ANY`, { ts: T + 2000, values: { v: 2 } });
    await postJson(`${dev(device)}/timeseries/ANY`, { ts: T + 1000, values: { v: 1 } });
    expect(expectOk(await get(`${dev(device)}/values/timeseries?keys=v`))).toEqual({
      v: [{ ts: T + 2000, value: '2' }],
    });
    await postJson(`${dev(device)}/timeseries/ANY`, { ts: T + 2000, values: { v: 'two' } });
    expect(expectOk(await get(`${dev(device)}/values/timeseries?keys=v`))).toEqual({
      v: [{ ts: T + 2000, value: 'two' }],
    });
    // Within one request too: the newest point of a batch becomes the latest value.
    await postJson(`${dev(device)}/timeseries/ANY`, [
      { ts: T + 4000, values: { v: 4 } },
      { ts: T + 3000, values: { v: 3 } },
    ]);
    expect(expectOk(await get(`${dev(device)}/values/timeseries?keys=v`))).toEqual({
      v: [{ ts: T + 4000, value: '4' }],
    });
    const history = expectOk(
      await get<Series>(`${dev(device)}/values/timeseries?keys=v&startTs=${T}&endTs=${T + 5000}&orderBy=ASC`),
    );
    expect(history.v?.map((p) => p.value)).toEqual(['1', 'two', '3', '4']);
  });

  it('refuses bad payloads with 400 naming the problem', async () => {
    const device = await newDevice();
    const path = `${dev(device)}/timeseries/ANY`;
    expectError(
      await postText(path, '{"a": '),
      400,
      31,
      /^Unable to parse timeseries payload: Invalid JSON body!/,
    );
    expectError(await postText(path, '   '), 400, 31, /empty body/);
    expectError(await postJson(path, {}), 400, 31, 'No timeseries data found in request body!');
    expectError(await postJson(path, []), 400, 31, 'No timeseries data found in request body!');
    expectError(await postJson(path, { a: null }), 400, 31, "Value of 'a' is null");
    expectError(await postJson(path, { '  ': 1 }), 400, 31, 'Key cannot be empty or contains only spaces');
    expectError(await postJson(path, { ['k'.repeat(256)]: 1 }), 400, 31, /longer than 255 characters/);
    expectError(await postJson(path, [1, 2]), 400, 31, 'Expected a JSON object of values');
    expectError(
      await postJson(path, { ts: 'yesterday', values: { a: 1 } }),
      400,
      31,
      "'ts' must be a whole number of milliseconds",
    );
    expectError(await postJson(`${path}/-5`, { a: 1 }), 400, 31, /path parameter 'ttl'/);
    expect(expectOk(await get(`${dev(device)}/keys/timeseries`))).toEqual([]);
  });
});

describe('time-series history', () => {
  let device: string;

  beforeAll(async () => {
    device = await newDevice();
    // v: longs and a double in bucket 0, longs in bucket 1, a string in bucket 2.
    await postJson(`${dev(device)}/timeseries/ANY`, [
      { ts: T, values: { v: 10 } },
      { ts: T + 100, values: { v: 20 } },
      { ts: T + 999, values: { v: 3.5 } },
      { ts: T + 1000, values: { v: 7 } },
      { ts: T + 1500, values: { v: 8 } },
      { ts: T + 2500, values: { v: 'x' } },
    ]);
    await postJson(
      `${dev(device)}/timeseries/ANY`,
      Array.from({ length: 120 }, (_, i) => ({ ts: T + 10_000 + i, values: { many: i } })),
    );
  });

  const history = (query: string) =>
    get<Series>(`${dev(device)}/values/timeseries?keys=v&startTs=${T}&endTs=${T + 3000}&${query}`);

  it('returns raw points newest first by default, limited to 100', async () => {
    const body = expectOk(await history(''));
    expect(body.v?.map((p) => [p.ts - T, p.value])).toEqual([
      [2500, 'x'],
      [1500, '8'],
      [1000, '7'],
      [999, '3.5'],
      [100, '20'],
      [0, '10'],
    ]);
    const many = expectOk(
      await get<Series>(`${dev(device)}/values/timeseries?keys=many&startTs=${T}&endTs=${T + 20_000}`),
    );
    expect(many.many).toHaveLength(100);
    expect(many.many?.[0]).toEqual({ ts: T + 10_119, value: '119' });
  });

  it('honours limit and orderBy, and the window is start-inclusive, end-exclusive', async () => {
    expect(expectOk(await history('limit=2&orderBy=ASC')).v?.map((p) => p.value)).toEqual(['10', '20']);
    expect(expectOk(await history('orderBy=asc&limit=1')).v?.map((p) => p.value)).toEqual(['10']);
    const window = expectOk(
      await get<Series>(`${dev(device)}/values/timeseries?keys=v&startTs=${T + 100}&endTs=${T + 1000}`),
    );
    expect(window.v?.map((p) => p.value)).toEqual(['3.5', '20']);
  });

  it('leaves out keys without points in the window', async () => {
    const body = expectOk(
      await get<Series>(`${dev(device)}/values/timeseries?keys=v,nothing&startTs=${T - 5000}&endTs=${T - 1}`),
    );
    expect(body).toEqual({});
  });

  it('AVG: one double per bucket at its midpoint, buckets without numbers omitted', async () => {
    const body = expectOk(await history('agg=AVG&interval=1000&useStrictDataTypes=true'));
    expect(body).toEqual({
      v: [
        { ts: T + 500, value: 33.5 / 3 },
        { ts: T + 1500, value: 7.5 },
      ],
    });
    expect(expectOk(await history('agg=AVG&interval=1000')).v?.map((p) => p.value)).toEqual([
      String(33.5 / 3),
      '7.5',
    ]);
  });

  it('SUM: a long while every value is a long, else a double', async () => {
    const res = await history('agg=SUM&interval=1000&useStrictDataTypes=true');
    expect(expectOk(res)).toEqual({
      v: [
        { ts: T + 500, value: 33.5 },
        { ts: T + 1500, value: 15 },
      ],
    });
    expect(res.text).toContain('"value":15}');
  });

  it('MIN and MAX: doubles when a double is in the bucket', async () => {
    expect(expectOk(await history('agg=MIN&interval=1000&useStrictDataTypes=true')).v).toEqual([
      { ts: T + 500, value: 3.5 },
      { ts: T + 1500, value: 7 },
    ]);
    const max = await history('agg=MAX&interval=1000');
    expect(expectOk(max).v).toEqual([
      { ts: T + 500, value: '20.0' },
      { ts: T + 1500, value: '8' },
    ]);
  });

  it('COUNT: every bucket with points, the last bucket cut at endTs', async () => {
    expect(expectOk(await history('agg=COUNT&interval=1000')).v).toEqual([
      { ts: T + 500, value: '3' },
      { ts: T + 1500, value: '2' },
      { ts: T + 2500, value: '1' },
    ]);
    const cut = expectOk(
      await get<Series>(
        `${dev(device)}/values/timeseries?keys=v&startTs=${T}&endTs=${T + 2600}&agg=COUNT&interval=1000`,
      ),
    );
    expect(cut.v?.at(-1)).toEqual({ ts: T + 2300, value: '1' });
    // One bucket holding a string: COUNT counts the strings only, as the reference does.
    const whole = expectOk(await history('agg=COUNT&interval=86400000&useStrictDataTypes=true'));
    expect(whole.v).toEqual([{ ts: T + 1500, value: 1 }]);
  });

  it('interval=0 means no aggregation whatever agg says', async () => {
    expect(expectOk(await history('agg=AVG&interval=0&limit=2')).v?.map((p) => p.value)).toEqual(['x', '8']);
  });

  it('refuses bad parameters with 400 naming them', async () => {
    expectError(
      await history('agg=avg&interval=1000'),
      400,
      31,
      /query parameter 'agg' must be one of MIN, MAX/,
    );
    expectError(await history('agg=MEDIAN'), 400, 31, /'agg'.*'MEDIAN'/);
    expectError(await history('orderBy=UP'), 400, 31, /query parameter 'orderBy' must be ASC or DESC/);
    expectError(await history('limit=0'), 400, 31, /query parameter 'limit'/);
    expectError(await history('interval=-1'), 400, 31, /query parameter 'interval'/);
    expectError(await history('useStrictDataTypes=maybe'), 400, 31, /query parameter 'useStrictDataTypes'/);
    expectError(
      await get(`${dev(device)}/values/timeseries?keys=v&startTs=yesterday&endTs=${T}`),
      400,
      31,
      /query parameter 'startTs'/,
    );
    expectError(
      await get(`${dev(device)}/values/timeseries?keys=,&startTs=${T}&endTs=${T + 1}`),
      400,
      31,
      /query parameter 'keys'/,
    );
    expectError(
      await get(`${dev(device)}/values/timeseries?keys=v&startTs=0&endTs=${T}&agg=AVG&interval=1000`),
      400,
      31,
      /Number of intervals is to high/,
    );
    expectError(
      await get(
        `${dev(device)}/values/timeseries?keys=v&startTs=${T}&endTs=${T - 5000}&agg=AVG&interval=1000`,
      ),
      400,
      31,
      /Number of intervals is to high - -5\./,
    );
  });
});

describe('deleting time series', () => {
  async function seeded(): Promise<string> {
    const device = await newDevice();
    await postJson(`${dev(device)}/timeseries/ANY`, [
      { ts: T + 1000, values: { k: 1, other: 1 } },
      { ts: T + 2000, values: { k: 2 } },
      { ts: T + 3000, values: { k: 3 } },
    ]);
    return device;
  }
  const points = async (device: string, key = 'k') =>
    (
      expectOk(
        await get<Series>(
          `${dev(device)}/values/timeseries?keys=${key}&startTs=0&endTs=${T + 10_000}&orderBy=ASC`,
        ),
      )[key] ?? []
    ).map((p) => p.value);
  const latest = async (device: string) =>
    expectOk(await get<Series>(`${dev(device)}/values/timeseries?keys=k`)).k?.[0];

  it('deletes a range; a deleted latest value is removed', async () => {
    const device = await seeded();
    expectEmptyOk(await del(`${dev(device)}/timeseries/delete?keys=k&startTs=${T + 2500}&endTs=${T + 3500}`));
    expect(await points(device)).toEqual(['1', '2']);
    expect((await latest(device))?.value).toBeNull();
    expect(expectOk(await get(`${dev(device)}/keys/timeseries`))).toEqual(['other']);
  });

  it('rewrites the latest value from the newest remaining point when asked', async () => {
    const device = await seeded();
    expectEmptyOk(
      await del(
        `${dev(device)}/timeseries/delete?keys=k&startTs=${T + 2500}&endTs=${T + 3500}&rewriteLatestIfDeleted=true`,
      ),
    );
    expect(await latest(device)).toEqual({ ts: T + 2000, value: '2' });
  });

  it('keeps the latest value when it is outside the deleted range', async () => {
    const device = await seeded();
    expectEmptyOk(await del(`${dev(device)}/timeseries/delete?keys=k&startTs=${T}&endTs=${T + 2000}`));
    expect(await points(device)).toEqual(['2', '3']);
    expect(await latest(device)).toEqual({ ts: T + 3000, value: '3' });
  });

  it('deletes all data of the keys, and only of those keys', async () => {
    const device = await seeded();
    expectEmptyOk(await del(`${dev(device)}/timeseries/delete?keys=k&deleteAllDataForKeys=true`));
    expect(await points(device)).toEqual([]);
    expect(await points(device, 'other')).toEqual(['1']);
    expect(expectOk(await get(`${dev(device)}/keys/timeseries`))).toEqual(['other']);
  });

  it('refuses a delete without keys or, unless deleting all, without both timestamps', async () => {
    const device = await seeded();
    expectError(await del(`${dev(device)}/timeseries/delete?deleteAllDataForKeys=true`), 400, 31, /'keys'/);
    expectError(
      await del(`${dev(device)}/timeseries/delete?keys=k&startTs=${T}`),
      400,
      31,
      "When deleteAllDataForKeys is false, start and end timestamp values shouldn't be empty",
    );
    expect(await points(device)).toEqual(['1', '2', '3']);
  });
});

describe('attributes', () => {
  it('saves typed values in a scope and reads them back with lastUpdateTs', async () => {
    const device = await newDevice();
    const before = Date.now();
    expectEmptyOk(
      await postText(
        `${dev(device)}/attributes/SERVER_SCOPE`,
        '{"a": 1, "b": "42", "c": 2.5, "d": true, "e": {"n": [1, 2.0]}, "f": null, "g": 3.0, "h": 9223372036854775807}',
      ),
    );
    const res = await get<Attribute[]>(`${dev(device)}/values/attributes/SERVER_SCOPE`);
    const body = expectOk(res);
    expect(body.map((a) => a.key)).toEqual(['a', 'b', 'c', 'd', 'e', 'g', 'h']);
    expect(Object.fromEntries(body.map((a) => [a.key, a.value]))).toMatchObject({
      a: 1,
      b: '42',
      c: 2.5,
      d: true,
      e: { n: [1, 2] },
      g: 3,
    });
    expect(res.text).toContain('"key":"g","value":3.0}');
    expect(res.text).toContain('"key":"h","value":9223372036854775807}');
    expect(res.text).toContain('"key":"e","value":{"n":[1,2.0]}}');
    for (const attribute of body) {
      expect(Object.keys(attribute)).toEqual(['lastUpdateTs', 'key', 'value']);
      expect(attribute.lastUpdateTs).toBeGreaterThanOrEqual(before);
    }
    const some = expectOk(
      await get<Attribute[]>(`${dev(device)}/values/attributes/SERVER_SCOPE?keys=c,a,zz`),
    );
    expect(some.map((a) => a.key)).toEqual(['a', 'c']);
  });

  it('overwrites a value and its lastUpdateTs', async () => {
    const device = await newDevice();
    await postJson(`${dev(device)}/attributes/SERVER_SCOPE`, { a: 1 });
    const first = expectOk(await get<Attribute[]>(`${dev(device)}/values/attributes/SERVER_SCOPE`))[0];
    await new Promise((resolve) => setTimeout(resolve, 5));
    await postJson(`${dev(device)}/attributes/SERVER_SCOPE`, { a: 'one' });
    const second = expectOk(await get<Attribute[]>(`${dev(device)}/values/attributes/SERVER_SCOPE`));
    expect(second).toHaveLength(1);
    expect(second[0]?.value).toBe('one');
    expect(second[0]?.lastUpdateTs).toBeGreaterThan(first?.lastUpdateTs ?? Number.MAX_VALUE);
  });

  it('accepts the legacy device route and the v1 entity route', async () => {
    const device = await newDevice();
    expectEmptyOk(await postJson(`/api/plugins/telemetry/${device}/SHARED_SCOPE`, { legacy: 1 }));
    expectEmptyOk(await postJson(`${dev(device)}/SERVER_SCOPE`, { v1: 2 }));
    expect(expectOk(await get(`${dev(device)}/keys/attributes/SHARED_SCOPE`))).toEqual(['legacy']);
    expect(expectOk(await get(`${dev(device)}/keys/attributes/SERVER_SCOPE`))).toEqual(['v1']);
  });

  it('merges the scopes when none is given, client scope first', async () => {
    const device = await newDevice();
    await server.services.telemetry.saveAttributes({ entityType: 'DEVICE', id: device }, 'CLIENT_SCOPE', [
      { key: 'fw', value: { type: 'STRING', value: '1.0' } },
      { key: 'same', value: { type: 'LONG', value: 1n } },
    ]);
    await postJson(`${dev(device)}/attributes/SERVER_SCOPE`, { active: true, same: 2 });
    await postJson(`${dev(device)}/attributes/SHARED_SCOPE`, { target: 21 });
    expect(expectOk(await get(`${dev(device)}/keys/attributes`))).toEqual(['fw', 'same', 'active', 'target']);
    expect(expectOk(await get(`${dev(device)}/keys/attributes/CLIENT_SCOPE`))).toEqual(['fw', 'same']);
    const all = expectOk(await get<Attribute[]>(`${dev(device)}/values/attributes`));
    expect(all.map((a) => [a.key, a.value])).toEqual([
      ['fw', '1.0'],
      ['same', 1],
      ['active', true],
      ['same', 2],
      ['target', 21],
    ]);
    const some = expectOk(await get<Attribute[]>(`${dev(device)}/values/attributes?keys=target,fw`));
    expect(some.map((a) => a.key)).toEqual(['fw', 'target']);
  });

  it('deletes keys of a scope, client scope included for devices', async () => {
    const device = await newDevice();
    await server.services.telemetry.saveAttributes({ entityType: 'DEVICE', id: device }, 'CLIENT_SCOPE', [
      { key: 'fw', value: { type: 'STRING', value: '1.0' } },
    ]);
    await postJson(`${dev(device)}/attributes/SERVER_SCOPE`, { a: 1, b: 2, c: 3 });
    await postJson(`${dev(device)}/attributes/SHARED_SCOPE`, { a: 1 });
    expectEmptyOk(await del(`${dev(device)}/SERVER_SCOPE?keys=a,b`));
    expectEmptyOk(await del(`/api/plugins/telemetry/${device}/CLIENT_SCOPE?keys=fw`));
    const left = expectOk(await get<Attribute[]>(`${dev(device)}/values/attributes`));
    expect(left.map((a) => a.key)).toEqual(['c', 'a']);
    expectError(await del(`${dev(device)}/SERVER_SCOPE`), 400, 31, /'keys'/);
    expectError(await del(`${dev(device)}/SERVER_SCOPE?keys=`), 400, 31, /'keys'/);
    expectError(
      await del(`${dev(device)}/OTHER_SCOPE?keys=c`),
      400,
      31,
      'Invalid attribute scope: OTHER_SCOPE',
    );
  });

  it('refuses scopes the REST API may not write, and shared attributes of non-devices', async () => {
    const device = await newDevice();
    const asset = await newAsset();
    expectError(
      await postJson(`${dev(device)}/attributes/CLIENT_SCOPE`, { a: 1 }),
      400,
      31,
      'Invalid scope: CLIENT_SCOPE',
    );
    expectError(await postJson(`${dev(device)}/attributes/ANY`, { a: 1 }), 400, 31, 'Invalid scope: ANY');
    expectError(
      await postJson(`${dev(device)}/CLIENT_SCOPE`, { a: 1 }),
      400,
      31,
      'Invalid scope: CLIENT_SCOPE',
    );
    expectError(
      await postJson(`${base('ASSET', asset)}/attributes/SHARED_SCOPE`, { a: 1 }),
      400,
      31,
      /^Invalid scope: SHARED_SCOPE/,
    );
    expectError(
      await del(`${base('ASSET', asset)}/CLIENT_SCOPE?keys=a`),
      400,
      31,
      /^Invalid attribute scope: CLIENT_SCOPE/,
    );
    expectError(await get(`${dev(device)}/values/attributes/FOO`), 400, 31, 'Invalid attribute scope: FOO');
    expectError(await get(`${dev(device)}/keys/attributes/FOO`), 400, 31, 'Invalid attribute scope: FOO');
    expectEmptyOk(await postJson(`${base('ASSET', asset)}/attributes/SERVER_SCOPE`, { floor: 3 }));
    expect(expectOk(await get(`${base('ASSET', asset)}/values/attributes/SHARED_SCOPE`))).toEqual([]);
  });

  it('refuses bad bodies with 400 naming the problem', async () => {
    const device = await newDevice();
    const path = `${dev(device)}/attributes/SERVER_SCOPE`;
    expectError(await postText(path, '{"a": tru}'), 400, 31, /^Invalid request body: malformed JSON/);
    expectError(await postJson(path, [1]), 400, 31, 'Request is not a JSON object');
    expectError(await postJson(path, 'text'), 400, 31, 'Request is not a JSON object');
    expectError(await postJson(path, {}), 400, 31, 'No attributes data found in request body!');
    expectError(await postJson(path, { a: null }), 400, 31, 'No attributes data found in request body!');
    expectError(await postJson(path, { '': 1 }), 400, 31, 'Key cannot be empty or contains only spaces');
    expectError(
      await postText(path, '{"big": 9223372036854775808}'),
      400,
      31,
      'Big integer values are not supported!',
    );
    expect(expectOk(await get(`${dev(device)}/values/attributes`))).toEqual([]);
  });
});

describe('other entity types', () => {
  it('reads the time series of an entity view through to its target, within its keys and time window', async () => {
    const device = await newDevice();
    const view = await newEntityView(device, null, {
      timeseries: ['temperature'],
      startTs: T + 1000,
      endTs: T + 3000,
    });
    const points = [0, 1000, 2000, 3000, 4000].map((offset) => ({
      ts: T + offset,
      values: { temperature: 20.5 + offset / 1000, humidity: 50 },
    }));
    expectEmptyOk(await postJson(`${dev(device)}/timeseries/ANY`, points));
    const v = base('ENTITY_VIEW', view);
    expect(expectOk(await get(`${v}/keys/timeseries`))).toEqual(['temperature']);
    // Latest: the target's newest point is past the window's end, so the newest inside it.
    expect(expectOk(await get(`${v}/values/timeseries?keys=temperature,humidity`))).toEqual({
      temperature: [{ ts: T + 3000, value: '23.5' }],
    });
    const history = expectOk(
      await get<Series>(
        `${v}/values/timeseries?keys=temperature,humidity&startTs=${T}&endTs=${T + 10_000}&orderBy=ASC`,
      ),
    );
    expect(history.temperature?.map((p) => p.ts)).toEqual([T + 1000, T + 2000, T + 3000]);
    expect(history.humidity).toBeUndefined();
    // The device itself still shows everything.
    expect(expectOk(await get(`${dev(device)}/values/timeseries?keys=temperature`))).toEqual({
      temperature: [{ ts: T + 4000, value: '24.5' }],
    });
  });

  it('stores attributes and time series of assets, customers, tenants, users and dashboards', async () => {
    const dashboard = await newDashboard(server.store.db, ids.tenantId, `Telemetry ${suffix()}`);
    const targets: [string, string][] = [
      ['ASSET', await newAsset()],
      ['CUSTOMER', ids.customerAId],
      ['USER', ids.customerUserId],
      ['DASHBOARD', dashboard.id],
    ];
    for (const [type, id] of targets) {
      expectEmptyOk(await postJson(`${base(type, id)}/attributes/SERVER_SCOPE`, { note: type }));
      expectEmptyOk(await postJson(`${base(type, id)}/timeseries/ANY`, { ts: T, values: { load: 1 } }));
      const attributes = expectOk(await get<Attribute[]>(`${base(type, id)}/values/attributes/SERVER_SCOPE`));
      expect(attributes.map((a) => a.value)).toEqual([type]);
      expect(expectOk(await get(`${base(type, id)}/values/timeseries?keys=load`))).toEqual({
        load: [{ ts: T, value: '1' }],
      });
    }
    // Tenant attributes are written by the system administrator and read by the tenant.
    expectEmptyOk(
      await postJson(
        `${base('TENANT', ids.tenantId)}/attributes/SERVER_SCOPE`,
        { plan: 'gold' },
        token.sysadmin,
      ),
    );
    const tenantAttributes = expectOk(
      await get<Attribute[]>(`${base('TENANT', ids.tenantId)}/values/attributes/SERVER_SCOPE?keys=plan`),
    );
    expect(tenantAttributes.map((a) => a.value)).toEqual(['gold']);
  });

  it('refuses unsupported entity types, malformed ids and unknown entities', async () => {
    expectError(
      await get(`${base('RULE_CHAIN', uuidv1())}/keys/timeseries`),
      400,
      31,
      "Invalid request: unsupported entity type 'RULE_CHAIN'",
    );
    expectError(
      await get(`${base('DEVICE', 'not-a-uuid')}/keys/timeseries`),
      400,
      31,
      /path parameter 'entityId'/,
    );
    expectError(await get(`${base('DEVICE', uuidv1())}/keys/timeseries`), 404, 32);
    expectError(await postJson(`${base('ASSET', uuidv1())}/timeseries/ANY`, { a: 1 }), 404, 32);
    expectError(await postJson(`/api/plugins/telemetry/${uuidv1()}/SERVER_SCOPE`, { a: 1 }), 404, 32);
  });
});

describe('listeners', () => {
  it('hear every successful write with what changed, and nothing of a refused one', async () => {
    const device = await newDevice();
    const changes: TelemetryChange[] = [];
    const stop = server.services.telemetry.onChange((change) => {
      if (change.entityId.id === device) changes.push(change);
    });
    try {
      await postJson(`${dev(device)}/timeseries/ANY/60`, [
        { ts: T + 2000, values: { t: 2 } },
        { ts: T + 1000, values: { t: 1 } },
      ]);
      await postJson(`${dev(device)}/timeseries/ANY`, { ts: T, values: { t: 0 } });
      await postJson(`${dev(device)}/attributes/SHARED_SCOPE`, { target: 5 });
      await postJson(`${dev(device)}/attributes/SHARED_SCOPE`, { '': 5 });
      await del(`${dev(device)}/SHARED_SCOPE?keys=target,unknown`);
      await del(`${dev(device)}/timeseries/delete?keys=t&deleteAllDataForKeys=true`);
    } finally {
      stop();
    }
    expect(changes.map((c) => c.type)).toEqual([
      'TIMESERIES_UPDATED',
      'TIMESERIES_UPDATED',
      'ATTRIBUTES_UPDATED',
      'ATTRIBUTES_DELETED',
      'TIMESERIES_DELETED',
    ]);
    const [first, second, attributes, deleted, tsDeleted] = changes;
    expect(first).toMatchObject({
      tenantId: ids.tenantId,
      entityId: { entityType: 'DEVICE', id: device },
      ttl: 60,
      latest: [{ key: 't', ts: T + 2000, value: { type: 'LONG', value: 2n } }],
    });
    expect(first?.type === 'TIMESERIES_UPDATED' && first.entries).toHaveLength(2);
    expect(second).toMatchObject({ latest: [] });
    expect(attributes).toMatchObject({ scope: 'SHARED_SCOPE', entries: [{ key: 'target' }] });
    expect(deleted).toMatchObject({ scope: 'SHARED_SCOPE', keys: ['target'] });
    expect(tsDeleted).toMatchObject({
      keys: ['t'],
      range: undefined,
      latest: [{ key: 't', replacement: undefined }],
    });
  });
});

describe('the telemetry service', () => {
  it('keeps a write when a listener fails', async () => {
    const device = await newDevice();
    const stop = server.services.telemetry.onChange(() => {
      throw new Error('listener bug');
    });
    const stopAsync = server.services.telemetry.onChange(async () => {
      throw new Error('async listener bug');
    });
    try {
      expectEmptyOk(await postJson(`${dev(device)}/timeseries/ANY`, { ts: T, values: { kept: 1 } }));
    } finally {
      stop();
      stopAsync();
    }
    expect(expectOk(await get(`${dev(device)}/values/timeseries?keys=kept`))).toEqual({
      kept: [{ ts: T, value: '1' }],
    });
  });

  it('refuses a bad ttl, timestamp or key from direct callers', async () => {
    const entity = { entityType: 'DEVICE' as const, id: await newDevice() };
    const value = { type: 'LONG' as const, value: 1n };
    const telemetry = server.services.telemetry;
    await expect(telemetry.saveTimeseries(ids.tenantId, entity, [{ ts: T, values: [] }], -1)).rejects.toThrow(
      'Invalid ttl: -1',
    );
    await expect(
      telemetry.saveTimeseries(ids.tenantId, entity, [{ ts: 1.5, values: [{ key: 'a', value }] }]),
    ).rejects.toThrow('Invalid ts: 1.5');
    await expect(telemetry.saveAttributes(entity, 'CLIENT_SCOPE', [{ key: ' ', value }])).rejects.toThrow(
      'Key cannot be empty or contains only spaces',
    );
    expect(await telemetry.timeseriesKeys(entity)).toEqual([]);
  });

  it('removes all data of a deleted entity and nothing of another', async () => {
    const telemetry = server.services.telemetry;
    const gone = { entityType: 'DEVICE' as const, id: await newDevice() };
    const kept = { entityType: 'DEVICE' as const, id: await newDevice() };
    for (const entity of [gone, kept]) {
      await telemetry.saveTimeseries(ids.tenantId, entity, [
        { ts: T, values: [{ key: 'x', value: { type: 'BOOLEAN', value: true } }] },
      ]);
      await telemetry.saveAttributes(entity, 'SERVER_SCOPE', [
        { key: 'y', value: { type: 'DOUBLE', value: 0.5 } },
      ]);
    }
    await telemetry.deleteEntityData(gone);
    expect(await telemetry.latest(gone)).toEqual([]);
    expect(await telemetry.attributes(gone)).toEqual([]);
    const history = {
      keys: ['x'],
      startTs: 0,
      endTs: T + 1,
      interval: 0,
      limit: 10,
      agg: 'NONE',
      orderBy: 'DESC',
    } as const;
    expect((await telemetry.history(gone, history)).size).toBe(0);
    expect(await telemetry.latest(kept)).toEqual([
      { key: 'x', ts: T, value: { type: 'BOOLEAN', value: true } },
    ]);
    expect((await telemetry.attributes(kept)).map((a) => a.value)).toEqual([{ type: 'DOUBLE', value: 0.5 }]);
    expect((await telemetry.history(kept, history)).get('x')).toHaveLength(1);
  });
});

describe('batch writes', () => {
  const long = (value: number) => ({ type: 'LONG' as const, value: BigInt(value) });
  const text = (value: string) => ({ type: 'STRING' as const, value });
  const deviceId = async () => ({ entityType: 'DEVICE' as const, id: await newDevice() });

  /** The changes the listeners hear about the given entities while `work` runs. */
  async function heard(
    entities: readonly { id: string }[],
    work: (changes: TelemetryChange[]) => Promise<void>,
  ) {
    const changes: TelemetryChange[] = [];
    const watched = new Set(entities.map((e) => e.id));
    const stop = server.services.telemetry.onChange((change) => {
      if (watched.has(change.entityId.id)) changes.push(change);
    });
    try {
      await work(changes);
    } finally {
      stop();
    }
    return changes;
  }

  it('applies the newer-or-equal latest rule across a batch with a key repeated', async () => {
    const telemetry = server.services.telemetry;
    const [a, b, c] = [await deviceId(), await deviceId(), await deviceId()];
    await telemetry.saveTimeseries(ids.tenantId, c, [
      { ts: T + 5000, values: [{ key: 'k', value: long(5) }] },
    ]);
    const changes = await heard([a, b, c], async () => {
      const pending = await server.store.db.transaction().execute((trx) =>
        telemetry.saveTimeseriesBatch(trx, [
          {
            tenantId: ids.tenantId,
            entityId: a,
            entries: [{ ts: T + 1000, values: [{ key: 'k', value: long(1) }] }],
          },
          {
            tenantId: ids.tenantId,
            entityId: a,
            entries: [{ ts: T + 3000, values: [{ key: 'k', value: long(3) }] }],
          },
          {
            tenantId: ids.tenantId,
            entityId: a,
            entries: [{ ts: T + 2000, values: [{ key: 'k', value: long(2) }] }],
          },
          // Equal timestamps: the later point wins, in ts_kv and as latest value.
          {
            tenantId: ids.tenantId,
            entityId: b,
            entries: [{ ts: T, values: [{ key: 'k', value: text('x') }] }],
          },
          {
            tenantId: ids.tenantId,
            entityId: b,
            entries: [{ ts: T, values: [{ key: 'k', value: text('y') }] }],
          },
          // Against the stored latest value (T + 5000): older loses, equal wins.
          {
            tenantId: ids.tenantId,
            entityId: c,
            entries: [{ ts: T + 4000, values: [{ key: 'k', value: long(4) }] }],
          },
          {
            tenantId: ids.tenantId,
            entityId: c,
            entries: [{ ts: T + 5000, values: [{ key: 'k', value: long(50) }] }],
            ttl: 30,
          },
        ]),
      );
      pending.afterCommit();
    });
    expect(await telemetry.latest(a)).toEqual([{ key: 'k', ts: T + 3000, value: long(3) }]);
    expect(await telemetry.latest(b)).toEqual([{ key: 'k', ts: T, value: text('y') }]);
    expect(await telemetry.latest(c)).toEqual([{ key: 'k', ts: T + 5000, value: long(50) }]);
    const history = {
      keys: ['k'],
      startTs: 0,
      endTs: T + 10_000,
      interval: 0,
      limit: 10,
      agg: 'NONE',
      orderBy: 'ASC',
    } as const;
    expect((await telemetry.history(a, history)).get('k')?.map((p) => p.value)).toEqual([
      long(1),
      long(2),
      long(3),
    ]);
    expect((await telemetry.history(b, history)).get('k')).toEqual([{ key: 'k', ts: T, value: text('y') }]);
    expect((await telemetry.history(c, history)).get('k')?.map((p) => p.value)).toEqual([long(4), long(50)]);
    // One change per write, in order; `latest` holds the write's points that became latest values.
    expect(
      changes.map((change) => (change.type === 'TIMESERIES_UPDATED' ? change.latest : undefined)),
    ).toEqual([
      [],
      [{ key: 'k', ts: T + 3000, value: long(3) }],
      [],
      [],
      [{ key: 'k', ts: T, value: text('y') }],
      [],
      [{ key: 'k', ts: T + 5000, value: long(50) }],
    ]);
    expect(changes[6]).toMatchObject({
      type: 'TIMESERIES_UPDATED',
      tenantId: ids.tenantId,
      entityId: c,
      ttl: 30,
    });
  });

  it('outside a transaction, replaces a point stored before and stores the rest of the batch', async () => {
    // The ingest's batches are their own statement, which expects new points (decision 0050).
    const telemetry = server.services.telemetry;
    const [a, b] = [await deviceId(), await deviceId()];
    await telemetry.saveTimeseries(ids.tenantId, a, [{ ts: T, values: [{ key: 'again', value: long(1) }] }]);
    // The second batch comes after one that repeated a point, the third after that one.
    for (const value of [2, 3, 4]) {
      const pending = await telemetry.saveTimeseriesBatch(server.store.db, [
        {
          tenantId: ids.tenantId,
          entityId: b,
          entries: [{ ts: T + value, values: [{ key: 'again', value: long(value) }] }],
        },
        {
          tenantId: ids.tenantId,
          entityId: a,
          entries: [{ ts: T, values: [{ key: 'again', value: long(value) }] }],
        },
      ]);
      pending.afterCommit();
    }
    const history = {
      keys: ['again'],
      startTs: 0,
      endTs: T + 10,
      interval: 0,
      limit: 10,
      agg: 'NONE',
      orderBy: 'ASC',
    } as const;
    expect((await telemetry.history(a, history)).get('again')).toEqual([
      { key: 'again', ts: T, value: long(4) },
    ]);
    expect((await telemetry.history(b, history)).get('again')?.map((p) => p.ts)).toEqual([
      T + 2,
      T + 3,
      T + 4,
    ]);
    expect(await telemetry.latest(a)).toEqual([{ key: 'again', ts: T, value: long(4) }]);
    expect(await telemetry.latest(b)).toEqual([{ key: 'again', ts: T + 4, value: long(4) }]);
  });

  it('tells which latest values a batch of more than one statement did not move', async () => {
    // 13,000 keys: the batch's latest values take two statements of 10,000.
    const telemetry = server.services.telemetry;
    const device = await deviceId();
    const keys = Array.from({ length: 13_000 }, (_, i) => `many${String(i).padStart(5, '0')}`);
    const newer = keys.filter((_, i) => i % 1000 === 7);
    // Dictionary ids in the keys' order, so that the newer ones fall in both statements.
    await telemetry.saveTimeseries(ids.tenantId, device, [
      { ts: T - 1000, values: keys.map((key) => ({ key, value: long(0) })) },
    ]);
    await telemetry.saveTimeseries(ids.tenantId, device, [
      { ts: T + 9000, values: newer.map((key) => ({ key, value: long(9) })) },
    ]);
    const changes = await heard([device], async () => {
      const pending = await server.store.db.transaction().execute((trx) =>
        telemetry.saveTimeseriesBatch(trx, [
          {
            tenantId: ids.tenantId,
            entityId: device,
            entries: [{ ts: T, values: keys.map((key) => ({ key, value: long(1) })) }],
          },
        ]),
      );
      pending.afterCommit();
    });
    const moved = changes[0]?.type === 'TIMESERIES_UPDATED' ? changes[0].latest.map((p) => p.key) : [];
    expect(moved).toEqual(keys.filter((key) => !newer.includes(key)));
    const stored = await telemetry.latest(device, [...newer, 'many00000', 'many12999']);
    expect(stored.map((p) => [p.key, p.ts])).toEqual([
      ['many00000', T],
      ...newer.map((key) => [key, T + 9000]),
      ['many12999', T],
    ]);
  });

  it('keeps the last value of an attribute repeated in a batch and stamps every value alike', async () => {
    const telemetry = server.services.telemetry;
    const [a, b] = [await deviceId(), await deviceId()];
    const pending = await server.store.db.transaction().execute((trx) =>
      telemetry.saveAttributesBatch(trx, [
        {
          entityId: a,
          scope: 'SERVER_SCOPE',
          entries: [
            { key: 'x', value: long(1) },
            { key: 'y', value: long(1) },
          ],
        },
        { entityId: a, scope: 'SHARED_SCOPE', entries: [{ key: 'x', value: text('shared') }] },
        { entityId: a, scope: 'SERVER_SCOPE', entries: [{ key: 'x', value: long(2) }] },
        {
          entityId: b,
          scope: 'SERVER_SCOPE',
          entries: [
            { key: 'x', value: long(3) },
            { key: 'x', value: long(4) },
          ],
        },
      ]),
    );
    pending.afterCommit();
    const attributesOf = async (entity: { entityType: 'DEVICE'; id: string }) =>
      (await telemetry.attributes(entity)).map(({ scope, key, value }) => ({ scope, key, value }));
    expect(await attributesOf(a)).toEqual([
      { scope: 'SERVER_SCOPE', key: 'x', value: long(2) },
      { scope: 'SERVER_SCOPE', key: 'y', value: long(1) },
      { scope: 'SHARED_SCOPE', key: 'x', value: text('shared') },
    ]);
    expect(await attributesOf(b)).toEqual([{ scope: 'SERVER_SCOPE', key: 'x', value: long(4) }]);
    const stamps = new Set(
      [...(await telemetry.attributes(a)), ...(await telemetry.attributes(b))].map((e) => e.lastUpdateTs),
    );
    expect(stamps.size).toBe(1);
  });

  it('keeps every value exactly, whatever characters strings and JSON hold', async () => {
    const telemetry = server.services.telemetry;
    const entity = await deviceId();
    const strings = ['a"b', 'c\\d', '{x,y}', 'NULL', '', ' ', 'line\nbreak', "it's", 'ü€😀'];
    const values = [
      ...strings.map(text),
      { type: 'JSON' as const, value: '{"q":"\\"x\\"","list":[1,{"n":null}],"u":"\\\\u0041"}' },
      { type: 'LONG' as const, value: 9_223_372_036_854_775_807n },
      { type: 'LONG' as const, value: -9_223_372_036_854_775_808n },
      { type: 'DOUBLE' as const, value: 0.1 },
      { type: 'DOUBLE' as const, value: -1.7976931348623157e308 },
      { type: 'BOOLEAN' as const, value: false },
    ];
    const entries = values.map((value, i) => ({ key: `v${String(i).padStart(2, '0')}`, value }));
    const pending = await server.store.db
      .transaction()
      .execute(async (trx) => [
        await telemetry.saveAttributesBatch(trx, [{ entityId: entity, scope: 'SERVER_SCOPE', entries }]),
        await telemetry.saveTimeseriesBatch(trx, [
          { tenantId: ids.tenantId, entityId: entity, entries: [{ ts: T, values: entries }] },
        ]),
      ]);
    for (const p of pending) p.afterCommit();
    expect(
      (await telemetry.attributes(entity, 'SERVER_SCOPE')).map(({ key, value }) => ({ key, value })),
    ).toEqual(entries);
    expect((await telemetry.latest(entity)).map(({ key, value }) => ({ key, value }))).toEqual(entries);
  });

  it('tells the listeners only once afterCommit runs after the commit, and only once', async () => {
    const telemetry = server.services.telemetry;
    const entity = await deviceId();
    const changes = await heard([entity], async (changes) => {
      const pending = await server.store.db.transaction().execute(async (trx) => {
        const ts = await telemetry.saveTimeseriesBatch(trx, [
          {
            tenantId: ids.tenantId,
            entityId: entity,
            entries: [{ ts: T, values: [{ key: 't', value: long(1) }] }],
          },
        ]);
        const attributes = await telemetry.saveAttributesBatch(trx, [
          { entityId: entity, scope: 'SERVER_SCOPE', entries: [{ key: 'a', value: long(1) }] },
        ]);
        // Written, not committed: nobody has heard of it yet.
        expect(changes).toEqual([]);
        return [ts, attributes];
      });
      expect(changes).toEqual([]);
      for (const p of pending) p.afterCommit();
      for (const p of pending) p.afterCommit();
    });
    expect(changes.map((c) => c.type)).toEqual(['TIMESERIES_UPDATED', 'ATTRIBUTES_UPDATED']);
    expect(changes[1]).toMatchObject({ scope: 'SERVER_SCOPE', entries: [{ key: 'a', value: long(1) }] });
  });

  it('leaves nothing behind when the caller rolls back, new dictionary keys included', async () => {
    const telemetry = server.services.telemetry;
    const entity = await deviceId();
    const key = `rolled-back-${suffix()}`;
    const changes = await heard([entity], async () => {
      await expect(
        server.store.db.transaction().execute(async (trx) => {
          await telemetry.saveTimeseriesBatch(trx, [
            {
              tenantId: ids.tenantId,
              entityId: entity,
              entries: [{ ts: T, values: [{ key, value: long(1) }] }],
            },
          ]);
          await telemetry.saveAttributesBatch(trx, [
            { entityId: entity, scope: 'SERVER_SCOPE', entries: [{ key, value: long(1) }] },
          ]);
          throw new Error('caller failed');
        }),
      ).rejects.toThrow('caller failed');
    });
    expect(changes).toEqual([]);
    expect(await telemetry.latest(entity)).toEqual([]);
    expect(await telemetry.attributes(entity)).toEqual([]);
    const { db } = server.store;
    expect(await db.selectFrom('tsKvDictionary').select('keyId').where('key', '=', key).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom('tsKv').select('ts').where('entityId', '=', entity.id).execute()).toEqual([]);
    // The key's rolled-back id was not remembered: the key can be written and read afterwards.
    await telemetry.saveTimeseries(ids.tenantId, entity, [{ ts: T, values: [{ key, value: long(2) }] }]);
    expect(await telemetry.latest(entity)).toEqual([{ key, ts: T, value: long(2) }]);
  });

  it('refuses bad input before writing anything, and needs a transaction', async () => {
    const telemetry = server.services.telemetry;
    const entity = await deviceId();
    await server.store.db.transaction().execute(async (trx) => {
      await expect(
        telemetry.saveTimeseriesBatch(trx, [
          {
            tenantId: ids.tenantId,
            entityId: entity,
            entries: [{ ts: T, values: [{ key: 'ok', value: long(1) }] }],
          },
          {
            tenantId: ids.tenantId,
            entityId: entity,
            entries: [{ ts: T, values: [{ key: ' ', value: long(1) }] }],
          },
        ]),
      ).rejects.toThrow('Key cannot be empty or contains only spaces');
      await expect(
        telemetry.saveAttributesBatch(trx, [
          { entityId: entity, scope: 'SERVER_SCOPE', entries: [{ key: 'ok', value: long(1) }] },
          { entityId: entity, scope: 'SERVER_SCOPE', entries: [{ key: '', value: long(1) }] },
        ]),
      ).rejects.toThrow('Key cannot be empty or contains only spaces');
    });
    expect(await telemetry.latest(entity)).toEqual([]);
    expect(await telemetry.attributes(entity)).toEqual([]);
    await expect(
      telemetry.saveAttributesBatch(server.store.db, [
        { entityId: entity, scope: 'SERVER_SCOPE', entries: [{ key: 'a', value: long(1) }] },
      ]),
    ).rejects.toThrow("writes in the caller's transaction");
    expect(await telemetry.attributes(entity)).toEqual([]);
  });
});

describe('permissions', () => {
  type Caller = 'anonymous' | 'sysadmin' | 'tenant' | 'customer' | 'otherTenant' | 'customerB';
  const CALLERS: Caller[] = ['anonymous', 'sysadmin', 'tenant', 'customer', 'otherTenant', 'customerB'];
  const tokenOf = (caller: Caller) => (caller === 'anonymous' ? undefined : token[caller]);
  const SECRET = 'secret-value-7f3a';

  interface Route {
    name: string;
    method: 'GET' | 'POST' | 'DELETE';
    path(type: string, id: string): string;
    json?: unknown;
    write: boolean;
  }
  const ROUTES: Route[] = [
    { name: 'attribute keys', method: 'GET', path: (t, i) => `${base(t, i)}/keys/attributes`, write: false },
    {
      name: 'attribute keys of a scope',
      method: 'GET',
      path: (t, i) => `${base(t, i)}/keys/attributes/SERVER_SCOPE`,
      write: false,
    },
    {
      name: 'time-series keys',
      method: 'GET',
      path: (t, i) => `${base(t, i)}/keys/timeseries`,
      write: false,
    },
    { name: 'attributes', method: 'GET', path: (t, i) => `${base(t, i)}/values/attributes`, write: false },
    {
      name: 'attributes of a scope',
      method: 'GET',
      path: (t, i) => `${base(t, i)}/values/attributes/SERVER_SCOPE?keys=secret`,
      write: false,
    },
    {
      name: 'latest values',
      method: 'GET',
      path: (t, i) => `${base(t, i)}/values/timeseries?keys=secret&useStrictDataTypes=true`,
      write: false,
    },
    {
      name: 'history',
      method: 'GET',
      path: (t, i) => `${base(t, i)}/values/timeseries?keys=secret&startTs=0&endTs=${T * 2}`,
      write: false,
    },
    {
      name: 'save attributes',
      method: 'POST',
      path: (t, i) => `${base(t, i)}/attributes/SERVER_SCOPE`,
      json: { written: 1 },
      write: true,
    },
    {
      name: 'save attributes (v1)',
      method: 'POST',
      path: (t, i) => `${base(t, i)}/SERVER_SCOPE`,
      json: { written: 1 },
      write: true,
    },
    {
      name: 'save time series',
      method: 'POST',
      path: (t, i) => `${base(t, i)}/timeseries/ANY`,
      json: { ts: T + 5, values: { written: 1 } },
      write: true,
    },
    {
      name: 'save time series with ttl',
      method: 'POST',
      path: (t, i) => `${base(t, i)}/timeseries/ANY/60`,
      json: { ts: T + 5, values: { written: 1 } },
      write: true,
    },
    {
      name: 'delete attributes',
      method: 'DELETE',
      path: (t, i) => `${base(t, i)}/SERVER_SCOPE?keys=written`,
      write: true,
    },
    {
      name: 'delete time series',
      method: 'DELETE',
      path: (t, i) => `${base(t, i)}/timeseries/delete?keys=written&deleteAllDataForKeys=true`,
      write: true,
    },
  ];

  /** Expected status per caller for reads and writes of one kind of entity. */
  interface TargetCase {
    name: string;
    /** The entity, and for an entity view the device whose time series it shows. */
    make(): Promise<[EntityType, string, string?]>;
    read: Record<Caller, number>;
    write: Record<Caller, number>;
  }
  //                                  anon  SA   TA   CU   TA2  CU-B
  const row = (...s: number[]): Record<Caller, number> =>
    Object.fromEntries(CALLERS.map((c, i) => [c, s[i] as number])) as Record<Caller, number>;
  const TARGETS: TargetCase[] = [
    {
      name: 'device of Customer A',
      make: async () => ['DEVICE', await newDevice(ids.customerAId)],
      read: row(401, 403, 200, 200, 403, 403),
      write: row(401, 403, 200, 200, 403, 403),
    },
    {
      name: 'device of the tenant',
      make: async () => ['DEVICE', await newDevice()],
      read: row(401, 403, 200, 403, 403, 403),
      write: row(401, 403, 200, 403, 403, 403),
    },
    {
      name: 'asset of Customer A',
      make: async () => ['ASSET', await newAsset(ids.customerAId)],
      read: row(401, 403, 200, 200, 403, 403),
      write: row(401, 403, 200, 200, 403, 403),
    },
    {
      name: 'entity view of Customer A',
      make: async () => {
        const device = await newDevice();
        return ['ENTITY_VIEW', await newEntityView(device, ids.customerAId), device];
      },
      read: row(401, 403, 200, 200, 403, 403),
      write: row(401, 403, 200, 200, 403, 403),
    },
    {
      name: 'Customer A',
      make: async () => ['CUSTOMER', ids.customerAId],
      read: row(401, 403, 200, 200, 403, 403),
      write: row(401, 403, 200, 403, 403, 403),
    },
    {
      name: 'another customer of the tenant',
      make: async () => ['CUSTOMER', (await newCustomer(server.store.db, ids.tenantId)).id],
      read: row(401, 403, 200, 403, 403, 403),
      write: row(401, 403, 200, 403, 403, 403),
    },
    {
      name: 'the Demo Tenant',
      make: async () => ['TENANT', ids.tenantId],
      read: row(401, 200, 200, 403, 403, 403),
      write: row(401, 200, 403, 403, 403, 403),
    },
    {
      name: 'a customer user of Customer A',
      make: async () => ['USER', ids.customerUserId],
      read: row(401, 403, 200, 403, 403, 403),
      write: row(401, 403, 200, 403, 403, 403),
    },
    {
      name: 'a dashboard assigned to Customer A',
      make: async () => [
        'DASHBOARD',
        (
          await newDashboard(server.store.db, ids.tenantId, `Perm ${suffix()}`, [
            { id: ids.customerAId, title: 'Customer A' },
          ])
        ).id,
      ],
      read: row(401, 403, 200, 200, 403, 403),
      write: row(401, 403, 200, 403, 403, 403),
    },
  ];

  it.each(TARGETS.map((t) => [t.name, t] as const))('%s', async (_name, target) => {
    const [type, id, seriesOwner] = await target.make();
    const entity = { entityType: type, id };
    await server.services.telemetry.saveAttributes(entity, 'SERVER_SCOPE', [
      { key: 'secret', value: { type: 'STRING', value: SECRET } },
    ]);
    const seriesEntity: EntityId = seriesOwner ? { entityType: 'DEVICE', id: seriesOwner } : entity;
    await server.services.telemetry.saveTimeseries(ids.tenantId, seriesEntity, [
      { ts: T, values: [{ key: 'secret', value: { type: 'STRING', value: SECRET } }] },
    ]);
    for (const route of ROUTES) {
      for (const caller of CALLERS) {
        const expected = (route.write ? target.write : target.read)[caller];
        const callerToken = tokenOf(caller);
        const res = await api.request(route.method, route.path(type, id), {
          ...(callerToken ? { token: callerToken } : {}),
          ...(route.json !== undefined ? { json: route.json } : {}),
        });
        const context = `${route.name} by ${caller}: ${res.status} ${res.text}`;
        expect(res.status, context).toBe(expected);
        if (expected >= 400) {
          expectError(res, expected, (res.body as ErrorBody).errorCode);
          expect(res.text, context).not.toContain(SECRET);
          expect(res.text, context).not.toContain('secret"');
        }
        if (expected === 403)
          expectError(res, 403, 20, "You don't have permission to perform this operation!");
        if (expected === 200 && !route.write) expect(res.text, context).toContain('secret');
      }
    }
    // What was written was deleted again, and the secret is still there.
    const stored = (await server.services.telemetry.attributes(entity, 'SERVER_SCOPE')).map((a) => a.key);
    expect(stored).toContain('secret');
    expect(stored).not.toContain('written');
  });

  it('the legacy device routes follow the same rules', async () => {
    const device = await newDevice(ids.customerAId);
    const statuses = async (method: 'POST' | 'DELETE', path: string, json?: unknown) => {
      const out: number[] = [];
      for (const caller of CALLERS) {
        const callerToken = tokenOf(caller);
        const res = await api.request(method, path, {
          ...(callerToken ? { token: callerToken } : {}),
          ...(json !== undefined ? { json } : {}),
        });
        out.push(res.status);
      }
      return out;
    };
    const path = `/api/plugins/telemetry/${device}/SERVER_SCOPE`;
    expect(await statuses('POST', path, { a: 1 })).toEqual([401, 403, 200, 200, 403, 403]);
    expect(await statuses('DELETE', `${path}?keys=a`)).toEqual([401, 403, 200, 200, 403, 403]);
  });

  it('a refused caller learns nothing from bad input either: access is checked first', async () => {
    const device = await newDevice();
    expectError(await postJson(`${dev(device)}/attributes/FOO`, { a: 1 }, token.otherTenant), 403, 20);
    expectError(await postText(`${dev(device)}/timeseries/ANY`, '{', token.customerB), 403, 20);
    expectError(await get(`${dev(device)}/values/attributes/FOO`, token.otherTenant), 403, 20);
  });

  it('an entity answers only its own data', async () => {
    const a = await newDevice();
    const b = await newDevice();
    const otherTenantId = otherTenantAdmin.tenantId as string;
    const foreign = await newDevice(null, otherTenantId);
    await postJson(`${dev(a)}/timeseries/ANY`, { onlyA: 1 });
    await postJson(`${dev(a)}/attributes/SERVER_SCOPE`, { onlyA: 1 });
    await server.services.telemetry.saveTimeseries(otherTenantId, { entityType: 'DEVICE', id: foreign }, [
      { ts: T, values: [{ key: 'foreign', value: { type: 'LONG', value: 1n } }] },
    ]);
    expect(expectOk(await get(`${dev(b)}/keys/timeseries`))).toEqual([]);
    expect(expectOk(await get(`${dev(b)}/values/timeseries`))).toEqual({});
    expect(expectOk(await get(`${dev(b)}/keys/attributes`))).toEqual([]);
    expect(expectOk(await get(`${dev(b)}/values/attributes`))).toEqual([]);
    expectError(await get(`${dev(foreign)}/values/timeseries`), 403, 20);
    expect(expectOk(await get(`${dev(foreign)}/keys/timeseries`, token.otherTenant))).toEqual(['foreign']);
  });
});
