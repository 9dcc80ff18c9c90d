import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, demoIds, eventually, expectOk, startServer, type TestServer } from './helper.js';
import { acknowledgedWhileOpen, connectDevice, type TestDevice } from './mqtt-client.js';

/**
 * The MQTT gateway API (reference §4.3 "Gateway API"): devices behind a gateway are created on
 * first sight, their data stored, and shared attributes, attribute answers and RPCs for them
 * reach the gateway.
 */

let server: TestServer;
let tenantToken: string;
let customerAId: string;

const suffix = () => randomBytes(4).toString('hex');
const ta = () => ({ token: tenantToken });

interface DeviceJson {
  id: { id: string };
  name: string;
  type: string;
  customerId: { id: string };
  additionalInfo: Record<string, unknown> | null;
}

async function newGateway(): Promise<{ id: string; token: string }> {
  const token = `gw-${suffix()}${suffix()}`;
  const res = await server.api.post<DeviceJson>(
    `/api/device?accessToken=${token}`,
    {
      name: `gateway-${suffix()}`,
      additionalInfo: { gateway: true },
      customerId: { entityType: 'CUSTOMER', id: customerAId },
    },
    ta(),
  );
  return { id: expectOk(res).id.id, token };
}

const deviceByName = async (name: string) =>
  expectOk(
    await server.api.get<DeviceJson>(`/api/tenant/devices?deviceName=${encodeURIComponent(name)}`, ta()),
  );

beforeAll(async () => {
  server = await startServer();
  tenantToken = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
  customerAId = (await demoIds(server.store)).customerAId;
});

afterAll(async () => {
  await server?.close();
});

describe('gateway', () => {
  let gatewayId: string;
  let gateway: TestDevice;
  const subA = `sub-a-${suffix()}`;
  const subB = `sub-b-${suffix()}`;

  beforeAll(async () => {
    const created = await newGateway();
    gatewayId = created.id;
    gateway = await connectDevice(server, { username: created.token });
    await gateway.client.subscribeAsync({
      'v1/gateway/attributes': { qos: 1 },
      'v1/gateway/rpc': { qos: 1 },
      'v1/gateway/attributes/response': { qos: 1 },
    });
  });

  afterAll(async () => {
    await gateway?.end();
  });

  it('creates a device on connect with the type, the customer, the relation and the gateway it came through', async () => {
    await gateway.client.publishAsync(
      'v1/gateway/connect',
      JSON.stringify({ device: subA, type: 'thermostat' }),
      {
        qos: 1,
      },
    );
    const device = await deviceByName(subA);
    expect(device.type).toBe('thermostat');
    expect(device.customerId.id).toBe(customerAId);
    expect(device.additionalInfo).toMatchObject({ lastConnectedGateway: gatewayId });
    const relation = await server.api.get(
      `/api/relation?fromId=${gatewayId}&fromType=DEVICE&relationType=Created&toId=${device.id.id}&toType=DEVICE`,
      ta(),
    );
    expect(expectOk(relation)).toMatchObject({ type: 'Created', typeGroup: 'COMMON' });
  });

  it('stores telemetry and attributes of devices, creating unknown ones with the default type', async () => {
    await gateway.client.publishAsync(
      'v1/gateway/telemetry',
      JSON.stringify({
        [subA]: [{ ts: 1609459200000, values: { temperature: 20 } }],
        [subB]: [{ ts: 1609459200000, values: { temperature: 30 } }, { humidity: 50 }],
      }),
      { qos: 1 },
    );
    await gateway.client.publishAsync('v1/gateway/attributes', JSON.stringify({ [subB]: { model: 'X1' } }), {
      qos: 1,
    });
    const b = await deviceByName(subB);
    expect(b.type).toBe('default');
    const series = expectOk(
      await server.api.get<Record<string, { ts: number; value: unknown }[]>>(
        `/api/plugins/telemetry/DEVICE/${b.id.id}/values/timeseries?keys=temperature,humidity`,
        ta(),
      ),
    );
    expect(series.temperature).toEqual([{ ts: 1609459200000, value: '30' }]);
    expect(series.humidity?.[0]?.value).toBe('50');
    const attrs = expectOk(
      await server.api.get<{ key: string; value: unknown }[]>(
        `/api/plugins/telemetry/DEVICE/${b.id.id}/values/attributes/CLIENT_SCOPE`,
        ta(),
      ),
    );
    expect(attrs.find((a) => a.key === 'model')?.value).toBe('X1');
  });

  it('pushes shared attributes of a connected device to the gateway', async () => {
    const a = await deviceByName(subA);
    const update = gateway.next('v1/gateway/attributes');
    expectOk(
      await server.api.post(`/api/plugins/telemetry/DEVICE/${a.id.id}/SHARED_SCOPE`, { setpoint: 21 }, ta()),
    );
    expect(JSON.parse((await update).text)).toEqual({ device: subA, data: { setpoint: 21 } });
  });

  it('answers attribute requests for a device: one value, or several values', async () => {
    const a = await deviceByName(subA);
    expectOk(
      await server.api.post(
        `/api/plugins/telemetry/DEVICE/${a.id.id}/SHARED_SCOPE`,
        { mode: 'eco', level: 3 },
        ta(),
      ),
    );
    const one = gateway.next('v1/gateway/attributes/response');
    gateway.client.publish(
      'v1/gateway/attributes/request',
      JSON.stringify({ id: 1, device: subA, client: false, key: 'mode' }),
    );
    expect(JSON.parse((await one).text)).toEqual({ id: 1, device: subA, value: 'eco' });
    const several = gateway.next('v1/gateway/attributes/response');
    gateway.client.publish(
      'v1/gateway/attributes/request',
      JSON.stringify({ id: 2, device: subA, client: false, keys: ['mode', 'level'] }),
    );
    expect(JSON.parse((await several).text)).toEqual({
      id: 2,
      device: subA,
      values: { mode: 'eco', level: 3 },
    });
  });

  it('relays server-side RPCs to the gateway and the reply back to the caller', async () => {
    const a = await deviceByName(subA);
    const onRpc = (topic: string, payload: Buffer) => {
      if (topic !== 'v1/gateway/rpc') return;
      const rpc = JSON.parse(payload.toString()) as { device: string; data: { id: number; method: string } };
      gateway.client.publish(
        'v1/gateway/rpc',
        JSON.stringify({ device: rpc.device, id: rpc.data.id, data: { ok: rpc.data.method } }),
      );
    };
    gateway.client.on('message', onRpc);
    const res = await server.api.post(
      `/api/plugins/rpc/twoway/${a.id.id}`,
      { method: 'reboot', params: {}, timeout: 5000 },
      ta(),
    );
    gateway.client.off('message', onRpc);
    expect(expectOk(res)).toEqual({ ok: 'reboot' });
    const request = gateway.received.find((m) => m.topic === 'v1/gateway/rpc');
    expect(JSON.parse(request?.text ?? '')).toMatchObject({
      device: subA,
      data: { method: 'reboot', params: {} },
    });
  });

  it('ends the sessions of devices the gateway disconnects', async () => {
    const a = await deviceByName(subA);
    expect(server.services.transport.sessions.sessionCount(a.id.id)).toBe(1);
    await gateway.client.publishAsync('v1/gateway/disconnect', JSON.stringify({ device: subA }), { qos: 1 });
    await eventually(async () => expect(server.services.transport.sessions.sessionCount(a.id.id)).toBe(0));
  });

  it('drops the data of a device sent in the wrong shape, keeps the rest and the connection', async () => {
    const created = await newGateway();
    const lenient = await connectDevice(server, { username: created.token });
    const malformed = `sdk-readme-${suffix()}`;
    const wellFormed = `well-formed-${suffix()}`;
    // The gateway SDK README's example: one telemetry object per device where the API wants an array.
    const message = {
      [malformed]: { ts: 1483228800000, values: { temperature: 42 } },
      [wellFormed]: [{ ts: 1483228800000, values: { temperature: 21 } }],
    };
    await acknowledgedWhileOpen(lenient, 'v1/gateway/telemetry', JSON.stringify(message));
    await acknowledgedWhileOpen(lenient, 'v1/gateway/attributes', JSON.stringify({ [malformed]: [1, 2] }));

    const kept = await deviceByName(wellFormed);
    const stored = expectOk(
      await server.api.get<Record<string, { ts: number; value: string }[]>>(
        `/api/plugins/telemetry/DEVICE/${kept.id.id}/values/timeseries?keys=temperature&startTs=0&endTs=${Date.now()}`,
        ta(),
      ),
    );
    expect(stored.temperature?.[0]).toEqual({ ts: 1483228800000, value: '21' });
    const dropped = await deviceByName(malformed);
    const none = expectOk(
      await server.api.get<Record<string, unknown[]>>(
        `/api/plugins/telemetry/DEVICE/${dropped.id.id}/values/timeseries?keys=temperature&startTs=0&endTs=${Date.now()}`,
        ta(),
      ),
    );
    expect(none.temperature ?? []).toEqual([]);
    expect(lenient.client.connected).toBe(true);
    await lenient.end();
  });

  it('acknowledges and ignores the gateway API of a device that is not a gateway', async () => {
    const token = `plain-${suffix()}`;
    expectOk(await server.api.post(`/api/device?accessToken=${token}`, { name: `plain-${suffix()}` }, ta()));
    const plain = await connectDevice(server, { username: token });
    const name = `never-created-${suffix()}`;
    await acknowledgedWhileOpen(plain, 'v1/gateway/connect', JSON.stringify({ device: name }));
    const res = await server.api.get(`/api/tenant/devices?deviceName=${name}`, ta());
    expect(res.status).toBe(404);
    expect(plain.client.connected).toBe(true);
    await plain.end();
  });
});
