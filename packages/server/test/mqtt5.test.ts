import { randomBytes } from 'node:crypto';
import type { IClientOptions } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, deviceSessionOpen, eventually, expectOk, startServer, type TestServer } from './helper.js';
import { acknowledgedWhileOpen, connackCode, connectDevice, useMqttBasic } from './mqtt-client.js';

/**
 * The MQTT device API with MQTT 5 clients (every ThingsBoard device SDK since 1.8 connects with
 * it): the same topics and rules as MQTT 3.1.1 (mqtt.test.ts), answered with MQTT 5 reason codes.
 */

let server: TestServer;
let tenantToken: string;

const suffix = () => randomBytes(4).toString('hex');
const ta = () => ({ token: tenantToken });
const v5 = (options: IClientOptions): IClientOptions => ({ protocolVersion: 5, ...options });

interface DeviceRef {
  id: string;
  token: string;
}

async function newDevice(body: Record<string, unknown> = {}): Promise<DeviceRef> {
  const token = `mqtt5-${suffix()}${suffix()}`;
  const res = await server.api.post<{ id: { id: string } }>(
    `/api/device?accessToken=${token}`,
    { name: `mqtt5-device-${suffix()}`, ...body },
    ta(),
  );
  return { id: expectOk(res).id.id, token };
}

async function latestValue(deviceId: string, key: string): Promise<unknown> {
  const values = expectOk(
    await server.api.get<Record<string, { value: unknown }[]>>(
      `/api/plugins/telemetry/DEVICE/${deviceId}/values/timeseries?keys=${key}`,
      ta(),
    ),
  );
  return values[key]?.[0]?.value;
}

beforeAll(async () => {
  server = await startServer({ env: { CLIENT_SIDE_RPC_TIMEOUT: '300' } });
  tenantToken = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
});

afterAll(async () => {
  await server?.close();
});

describe('MQTT 5 connect', () => {
  it('accepts an access token; refuses credentials that match no device with the reference reason codes', async () => {
    const d = await newDevice();
    expect(await connackCode(server, v5({ username: d.token }))).toBe(0);
    // A user name or password: "Bad User Name or Password".
    expect(await connackCode(server, v5({ username: 'no-such-token' }))).toBe(0x86);
    expect(await connackCode(server, v5({ username: 'no-such-user', password: 'x' }))).toBe(0x86);
    // A client id alone: "Client Identifier not valid".
    expect(await connackCode(server, v5({ clientId: `c-${suffix()}` }))).toBe(0x85);
    // No credentials at all: "Not authorized".
    expect(await connackCode(server, v5({ clientId: '', clean: true }))).toBe(0x87);
  });

  it('answers MQTT 3.1.1 clients with CONNACK 5 for every credential refusal, as the reference', async () => {
    expect(await connackCode(server, { username: 'no-such-token' })).toBe(5);
    expect(await connackCode(server, { clientId: `c-${suffix()}` })).toBe(5);
    expect(await connackCode(server, { clientId: '', clean: true })).toBe(5);
  });

  it('accepts MQTT basic credentials and refuses a wrong password with 0x86', async () => {
    const d = await newDevice();
    const clientId = `basic5-${suffix()}`;
    const userName = `user-${suffix()}`;
    await useMqttBasic(server, tenantToken, d.id, { clientId, userName, password: 'secret' });
    expect(await connackCode(server, v5({ clientId, username: userName, password: 'secret' }))).toBe(0);
    expect(await connackCode(server, v5({ clientId, username: userName, password: 'wrong' }))).toBe(0x86);
  });

  it('keeps another device connected that uses the same client id; the same device still replaces itself', async () => {
    const established = await newDevice();
    const newcomer = await newDevice();
    const clientId = `shared5-${suffix()}`;
    const first = await connectDevice(server, v5({ username: established.token, clientId }));
    await deviceSessionOpen(server, established.id);
    const second = await connectDevice(server, v5({ username: newcomer.token, clientId }));
    await deviceSessionOpen(server, newcomer.id);
    await expect(first.closed(500)).rejects.toThrow('still open');
    await first.client.publishAsync('v1/devices/me/telemetry', '{"first":1}', { qos: 1 });
    await second.client.publishAsync('v1/devices/me/telemetry', '{"second":2}', { qos: 1 });
    expect(await latestValue(established.id, 'first')).toBe('1');

    const again = await connectDevice(server, v5({ username: established.token, clientId }));
    await first.closed();
    await again.client.publishAsync('v1/devices/me/telemetry', '{"again":3}', { qos: 1 });
    expect(second.client.connected).toBe(true);
    expect(server.services.transport.sessions.sessionCount(established.id)).toBe(1);
    await Promise.all([first.end(), second.end(), again.end()]);
  });
});

describe('MQTT 5 device API', () => {
  it('stores telemetry and attributes (QoS 0 and 1) and answers attribute requests', async () => {
    const d = await newDevice();
    expectOk(
      await server.api.post(`/api/plugins/telemetry/DEVICE/${d.id}/SHARED_SCOPE`, { target: 9 }, ta()),
    );
    const device = await connectDevice(server, v5({ username: d.token }));
    device.client.publish('v1/devices/me/telemetry', '{"early":1}', { qos: 0 });
    await device.client.publishAsync('v1/devices/me/telemetry', '{"temperature":22.5}', { qos: 1 });
    expect(await latestValue(d.id, 'temperature')).toBe('22.5');
    await eventually(async () => expect(await latestValue(d.id, 'early')).toBe('1'));
    await device.client.publishAsync('v2/a', '{"firmware":"v5"}', { qos: 1 });

    await device.client.subscribeAsync('v1/devices/me/attributes/response/+', { qos: 1 });
    const reply = device.next('v1/devices/me/attributes/response/4');
    device.client.publish(
      'v1/devices/me/attributes/request/4',
      '{"clientKeys":"firmware","sharedKeys":"target"}',
    );
    expect(JSON.parse((await reply).text)).toEqual({ client: { firmware: 'v5' }, shared: { target: 9 } });
    await device.end();
  });

  it('pushes shared attribute updates and server-side RPCs, and returns the reply to the caller', async () => {
    const d = await newDevice();
    const device = await connectDevice(server, v5({ username: d.token }));
    const granted = await device.client.subscribeAsync({
      'v1/devices/me/attributes': { qos: 1 },
      'v1/devices/me/rpc/request/+': { qos: 2 },
    });
    expect(granted.map((grant) => grant.qos)).toEqual([1, 1]);
    await deviceSessionOpen(server, d.id);

    const update = device.next('v1/devices/me/attributes');
    expectOk(
      await server.api.post(`/api/plugins/telemetry/DEVICE/${d.id}/SHARED_SCOPE`, { mode: 'eco' }, ta()),
    );
    expect(JSON.parse((await update).text)).toEqual({ mode: 'eco' });

    device.client.on('message', (topic, payload) => {
      const match = /^v1\/devices\/me\/rpc\/request\/(\d+)$/.exec(topic);
      if (!match) return;
      const request = JSON.parse(payload.toString()) as { method: string };
      device.client.publish(
        `v1/devices/me/rpc/response/${match[1]}`,
        JSON.stringify({ done: request.method }),
      );
    });
    const res = await server.api.post(
      `/api/plugins/rpc/twoway/${d.id}`,
      { method: 'blink', params: {}, timeout: 5000 },
      ta(),
    );
    expect(expectOk(res)).toEqual({ done: 'blink' });
    await device.end();
  });

  it('answers a device-to-server RPC on the response topic', async () => {
    const d = await newDevice();
    const device = await connectDevice(server, v5({ username: d.token }));
    await device.client.subscribeAsync('v1/devices/me/rpc/response/+');
    const reply = device.next('v1/devices/me/rpc/response/11');
    device.client.publish('v1/devices/me/rpc/request/11', '{"method":"getTime","params":{}}');
    // Nothing answers device-to-server RPCs yet (no rule engine): the timeout reply is the answer.
    expect(JSON.parse((await reply).text)).toEqual({ error: 'timeout' });
    await device.end();
  });

  it('acknowledges and ignores a publish to an unknown topic; the connection stays', async () => {
    const d = await newDevice();
    const device = await connectDevice(server, v5({ username: d.token }));
    await acknowledgedWhileOpen(device, 'somewhere/else', '{}');
    await device.client.publishAsync('v1/devices/me/telemetry', '{"after":1}', { qos: 1 });
    expect(await latestValue(d.id, 'after')).toBe('1');
    await device.end();
  });

  it('closes the connection that sends invalid JSON', async () => {
    const d = await newDevice();
    const device = await connectDevice(server, v5({ username: d.token }));
    device.client.publish('v1/devices/me/telemetry', '{"broken":', { qos: 1 });
    await device.closed();
    await device.end();
  });
});

describe('MQTT 5 gateway and provisioning', () => {
  it('connects devices behind a gateway, stores their data, drops malformed entries and relays RPCs', async () => {
    const gateway = await newDevice({ additionalInfo: { gateway: true } });
    const client = await connectDevice(server, v5({ username: gateway.token }));
    await client.client.subscribeAsync('v1/gateway/rpc', { qos: 1 });
    const sub = `gw5-sub-${suffix()}`;
    await client.client.publishAsync('v1/gateway/connect', JSON.stringify({ device: sub }), { qos: 1 });
    await acknowledgedWhileOpen(
      client,
      'v1/gateway/telemetry',
      JSON.stringify({
        [sub]: [{ ts: 1700000000000, values: { level: 3 } }],
        [`gw5-malformed-${suffix()}`]: { ts: 1700000000000, values: { level: 4 } },
      }),
    );
    const found = expectOk(
      await server.api.get<{ id: { id: string } }>(`/api/tenant/devices?deviceName=${sub}`, ta()),
    );
    expect(await latestValue(found.id.id, 'level')).toBe('3');

    client.client.on('message', (topic, payload) => {
      if (topic !== 'v1/gateway/rpc') return;
      const rpc = JSON.parse(payload.toString()) as { device: string; data: { id: number } };
      client.client.publish(
        'v1/gateway/rpc',
        JSON.stringify({ device: rpc.device, id: rpc.data.id, data: { ok: 1 } }),
      );
    });
    const res = await server.api.post(
      `/api/plugins/rpc/twoway/${found.id.id}`,
      { method: 'reset', params: {}, timeout: 5000 },
      ta(),
    );
    expect(expectOk(res)).toEqual({ ok: 1 });
    expect(client.client.connected).toBe(true);
    await client.end();
  });

  it('provisions a device over an MQTT 5 provisioning connection', async () => {
    const key = `key5-${suffix()}`;
    const secret = `secret5-${suffix()}`;
    expectOk(
      await server.api.post(
        '/api/deviceProfile',
        {
          name: `provision5-${suffix()}`,
          type: 'DEFAULT',
          transportType: 'DEFAULT',
          provisionType: 'ALLOW_CREATE_NEW_DEVICES',
          provisionDeviceKey: key,
          profileData: {
            configuration: { type: 'DEFAULT' },
            transportConfiguration: { type: 'DEFAULT' },
            provisionConfiguration: {
              type: 'ALLOW_CREATE_NEW_DEVICES',
              provisionDeviceSecret: secret,
              provisionDeviceKey: key,
            },
            alarms: null,
          },
        },
        ta(),
      ),
    );
    const provisioning = await connectDevice(server, v5({ username: 'provision' }));
    await provisioning.client.subscribeAsync('/provision/response');
    const response = provisioning.next('/provision/response');
    provisioning.client.publish(
      '/provision/request',
      JSON.stringify({
        deviceName: `provisioned5-${suffix()}`,
        provisionDeviceKey: key,
        provisionDeviceSecret: secret,
      }),
    );
    const body = JSON.parse((await response).text) as { status: string; credentialsValue: string };
    expect(body.status).toBe('SUCCESS');
    await provisioning.end();
    expect(await connackCode(server, v5({ username: body.credentialsValue }))).toBe(0);
  });
});
