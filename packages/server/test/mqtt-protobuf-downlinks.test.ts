import { randomBytes } from 'node:crypto';
import { createTransportPayloadTypeConfiguration } from '@meridian/common';
import protobuf from 'protobufjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringifyLossless } from '../src/telemetry/json-lossless.js';
import { DEMO, deviceSessionOpen, expectOk, startServer, type TestServer } from './helper.js';
import { connectDevice, type TestDevice } from './mqtt-client.js';
import { encodeRequest, REFERENCE_TRANSPORT } from './reference-transport-proto.js';

/**
 * MQTT downlinks of devices whose profile selects PROTOBUF (reference `ProtoMqttAdaptor`), through
 * a real MQTT client: shared attribute updates, attribute responses, server-side RPC requests and
 * client-side RPC replies arrive as protobuf, except where the topic (`/j`) or the profile
 * (`useJsonPayloadFormatForDefaultDownlinkTopics`) keeps them on JSON.
 */

let server: TestServer;
let tenantToken: string;

const suffix = () => randomBytes(4).toString('hex');
const ta = () => ({ token: tenantToken });

/** The profile's RPC schemas: params as a nested message; the reference fills the last message. */
const RPC_REQUEST_SCHEMA = `syntax = "proto3";
package command;
message GpioParams { int32 pin = 1; bool on = 2; }
message GpioCommand { string method = 1; int32 requestId = 2; GpioParams params = 3; }`;
const RPC_RESPONSE_SCHEMA = `syntax = "proto3";
package command;
message GpioReply { string payload = 1; }`;

const commandRoot = protobuf.parse(`${RPC_REQUEST_SCHEMA}\nmessage GpioReply { string payload = 1; }`).root;
const gpioCommand = commandRoot.lookupType('command.GpioCommand');
const gpioReply = commandRoot.lookupType('command.GpioReply');
/** The reference's RPC request schema for profiles without one (and `/p` topics of JSON profiles). */
const defaultRpcRequest = protobuf
  .parse(
    'syntax = "proto3"; package rpc; message RpcRequestMsg { optional string method = 1; optional int32 requestId = 2; optional string params = 3; }',
  )
  .root.lookupType('rpc.RpcRequestMsg');

type Decoded = Record<string, unknown>;

function decodeTransport(name: string, payload: Buffer): Decoded {
  const type = REFERENCE_TRANSPORT.lookupType(`transport.${name}`);
  return type.toObject(type.decode(payload), { longs: String, enums: String, arrays: true });
}

/** Attribute entries by key, with their update time checked (within [after, before]) and left out. */
function byKey(list: unknown, after: number, before = Date.now()): Record<string, Decoded> {
  const entries: Record<string, Decoded> = {};
  for (const item of list as { ts: string; kv: Decoded & { key: string } }[]) {
    expect(Number(item.ts)).toBeGreaterThanOrEqual(after);
    expect(Number(item.ts)).toBeLessThanOrEqual(before);
    const { key, ...value } = item.kv;
    entries[key] = value;
  }
  return entries;
}

interface RawMessage {
  topic: string;
  payload: Buffer;
  qos: number;
}

/** The next message on `topic` as bytes (the shared test client only keeps UTF-8 text). */
function nextRaw(device: TestDevice, topic: string | RegExp, timeoutMs = 5000): Promise<RawMessage> {
  return new Promise((resolve, reject) => {
    const onMessage = (actual: string, payload: Buffer, packet: { qos: number }) => {
      if (typeof topic === 'string' ? topic !== actual : !topic.test(actual)) return;
      clearTimeout(timer);
      device.client.off('message', onMessage);
      resolve({ topic: actual, payload, qos: packet.qos });
    };
    const timer = setTimeout(() => {
      device.client.off('message', onMessage);
      reject(new Error(`no message on ${topic} within ${timeoutMs} ms`));
    }, timeoutMs);
    device.client.on('message', onMessage);
  });
}

interface ProfileFlags {
  compatible?: boolean;
  jsonOnDefaultTopics?: boolean;
}

type EntityId = { id: string; entityType: string };

async function protobufProfile(flags: ProfileFlags = {}): Promise<EntityId> {
  const payload = createTransportPayloadTypeConfiguration('PROTOBUF');
  if (payload.transportPayloadType !== 'PROTOBUF') throw new Error('expected a PROTOBUF configuration');
  payload.deviceRpcRequestProtoSchema = RPC_REQUEST_SCHEMA;
  payload.deviceRpcResponseProtoSchema = RPC_RESPONSE_SCHEMA;
  payload.enableCompatibilityWithJsonPayloadFormat = flags.compatible ?? false;
  payload.useJsonPayloadFormatForDefaultDownlinkTopics = flags.jsonOnDefaultTopics ?? false;
  const profile = expectOk(
    await server.api.post<{ id: EntityId }>(
      '/api/deviceProfile',
      {
        name: `proto-profile-${suffix()}`,
        type: 'DEFAULT',
        transportType: 'MQTT',
        provisionType: 'DISABLED',
        profileData: {
          configuration: { type: 'DEFAULT' },
          transportConfiguration: {
            type: 'MQTT',
            deviceTelemetryTopic: 'v1/devices/me/telemetry',
            deviceAttributesTopic: 'v1/devices/me/attributes',
            transportPayloadTypeConfiguration: payload,
          },
          provisionConfiguration: { type: 'DISABLED', provisionDeviceSecret: null },
          alarms: null,
        },
      },
      ta(),
    ),
  );
  return profile.id;
}

interface DeviceRef {
  id: string;
  token: string;
}

async function newDevice(deviceProfileId?: EntityId): Promise<DeviceRef> {
  const token = `proto-${suffix()}${suffix()}`;
  const body = { name: `proto-device-${suffix()}`, ...(deviceProfileId ? { deviceProfileId } : {}) };
  const res = await server.api.post<{ id: { id: string } }>(`/api/device?accessToken=${token}`, body, ta());
  return { id: expectOk(res).id.id, token };
}

async function connect(d: DeviceRef, subscriptions: Record<string, { qos: 0 | 1 }>): Promise<TestDevice> {
  const device = await connectDevice(server, { username: d.token });
  await device.client.subscribeAsync(subscriptions);
  await deviceSessionOpen(server, d.id);
  return device;
}

const postShared = async (d: DeviceRef, values: Record<string, unknown>) =>
  expectOk(await server.api.post(`/api/plugins/telemetry/DEVICE/${d.id}/SHARED_SCOPE`, values, ta()));

const twoWayRpc = (d: DeviceRef, body: Record<string, unknown>) =>
  server.api.post(`/api/plugins/rpc/twoway/${d.id}`, { timeout: 5000, ...body }, ta());

beforeAll(async () => {
  server = await startServer({ env: { CLIENT_SIDE_RPC_TIMEOUT: '300' } });
  tenantToken = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
});

afterAll(async () => {
  await server?.close();
});

describe('PROTOBUF profile', () => {
  it('pushes shared attribute updates and deletions as AttributeUpdateNotificationMsg', async () => {
    const d = await newDevice(await protobufProfile());
    const device = await connect(d, { 'v1/devices/me/attributes': { qos: 1 } });

    const before = Date.now();
    const update = nextRaw(device, 'v1/devices/me/attributes');
    await postShared(d, { setpoint: 19, mode: 'eco', enabled: true, ratio: 0.5, schedule: { at: [6, 22] } });
    const message = await update;
    expect(message.qos).toBe(1);
    const decoded = decodeTransport('AttributeUpdateNotificationMsg', message.payload);
    expect(decoded.sharedDeleted).toEqual([]);
    expect(byKey(decoded.sharedUpdated, before)).toEqual({
      setpoint: { type: 'LONG_V', long_v: '19' },
      mode: { type: 'STRING_V', string_v: 'eco' },
      // BOOLEAN_V is the enum's 0, which proto3 does not write.
      enabled: { bool_v: true },
      ratio: { type: 'DOUBLE_V', double_v: 0.5 },
      schedule: { type: 'JSON_V', json_v: '{"at":[6,22]}' },
    });

    const deletion = nextRaw(device, 'v1/devices/me/attributes');
    expectOk(
      await server.api.delete(`/api/plugins/telemetry/DEVICE/${d.id}/SHARED_SCOPE?keys=setpoint,mode`, ta()),
    );
    const deleted = decodeTransport('AttributeUpdateNotificationMsg', (await deletion).payload);
    expect(deleted.sharedUpdated).toEqual([]);
    expect([...(deleted.sharedDeleted as string[])].sort()).toEqual(['mode', 'setpoint']);
    await device.end();
  });

  it('answers AttributesRequest with GetAttributeResponseMsg on the family of the request', async () => {
    const d = await newDevice(await protobufProfile());
    const sharedBefore = Date.now();
    await postShared(d, { target: 25, gain: 0.5 });
    const sharedAfter = Date.now();
    const device = await connect(d, {
      'v1/devices/me/attributes/response/+': { qos: 1 },
      'v2/a/res/p/+': { qos: 0 },
    });
    // Client attributes through the forced-JSON topic, so that this test needs no attribute schema.
    await device.client.publishAsync('v2/a/j', '{"firmware":"v1.0","build":7}', { qos: 1 });

    const v1 = nextRaw(device, 'v1/devices/me/attributes/response/7');
    const keys = { clientKeys: 'firmware,build', sharedKeys: 'target,gain' };
    device.client.publish('v1/devices/me/attributes/request/7', encodeRequest('AttributesRequest', keys));
    const v1Message = await v1;
    expect(v1Message.qos).toBe(1);
    const response = decodeTransport('GetAttributeResponseMsg', v1Message.payload);
    expect(response.requestId).toBe(7);
    expect(byKey(response.clientAttributeList, sharedAfter)).toEqual({
      firmware: { type: 'STRING_V', string_v: 'v1.0' },
      build: { type: 'LONG_V', long_v: '7' },
    });
    // Each attribute as stored, with the time it was written (not the time of the answer).
    expect(byKey(response.sharedAttributeList, sharedBefore, sharedAfter)).toEqual({
      target: { type: 'LONG_V', long_v: '25' },
      gain: { type: 'DOUBLE_V', double_v: 0.5 },
    });

    const forced = nextRaw(device, 'v2/a/res/p/8');
    device.client.publish('v2/a/req/p/8', encodeRequest('AttributesRequest', { sharedKeys: 'target' }));
    const forcedResponse = decodeTransport('GetAttributeResponseMsg', (await forced).payload);
    expect(forcedResponse.requestId).toBe(8);
    expect(forcedResponse.clientAttributeList).toEqual([]);
    expect(byKey(forcedResponse.sharedAttributeList, sharedBefore, sharedAfter)).toEqual({
      target: { type: 'LONG_V', long_v: '25' },
    });
    await device.end();
  });

  it("sends server-side RPCs as the profile's RPC request message and takes the protobuf reply", async () => {
    const d = await newDevice(await protobufProfile());
    const device = await connect(d, { 'v1/devices/me/rpc/request/+': { qos: 1 } });
    const requests: Decoded[] = [];
    device.client.on('message', (topic, payload) => {
      const match = /^v1\/devices\/me\/rpc\/request\/(\d+)$/.exec(topic);
      if (!match) return;
      // Defaults included: the first RPC of a device has request id 0, which proto3 does not write.
      const request = gpioCommand.toObject(gpioCommand.decode(payload), { defaults: true }) as {
        params: { pin: number; on: boolean };
      };
      requests.push({ topicId: Number(match[1]), ...request });
      const reply = gpioReply.encode(gpioReply.fromObject({ payload: `pin ${request.params.pin} switched` }));
      device.client.publish(`v1/devices/me/rpc/response/${match[1]}`, Buffer.from(reply.finish()));
    });

    const res = await twoWayRpc(d, { method: 'setGpio', params: { pin: 4, on: true, label: 'ignored' } });
    expect(expectOk(res)).toEqual({ payload: 'pin 4 switched' });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request).toEqual({
      topicId: request?.requestId,
      method: 'setGpio',
      requestId: request?.requestId,
      params: { pin: 4, on: true },
    });
    await device.end();
  });

  it('answers RpcRequest with ToServerRpcResponseMsg: the reply, or a timeout', async () => {
    const d = await newDevice(await protobufProfile());
    const device = await connect(d, { 'v1/devices/me/rpc/response/+': { qos: 1 } });
    const getTime = encodeRequest('RpcRequest', { method: 'getTime', params: '{"zone":"UTC"}' });

    const timeout = nextRaw(device, 'v1/devices/me/rpc/response/3');
    device.client.publish('v1/devices/me/rpc/request/3', getTime);
    const timedOut = await timeout;
    expect(timedOut.qos).toBe(1);
    expect(decodeTransport('ToServerRpcResponseMsg', timedOut.payload)).toEqual({
      requestId: 3,
      error: 'timeout',
    });

    const { clientRpc } = server.services.transport;
    const stop = clientRpc.onRequest((request) => {
      if (request.device.deviceId === d.id)
        clientRpc.answer(request.id, {
          time: 42,
          method: request.method,
          params: JSON.parse(stringifyLossless(request.params)),
        });
    });
    try {
      const reply = nextRaw(device, 'v1/devices/me/rpc/response/4');
      device.client.publish('v1/devices/me/rpc/request/4', getTime);
      const decoded = decodeTransport('ToServerRpcResponseMsg', (await reply).payload);
      expect(decoded.requestId).toBe(4);
      // The params text of the request arrives as the JSON it holds.
      expect(JSON.parse(decoded.payload as string)).toEqual({
        time: 42,
        method: 'getTime',
        params: { zone: 'UTC' },
      });
    } finally {
      stop();
    }
    await device.end();
  });
});

describe('JSON downlinks', () => {
  it('uses JSON on the /j topics of a PROTOBUF profile', async () => {
    const d = await newDevice(await protobufProfile());
    await postShared(d, { target: 25 });
    const device = await connect(d, {
      'v2/a/j': { qos: 1 },
      'v2/a/res/j/+': { qos: 1 },
      'v2/r/req/j/+': { qos: 1 },
    });

    const update = device.next('v2/a/j');
    await postShared(d, { setpoint: 19 });
    expect(JSON.parse((await update).text)).toEqual({ setpoint: 19 });

    const response = device.next('v2/a/res/j/9');
    device.client.publish('v2/a/req/j/9', '{"sharedKeys":"target"}');
    expect(JSON.parse((await response).text)).toEqual({ shared: { target: 25 } });

    device.client.on('message', (topic, payload) => {
      const match = /^v2\/r\/req\/j\/(\d+)$/.exec(topic);
      if (match) device.client.publish(`v2/r/res/j/${match[1]}`, payload);
    });
    const res = await twoWayRpc(d, { method: 'echo', params: { pin: 4 } });
    expect(expectOk(res)).toEqual({ method: 'echo', params: { pin: 4 } });
    await device.end();
  });

  it('keeps the v1 topics on JSON with useJsonPayloadFormatForDefaultDownlinkTopics; v2 stays protobuf', async () => {
    const d = await newDevice(await protobufProfile({ compatible: true, jsonOnDefaultTopics: true }));
    const device = await connect(d, {
      'v1/devices/me/attributes': { qos: 1 },
      'v1/devices/me/rpc/request/+': { qos: 1 },
    });

    const update = device.next('v1/devices/me/attributes');
    await postShared(d, { setpoint: 19 });
    expect(JSON.parse((await update).text)).toEqual({ setpoint: 19 });

    device.client.on('message', (topic, payload) => {
      const match = /^v1\/devices\/me\/rpc\/request\/(\d+)$/.exec(topic);
      if (match) device.client.publish(`v1/devices/me/rpc/response/${match[1]}`, payload);
    });
    const res = await twoWayRpc(d, { method: 'echo', params: { pin: 4 } });
    expect(expectOk(res)).toEqual({ method: 'echo', params: { pin: 4 } });

    // The v2 short topics follow the profile's payload type.
    await device.client.subscribeAsync('v2/a', { qos: 1 });
    const v2 = nextRaw(device, 'v2/a');
    await postShared(d, { setpoint: 20 });
    const decoded = decodeTransport('AttributeUpdateNotificationMsg', (await v2).payload);
    expect(byKey(decoded.sharedUpdated, 0)).toEqual({ setpoint: { type: 'LONG_V', long_v: '20' } });
    await device.end();
  });

  it('uses protobuf on the /p topics of a JSON profile, RPCs with the default request schema', async () => {
    const d = await newDevice();
    const device = await connect(d, { 'v2/a/p': { qos: 1 }, 'v2/r/req/p/+': { qos: 1 } });

    const update = nextRaw(device, 'v2/a/p');
    await postShared(d, { setpoint: 19 });
    const decoded = decodeTransport('AttributeUpdateNotificationMsg', (await update).payload);
    expect(byKey(decoded.sharedUpdated, 0)).toEqual({ setpoint: { type: 'LONG_V', long_v: '19' } });

    const request = nextRaw(device, /^v2\/r\/req\/p\/\d+$/);
    const call = server.api.post(
      `/api/plugins/rpc/oneway/${d.id}`,
      { method: 'setGpio', params: { pin: 4 }, timeout: 5000 },
      ta(),
    );
    const message = await request;
    const requestId = Number(message.topic.slice('v2/r/req/p/'.length));
    expect(defaultRpcRequest.toObject(defaultRpcRequest.decode(message.payload))).toEqual({
      method: 'setGpio',
      requestId,
      params: '{"pin":4}',
    });
    expect((await call).status).toBe(200);
    await device.end();
  });
});
