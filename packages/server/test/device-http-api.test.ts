import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpcReplySink } from '../src/transport/core/types.js';
import {
  type ApiResponse,
  DEMO,
  deviceSessionOpen,
  expectError,
  expectOk,
  startServer,
  type TestServer,
} from './helper.js';

/**
 * The HTTP device API (reference §4.2) over real HTTP: telemetry and attributes in and out, long
 * polls for shared attributes and RPCs, RPC replies, client-side RPC, claim, provisioning, and the
 * device state attributes that activity leaves behind.
 */

let server: TestServer;
let tenantToken: string;

const suffix = () => randomBytes(4).toString('hex');
const ta = () => ({ token: tenantToken });

interface DeviceRef {
  id: string;
  token: string;
}

async function newDevice(name = `http-device-${suffix()}`): Promise<DeviceRef> {
  const token = `tok-${suffix()}${suffix()}`;
  const res = await server.api.post<{ id: { id: string } }>(
    `/api/device?accessToken=${token}`,
    { name },
    ta(),
  );
  return { id: expectOk(res).id.id, token };
}

const device = (d: DeviceRef, path: string) => `/api/v1/${d.token}${path}`;
const postRaw = (path: string, raw: string) =>
  server.api.request('POST', path, { raw, contentType: 'application/json' });

async function latest(d: DeviceRef, keys: string) {
  return expectOk(
    await server.api.get<Record<string, { ts: number; value: unknown }[]>>(
      `/api/plugins/telemetry/DEVICE/${d.id}/values/timeseries?keys=${keys}`,
      ta(),
    ),
  );
}

async function serverAttributes(d: DeviceRef): Promise<Record<string, unknown>> {
  const rows = expectOk(
    await server.api.get<{ key: string; value: unknown }[]>(
      `/api/plugins/telemetry/DEVICE/${d.id}/values/attributes/SERVER_SCOPE`,
      ta(),
    ),
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

const setShared = async (d: DeviceRef, values: Record<string, unknown>) =>
  expectOk(await server.api.post(`/api/plugins/telemetry/DEVICE/${d.id}/SHARED_SCOPE`, values, ta()));

/** Waits until the device has a live session (the long poll registered), so pushes reach it. */
const sessionOpen = (d: DeviceRef) => deviceSessionOpen(server, d.id);

beforeAll(async () => {
  server = await startServer({ env: { CLIENT_SIDE_RPC_TIMEOUT: '300' } });
  tenantToken = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
});

afterAll(async () => {
  await server?.close();
});

describe('authentication', () => {
  it('answers an unknown token with 401 and an empty body on every endpoint', async () => {
    for (const [method, path] of [
      ['POST', '/api/v1/nope/telemetry'],
      ['POST', '/api/v1/nope/attributes'],
      ['GET', '/api/v1/nope/attributes'],
      ['GET', '/api/v1/nope/attributes/updates?timeout=100'],
      ['GET', '/api/v1/nope/rpc?timeout=100'],
      ['POST', '/api/v1/nope/rpc/1'],
      ['POST', '/api/v1/nope/rpc'],
      ['POST', '/api/v1/nope/claim'],
    ] as const) {
      const res = await server.api.request(method, path, method === 'POST' ? { json: { a: 1 } } : {});
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.text, `${method} ${path}`).toBe('');
    }
  });

  it('needs no JWT, and a user token does not stand in for a device token', async () => {
    const d = await newDevice();
    expect((await server.api.post(device(d, '/telemetry'), { t: 1 })).status).toBe(200);
    // A user's JWT in the header does not authenticate a device.
    const res = await server.api.post('/api/v1/not-a-device-token/telemetry', { t: 1 }, ta());
    expect(res.status, res.text).toBe(401);
    // Access tokens may be 255 characters long; they fit in the path.
    const long = await newDevice();
    const longToken = 'L'.repeat(255);
    const credentials = expectOk(
      await server.api.get<{ id: { id: string } }>(`/api/device/${long.id}/credentials`, ta()),
    );
    expectOk(
      await server.api.post(
        '/api/device/credentials',
        {
          id: credentials.id,
          deviceId: { entityType: 'DEVICE', id: long.id },
          credentialsType: 'ACCESS_TOKEN',
          credentialsId: longToken,
        },
        ta(),
      ),
    );
    expect((await server.api.post(`/api/v1/${longToken}/telemetry`, { t: 1 })).status).toBe(200);
  });
});

describe('device identity', () => {
  it('a device assigned or unassigned through the REST API is known with its new customer at once', async () => {
    const d = await newDevice();
    const proof = { type: 'ACCESS_TOKEN' as const, token: d.token };
    const { api } = server.services.transport;
    expect((await api.authenticate(proof))?.customerId).toBeNull();
    const customers = expectOk(
      await server.api.get<{ data: { id: { id: string }; title: string }[] }>(
        '/api/customers?pageSize=10&page=0&textSearch=Customer%20A',
        ta(),
      ),
    );
    const customerA = customers.data.find((c) => c.title === 'Customer A')?.id.id as string;
    expectOk(await server.api.post(`/api/customer/${customerA}/device/${d.id}`, undefined, ta()));
    expect((await api.authenticate(proof))?.customerId).toBe(customerA);
    expectOk(await server.api.delete(`/api/customer/device/${d.id}`, ta()));
    expect((await api.authenticate(proof))?.customerId).toBeNull();
  });
});

describe('telemetry', () => {
  it('stores values stamped now, with explicit ts, and arrays; numbers keep all 64 bits', async () => {
    const d = await newDevice();
    const before = Date.now();
    expect(
      (await postRaw(device(d, '/telemetry'), '{"temp":21.5,"big":9223372036854775807,"on":true}')).status,
    ).toBe(200);
    const now = await latest(d, 'temp,big,on');
    expect(now.temp?.[0]?.value).toBe('21.5');
    expect(now.big?.[0]?.value).toBe('9223372036854775807');
    expect(now.on?.[0]?.value).toBe('true');
    expect(now.temp?.[0]?.ts).toBeGreaterThanOrEqual(before);

    const res = await postRaw(
      device(d, '/telemetry'),
      '[{"ts":1609459200000,"values":{"hist":1}},{"ts":1609459260000,"values":{"hist":2}}]',
    );
    expect(res.status).toBe(200);
    const history = expectOk(
      await server.api.get<Record<string, { ts: number; value: string }[]>>(
        `/api/plugins/telemetry/DEVICE/${d.id}/values/timeseries?keys=hist&startTs=0&endTs=1609459300000`,
        ta(),
      ),
    );
    expect(history.hist?.map((p) => [p.ts, p.value])).toEqual([
      [1609459260000, '2'],
      [1609459200000, '1'],
    ]);
  });

  it('refuses malformed JSON and payloads of the wrong shape with 400 and a message', async () => {
    const d = await newDevice();
    const bad = await postRaw(device(d, '/telemetry'), '{"temp":');
    expectError(bad, 400, 31);
    expect((bad.body as { message: string }).message).toContain('Invalid JSON payload');
    expectError(await postRaw(device(d, '/telemetry'), '"text"'), 400, 31);
    expectError(await postRaw(device(d, '/telemetry'), '{"ts":"soon","values":{"a":1}}'), 400, 31);
    expectError(await postRaw(device(d, '/attributes'), '[1,2]'), 400, 31);
    expectError(await server.api.request('POST', device(d, '/telemetry')), 400, 31);
  });

  it('commits concurrent messages of many devices, each answered after its data is stored', async () => {
    const devices = await Promise.all([1, 2, 3, 4].map(() => newDevice()));
    const posts = devices.flatMap((d, n) =>
      [0, 1, 2, 3, 4].map((i) =>
        server.api.post(device(d, '/telemetry'), { ts: 1000 + i, values: { n, i } }),
      ),
    );
    for (const res of await Promise.all(posts)) expect(res.status).toBe(200);
    for (const [n, d] of devices.entries()) {
      const values = await latest(d, 'n,i');
      expect([values.n?.[0]?.value, values.i?.[0]?.value, values.i?.[0]?.ts]).toEqual([String(n), '4', 1004]);
    }
  });
});

describe('attributes', () => {
  it('stores client attributes and returns client and shared ones by key, or all', async () => {
    const d = await newDevice();
    expect((await postRaw(device(d, '/attributes'), '{"fw":"1.0","count":3,"cfg":{"a":[1,2]}}')).status).toBe(
      200,
    );
    await setShared(d, { mode: 'eco', level: 2 });
    expect(
      expectOk(await server.api.get(device(d, '/attributes?clientKeys=fw,count&sharedKeys=mode'))),
    ).toEqual({
      client: { fw: 1.0, count: 3 },
      shared: { mode: 'eco' },
    });
    expect(expectOk(await server.api.get(device(d, '/attributes?sharedKeys=level')))).toEqual({
      shared: { level: 2 },
    });
    expect(expectOk(await server.api.get(device(d, '/attributes')))).toEqual({
      client: { cfg: { a: [1, 2] }, count: 3, fw: 1.0 },
      shared: { level: 2, mode: 'eco' },
    });
    expect(expectOk(await server.api.get(device(d, '/attributes?clientKeys=missing')))).toEqual({});
  });
});

describe('shared attribute long poll', () => {
  it('answers with the update pushed through the REST API', async () => {
    const d = await newDevice();
    const poll = server.api.get(device(d, '/attributes/updates?timeout=10000'));
    await sessionOpen(d);
    await setShared(d, { target: 22.5, label: 'x', on: false });
    const res = await poll;
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ target: 22.5, label: 'x', on: false });
  });

  it('answers with the deleted keys', async () => {
    const d = await newDevice();
    await setShared(d, { gone: 1 });
    const poll = server.api.get(device(d, '/attributes/updates?timeout=10000'));
    await sessionOpen(d);
    expectOk(await server.api.delete(`/api/plugins/telemetry/DEVICE/${d.id}/SHARED_SCOPE?keys=gone`, ta()));
    expect((await poll).body).toEqual({ deleted: ['gone'] });
  });

  it('times out with 408, and refuses a timeout that is not a number', async () => {
    const d = await newDevice();
    const started = Date.now();
    const res = await server.api.get(device(d, '/attributes/updates?timeout=200'));
    expect(res.status).toBe(408);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expectError(await server.api.get(device(d, '/attributes/updates?timeout=abc')), 400, 31);
    expect(server.services.transport.sessions.sessionCount(d.id)).toBe(0);
  });

  it('answers 403 "Device was deleted!" when the device is deleted during the poll', async () => {
    const d = await newDevice();
    const poll = server.api.get(device(d, '/attributes/updates?timeout=10000'));
    await sessionOpen(d);
    expectOk(await server.api.delete(`/api/device/${d.id}`, ta()));
    const res = await poll;
    expect(res.status).toBe(403);
    expect(res.text).toBe('Device was deleted!');
    expect((await server.api.post(device(d, '/telemetry'), { a: 1 })).status).toBe(401);
  });

  it('ends the poll with 401 when the credentials change, and the old token stops working', async () => {
    const d = await newDevice();
    const poll = server.api.get(device(d, '/attributes/updates?timeout=10000'));
    await sessionOpen(d);
    const credentials = expectOk(
      await server.api.get<{ id: { id: string } }>(`/api/device/${d.id}/credentials`, ta()),
    );
    const newToken = `tok-${suffix()}${suffix()}`;
    expectOk(
      await server.api.post(
        '/api/device/credentials',
        {
          id: credentials.id,
          deviceId: { entityType: 'DEVICE', id: d.id },
          credentialsType: 'ACCESS_TOKEN',
          credentialsId: newToken,
        },
        ta(),
      ),
    );
    expect((await poll).status).toBe(401);
    expect((await server.api.post(device(d, '/telemetry'), { a: 1 })).status).toBe(401);
    expect((await server.api.post(`/api/v1/${newToken}/telemetry`, { a: 1 })).status).toBe(200);
  });
});

describe('RPC', () => {
  it('hands a server-side RPC to the poll, tells the sink it was delivered, and passes the reply on', async () => {
    const d = await newDevice();
    const events: string[] = [];
    const sink: RpcReplySink = {
      delivered: (deviceId, requestId) => events.push(`delivered ${deviceId} ${requestId}`),
      reply: (deviceId, requestId, payload) => events.push(`reply ${deviceId} ${requestId} ${payload}`),
    };
    const { transport } = server.services;
    transport.setRpcSink(sink);
    try {
      const rpc = {
        requestId: 7,
        method: 'setGpio',
        params: { pin: 4 },
        oneway: false,
        expirationTime: Date.now() + 10000,
      };
      expect(transport.sessions.deliverRpc(d.id, rpc)).toBe(false);
      const subscribed: string[] = [];
      const stop = transport.sessions.onRpcSubscribed((id) => subscribed.push(id));
      const poll = server.api.get(device(d, '/rpc?timeout=10000'));
      await sessionOpen(d);
      stop();
      expect(subscribed).toEqual([d.id]);
      expect(transport.sessions.hasRpcSubscriber(d.id)).toBe(true);
      expect(transport.sessions.deliverRpc(d.id, rpc)).toBe(true);
      const res = await poll;
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: 7, method: 'setGpio', params: { pin: 4 } });
      expect(transport.sessions.hasRpcSubscriber(d.id)).toBe(false);

      expect((await postRaw(device(d, '/rpc/7'), '{"ok":true}')).status).toBe(200);
      expect(events).toEqual([`delivered ${d.id} 7`, `reply ${d.id} 7 {"ok":true}`]);
      expectError(await postRaw(device(d, '/rpc/seven'), '{}'), 400, 31);
      expectError(await postRaw(device(d, '/rpc/7'), '{"ok"'), 400, 31);
    } finally {
      transport.setRpcSink(undefined);
    }
  });

  it('times the RPC poll out with 408', async () => {
    const d = await newDevice();
    expect((await server.api.get(device(d, '/rpc?timeout=150'))).status).toBe(408);
  });

  it('lets a client-side RPC time out with 408 (no rule engine answers), and refuses one without a method', async () => {
    const d = await newDevice();
    const started = Date.now();
    const res = await server.api.post(device(d, '/rpc'), { method: 'getTime', params: {} });
    expect(res.status).toBe(408);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expectError(await server.api.post(device(d, '/rpc'), { params: {} }), 400, 31);
  });

  it('answers a client-side RPC through the delivery point kept for a rule engine', async () => {
    const d = await newDevice();
    const { clientRpc } = server.services.transport;
    const stop = clientRpc.onRequest((request) => {
      clientRpc.answer(request.id, { time: 42, method: request.method });
    });
    try {
      const res = await server.api.post(device(d, '/rpc'), { method: 'getTime', params: {} });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ time: 42, method: 'getTime' });
    } finally {
      stop();
    }
  });
});

describe('claim', () => {
  it('remembers the secret and the window of an unassigned device', async () => {
    const d = await newDevice();
    const before = Date.now();
    expect(
      (await server.api.post(device(d, '/claim'), { secretKey: 's3cret', durationMs: 60000 })).status,
    ).toBe(200);
    const claim = server.services.transport.claims.get(d.id);
    expect(claim?.secretKey).toBe('s3cret');
    expect(claim?.expirationTime).toBeGreaterThanOrEqual(before + 60000);
    expect((await server.api.request('POST', device(d, '/claim'))).status).toBe(200);
    expect(server.services.transport.claims.get(d.id)?.secretKey).toBe('');
    expectError(await server.api.post(device(d, '/claim'), { durationMs: 'long' }), 400, 31);
  });
});

describe('provisioning', () => {
  async function provisioningProfile(provisionType: string) {
    const key = `key-${suffix()}`;
    const profile = expectOk(
      await server.api.post<{ id: { id: string }; name: string }>(
        '/api/deviceProfile',
        {
          name: `provisioning-${suffix()}`,
          type: 'DEFAULT',
          transportType: 'DEFAULT',
          provisionType,
          provisionDeviceKey: key,
          profileData: { provisionConfiguration: { type: provisionType, provisionDeviceSecret: 'secret' } },
        },
        ta(),
      ),
    );
    return { key, profile };
  }
  const provision = (body: Record<string, unknown>) =>
    server.api.post<Record<string, unknown>>('/api/v1/provision', body);

  it('creates a new device with an access token, once', async () => {
    const { key, profile } = await provisioningProfile('ALLOW_CREATE_NEW_DEVICES');
    const name = `provisioned-${suffix()}`;
    const request = { deviceName: name, provisionDeviceKey: key, provisionDeviceSecret: 'secret' };
    const res = expectOk(await provision(request));
    expect(res).toMatchObject({ credentialsType: 'ACCESS_TOKEN', status: 'SUCCESS' });
    const token = res.credentialsValue as string;
    expect(token).toMatch(/^[A-Za-z0-9]{20}$/);
    expect((await server.api.post(`/api/v1/${token}/telemetry`, { x: 1 })).status).toBe(200);
    const created = expectOk(
      await server.api.get<{ name: string; type: string }>(`/api/tenant/devices?deviceName=${name}`, ta()),
    );
    expect(created.type).toBe(profile.name);
    expect(expectOk(await provision(request))).toEqual({
      errorMsg: 'Failed to provision device!',
      status: 'FAILURE',
    });
  });

  it('creates MQTT basic credentials when asked', async () => {
    const { key } = await provisioningProfile('ALLOW_CREATE_NEW_DEVICES');
    const res = expectOk(
      await provision({
        deviceName: `mqtt-${suffix()}`,
        provisionDeviceKey: key,
        provisionDeviceSecret: 'secret',
        credentialsType: 'MQTT_BASIC',
        clientId: 'cid',
        username: `user-${suffix()}`,
        password: 'pw',
      }),
    );
    expect(res.status).toBe('SUCCESS');
    expect(res.credentialsType).toBe('MQTT_BASIC');
    expect(res.credentialsValue).toMatchObject({ clientId: 'cid', password: 'pw' });
  });

  it('hands out the credentials of a pre-provisioned device, and nothing for unknown names or secrets', async () => {
    const { key, profile } = await provisioningProfile('CHECK_PRE_PROVISIONED_DEVICES');
    const name = `pre-${suffix()}`;
    const token = `pre-${suffix()}${suffix()}`;
    expectOk(
      await server.api.post(`/api/device?accessToken=${token}`, { name, deviceProfileId: profile.id }, ta()),
    );
    const notFound = { errorMsg: 'Provision data was not found!', status: 'NOT_FOUND' };
    expect(
      expectOk(
        await provision({
          deviceName: `other-${suffix()}`,
          provisionDeviceKey: key,
          provisionDeviceSecret: 'secret',
        }),
      ),
    ).toEqual(notFound);
    expect(
      expectOk(
        await provision({ deviceName: name, provisionDeviceKey: key, provisionDeviceSecret: 'wrong' }),
      ),
    ).toEqual(notFound);
    expect(
      expectOk(
        await provision({ deviceName: name, provisionDeviceKey: key, provisionDeviceSecret: 'secret' }),
      ),
    ).toEqual({
      credentialsValue: token,
      credentialsType: 'ACCESS_TOKEN',
      status: 'SUCCESS',
    });
    expectError(await postRaw('/api/v1/provision', 'not json'), 400, 31);
  });
});

describe('device state', () => {
  it('records activity, connects and disconnects as server attributes, and inactivity after the timeout', async () => {
    const d = await newDevice();
    const { state } = server.services.transport;
    const before = Date.now();
    expect((await server.api.post(device(d, '/telemetry'), { a: 1 })).status).toBe(200);
    await state.flushActivity();
    let attributes = await serverAttributes(d);
    expect(attributes.active).toBe(true);
    expect(attributes.lastActivityTime as number).toBeGreaterThanOrEqual(before);

    const poll: Promise<ApiResponse> = server.api.get(device(d, '/rpc?timeout=100'));
    await sessionOpen(d);
    expect((await poll).status).toBe(408);
    // Connect and disconnect are written as they happen, outside the activity flush.
    for (let i = 0; i < 100; i++) {
      attributes = await serverAttributes(d);
      if (attributes.lastDisconnectTime !== undefined) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(attributes.lastConnectTime as number).toBeGreaterThanOrEqual(before);
    expect(attributes.lastDisconnectTime as number).toBeGreaterThanOrEqual(
      attributes.lastConnectTime as number,
    );

    expectOk(
      await server.api.post(
        `/api/plugins/telemetry/DEVICE/${d.id}/SERVER_SCOPE`,
        { inactivityTimeout: 50 },
        ta(),
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 120));
    await state.checkInactivity();
    attributes = await serverAttributes(d);
    expect(attributes.active).toBe(false);
    expect(attributes.inactivityAlarmTime as number).toBeGreaterThan(attributes.lastActivityTime as number);

    expect((await server.api.post(device(d, '/telemetry'), { a: 2 })).status).toBe(200);
    await state.flushActivity();
    expect((await serverAttributes(d)).active).toBe(true);
  });
});
