import { createTransportPayloadTypeConfiguration, SAMPLE_PROTO_SCHEMAS } from '@meridian/common';
import protobuf from 'protobufjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringifyLossless } from '../src/telemetry/json-lossless.js';
import {
  type CoapAnswer,
  CoapTestClient,
  type CoapTestDevice,
  createCoapDevice,
  createCoapProfile,
} from './coap-client.js';
import { type ApiClient, DEMO, expectOk, startServer, type TestServer } from './helper.js';
import { encodeRequest, REFERENCE_TRANSPORT } from './reference-transport-proto.js';

/**
 * CoAP downlinks of devices whose profile selects PROTOBUF (reference `ProtoCoapAdaptor`), through
 * a real UDP socket: attribute observations, attribute reads, server-side RPC notifications and
 * client-side RPC answers are protobuf messages sent as application/octet-stream.
 */

let server: TestServer;
let api: ApiClient;
let adminToken: string;
const client = new CoapTestClient(() => server.services.coap.port());

/** CoAP Content-Formats 42 and 50 (RFC 7252 §12.3), as node-coap names them. */
const OCTET_STREAM = 'application/octet-stream';
const JSON_FORMAT = 'application/json';

type Decoded = Record<string, unknown>;

function decodeTransport(name: string, answer: CoapAnswer): Decoded {
  expect(answer.contentFormat).toBe(OCTET_STREAM);
  const type = REFERENCE_TRANSPORT.lookupType(`transport.${name}`);
  return type.toObject(type.decode(answer.payload), {
    longs: String,
    enums: String,
    arrays: true,
    defaults: true,
  });
}

/** The KeyValueProto field that holds a value of each type. */
const VALUE_FIELDS: Record<string, string> = {
  BOOLEAN_V: 'bool_v',
  LONG_V: 'long_v',
  DOUBLE_V: 'double_v',
  STRING_V: 'string_v',
  JSON_V: 'json_v',
};

/** Attribute entries by key as `{type, value field}`, with their update time checked (within [after, before]). */
function byKey(list: unknown, after: number, before = Date.now()): Record<string, Decoded> {
  const entries: Record<string, Decoded> = {};
  for (const item of list as { ts: string; kv: Decoded & { key: string; type: string } }[]) {
    expect(Number(item.ts)).toBeGreaterThanOrEqual(after);
    expect(Number(item.ts)).toBeLessThanOrEqual(before);
    const { key, type } = item.kv;
    const field = VALUE_FIELDS[type] ?? 'missing';
    entries[key] = { type, [field]: item.kv[field] };
  }
  return entries;
}

const sampleRpcRequest = protobuf.parse(SAMPLE_PROTO_SCHEMAS.rpcRequest).root.lookupType('rpc.RpcRequest');
const sampleRpcResponse = protobuf.parse(SAMPLE_PROTO_SCHEMAS.rpcResponse).root.lookupType('rpc.RpcResponse');

const encode = (type: protobuf.Type, object: Record<string, unknown>) =>
  Buffer.from(type.encode(type.fromObject(object)).finish());

const newDevice = async (): Promise<CoapTestDevice> =>
  createCoapDevice(api, adminToken, await createCoapProfile(api, adminToken));

const saveShared = async (deviceId: string, body: Record<string, unknown>) =>
  expectOk(
    await api.post(`/api/plugins/telemetry/DEVICE/${deviceId}/SHARED_SCOPE`, body, { token: adminToken }),
  );

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

beforeAll(async () => {
  server = await startServer({ env: { CLIENT_SIDE_RPC_TIMEOUT: '300' } });
  expect(await server.services.coap.listening()).toBeGreaterThan(0);
  api = server.api;
  adminToken = (await api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
});

afterAll(async () => {
  client.close();
  await server?.close();
});

describe('CoAP PROTOBUF attributes', () => {
  it('observes shared attributes as AttributeUpdateNotificationMsg, typed and with their update times', async () => {
    const device = await newDevice();
    const before = Date.now();
    await saveShared(device.id, { interval: 10, label: 'hall' });
    const written = Date.now();

    const observer = await client.observe(`/api/v1/${device.token}/attributes`);
    expect(observer.first.code).toBe('2.05');
    // The registration answers with the current shared attributes, as an update (reference `sharedStateMsg`).
    const current = decodeTransport('AttributeUpdateNotificationMsg', observer.first);
    expect(byKey(current.sharedUpdated, before, written)).toEqual({
      interval: { type: 'LONG_V', long_v: '10' },
      label: { type: 'STRING_V', string_v: 'hall' },
    });

    const updateFrom = Date.now();
    await saveShared(device.id, { ratio: 0.25, enabled: true, schedule: { at: [6, 22] } });
    const update = decodeTransport('AttributeUpdateNotificationMsg', await observer.next());
    expect(update.sharedDeleted).toEqual([]);
    expect(byKey(update.sharedUpdated, updateFrom)).toEqual({
      ratio: { type: 'DOUBLE_V', double_v: 0.25 },
      enabled: { type: 'BOOLEAN_V', bool_v: true },
      schedule: { type: 'JSON_V', json_v: '{"at":[6,22]}' },
    });

    expectOk(
      await api.delete(`/api/plugins/telemetry/DEVICE/${device.id}/SHARED_SCOPE?keys=label`, {
        token: adminToken,
      }),
    );
    const deletion = decodeTransport('AttributeUpdateNotificationMsg', await observer.next());
    expect(deletion).toMatchObject({ sharedUpdated: [], sharedDeleted: ['label'] });

    observer.stream.close(true);
    await until(
      () => server.services.transport.sessions.sessionCount(device.id) === 0,
      'the observation to end',
    );
  });

  it('answers GET attributes with GetAttributeResponseMsg', async () => {
    const device = await newDevice();
    const before = Date.now();
    await saveShared(device.id, { target: 25 });
    // Client attributes in the profile's attribute schema (the sample DeviceInfo message).
    const deviceInfo = protobuf
      .parse(SAMPLE_PROTO_SCHEMAS.attributes)
      .root.lookupType('attributes.DeviceInfo');
    const posted = await client.request({
      path: `/api/v1/${device.token}/attributes`,
      payload: encode(deviceInfo, { serialNumber: 'SN-1', firmwareVersion: '1.2' }),
    });
    expect(posted.code).toBe('2.01');
    const written = Date.now();

    const answer = await client.request({
      method: 'GET',
      path: `/api/v1/${device.token}/attributes`,
      query: 'clientKeys=serialNumber&sharedKeys=target',
    });
    expect(answer.code).toBe('2.05');
    const response = decodeTransport('GetAttributeResponseMsg', answer);
    // CoAP requests have no request id of the device's own.
    expect(response.requestId).toBe(0);
    expect(byKey(response.clientAttributeList, before, written)).toEqual({
      serialNumber: { type: 'STRING_V', string_v: 'SN-1' },
    });
    expect(byKey(response.sharedAttributeList, before, written)).toEqual({
      target: { type: 'LONG_V', long_v: '25' },
    });
  });

  it('keeps JSON for devices of a JSON CoAP profile', async () => {
    const profile = await createCoapProfile(api, adminToken, createTransportPayloadTypeConfiguration('JSON'));
    const device = await createCoapDevice(api, adminToken, profile);
    await saveShared(device.id, { target: 25 });
    const answer = await client.request({ method: 'GET', path: `/api/v1/${device.token}/attributes` });
    expect(answer.contentFormat).toBe(JSON_FORMAT);
    expect(JSON.parse(answer.text)).toEqual({ shared: { target: 25 } });
  });
});

describe('CoAP PROTOBUF RPC', () => {
  it("notifies server-side RPCs in the profile's RPC request schema and takes the protobuf reply", async () => {
    const device = await newDevice();
    const observer = await client.observe(`/api/v1/${device.token}/rpc`);
    expect(observer.first.code).toBe('2.03');
    const call = api.post(
      `/api/rpc/twoway/${device.id}`,
      { method: 'setGpio', params: { pin: 4 }, timeout: 5000 },
      { token: adminToken },
    );
    const notification = await observer.next();
    expect(notification.code).toBe('2.05');
    expect(notification.contentFormat).toBe(OCTET_STREAM);
    const request = sampleRpcRequest.toObject(sampleRpcRequest.decode(notification.payload), {
      defaults: true,
    }) as { method: string; requestId: number; params: string };
    expect(request.method).toBe('setGpio');
    expect(JSON.parse(request.params)).toEqual({ pin: 4 });

    const replied = await client.request({
      path: `/api/v1/${device.token}/rpc/${request.requestId}`,
      payload: encode(sampleRpcResponse, { payload: 'pin 4 on' }),
    });
    expect(replied.code).toBe('2.01');
    expect(expectOk(await call)).toEqual({ payload: 'pin 4 on' });
    observer.stream.close(true);
    await until(
      () => server.services.transport.sessions.sessionCount(device.id) === 0,
      'the observation to end',
    );
  });

  it('answers an RpcRequest with ToServerRpcResponseMsg', async () => {
    const device = await newDevice();
    const { clientRpc } = server.services.transport;
    const stop = clientRpc.onRequest((request) => {
      if (request.device.deviceId === device.id)
        clientRpc.answer(request.id, {
          method: request.method,
          params: JSON.parse(stringifyLossless(request.params)),
        });
    });
    try {
      const answer = await client.request({
        path: `/api/v1/${device.token}/rpc`,
        payload: encodeRequest('RpcRequest', { method: 'getTime', params: '{"zone":"UTC"}' }),
      });
      expect(answer.code).toBe('2.05');
      const response = decodeTransport('ToServerRpcResponseMsg', answer);
      expect(response.requestId).toBe(0);
      expect(response.error).toBe('');
      expect(JSON.parse(response.payload as string)).toEqual({ method: 'getTime', params: { zone: 'UTC' } });
    } finally {
      stop();
    }
  });
});
