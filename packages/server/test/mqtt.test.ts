import { randomBytes } from 'node:crypto';
import { v1 as uuidv1 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTenant, newDevice as seedDevice } from './factories.js';
import { DEMO, deviceSessionOpen, eventually, expectOk, startServer, type TestServer } from './helper.js';
import { acknowledgedWhileOpen, connackCode, connectDevice, sleep, useMqttBasic } from './mqtt-client.js';

/**
 * The MQTT device API (reference §4.3) through a real MQTT client: authentication, telemetry and
 * attributes (stored, PUBACK after commit), attribute requests and pushes, RPC both ways, session
 * isolation, closing on bad input, provisioning.
 */

let server: TestServer;
let tenantToken: string;

const suffix = () => randomBytes(4).toString('hex');
const ta = () => ({ token: tenantToken });

interface DeviceRef {
  id: string;
  token: string;
  name: string;
}

async function newDevice(body: Record<string, unknown> = {}): Promise<DeviceRef> {
  const token = `mqtt-${suffix()}${suffix()}`;
  const name = `mqtt-device-${suffix()}`;
  const res = await server.api.post<{ id: { id: string } }>(
    `/api/device?accessToken=${token}`,
    { name, ...body },
    ta(),
  );
  return { id: expectOk(res).id.id, token, name };
}

async function latest(d: DeviceRef, keys: string) {
  return expectOk(
    await server.api.get<Record<string, { ts: number; value: unknown }[]>>(
      `/api/plugins/telemetry/DEVICE/${d.id}/values/timeseries?keys=${keys}`,
      ta(),
    ),
  );
}

async function attributes(d: DeviceRef, scope: string): Promise<Record<string, unknown>> {
  const rows = expectOk(
    await server.api.get<{ key: string; value: unknown }[]>(
      `/api/plugins/telemetry/DEVICE/${d.id}/values/attributes/${scope}`,
      ta(),
    ),
  );
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** A device of a tenant of its own, with an access token (what the API of the demo tenant cannot make). */
async function foreignTenantDevice(): Promise<DeviceRef> {
  const db = server.store.db;
  const tenant = await newTenant(db);
  const name = `foreign-${suffix()}`;
  const { id } = await seedDevice(db, tenant.id, name);
  const token = `foreign-${suffix()}${suffix()}`;
  await db
    .insertInto('deviceCredentials')
    .values({
      id: uuidv1(),
      createdTime: Date.now(),
      deviceId: id,
      credentialsType: 'ACCESS_TOKEN',
      credentialsId: token,
      credentialsValue: null,
    })
    .execute();
  return { id, token, name };
}

/** Waits until the core registered the device's session (after CONNACK). */
const sessionOpen = (d: DeviceRef) => deviceSessionOpen(server, d.id);

beforeAll(async () => {
  server = await startServer({ env: { CLIENT_SIDE_RPC_TIMEOUT: '300' } });
  tenantToken = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
});

afterAll(async () => {
  await server?.close();
});

describe('connect', () => {
  it('accepts an access token as user name and refuses bad credentials with CONNACK 5', async () => {
    const d = await newDevice();
    expect(await connackCode(server, { username: d.token, clientId: `c-${suffix()}` })).toBe(0);
    expect(await connackCode(server, { username: 'no-such-token', clientId: `c-${suffix()}` })).toBe(5);
    expect(await connackCode(server, { clientId: `c-${suffix()}` })).toBe(5);
  });

  it('accepts MQTT basic credentials and checks the password', async () => {
    const d = await newDevice();
    const clientId = `basic-${suffix()}`;
    const userName = `user-${suffix()}`;
    await useMqttBasic(server, tenantToken, d.id, { clientId, userName, password: 'secret' });
    expect(await connackCode(server, { clientId, username: userName, password: 'secret' })).toBe(0);
    expect(await connackCode(server, { clientId, username: userName, password: 'wrong' })).toBe(5);
  });
});

describe('telemetry and attributes', () => {
  it('stores QoS 0 and QoS 1 telemetry; the QoS 1 PUBACK comes after the data is committed', async () => {
    const d = await newDevice();
    const device = await connectDevice(server, { username: d.token });
    device.client.publish('v1/devices/me/telemetry', '{"temperature":21.5}', { qos: 0 });
    await eventually(async () =>
      expect((await latest(d, 'temperature')).temperature?.[0]?.value).toBe('21.5'),
    );

    await device.client.publishAsync(
      'v1/devices/me/telemetry',
      '{"ts":1609459200000,"values":{"humidity":40}}',
      {
        qos: 1,
      },
    );
    // No waiting: the PUBACK promised the point is stored.
    expect((await latest(d, 'humidity')).humidity).toEqual([{ ts: 1609459200000, value: '40' }]);

    await device.client.publishAsync(
      'v2/t',
      '[{"pressure":1013},{"ts":1609459200001,"values":{"pressure":1000}}]',
      {
        qos: 1,
      },
    );
    expect((await latest(d, 'pressure')).pressure?.[0]?.value).toBe('1013');
    await device.end();
  });

  it('acknowledges a message sent again with the same ts, and its values replace the stored ones', async () => {
    const d = await newDevice();
    const device = await connectDevice(server, { username: d.token });
    const ts = 1609459200000;
    for (const humidity of [40, 41, 42]) {
      await device.client.publishAsync(
        'v1/devices/me/telemetry',
        `{"ts":${ts},"values":{"humidity":${humidity}}}`,
        { qos: 1 },
      );
    }
    expect((await latest(d, 'humidity')).humidity).toEqual([{ ts, value: '42' }]);
    const history = expectOk(
      await server.api.get<Record<string, { ts: number; value: unknown }[]>>(
        `/api/plugins/telemetry/DEVICE/${d.id}/values/timeseries?keys=humidity&startTs=0&endTs=${ts + 1}`,
        ta(),
      ),
    );
    expect(history.humidity).toEqual([{ ts, value: '42' }]);
    await device.end();
  });

  it('stores client attributes and answers attribute requests on the response topic', async () => {
    const d = await newDevice();
    expectOk(
      await server.api.post(`/api/plugins/telemetry/DEVICE/${d.id}/SHARED_SCOPE`, { target: 25 }, ta()),
    );
    const device = await connectDevice(server, { username: d.token });
    await device.client.publishAsync('v1/devices/me/attributes', '{"firmware":"v1.0","mode":2}', { qos: 1 });
    expect(await attributes(d, 'CLIENT_SCOPE')).toMatchObject({ firmware: 'v1.0', mode: 2 });

    await device.client.subscribeAsync('v1/devices/me/attributes/response/+', { qos: 1 });
    const reply = device.next('v1/devices/me/attributes/response/7');
    device.client.publish(
      'v1/devices/me/attributes/request/7',
      '{"clientKeys":"firmware","sharedKeys":"target"}',
    );
    const message = await reply;
    expect(JSON.parse(message.text)).toEqual({ client: { firmware: 'v1.0' }, shared: { target: 25 } });
    expect(message.qos).toBe(1);

    await device.client.subscribeAsync('v2/a/res/+');
    const v2 = device.next('v2/a/res/8');
    device.client.publish('v2/a/req/8', '{}');
    expect(JSON.parse((await v2).text)).toEqual({
      client: { firmware: 'v1.0', mode: 2 },
      shared: { target: 25 },
    });
    await device.end();
  });

  it('uses the topics of an MQTT device profile', async () => {
    const profile = expectOk(
      await server.api.post<{ id: { id: string } }>(
        '/api/deviceProfile',
        {
          name: `mqtt-profile-${suffix()}`,
          type: 'DEFAULT',
          transportType: 'MQTT',
          provisionType: 'DISABLED',
          profileData: {
            configuration: { type: 'DEFAULT' },
            transportConfiguration: {
              type: 'MQTT',
              deviceTelemetryTopic: 'sensors/+/data',
              deviceAttributesTopic: 'sensors/attrs/#',
              transportPayloadTypeConfiguration: { transportPayloadType: 'JSON' },
            },
            provisionConfiguration: { type: 'DISABLED', provisionDeviceSecret: null },
            alarms: null,
          },
        },
        ta(),
      ),
    );
    const d = await newDevice({ deviceProfileId: profile.id });
    const device = await connectDevice(server, { username: d.token });
    await device.client.publishAsync('sensors/kitchen/data', '{"level":3}', { qos: 1 });
    await device.client.publishAsync('sensors/attrs/a/b', '{"room":"kitchen"}', { qos: 1 });
    expect((await latest(d, 'level')).level?.[0]?.value).toBe('3');
    expect(await attributes(d, 'CLIENT_SCOPE')).toMatchObject({ room: 'kitchen' });
    await device.end();
  });
});

describe('downlinks', () => {
  it('pushes shared attribute updates to the subscribed device only', async () => {
    const a = await newDevice();
    const b = await newDevice();
    const deviceA = await connectDevice(server, { username: a.token });
    const deviceB = await connectDevice(server, { username: b.token });
    const granted = await deviceA.client.subscribeAsync('v1/devices/me/attributes', { qos: 1 });
    expect(granted[0]?.qos).toBe(1);
    await deviceB.client.subscribeAsync('v1/devices/me/attributes', { qos: 0 });
    await sessionOpen(a);

    const update = deviceA.next('v1/devices/me/attributes');
    expectOk(
      await server.api.post(`/api/plugins/telemetry/DEVICE/${a.id}/SHARED_SCOPE`, { setpoint: 19 }, ta()),
    );
    const message = await update;
    expect(JSON.parse(message.text)).toEqual({ setpoint: 19 });
    expect(message.qos).toBe(1);

    // A device's own publish on the same literal topic is not routed to the other subscriber.
    await deviceA.client.publishAsync('v1/devices/me/attributes', '{"reported":1}', { qos: 1 });
    await sleep(100);
    expect(deviceB.received).toEqual([]);

    const deleted = deviceA.next('v1/devices/me/attributes');
    expectOk(
      await server.api.delete(`/api/plugins/telemetry/DEVICE/${a.id}/SHARED_SCOPE?keys=setpoint`, ta()),
    );
    expect(JSON.parse((await deleted).text)).toEqual({ deleted: ['setpoint'] });
    await sleep(100);
    expect(deviceB.received).toEqual([]);
    await deviceA.end();
    await deviceB.end();
  });

  it('delivers a server-side RPC and returns the device reply to the REST caller', async () => {
    const d = await newDevice();
    const device = await connectDevice(server, { username: d.token });
    await device.client.subscribeAsync('v1/devices/me/rpc/request/+', { qos: 1 });
    await sessionOpen(d);
    device.client.on('message', (topic, payload) => {
      const match = /^v1\/devices\/me\/rpc\/request\/(\d+)$/.exec(topic);
      if (!match) return;
      const request = JSON.parse(payload.toString()) as { method: string; params: unknown };
      device.client.publish(
        `v1/devices/me/rpc/response/${match[1]}`,
        JSON.stringify({ echo: request.method, params: request.params }),
      );
    });
    const res = await server.api.post(
      `/api/plugins/rpc/twoway/${d.id}`,
      { method: 'getState', params: { pin: 4 }, timeout: 5000 },
      ta(),
    );
    expect(expectOk(res)).toEqual({ echo: 'getState', params: { pin: 4 } });
    const request = device.received.find((m) => m.topic.startsWith('v1/devices/me/rpc/request/'));
    expect(request?.qos).toBe(1);
    expect(JSON.parse(request?.text ?? '')).toEqual({ method: 'getState', params: { pin: 4 } });
    await device.end();
  });

  it('answers a device-to-server RPC with a timeout error when nothing replies', async () => {
    const d = await newDevice();
    const device = await connectDevice(server, { username: d.token });
    await device.client.subscribeAsync('v1/devices/me/rpc/response/+');
    const reply = device.next('v1/devices/me/rpc/response/3');
    device.client.publish('v1/devices/me/rpc/request/3', '{"method":"getTime","params":{}}');
    expect(JSON.parse((await reply).text)).toEqual({ error: 'timeout' });
    await device.end();
  });

  it('grants QoS 1 at most and refuses unknown topic filters', async () => {
    const d = await newDevice();
    const device = await connectDevice(server, { username: d.token });
    // mqtt.js rejects a SUBACK with failures; the error carries the packet.
    const suback = await device.client
      .subscribeAsync({
        'v1/devices/me/rpc/request/+': { qos: 2 },
        'v2/a': { qos: 0 },
        '#': { qos: 1 },
        'v1/devices/other/attributes': { qos: 1 },
      })
      .then(
        () => undefined,
        (error: { packet?: { granted?: unknown[] } }) => error.packet?.granted,
      );
    expect(suback).toEqual([1, 0, 128, 128]);
    // The connection stays usable.
    await device.client.publishAsync('v1/devices/me/telemetry', '{"after":1}', { qos: 1 });
    await device.end();
  });
});

describe('bad input', () => {
  it('closes only the session that sent invalid JSON or an oversized packet', async () => {
    const bystander = await newDevice();
    const other = await connectDevice(server, { username: bystander.token });

    for (const [topic, payload] of [
      ['v1/devices/me/telemetry', '{"temperature":'],
      ['v1/devices/me/telemetry', `{"big":"${'x'.repeat(70_000)}"}`],
    ] as const) {
      const d = await newDevice();
      const device = await connectDevice(server, { username: d.token });
      device.client.publish(topic, payload, { qos: 1 });
      await device.closed();
      await device.end();
    }

    await other.client.publishAsync('v1/devices/me/telemetry', '{"alive":true}', { qos: 1 });
    expect((await latest(bystander, 'alive')).alive?.[0]?.value).toBe('true');
    await other.end();
  });

  it('acknowledges and ignores a publish to a topic outside the device API; the connection stays', async () => {
    const d = await newDevice();
    const device = await connectDevice(server, { username: d.token });
    for (const topic of ['v1/devices/me/nowhere', 'sensors/kitchen', 'v1/gateway/connect']) {
      await acknowledgedWhileOpen(device, topic, JSON.stringify({ device: `ignored-${suffix()}` }));
    }
    await device.client.publishAsync('v1/devices/me/telemetry', '{"stillHere":1}', { qos: 1 });
    expect((await latest(d, 'stillHere')).stillHere?.[0]?.value).toBe('1');
    expect(device.client.connected).toBe(true);
    await device.end();
  });
});

describe('sessions', () => {
  it('closes the older connection when the device connects again', async () => {
    const d = await newDevice();
    const first = await connectDevice(server, { username: d.token, clientId: `first-${suffix()}` });
    await sessionOpen(d);
    const second = await connectDevice(server, { username: d.token, clientId: `second-${suffix()}` });
    await first.closed();
    await second.client.publishAsync('v1/devices/me/telemetry', '{"n":1}', { qos: 1 });
    expect(server.services.transport.sessions.sessionCount(d.id)).toBe(1);
    await second.end();
    await eventually(async () => expect(server.services.transport.sessions.sessionCount(d.id)).toBe(0));
    await first.end();
  });

  it('keeps a device of another tenant connected when a device connects with the same client id', async () => {
    const established = await foreignTenantDevice();
    const newcomer = await newDevice();
    const clientId = `shared-${suffix()}`;
    const first = await connectDevice(server, { username: established.token, clientId });
    await sessionOpen(established);
    const second = await connectDevice(server, { username: newcomer.token, clientId });
    await sessionOpen(newcomer);

    // A displaced connection closes right away (before the newcomer's CONNACK); give it time to.
    await expect(first.closed(500)).rejects.toThrow('still open');
    await first.client.publishAsync('v1/devices/me/telemetry', '{"first":1}', { qos: 1 });
    await second.client.publishAsync('v1/devices/me/telemetry', '{"second":2}', { qos: 1 });
    expect(server.services.transport.sessions.sessionCount(established.id)).toBe(1);
    expect((await latest(newcomer, 'second')).second?.[0]?.value).toBe('2');

    // The same device connecting again with that client id still replaces its own older session.
    const again = await connectDevice(server, { username: established.token, clientId });
    await first.closed();
    await again.client.publishAsync('v1/devices/me/telemetry', '{"again":3}', { qos: 1 });
    expect(second.client.connected).toBe(true);
    expect(server.services.transport.sessions.sessionCount(established.id)).toBe(1);
    await Promise.all([first.end(), second.end(), again.end()]);
  });

  it('provisions a device over a provisioning connection', async () => {
    const key = `key-${suffix()}`;
    const secret = `secret-${suffix()}`;
    expectOk(
      await server.api.post(
        '/api/deviceProfile',
        {
          name: `provision-profile-${suffix()}`,
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
    const provisioning = await connectDevice(server, { username: 'provision' });
    await provisioning.client.subscribeAsync('/provision/response');
    const response = provisioning.next('/provision/response');
    const deviceName = `provisioned-${suffix()}`;
    provisioning.client.publish(
      '/provision/request',
      JSON.stringify({ deviceName, provisionDeviceKey: key, provisionDeviceSecret: secret }),
    );
    const body = JSON.parse((await response).text) as { status: string; credentialsValue: string };
    expect(body).toMatchObject({ status: 'SUCCESS', credentialsType: 'ACCESS_TOKEN' });
    await provisioning.end();

    const device = await connectDevice(server, { username: body.credentialsValue });
    await device.client.publishAsync('v1/devices/me/telemetry', '{"provisioned":1}', { qos: 1 });
    await device.end();

    const bad = await connectDevice(server, { clientId: 'provision' });
    bad.client.publish('v1/devices/me/telemetry', '{"x":1}');
    await bad.closed();
    await bad.end();
  });
});
