import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, expectOk, startServer, type TestServer } from './helper.js';
import { WsTestClient } from './ws-client.js';

/**
 * Limits of the telemetry WebSocket (reference §3.1) on a server with small settings: the update
 * rate limit, the outgoing queue limit and the ping timeout.
 */

/** Updates per session; the refill (one token every 20 s) is too slow to matter during a test. */
const RATE_CAPACITY = 30;
let server: TestServer;
let token: string;
const clients: WsTestClient[] = [];

beforeAll(async () => {
  server = await startServer({
    env: {
      WS_MAX_UPDATES_PER_SESSION: `${RATE_CAPACITY}:600`,
      WS_MAX_QUEUE_PER_SESSION: '3',
      WS_PING_TIMEOUT_MS: '600',
    },
  });
  token = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

afterAll(async () => {
  await server?.close();
});

async function connect(options: { autoPong?: boolean } = {}): Promise<WsTestClient> {
  const client = await WsTestClient.connect(server.url, token, options);
  clients.push(client);
  return client;
}

async function newDevice(): Promise<string> {
  const name = `WS Limits ${randomBytes(4).toString('hex')}`;
  return expectOk(await server.api.post<{ id: { id: string } }>('/api/device', { name }, { token })).id.id;
}

const postTelemetry = async (deviceId: string, body: unknown) =>
  expectOk(
    await server.api.post(`/api/plugins/telemetry/DEVICE/${deviceId}/timeseries/ANY`, body, { token }),
  );

describe('update rate limit', () => {
  it('sends "Too many updates!" once, then drops updates', async () => {
    const deviceId = await newDevice();
    const client = await connect();
    // Half the capacity in subscriptions of one key: the initial replies and one write use it all.
    const cmdIds = Array.from({ length: RATE_CAPACITY / 2 }, (_, i) => i + 1);
    client.send({
      tsSubCmds: cmdIds.map((cmdId) => ({ cmdId, entityType: 'DEVICE', entityId: deviceId, keys: 't' })),
    });
    for (const cmdId of cmdIds) await client.nextFor(cmdId);
    await postTelemetry(deviceId, { ts: 1, values: { t: 1 } });
    const passed = await client.drain(200);
    expect(passed.map((m) => m.subscriptionId).sort((a, b) => Number(a) - Number(b))).toEqual(cmdIds);
    expect(passed.every((m) => m.errorCode === 0)).toBe(true);
    await postTelemetry(deviceId, { ts: 2, values: { t: 2 } });
    await postTelemetry(deviceId, { ts: 3, values: { t: 3 } });
    const refused = await client.drain(200);
    expect(refused).toEqual([{ subscriptionId: 1, errorCode: 34, errorMsg: 'Too many updates!' }]);
  });
});

describe('outgoing queue limit', () => {
  it('closes the session with POLICY_VIOLATION when more updates wait than the queue holds', async () => {
    const deviceId = await newDevice();
    const client = await connect();
    const cmdIds = [1, 2, 3, 4, 5];
    client.send({
      tsSubCmds: cmdIds.map((cmdId) => ({ cmdId, entityType: 'DEVICE', entityId: deviceId, keys: 'big' })),
    });
    for (const cmdId of cmdIds) await client.nextFor(cmdId);
    // One write, five updates of 4 MB each: more than the socket takes at once, so they wait here,
    // and the fourth finds the queue of 3 full.
    await postTelemetry(deviceId, { big: 'x'.repeat(4 * 1024 * 1024) });
    expect(await client.closed).toEqual({ code: 1008, reason: 'Max pending updates limit reached!' });
    expect((await client.drain(0)).length).toBe(3);
    await expect.poll(() => server.services.telemetryWs.watcherCount).toBe(0);
  });

  it('keeps a session that reads, whatever the burst', async () => {
    const deviceId = await newDevice();
    const client = await connect();
    client.send({
      tsSubCmds: [1, 2, 3, 4, 5].map((cmdId) => ({
        cmdId,
        entityType: 'DEVICE',
        entityId: deviceId,
        keys: 'q',
      })),
    });
    for (const cmdId of [1, 2, 3, 4, 5]) await client.nextFor(cmdId);
    await postTelemetry(deviceId, { q: 1 });
    expect((await client.drain(200)).length).toBe(5);
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });
});

describe('ping timeout', () => {
  it('closes a session that answers no ping with 4500 and keeps one that does', async () => {
    const silent = await connect({ autoPong: false });
    const answering = await connect();
    const started = Date.now();
    expect((await silent.closed).code).toBe(4500);
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(answering.socket.readyState).toBe(answering.socket.OPEN);
  });
});
