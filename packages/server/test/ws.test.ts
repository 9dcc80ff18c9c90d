import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../src/http/json-depth.js';
import { newCustomer, newTenant, newUser } from './factories.js';
import {
  DEMO,
  decodeJwt,
  demoIds,
  expectOk,
  startServer,
  type TestServer,
  waitForSecondAfter,
} from './helper.js';
import { type Message, WsTestClient } from './ws-client.js';

/**
 * The telemetry WebSocket (reference §3) against a real server: handshake, command validation,
 * attribute / time-series / history commands, entity data and count commands, unsubscribing,
 * clean-up on close and tenant/customer isolation. Limits have their own file (ws-limits.test.ts).
 */

let server: TestServer;
let tenantToken: string;
let customerToken: string;
let otherTenantToken: string;
let customerBToken: string;
let customerAId: string;
const clients: WsTestClient[] = [];

const REFRESH_MS = 300;

beforeAll(async () => {
  server = await startServer({ env: { WS_REFRESH_INTERVAL_MS: String(REFRESH_MS) } });
  const { db } = server.store;
  const ids = await demoIds(server.store);
  customerAId = ids.customerAId;
  tenantToken = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
  customerToken = (await server.api.login(DEMO.customer.email, DEMO.customer.password)).token;
  const otherTenant = await newTenant(db, 'Other WS Tenant');
  const otherAdmin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: otherTenant.id });
  otherTenantToken = (await server.api.login(otherAdmin.email, otherAdmin.password)).token;
  const customerB = await newUser(db, {
    authority: 'CUSTOMER_USER',
    tenantId: ids.tenantId,
    customerId: ids.customerBId,
  });
  customerBToken = (await server.api.login(customerB.email, customerB.password)).token;
  await newCustomer(db, otherTenant.id, 'Other WS Customer');
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

afterAll(async () => {
  await server?.close();
});

async function connect(token: string): Promise<WsTestClient> {
  const client = await WsTestClient.connect(server.url, token);
  clients.push(client);
  return client;
}

/** A new device of the Demo Tenant, assigned to Customer A when asked. */
async function newDevice(options: { customerA?: boolean } = {}): Promise<string> {
  const name = `WS Device ${randomBytes(4).toString('hex')}`;
  const device = expectOk(
    await server.api.post<{ id: { id: string } }>(
      '/api/device',
      { name, type: 'ws-test' },
      { token: tenantToken },
    ),
  );
  if (options.customerA) {
    expectOk(
      await server.api.post(`/api/customer/${customerAId}/device/${device.id.id}`, undefined, {
        token: tenantToken,
      }),
    );
  }
  return device.id.id;
}

const postTelemetry = async (deviceId: string, body: unknown) =>
  expectOk(
    await server.api.post(`/api/plugins/telemetry/DEVICE/${deviceId}/timeseries/ANY`, body, {
      token: tenantToken,
    }),
  );
const postShared = async (deviceId: string, body: unknown) =>
  expectOk(
    await server.api.post(`/api/plugins/telemetry/DEVICE/${deviceId}/SHARED_SCOPE`, body, {
      token: tenantToken,
    }),
  );

describe('handshake', () => {
  it('refuses a missing, malformed or foreign-signed token with HTTP 401 before the upgrade', async () => {
    await expect(WsTestClient.connect(server.url, undefined)).rejects.toThrow('HTTP 401');
    await expect(WsTestClient.connect(server.url, 'not-a-jwt')).rejects.toThrow('HTTP 401');
    const [header, payload] = tenantToken.split('.');
    await expect(WsTestClient.connect(server.url, `${header}.${payload}.c2lnbmF0dXJl`)).rejects.toThrow(
      'HTTP 401',
    );
  });

  it('refuses a token issued before the password changed', async () => {
    const ids = await demoIds(server.store);
    const user = await newUser(server.store.db, { authority: 'TENANT_ADMIN', tenantId: ids.tenantId });
    const token = (await server.api.login(user.email, user.password)).token;
    (await WsTestClient.connect(server.url, token)).socket.close();
    await waitForSecondAfter(decodeJwt(token).payload.iat as number);
    expectOk(
      await server.api.post(
        '/api/auth/changePassword',
        { currentPassword: user.password, newPassword: 'An0ther-Passw0rd!' },
        { token },
      ),
    );
    await expect(WsTestClient.connect(server.url, token)).rejects.toThrow('HTTP 401');
  });

  it('closes with BAD_DATA when the plugin is not telemetry', async () => {
    const client = await WsTestClient.connect(server.url, tenantToken, { plugin: 'other' });
    expect(await client.closed).toEqual({ code: 1007, reason: "Can't find plugin with specified token!" });
  });

  it('answers a plain HTTP GET with a token by asking for an upgrade', async () => {
    const res = await server.api.get(`/api/ws/plugins/telemetry?token=${tenantToken}`);
    expect(res.status).toBe(400);
  });
});

describe('command validation', () => {
  it('answers an unparseable frame with the exact reference reply and keeps the session', async () => {
    const client = await connect(tenantToken);
    const expected = {
      subscriptionId: 0,
      errorCode: 2,
      errorMsg: 'Failed to parse websocket command!',
      data: null,
      latestValues: {},
    };
    for (const frame of [
      'not json',
      '[]',
      '{"unknownCmds":[]}',
      '{"attrSubCmds":{}}',
      '{"tsSubCmds":[{"cmdId":"x"}]}',
    ]) {
      client.send(frame);
      expect(await client.next()).toEqual(expected);
    }
    const raw = new Promise<string>((resolve) =>
      client.socket.once('message', (data) => resolve(data.toString())),
    );
    client.send('{');
    expect(await raw).toBe(
      '{"subscriptionId":0,"errorCode":2,"errorMsg":"Failed to parse websocket command!","data":null,"latestValues":{}}',
    );
  });

  it('answers a frame nested deeper than the request body limit with the parse error reply', async () => {
    const client = await connect(tenantToken);
    const deviceId = await newDevice();
    await postShared(deviceId, { mode: 'eco' });
    const parseError = {
      subscriptionId: 0,
      errorCode: 2,
      errorMsg: 'Failed to parse websocket command!',
      data: null,
      latestValues: {},
    };
    // A valid command with an ignored field nested `levels` arrays deep (the wrapper, the command
    // list and the command add three more levels).
    const frame = (cmdId: number, levels: number) =>
      `{"attrSubCmds":[{"cmdId":${cmdId},"entityType":"DEVICE","entityId":"${deviceId}","scope":"SHARED_SCOPE","extra":${'['.repeat(levels)}${']'.repeat(levels)}}]}`;
    client.send(frame(1, MAX_JSON_DEPTH - 3));
    expect(await client.next()).toMatchObject({ subscriptionId: 1, errorCode: 0 });
    client.send(frame(2, MAX_JSON_DEPTH - 2));
    expect(await client.next()).toEqual(parseError);
    // As deep as the 32 KB frame limit allows.
    client.send(frame(3, 16_000));
    expect(await client.next()).toEqual(parseError);
    // The session still works.
    client.send(frame(4, 1));
    expect(await client.next()).toMatchObject({ subscriptionId: 4, errorCode: 0 });
  });

  it('answers invalid commands with errorCode 2 and the reference messages', async () => {
    const client = await connect(tenantToken);
    client.send({
      attrSubCmds: [{ cmdId: 1, entityType: 'DEVICE', entityId: '' }],
      historyCmds: [{ cmdId: 2, entityType: 'DEVICE', entityId: await newDevice(), keys: '' }],
      entityDataCmds: [{ cmdId: -3, query: {} }, { cmdId: 4 }],
      entityCountCmds: [{ cmdId: 5 }],
    });
    const error = (id: number, msg: string) => ({
      subscriptionId: id,
      errorCode: 2,
      errorMsg: msg,
      data: null,
      latestValues: {},
    });
    expect(await client.nextFor(1)).toEqual(error(1, 'Device id is empty!'));
    expect(await client.nextFor(2)).toEqual(error(2, 'Keys are empty!'));
    expect(await client.nextFor(-3)).toEqual(error(-3, 'Cmd id is negative value!'));
    expect(await client.nextFor(4)).toEqual(error(4, 'Query is empty!'));
    expect(await client.nextFor(5)).toEqual(error(5, 'Query is empty!'));
  });
});

describe('attribute subscriptions', () => {
  it('sends the current values, then only the changed keys of the subscribed scope', async () => {
    const deviceId = await newDevice();
    await postShared(deviceId, { mode: 'eco', level: 3 });
    const client = await connect(tenantToken);
    client.send({
      attrSubCmds: [{ cmdId: 1, entityType: 'DEVICE', entityId: deviceId, scope: 'SHARED_SCOPE' }],
    });
    const first = await client.nextFor<Message & { data: Record<string, [number, string][]> }>(1);
    expect(first.errorCode).toBe(0);
    expect(first.errorMsg).toBeNull();
    expect(Object.keys(first.data).sort()).toEqual(['level', 'mode']);
    expect(first.data.mode?.[0]?.[1]).toBe('eco');
    expect(first.data.level?.[0]?.[1]).toBe('3');
    expect(first.latestValues).toEqual({
      mode: first.data.mode?.[0]?.[0],
      level: first.data.level?.[0]?.[0],
    });

    // A server-scope attribute is not part of this subscription.
    expectOk(
      await server.api.post(
        `/api/plugins/telemetry/DEVICE/${deviceId}/SERVER_SCOPE`,
        { other: 1 },
        { token: tenantToken },
      ),
    );
    await postShared(deviceId, { mode: 'boost' });
    const update = await client.nextFor<Message & { data: Record<string, [number, string][]> }>(1);
    expect(Object.keys(update.data)).toEqual(['mode']);
    expect(update.data.mode?.[0]?.[1]).toBe('boost');
    expect(await client.drain(100)).toEqual([]);
  });

  it('follows only the listed keys, in every scope when none is given', async () => {
    const deviceId = await newDevice();
    const client = await connect(tenantToken);
    client.send({ attrSubCmds: [{ cmdId: 2, entityType: 'DEVICE', entityId: deviceId, keys: 'a,b' }] });
    expect(await client.nextFor(2)).toEqual({
      subscriptionId: 2,
      errorCode: 0,
      errorMsg: null,
      data: {},
      latestValues: {},
    });
    await postShared(deviceId, { a: true, c: 1 });
    const update = await client.nextFor<Message & { data: Record<string, unknown> }>(2);
    expect(Object.keys(update.data)).toEqual(['a']);
    expect((update.data.a as [number, string][])[0]?.[1]).toBe('true');
  });
});

describe('time-series subscriptions and history', () => {
  it('sends latest values, then new values as strings the reference way', async () => {
    const deviceId = await newDevice();
    await postTelemetry(deviceId, { ts: 1_000, values: { temperature: 21.5, humidity: 40 } });
    const client = await connect(tenantToken);
    client.send({
      tsSubCmds: [{ cmdId: 3, entityType: 'DEVICE', entityId: deviceId, keys: 'temperature', timeWindow: 0 }],
    });
    expect(await client.nextFor(3)).toEqual({
      subscriptionId: 3,
      errorCode: 0,
      errorMsg: null,
      data: { temperature: [[1000, '21.5']] },
      latestValues: { temperature: 1000 },
    });
    await postTelemetry(deviceId, { ts: 2_000, values: { temperature: 25, humidity: 41 } });
    expect(await client.nextFor(3)).toEqual({
      subscriptionId: 3,
      errorCode: 0,
      errorMsg: null,
      data: { temperature: [[2000, '25']] },
      latestValues: { temperature: 2000 },
    });
    // An older point does not move the latest value, so a latest subscription stays quiet.
    await postTelemetry(deviceId, { ts: 1_500, values: { temperature: 1 } });
    expect(await client.drain(100)).toEqual([]);
  });

  it("follows an entity view's target within the view's keys and time window", async () => {
    const deviceId = await newDevice();
    const view = expectOk(
      await server.api.post<{ id: { id: string } }>(
        '/api/entityView',
        {
          name: `WS View ${randomBytes(4).toString('hex')}`,
          type: 'ws-view',
          entityId: { entityType: 'DEVICE', id: deviceId },
          keys: { timeseries: ['temperature'], attributes: { cs: [], ss: [], sh: [] } },
          startTimeMs: 1_000,
          endTimeMs: 0,
        },
        { token: tenantToken },
      ),
    );
    await postTelemetry(deviceId, { ts: 2_000, values: { temperature: 21.5, humidity: 40 } });
    const client = await connect(tenantToken);
    client.send({
      tsSubCmds: [{ cmdId: 9, entityType: 'ENTITY_VIEW', entityId: view.id.id, keys: '', timeWindow: 0 }],
    });
    expect(await client.nextFor(9)).toMatchObject({ data: { temperature: [[2000, '21.5']] } });
    // A key outside the view, and a point before its start, stay unseen.
    await postTelemetry(deviceId, { ts: 3_000, values: { humidity: 41 } });
    await postTelemetry(deviceId, { ts: 3_000, values: { temperature: 22.5 } });
    expect(await client.nextFor(9)).toMatchObject({ data: { temperature: [[3000, '22.5']] } });
    expect(await client.drain(100)).toEqual([]);
    client.send({
      historyCmds: [
        {
          cmdId: 10,
          entityType: 'ENTITY_VIEW',
          entityId: view.id.id,
          keys: 'temperature,humidity',
          startTs: 0,
          endTs: 10_000,
          limit: 10,
          agg: 'NONE',
        },
      ],
    });
    const history = await client.nextFor(10);
    expect(Object.keys(history.data as object)).toEqual(['temperature']);
  });

  it('sends the history of the window, then every new point in it', async () => {
    const deviceId = await newDevice();
    await postTelemetry(deviceId, [
      { ts: 1_000, values: { t: 1 } },
      { ts: 2_000, values: { t: 2 } },
      { ts: 9_000, values: { t: 9 } },
    ]);
    const client = await connect(tenantToken);
    client.send({
      tsSubCmds: [
        { cmdId: 4, entityType: 'DEVICE', entityId: deviceId, keys: 't', startTs: 500, timeWindow: 5_000 },
      ],
    });
    const first = await client.nextFor<Message & { data: Record<string, unknown> }>(4);
    expect(first.data).toEqual({
      t: [
        [2000, '2'],
        [1000, '1'],
      ],
    });
    await postTelemetry(deviceId, [
      { ts: 100, values: { t: 0 } },
      { ts: 3_000, values: { t: 3 } },
    ]);
    const update = await client.nextFor<Message & { data: Record<string, unknown> }>(4);
    expect(update.data).toEqual({ t: [[3000, '3']] });
  });

  it('answers a history command once, with aggregation', async () => {
    const deviceId = await newDevice();
    await postTelemetry(deviceId, [
      { ts: 1_000, values: { t: 1 } },
      { ts: 2_000, values: { t: 3 } },
    ]);
    const client = await connect(tenantToken);
    client.send({
      historyCmds: [
        { cmdId: 5, entityType: 'DEVICE', entityId: deviceId, keys: 't', startTs: 0, endTs: 10_000 },
        {
          cmdId: 6,
          entityType: 'DEVICE',
          entityId: deviceId,
          keys: 't',
          startTs: 0,
          endTs: 10_000,
          interval: 10_000,
          agg: 'AVG',
        },
        {
          cmdId: 7,
          entityType: 'DEVICE',
          entityId: deviceId,
          keys: 't',
          startTs: 0,
          endTs: 10_000,
          agg: 'MEDIAN',
        },
      ],
    });
    expect((await client.nextFor(5)).data).toEqual({
      t: [
        [2000, '3'],
        [1000, '1'],
      ],
    });
    expect((await client.nextFor(6)).data).toEqual({ t: [[5000, '2.0']] });
    expect(await client.nextFor(7)).toMatchObject({ errorCode: 2, data: null });
    await postTelemetry(deviceId, { ts: 3_000, values: { t: 5 } });
    expect(await client.drain(100)).toEqual([]);
  });
});

const deviceQuery = (deviceIds: string[], dynamic = false) => ({
  entityFilter: { type: 'entityList', entityType: 'DEVICE', entityList: deviceIds },
  pageLink: {
    pageSize: 10,
    page: 0,
    dynamic,
    sortOrder: { key: { type: 'ENTITY_FIELD', key: 'createdTime' }, direction: 'ASC' },
  },
  entityFields: [{ type: 'ENTITY_FIELD', key: 'name' }],
  latestValues: [{ type: 'TIME_SERIES', key: 'temperature' }],
});

type EntityDataMessage = Message & {
  data: {
    data: {
      entityId: { id: string };
      latest: Record<string, Record<string, { ts: number; value: string }>>;
      timeseries: unknown;
    }[];
    totalElements: number;
  } | null;
  update:
    | {
        entityId: { id: string };
        latest: Record<string, Record<string, { ts: number; value: string }>> | null;
        timeseries: Record<string, { ts: number; value: string }[]> | null;
      }[]
    | null;
};

describe('entity data commands', () => {
  it('sends the page with latest values, then updates of the changed keys only', async () => {
    const [first, second] = [await newDevice(), await newDevice()];
    await postTelemetry(first as string, { ts: 1_000, values: { temperature: 20 } });
    const client = await connect(tenantToken);
    client.send({
      entityDataCmds: [
        {
          cmdId: 10,
          query: deviceQuery([first as string, second as string]),
          latestCmd: {
            keys: [
              { type: 'TIME_SERIES', key: 'temperature' },
              { type: 'SHARED_ATTRIBUTE', key: 'mode' },
            ],
          },
        },
      ],
    });
    const page = await client.nextFor<EntityDataMessage>(10);
    expect(page).toMatchObject({
      cmdId: 10,
      errorCode: 0,
      errorMsg: null,
      cmdUpdateType: 'ENTITY_DATA',
      update: null,
      allowedEntities: 10000,
    });
    expect(page.data?.data.map((e) => e.entityId.id)).toEqual([first, second]);
    const [a, b] = page.data?.data ?? [];
    expect(a?.latest.TIME_SERIES?.temperature).toEqual({ ts: 1000, value: '20' });
    expect(b?.latest.TIME_SERIES?.temperature).toEqual({ ts: 0, value: '' });
    expect(b?.latest.SHARED_ATTRIBUTE?.mode).toEqual({ ts: 0, value: '' });
    expect(a?.latest.ENTITY_FIELD?.name?.value).toMatch(/^WS Device /);
    expect(a?.latest.ENTITY_FIELD?.name?.ts).toBeGreaterThan(Date.now() - 60_000);

    await postTelemetry(second as string, { ts: 5_000, values: { temperature: 30.5, pressure: 1 } });
    const update = await client.nextFor<EntityDataMessage>(10);
    expect(update.data).toBeNull();
    expect(update.update).toEqual([
      {
        entityId: { entityType: 'DEVICE', id: second },
        latest: { TIME_SERIES: { temperature: { ts: 5000, value: '30.5' } } },
        timeseries: null,
      },
    ]);
    await postShared(first as string, { mode: 'eco' });
    const attributeUpdate = await client.nextFor<EntityDataMessage>(10);
    expect(attributeUpdate.update?.[0]?.entityId.id).toBe(first);
    expect(attributeUpdate.update?.[0]?.latest?.SHARED_ATTRIBUTE?.mode?.value).toBe('eco');
    // Deleting the attribute reports it as missing.
    expectOk(
      await server.api.delete(`/api/plugins/telemetry/DEVICE/${first}/SHARED_SCOPE?keys=mode`, {
        token: tenantToken,
      }),
    );
    const deleted = await client.nextFor<EntityDataMessage>(10);
    expect(deleted.update?.[0]?.latest?.SHARED_ATTRIBUTE?.mode).toEqual({ ts: 0, value: '' });
  });

  it('sends time series of the window for a tsCmd, then new points', async () => {
    const deviceId = await newDevice();
    await postTelemetry(deviceId, [
      { ts: 1_000, values: { temperature: 1 } },
      { ts: 2_000, values: { temperature: 2 } },
    ]);
    const client = await connect(tenantToken);
    client.send({
      entityDataCmds: [
        {
          cmdId: 11,
          query: deviceQuery([deviceId]),
          tsCmd: { keys: ['temperature'], startTs: 0, timeWindow: 10_000, limit: 10 },
        },
      ],
    });
    const page = await client.nextFor<EntityDataMessage>(11);
    expect(page.data?.data[0]?.timeseries).toEqual({
      temperature: [
        { ts: 2000, value: '2' },
        { ts: 1000, value: '1' },
      ],
    });
    await postTelemetry(deviceId, { ts: 3_000, values: { temperature: 3 } });
    const update = await client.nextFor<EntityDataMessage>(11);
    expect(update.update).toEqual([
      {
        entityId: { entityType: 'DEVICE', id: deviceId },
        latest: null,
        timeseries: { temperature: [{ ts: 3000, value: '3' }] },
      },
    ]);
  });

  it('replaces a command sent again with the same id, and re-runs a dynamic query', async () => {
    const [first, second] = [await newDevice(), await newDevice()];
    const client = await connect(tenantToken);
    const latestCmd = { keys: [{ type: 'TIME_SERIES', key: 'temperature' }] };
    client.send({ entityDataCmds: [{ cmdId: 12, query: deviceQuery([first as string]), latestCmd }] });
    expect((await client.nextFor<EntityDataMessage>(12)).data?.data.map((e) => e.entityId.id)).toEqual([
      first,
    ]);
    client.send({ entityDataCmds: [{ cmdId: 12, query: deviceQuery([second as string]), latestCmd }] });
    expect((await client.nextFor<EntityDataMessage>(12)).data?.data.map((e) => e.entityId.id)).toEqual([
      second,
    ]);
    await postTelemetry(first as string, { temperature: 1 });
    await postTelemetry(second as string, { temperature: 2 });
    const update = await client.nextFor<EntityDataMessage>(12);
    expect(update.update?.map((e) => e.entityId.id)).toEqual([second]);
    expect(await client.drain(100)).toEqual([]);

    // A dynamic page over every ws-test device picks up a new device at the next refresh.
    const dynamic = {
      entityFilter: { type: 'deviceType', deviceType: 'ws-test', deviceNameFilter: '' },
      pageLink: { pageSize: 1000, page: 0, dynamic: true },
      entityFields: [{ type: 'ENTITY_FIELD', key: 'name' }],
    };
    client.send({ entityDataCmds: [{ cmdId: 13, query: dynamic, latestCmd }] });
    const before = (await client.nextFor<EntityDataMessage>(13)).data?.totalElements ?? 0;
    const third = await newDevice();
    const refreshed = await client.nextFor<EntityDataMessage>(13, 3000);
    expect(refreshed.data?.totalElements).toBe(before + 1);
    await postTelemetry(third, { temperature: 7 });
    const thirdUpdate = await client.nextFor<EntityDataMessage>(13);
    expect(thirdUpdate.update?.[0]?.entityId.id).toBe(third);
  });

  it('stops updates after entityDataUnsubscribeCmds', async () => {
    const deviceId = await newDevice();
    const client = await connect(tenantToken);
    client.send({
      entityDataCmds: [
        {
          cmdId: 14,
          query: deviceQuery([deviceId]),
          latestCmd: { keys: [{ type: 'TIME_SERIES', key: 'temperature' }] },
        },
      ],
    });
    await client.nextFor(14);
    client.send({ entityDataUnsubscribeCmds: [{ cmdId: 14 }] });
    await client.drain(50);
    await postTelemetry(deviceId, { temperature: 1 });
    expect(await client.drain(150)).toEqual([]);
  });
});

describe('entity count commands', () => {
  it('counts now and again when the count changes', async () => {
    const type = `ws-count-${randomBytes(3).toString('hex')}`;
    const client = await connect(tenantToken);
    client.send({
      entityCountCmds: [
        {
          cmdId: 20,
          query: { entityFilter: { type: 'deviceType', deviceType: type, deviceNameFilter: '' } },
        },
      ],
    });
    expect(await client.nextFor(20)).toEqual({
      cmdId: 20,
      errorCode: 0,
      errorMsg: null,
      cmdUpdateType: 'COUNT_DATA',
      count: 0,
    });
    expectOk(await server.api.post('/api/device', { name: `Counted ${type}`, type }, { token: tenantToken }));
    expect(await client.nextFor(20, 3000)).toMatchObject({ cmdId: 20, count: 1 });
    // Unchanged counts are not sent again; after unsubscribing nothing is.
    expect(await client.drain(REFRESH_MS * 2)).toEqual([]);
    client.send({ entityCountUnsubscribeCmds: [{ cmdId: 20 }] });
    await client.drain(50);
    expectOk(
      await server.api.post('/api/device', { name: `Counted 2 ${type}`, type }, { token: tenantToken }),
    );
    expect(await client.drain(REFRESH_MS * 2)).toEqual([]);
  });
});

describe('unsubscribing and closing', () => {
  it('stops v1 updates after unsubscribe, and frees every watch when the session closes', async () => {
    const deviceId = await newDevice();
    const stats = server.services.telemetryWs;
    const watchersBefore = stats.watcherCount;
    const client = await connect(tenantToken);
    client.send({
      attrSubCmds: [{ cmdId: 30, entityType: 'DEVICE', entityId: deviceId }],
      tsSubCmds: [{ cmdId: 31, entityType: 'DEVICE', entityId: deviceId }],
      entityDataCmds: [
        {
          cmdId: 32,
          query: deviceQuery([deviceId]),
          latestCmd: { keys: [{ type: 'TIME_SERIES', key: 'x' }] },
        },
      ],
      entityCountCmds: [{ cmdId: 33, query: { entityFilter: { type: 'entityType', entityType: 'DEVICE' } } }],
    });
    await Promise.all([client.nextFor(30), client.nextFor(31), client.nextFor(32), client.nextFor(33)]);
    expect(stats.watcherCount).toBe(watchersBefore + 3);

    client.send({ tsSubCmds: [{ cmdId: 31, entityType: 'DEVICE', entityId: deviceId, unsubscribe: true }] });
    await client.drain(50);
    expect(stats.watcherCount).toBe(watchersBefore + 2);
    await postTelemetry(deviceId, { y: 1 });
    expect(await client.drain(150)).toEqual([]);

    await client.close();
    await expect.poll(() => stats.watcherCount).toBe(watchersBefore);
    expect(watchersBefore).toBe(0);
    await expect.poll(() => stats.sessionCount).toBe(0);
  });
});

describe('tenant and customer isolation', () => {
  it('refuses entities of another tenant or another customer with errorCode 3 and no data', async () => {
    const ofCustomerA = await newDevice({ customerA: true });
    const ofTenantOnly = await newDevice();
    await postTelemetry(ofCustomerA, { secret: 42 });
    const unauthorized = (id: number) => ({
      subscriptionId: id,
      errorCode: 3,
      errorMsg: 'Unauthorized',
      data: null,
      latestValues: {},
    });
    const commands = (deviceId: string) => ({
      attrSubCmds: [{ cmdId: 1, entityType: 'DEVICE', entityId: deviceId }],
      tsSubCmds: [{ cmdId: 2, entityType: 'DEVICE', entityId: deviceId }],
      historyCmds: [
        {
          cmdId: 3,
          entityType: 'DEVICE',
          entityId: deviceId,
          keys: 'secret',
          startTs: 0,
          endTs: Date.now() + 1000,
        },
      ],
    });
    for (const [token, deviceId] of [
      [otherTenantToken, ofCustomerA],
      [customerBToken, ofCustomerA],
      [customerToken, ofTenantOnly],
      [customerToken, '00000000-0000-1000-8000-000000000000'],
    ] as const) {
      const client = await connect(token);
      client.send(commands(deviceId));
      for (const id of [1, 2, 3]) expect(await client.nextFor(id)).toEqual(unauthorized(id));
      await postTelemetry(ofCustomerA, { secret: 43 });
      expect(await client.drain(100)).toEqual([]);
    }
    // The owner's customer user does get the data.
    const client = await connect(customerToken);
    client.send({ tsSubCmds: [{ cmdId: 2, entityType: 'DEVICE', entityId: ofCustomerA, keys: 'secret' }] });
    expect(
      (await client.nextFor<Message & { data: Record<string, [number, string][]> }>(2)).data.secret?.[0]?.[1],
    ).toBe('43');
  });

  it('confines entity data queries to the caller’s own entities, even when the query names others', async () => {
    const ofCustomerA = await newDevice({ customerA: true });
    const ofTenantOnly = await newDevice();
    for (const [token, expected] of [
      [customerToken, [ofCustomerA]],
      [customerBToken, []],
      [otherTenantToken, []],
      [tenantToken, [ofCustomerA, ofTenantOnly]],
    ] as const) {
      const client = await connect(token);
      client.send({
        entityDataCmds: [
          {
            cmdId: 1,
            query: deviceQuery([ofCustomerA, ofTenantOnly]),
            latestCmd: { keys: [{ type: 'TIME_SERIES', key: 'temperature' }] },
          },
        ],
        entityCountCmds: [
          {
            cmdId: 2,
            query: {
              entityFilter: {
                type: 'entityList',
                entityType: 'DEVICE',
                entityList: [ofCustomerA, ofTenantOnly],
              },
            },
          },
        ],
      });
      const page = await client.nextFor<EntityDataMessage>(1);
      expect(page.data?.data.map((e) => e.entityId.id)).toEqual(expected);
      expect(await client.nextFor(2)).toMatchObject({ count: expected.length });
      await postTelemetry(ofTenantOnly, { temperature: 99 });
      const updates = await client.drain(150);
      const leaked = updates.filter((m) => JSON.stringify(m).includes(ofTenantOnly));
      expect(leaked.length).toBe(expected.includes(ofTenantOnly as never) ? 1 : 0);
    }
  });
});
