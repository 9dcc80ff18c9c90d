import {
  type AttributeKvEntry,
  createDefaultDeviceProfileData,
  createTransportPayloadTypeConfiguration,
  type TransportPayloadTypeConfiguration,
} from '@meridian/common';
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RPC_REQUEST_PROTO_SCHEMA, DownlinkEncodingError } from '../core/index.js';
import type { DeviceIdentity, ToDeviceRpc } from '../core/types.js';
import { downlinkFormat, MqttDownlinks } from './downlinks.js';
import type { TopicFamily } from './topics.js';

function device(
  payload: 'JSON' | 'PROTOBUF',
  flags: { compatible?: boolean; jsonOnDefaultTopics?: boolean; rpcRequestSchema?: string } = {},
): DeviceIdentity {
  const profileData = createDefaultDeviceProfileData('MQTT');
  const transport = profileData.transportConfiguration;
  if (transport.type !== 'MQTT') throw new Error('expected MQTT');
  const config: TransportPayloadTypeConfiguration = createTransportPayloadTypeConfiguration(payload);
  config.enableCompatibilityWithJsonPayloadFormat = flags.compatible ?? false;
  config.useJsonPayloadFormatForDefaultDownlinkTopics = flags.jsonOnDefaultTopics ?? false;
  if (config.transportPayloadType === 'PROTOBUF' && flags.rpcRequestSchema !== undefined)
    config.deviceRpcRequestProtoSchema = flags.rpcRequestSchema;
  transport.transportPayloadTypeConfiguration = config;
  return {
    tenantId: 't',
    customerId: null,
    deviceId: 'd',
    deviceName: 'D',
    deviceType: 'default',
    deviceProfileId: 'p',
    profileData,
    provisionType: 'DISABLED',
    gateway: false,
    ruleChainId: null,
    queueName: null,
  };
}

const FAMILIES: TopicFamily[] = ['V1', 'V2', 'V2_JSON', 'V2_PROTO'];
const formats = (d: DeviceIdentity) => FAMILIES.map((family) => downlinkFormat(d, family));

const TRANSPORT = protobuf.parse(
  `syntax = "proto3"; package transport;
  enum KeyValueType { BOOLEAN_V = 0; LONG_V = 1; DOUBLE_V = 2; STRING_V = 3; JSON_V = 4; }
  message KeyValueProto { string key = 1; KeyValueType type = 2; bool bool_v = 3; int64 long_v = 4;
    double double_v = 5; string string_v = 6; string json_v = 7; }
  message TsKvProto { int64 ts = 1; KeyValueProto kv = 2; }
  message GetAttributeResponseMsg { int32 requestId = 1; repeated TsKvProto clientAttributeList = 2;
    repeated TsKvProto sharedAttributeList = 3; string error = 5; }
  message AttributeUpdateNotificationMsg { repeated TsKvProto sharedUpdated = 1; repeated string sharedDeleted = 2; }
  message ToServerRpcResponseMsg { int32 requestId = 1; string payload = 2; string error = 3; }`,
  { keepCase: true },
).root;
const decode = (name: string, payload: string | Buffer) => {
  if (typeof payload === 'string') throw new Error(`expected protobuf, got ${payload}`);
  const type = TRANSPORT.lookupType(`transport.${name}`);
  return type.toObject(type.decode(payload), { longs: String, enums: String });
};

const NOW = 1_700_000_000_000;
const shared = (key: string, value: AttributeKvEntry['value'], lastUpdateTs = NOW): AttributeKvEntry => ({
  key,
  value,
  scope: 'SHARED_SCOPE',
  lastUpdateTs,
});
const client = (key: string, value: AttributeKvEntry['value']): AttributeKvEntry => ({
  ...shared(key, value),
  scope: 'CLIENT_SCOPE',
});
const rpc: ToDeviceRpc = {
  requestId: 9,
  method: 'reboot',
  params: { delay: 5 },
  oneway: true,
  expirationTime: NOW + 1000,
};

describe('downlinkFormat', () => {
  it('follows the profile on v1 and v2 topics; /j and /p force their format', () => {
    expect(formats(device('JSON'))).toEqual(['JSON', 'JSON', 'JSON', 'PROTOBUF']);
    expect(formats(device('PROTOBUF'))).toEqual(['PROTOBUF', 'PROTOBUF', 'JSON', 'PROTOBUF']);
  });

  it('keeps the v1 topics on JSON only when compatibility and the default-topics flag are both on', () => {
    expect(formats(device('PROTOBUF', { compatible: true, jsonOnDefaultTopics: true }))).toEqual([
      'JSON',
      'PROTOBUF',
      'JSON',
      'PROTOBUF',
    ]);
    expect(formats(device('PROTOBUF', { jsonOnDefaultTopics: true }))[0]).toBe('PROTOBUF');
    expect(formats(device('PROTOBUF', { compatible: true }))[0]).toBe('PROTOBUF');
    expect(formats(device('JSON', { compatible: true, jsonOnDefaultTopics: true }))[0]).toBe('JSON');
  });

  it('uses JSON for profiles whose transport is not MQTT', () => {
    const d = device('PROTOBUF');
    d.profileData = createDefaultDeviceProfileData('DEFAULT');
    expect(formats(d)).toEqual(['JSON', 'JSON', 'JSON', 'PROTOBUF']);
  });
});

describe('MqttDownlinks', () => {
  const downlinks = new MqttDownlinks();

  it('writes JSON exactly as the JSON API does', () => {
    const d = device('JSON');
    const updated = [shared('a', { type: 'LONG', value: 1n }), shared('b', { type: 'STRING', value: 'x' })];
    expect(downlinks.attributeUpdate(d, 'V1', { updated })).toBe('{"a":1,"b":"x"}');
    expect(downlinks.attributeUpdate(d, 'V1', { deleted: ['a'] })).toBe('{"deleted":["a"]}');
    const reply = { client: [], shared: [shared('a', { type: 'BOOLEAN', value: true })] };
    expect(downlinks.attributeResponse(d, 'V2', 3, reply)).toBe('{"shared":{"a":true}}');
    expect(downlinks.rpcRequest(d, 'V1', rpc)).toBe('{"method":"reboot","params":{"delay":5}}');
    expect(downlinks.clientRpcReply(d, 'V1', 4, { time: 1 })).toBe('{"time":1}');
    expect(downlinks.clientRpcTimeout(d, 'V1', 4)).toBe('{"error":"timeout"}');
  });

  it('writes shared attribute updates and deletions as AttributeUpdateNotificationMsg', () => {
    const d = device('PROTOBUF');
    // Typed as stored, with each attribute's own update time: a whole-number DOUBLE stays DOUBLE.
    const updated = [
      shared('n', { type: 'LONG', value: 2n }, NOW - 5),
      shared('t', { type: 'DOUBLE', value: 2 }),
    ];
    expect(decode('AttributeUpdateNotificationMsg', downlinks.attributeUpdate(d, 'V1', { updated }))).toEqual(
      {
        sharedUpdated: [
          { ts: String(NOW - 5), kv: { key: 'n', type: 'LONG_V', long_v: '2' } },
          { ts: String(NOW), kv: { key: 't', type: 'DOUBLE_V', double_v: 2 } },
        ],
      },
    );
    expect(
      decode('AttributeUpdateNotificationMsg', downlinks.attributeUpdate(d, 'V2', { deleted: ['n'] })),
    ).toEqual({ sharedDeleted: ['n'] });
  });

  it('writes attribute responses as GetAttributeResponseMsg with the request id', () => {
    const payload = downlinks.attributeResponse(device('JSON'), 'V2_PROTO', 12, {
      client: [client('fw', { type: 'STRING', value: 'v1' })],
      shared: [shared('cfg', { type: 'JSON', value: '{"a":1}' })],
    });
    expect(decode('GetAttributeResponseMsg', payload)).toEqual({
      requestId: 12,
      clientAttributeList: [{ ts: String(NOW), kv: { key: 'fw', type: 'STRING_V', string_v: 'v1' } }],
      sharedAttributeList: [{ ts: String(NOW), kv: { key: 'cfg', type: 'JSON_V', json_v: '{"a":1}' } }],
    });
  });

  it('writes client-side RPC replies and timeouts as ToServerRpcResponseMsg', () => {
    const d = device('PROTOBUF');
    expect(decode('ToServerRpcResponseMsg', downlinks.clientRpcReply(d, 'V1', 4, { time: 1 }))).toEqual({
      requestId: 4,
      payload: '{"time":1}',
    });
    expect(decode('ToServerRpcResponseMsg', downlinks.clientRpcTimeout(d, 'V2', 5))).toEqual({
      requestId: 5,
      error: 'timeout',
    });
  });

  it("writes server-side RPCs with the profile's RPC request schema, or the default one", () => {
    const schema =
      'syntax = "proto3"; message Req { string method = 1; int32 requestId = 2; string params = 3; }';
    const type = protobuf.parse(schema).root.lookupType('Req');
    const payload = downlinks.rpcRequest(device('PROTOBUF', { rpcRequestSchema: schema }), 'V1', rpc);
    if (typeof payload === 'string') throw new Error('expected protobuf');
    expect(type.toObject(type.decode(payload))).toEqual({
      method: 'reboot',
      requestId: 9,
      params: '{"delay":5}',
    });

    const fallback = protobuf.parse(DEFAULT_RPC_REQUEST_PROTO_SCHEMA).root.lookupType('rpc.RpcRequestMsg');
    const forced = downlinks.rpcRequest(device('JSON'), 'V2_PROTO', rpc);
    if (typeof forced === 'string') throw new Error('expected protobuf');
    expect(fallback.toObject(fallback.decode(forced))).toEqual({
      method: 'reboot',
      requestId: 9,
      params: '{"delay":5}',
    });

    const strict =
      'syntax = "proto3"; message Req { string method = 1; int32 requestId = 2; int32 params = 3; }';
    expect(() => downlinks.rpcRequest(device('PROTOBUF', { rpcRequestSchema: strict }), 'V1', rpc)).toThrow(
      DownlinkEncodingError,
    );
  });
});
