import { SAMPLE_PROTO_SCHEMAS } from '@meridian/common';
import { type IncomingMessage, request } from 'coap';
import protobuf from 'protobufjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CoapAnswer,
  type CoapCall,
  CoapTestClient,
  createCoapDevice,
  createCoapProfile,
} from './coap-client.js';
import { type ApiClient, DEMO, expectOk, startServer, type TestServer } from './helper.js';

/**
 * The CoAP device API (reference §4.4) over a real UDP socket: the server of startServer() on an
 * ephemeral CoAP port, node-coap as the device.
 */

let server: TestServer;
let api: ApiClient;
let adminToken: string;
const client = new CoapTestClient(() => server.services.coap.port());
const { agent } = client;
const coapPort = () => server.services.coap.port();
const coap = (call: CoapCall) => client.request(call);
const observe = (path: string) => client.observe(path);

/**
 * Responses arriving on the client socket whose code matches, decoded from the datagram (RFC 7252
 * §3: code in byte 1, options up to the 0xFF payload marker).
 */
function rawResponses(match: (code: string) => boolean): { code: string; observe: boolean; text: string }[] {
  const seen: { code: string; observe: boolean; text: string }[] = [];
  client.socket.on('message', (datagram: Buffer) => {
    const byte = datagram[1] ?? 0;
    const code = `${byte >> 5}.${String(byte & 0x1f).padStart(2, '0')}`;
    if (!match(code)) return;
    let offset = 4 + ((datagram[0] ?? 0) & 0x0f);
    let optionNumber = 0;
    let observe = false;
    while (offset < datagram.length && datagram[offset] !== 0xff) {
      const head = datagram[offset++] ?? 0;
      let delta = head >> 4;
      let length = head & 0x0f;
      if (delta === 13) delta = (datagram[offset++] ?? 0) + 13;
      else if (delta === 14) {
        delta = datagram.readUInt16BE(offset) + 269;
        offset += 2;
      }
      if (length === 13) length = (datagram[offset++] ?? 0) + 13;
      else if (length === 14) {
        length = datagram.readUInt16BE(offset) + 269;
        offset += 2;
      }
      optionNumber += delta;
      if (optionNumber === 6) observe = true;
      offset += length;
    }
    const text = offset < datagram.length ? datagram.subarray(offset + 1).toString('utf8') : '';
    seen.push({ code, observe, text });
  });
  return seen;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const newDevice = (deviceProfileId?: string) => createCoapDevice(api, adminToken, deviceProfileId);
/** A device profile whose CoAP devices send PROTOBUF payloads with the sample schemas. */
const newProtobufProfile = () => createCoapProfile(api, adminToken);

/** Latest values by key; a key without data reads as null like the REST API answers it. */
const latest = async (deviceId: string, keys: string) =>
  expectOk(
    await api.get<Record<string, { ts: number; value: string | null }[]>>(
      `/api/plugins/telemetry/DEVICE/${deviceId}/values/timeseries?keys=${keys}`,
      { token: adminToken },
    ),
  );
const latestValue = async (deviceId: string, key: string) => (await latest(deviceId, key))[key]?.[0]?.value;

const attributes = async (deviceId: string, scope: string) =>
  expectOk(
    await api.get<{ key: string; value: unknown }[]>(
      `/api/plugins/telemetry/DEVICE/${deviceId}/values/attributes/${scope}`,
      {
        token: adminToken,
      },
    ),
  );

const saveShared = async (deviceId: string, body: Record<string, unknown>) =>
  expectOk(
    await api.post(`/api/plugins/telemetry/DEVICE/${deviceId}/SHARED_SCOPE`, body, { token: adminToken }),
  );

beforeAll(async () => {
  // Device-to-server RPC has no rule engine to answer it: a short timeout makes it observable.
  server = await startServer({ env: { CLIENT_SIDE_RPC_TIMEOUT: '300' } });
  // The CoAP socket binds in an onListen hook, which Fastify runs after listen() resolved.
  expect(await server.services.coap.listening()).toBeGreaterThan(0);
  api = server.api;
  adminToken = (await api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
});

afterAll(async () => {
  client.close();
  await server?.close();
});

describe('CoAP telemetry and attributes', () => {
  it('stores posted telemetry (2.01 Created)', async () => {
    const device = await newDevice();
    const answer = await coap({
      path: `/api/v1/${device.token}/telemetry`,
      payload: '{"temperature":21.5,"on":true}',
    });
    expect(answer.code).toBe('2.01');
    const values = await latest(device.id, 'temperature,on');
    expect(values.temperature?.[0]?.value).toBe('21.5');
    expect(values.on?.[0]?.value).toBe('true');
  });

  it('stores telemetry with explicit timestamps', async () => {
    const device = await newDevice();
    const payload = JSON.stringify([{ ts: 1_700_000_000_000, values: { pressure: 1013 } }]);
    expect((await coap({ path: `/api/v1/${device.token}/telemetry`, payload })).code).toBe('2.01');
    expect((await latest(device.id, 'pressure')).pressure?.[0]).toEqual({
      ts: 1_700_000_000_000,
      value: '1013',
    });
  });

  it('stores client attributes and reads client and shared attributes back', async () => {
    const device = await newDevice();
    const posted = await coap({
      path: `/api/v1/${device.token}/attributes`,
      payload: '{"firmware":"v1.2","slots":4}',
    });
    expect(posted.code).toBe('2.01');
    const stored = await attributes(device.id, 'CLIENT_SCOPE');
    expect(Object.fromEntries(stored.map((entry) => [entry.key, entry.value]))).toEqual({
      firmware: 'v1.2',
      slots: 4,
    });
    await saveShared(device.id, { interval: 30, mode: 'eco' });

    const all = await coap({ method: 'GET', path: `/api/v1/${device.token}/attributes` });
    expect(all.code).toBe('2.05');
    expect(all.contentFormat).toBe('application/json');
    expect(JSON.parse(all.text)).toEqual({
      client: { firmware: 'v1.2', slots: 4 },
      shared: { interval: 30, mode: 'eco' },
    });

    const some = await coap({
      method: 'GET',
      path: `/api/v1/${device.token}/attributes`,
      query: 'clientKeys=slots&sharedKeys=mode,missing',
    });
    expect(JSON.parse(some.text)).toEqual({ client: { slots: 4 }, shared: { mode: 'eco' } });
  });
});

describe('CoAP with a PROTOBUF device profile', () => {
  it('decodes telemetry with the profile schema and refuses JSON', async () => {
    const device = await newDevice(await newProtobufProfile());
    const type = protobuf.parse(SAMPLE_PROTO_SCHEMAS.telemetry).root.lookupType('telemetry.SensorReading');
    const payload = Buffer.from(
      type.encode(type.create({ temperature: 23.5, humidity: 41.25, active: true })).finish(),
    );
    const answer = await coap({ path: `/api/v1/${device.token}/telemetry`, payload });
    expect(answer.code).toBe('2.01');
    const values = await latest(device.id, 'temperature,humidity,active');
    expect([values.temperature?.[0]?.value, values.humidity?.[0]?.value, values.active?.[0]?.value]).toEqual([
      '23.5',
      '41.25',
      'true',
    ]);

    const json = await coap({ path: `/api/v1/${device.token}/telemetry`, payload: '{"temperature":1}' });
    expect(json.code).toBe('4.00');
    expect(json.text).toMatch(/protobuf/i);
  });
});

describe('CoAP errors', () => {
  it('answers 4.01 to an unknown access token', async () => {
    const answer = await coap({ path: '/api/v1/no-such-token/telemetry', payload: '{"a":1}' });
    expect(answer.code).toBe('4.01');
    const read = await coap({ method: 'GET', path: '/api/v1/no-such-token/attributes' });
    expect(read.code).toBe('4.01');
  });

  it('answers 4.00 to bad paths and to GET on telemetry', async () => {
    const device = await newDevice();
    expect((await coap({ path: `/api/v1/${device.token}/nothing`, payload: '{}' })).code).toBe('4.00');
    expect((await coap({ path: '/api/v2/x/telemetry', payload: '{}' })).code).toBe('4.00');
    expect((await coap({ path: '/elsewhere', payload: '{}' })).code).toBe('4.00');
    expect((await coap({ method: 'GET', path: `/api/v1/${device.token}/telemetry` })).code).toBe('4.00');
    expect((await coap({ path: `/api/v1/${device.token}/rpc/not-a-number`, payload: '{}' })).code).toBe(
      '4.00',
    );
  });

  it('answers 4.05 to methods the device API does not serve', async () => {
    const device = await newDevice();
    expect(
      (await coap({ method: 'PUT', path: `/api/v1/${device.token}/telemetry`, payload: '{}' })).code,
    ).toBe('4.05');
  });

  it('answers 4.00 with a message to invalid payloads and stores nothing', async () => {
    const device = await newDevice();
    const broken = await coap({ path: `/api/v1/${device.token}/telemetry`, payload: '{"temperature":' });
    expect(broken.code).toBe('4.00');
    expect(broken.text).toMatch(/Invalid JSON payload/);
    const notObject = await coap({ path: `/api/v1/${device.token}/attributes`, payload: '[1,2]' });
    expect(notObject.code).toBe('4.00');
    expect(notObject.text).not.toBe('');
    const empty = await coap({ path: `/api/v1/${device.token}/telemetry` });
    expect(empty.code).toBe('4.00');
    expect(await latestValue(device.id, 'temperature')).toBeNull();
  });

  it('answers 4.13 to payloads over the size limit', async () => {
    const device = await newDevice();
    const big = JSON.stringify({ blob: 'x'.repeat(70_000) });
    // Sent blockwise (Block1, 1024-byte blocks); node-coap reassembles before the handler sees it.
    const answer = await new Promise<CoapAnswer>((resolve, reject) => {
      const req = request({
        hostname: '127.0.0.1',
        port: coapPort(),
        method: 'POST',
        pathname: `/api/v1/${device.token}/telemetry`,
        agent,
      });
      req.setOption('Block1', Buffer.of(0x6));
      req.on('response', (res: IncomingMessage) =>
        resolve({
          code: res.code,
          text: res.payload.toString('utf8'),
          payload: res.payload,
          contentFormat: undefined,
        }),
      );
      req.on('error', reject);
      req.end(Buffer.from(big));
    });
    expect(answer.code).toBe('4.13');
    expect(await latestValue(device.id, 'blob')).toBeNull();
  });
});

describe('CoAP observe', () => {
  it('pushes shared attribute updates to an attributes observer until it deregisters', async () => {
    const device = await newDevice();
    await saveShared(device.id, { interval: 10 });
    const observer = await observe(`/api/v1/${device.token}/attributes`);
    expect(observer.first.code).toBe('2.05');
    // The registration answers with the current shared attributes.
    expect(JSON.parse(observer.first.text)).toEqual({ interval: 10 });
    expect(server.services.transport.sessions.sessionCount(device.id)).toBe(1);

    await saveShared(device.id, { interval: 20, mode: 'eco' });
    const update = await observer.next();
    expect(update.code).toBe('2.05');
    expect(JSON.parse(update.text)).toEqual({ interval: 20, mode: 'eco' });

    expect(
      expectOk(
        await api.delete(`/api/plugins/telemetry/DEVICE/${device.id}/SHARED_SCOPE?keys=mode`, {
          token: adminToken,
        }),
      ),
    );
    expect(JSON.parse((await observer.next()).text)).toEqual({ deleted: ['mode'] });

    // Deregistration (GET with Observe=1 and the same token) ends the core session.
    observer.stream.close(true);
    await until(() => server.services.transport.sessions.sessionCount(device.id) === 0, 'the session to end');
    expect(server.services.coap.observationCount()).toBe(0);
  });

  it('does not push client attribute changes or other devices’ updates', async () => {
    const device = await newDevice();
    const other = await newDevice();
    const observer = await observe(`/api/v1/${device.token}/attributes`);
    expect(JSON.parse(observer.first.text)).toEqual({});
    await coap({ path: `/api/v1/${device.token}/attributes`, payload: '{"clientOnly":1}' });
    await saveShared(other.id, { foreign: true });
    await saveShared(device.id, { own: true });
    expect(JSON.parse((await observer.next()).text)).toEqual({ own: true });
    expect(observer.notifications).toHaveLength(1);
    observer.stream.close(true);
    await until(() => server.services.transport.sessions.sessionCount(device.id) === 0, 'the session to end');
  });

  it('skips an update too large for one datagram and keeps the observation', async () => {
    const device = await newDevice();
    const observer = await observe(`/api/v1/${device.token}/attributes`);
    await saveShared(device.id, { big: 'x'.repeat(2000) });
    await saveShared(device.id, { small: 1 });
    expect(JSON.parse((await observer.next()).text)).toEqual({ small: 1 });
    expect(observer.notifications).toHaveLength(1);
    observer.stream.close(true);
    await until(() => server.services.coap.observationCount() === 0, 'the observation to end');
  });

  it('answers 4.00 to observing a resource that cannot be observed', async () => {
    const device = await newDevice();
    const observer = await observe(`/api/v1/${device.token}/telemetry`);
    expect(observer.first.code).toBe('4.00');
    expect(server.services.coap.observationCount()).toBe(0);
  });

  it('refuses observers with a bad token', async () => {
    const observer = await observe('/api/v1/no-such-token/rpc');
    expect(observer.first.code).toBe('4.01');
    expect(server.services.coap.observationCount()).toBe(0);
  });

  it('delivers server-side RPC to an rpc observer as {"id","method","params"}', async () => {
    const device = await newDevice();
    const observer = await observe(`/api/v1/${device.token}/rpc`);
    expect(observer.first.code).toBe('2.03');
    const sessions = server.services.transport.sessions;
    expect(sessions.hasRpcSubscriber(device.id)).toBe(true);

    const delivered = sessions.deliverRpc(device.id, {
      requestId: 7,
      method: 'setGpio',
      params: { pin: 4, value: 1 },
      oneway: false,
      expirationTime: Date.now() + 10_000,
    });
    expect(delivered).toBe(true);
    const rpc = await observer.next();
    expect(rpc.code).toBe('2.05');
    expect(JSON.parse(rpc.text)).toEqual({ id: 7, method: 'setGpio', params: { pin: 4, value: 1 } });

    observer.stream.close(true);
    await until(() => !sessions.hasRpcSubscriber(device.id), 'the RPC subscription to end');
  });

  it('completes a two-way RPC of the REST API with the reply the device posts', async () => {
    const device = await newDevice();
    const observer = await observe(`/api/v1/${device.token}/rpc`);
    const call = api.post(
      `/api/rpc/twoway/${device.id}`,
      { method: 'getTemp', params: {}, timeout: 5000 },
      { token: adminToken },
    );
    const rpc = JSON.parse((await observer.next()).text) as { id: number; method: string; params: unknown };
    expect(rpc).toMatchObject({ method: 'getTemp', params: {} });
    const replied = await coap({
      path: `/api/v1/${device.token}/rpc/${rpc.id}`,
      payload: '{"temperature":22}',
    });
    expect(replied.code).toBe('2.01');
    expect(expectOk(await call)).toEqual({ temperature: 22 });
    observer.stream.close(true);
    await until(() => server.services.transport.sessions.sessionCount(device.id) === 0, 'the session to end');
  });

  it('ends the observation when the device answers a notification with RST', async () => {
    const device = await newDevice();
    const observer = await observe(`/api/v1/${device.token}/attributes`);
    // Closed without deregistering: the client rejects the next notification with RST.
    observer.stream.close();
    await saveShared(device.id, { afterClose: 1 });
    await until(() => server.services.transport.sessions.sessionCount(device.id) === 0, 'the session to end');
    expect(server.services.coap.observationCount()).toBe(0);
  });

  it('replaces an observation registered again with the same token', async () => {
    const device = await newDevice();
    const observer = await observe(`/api/v1/${device.token}/attributes`);
    const token = observer.stream._packet.token;
    const again = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request({
        hostname: '127.0.0.1',
        port: coapPort(),
        method: 'GET',
        pathname: `/api/v1/${device.token}/attributes`,
        observe: true,
        token,
        agent,
      });
      req.on('response', resolve);
      req.on('error', reject);
      req.end();
    });
    expect(again.code).toBe('2.05');
    expect(server.services.coap.observationCount()).toBe(1);
    expect(server.services.transport.sessions.sessionCount(device.id)).toBe(1);
    observer.stream.close(true);
    await until(() => server.services.coap.observationCount() === 0, 'the observation to end');
  });

  it('ends observations of devices silent longer than the session inactivity timeout', async () => {
    const device = await newDevice();
    const observer = await observe(`/api/v1/${device.token}/rpc`);
    const finals = rawResponses((code) => code === '5.03');
    server.services.coap.endIdleObservations(Date.now() + 299_000);
    expect(server.services.coap.observationCount()).toBe(1);
    server.services.coap.endIdleObservations(Date.now() + 301_000);
    await until(() => finals.length > 0, 'the 5.03 notification');
    expect(finals[0]).toMatchObject({ observe: false, text: 'Session timed out' });
    expect(server.services.transport.sessions.hasRpcSubscriber(device.id)).toBe(false);
    observer.stream.close();
  });

  it('tells observers with 5.03 when the device is deleted', async () => {
    const device = await newDevice();
    const observer = await observe(`/api/v1/${device.token}/attributes`);
    const finals = rawResponses((code) => code === '5.03');
    expectOk(await api.delete(`/api/device/${device.id}`, { token: adminToken }));
    // The last notification carries no Observe option (RFC 7641 §4.2), which node-coap's
    // observe stream does not pass on; the datagram itself is checked.
    await until(() => finals.length > 0, 'the 5.03 notification');
    expect(finals[0]).toMatchObject({ code: '5.03', observe: false, text: 'Device was deleted!' });
    await until(() => server.services.coap.observationCount() === 0, 'the observation to end');
    observer.stream.close();
  });
});

describe('CoAP client-side RPC', () => {
  it('answers 5.04 when nothing answers the request within the timeout', async () => {
    const device = await newDevice();
    const answer = await coap({
      path: `/api/v1/${device.token}/rpc`,
      payload: '{"method":"getTime","params":{}}',
    });
    expect(answer.code).toBe('5.04');
  });

  it('answers 4.00 to a request without a method', async () => {
    const device = await newDevice();
    const answer = await coap({ path: `/api/v1/${device.token}/rpc`, payload: '{"params":{}}' });
    expect(answer.code).toBe('4.00');
    expect(answer.text).toMatch(/method/);
  });
});

describe('CoAP claim and provisioning', () => {
  it('accepts a claim announcement (2.01)', async () => {
    const device = await newDevice();
    const answer = await coap({
      path: `/api/v1/${device.token}/claim`,
      payload: '{"secretKey":"s3cret","durationMs":60000}',
    });
    expect(answer.code).toBe('2.01');
    expect(server.services.transport.claims.get(device.id)).toMatchObject({ secretKey: 's3cret' });
  });

  it('answers a provision request for unknown keys with NOT_FOUND', async () => {
    const answer = await coap({
      path: '/api/v1/provision',
      payload: '{"deviceName":"x","provisionDeviceKey":"nope","provisionDeviceSecret":"nope"}',
    });
    expect(answer.code).toBe('2.05');
    expect(JSON.parse(answer.text)).toEqual({
      errorMsg: 'Provision data was not found!',
      status: 'NOT_FOUND',
    });
  });
});
