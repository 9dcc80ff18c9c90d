import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RPC_REQUEST_PROTO_SCHEMA,
  DownlinkCodec,
  DownlinkEncodingError,
  type TimedKvEntry,
} from './downlink-codec.js';
import type { ToDeviceRpc } from './types.js';

/**
 * The messages as ThingsBoard 3.3 declares them (common/queue/src/main/proto/queue.proto), written
 * out here on their own so the test decodes with the reference's contract, not the codec's copy.
 */
const REFERENCE_PROTO = `
syntax = "proto3";
package transport;
enum KeyValueType { BOOLEAN_V = 0; LONG_V = 1; DOUBLE_V = 2; STRING_V = 3; JSON_V = 4; }
message KeyValueProto {
  string key = 1; KeyValueType type = 2; bool bool_v = 3; int64 long_v = 4;
  double double_v = 5; string string_v = 6; string json_v = 7;
}
message TsKvProto { int64 ts = 1; KeyValueProto kv = 2; }
message GetAttributeResponseMsg {
  int32 requestId = 1; repeated TsKvProto clientAttributeList = 2;
  repeated TsKvProto sharedAttributeList = 3; string error = 5;
}
message AttributeUpdateNotificationMsg { repeated TsKvProto sharedUpdated = 1; repeated string sharedDeleted = 2; }
message ToServerRpcResponseMsg { int32 requestId = 1; string payload = 2; string error = 3; }
`;

const reference = protobuf.parse(REFERENCE_PROTO, { keepCase: true }).root;
const decode = (name: string, bytes: Uint8Array) => {
  const type = reference.lookupType(`transport.${name}`);
  return type.toObject(type.decode(bytes), { longs: String, enums: String, arrays: true });
};

const TS = 1_700_000_000_123;
const entry = (key: string, value: TimedKvEntry['value']): TimedKvEntry => ({ key, value, lastUpdateTs: TS });

const rpc = (params: unknown, requestId = 5): ToDeviceRpc => ({
  requestId,
  method: 'setGpio',
  params,
  oneway: false,
  expirationTime: Date.now() + 10_000,
});

const protoConfig = (deviceRpcRequestProtoSchema: string) => ({
  transportPayloadType: 'PROTOBUF' as const,
  deviceTelemetryProtoSchema: '',
  deviceAttributesProtoSchema: '',
  deviceRpcRequestProtoSchema,
  deviceRpcResponseProtoSchema: '',
});

describe('DownlinkCodec transport messages', () => {
  const codec = new DownlinkCodec();

  it('writes AttributeUpdateNotificationMsg with the field numbers of the reference', () => {
    const bytes = codec.attributeUpdate(
      [{ key: 'a', value: { type: 'LONG', value: 5n }, lastUpdateTs: 1 }],
      ['x'],
    );
    // sharedUpdated (1) = TsKvProto { ts (1) = 1, kv (2) = { key (1) = "a", type (2) = LONG_V, long_v (4) = 5 } },
    // sharedDeleted (2) = "x"
    const kv = [0x0a, 0x01, 0x61, 0x10, 0x01, 0x20, 0x05];
    const tsKv = [0x08, 0x01, 0x12, kv.length, ...kv];
    expect([...bytes]).toEqual([0x0a, tsKv.length, ...tsKv, 0x12, 0x01, 0x78]);
  });

  it('types every value kind and keeps 64-bit longs and update times exact', () => {
    const bytes = codec.attributeUpdate(
      [
        entry('on', { type: 'BOOLEAN', value: true }),
        entry('big', { type: 'LONG', value: 9223372036854775807n }),
        entry('temp', { type: 'DOUBLE', value: 21.5 }),
        entry('mode', { type: 'STRING', value: 'eco' }),
        entry('cfg', { type: 'JSON', value: '{"a":[1,2]}' }),
      ],
      [],
    );
    expect(decode('AttributeUpdateNotificationMsg', bytes)).toEqual({
      sharedUpdated: [
        // BOOLEAN_V is 0, the proto3 default, which is never written (as in the reference).
        { ts: String(TS), kv: { key: 'on', bool_v: true } },
        { ts: String(TS), kv: { key: 'big', type: 'LONG_V', long_v: '9223372036854775807' } },
        { ts: String(TS), kv: { key: 'temp', type: 'DOUBLE_V', double_v: 21.5 } },
        { ts: String(TS), kv: { key: 'mode', type: 'STRING_V', string_v: 'eco' } },
        { ts: String(TS), kv: { key: 'cfg', type: 'JSON_V', json_v: '{"a":[1,2]}' } },
      ],
      sharedDeleted: [],
    });
  });

  it('writes deletions as sharedDeleted only', () => {
    expect(decode('AttributeUpdateNotificationMsg', codec.attributeUpdate([], ['a', 'b']))).toEqual({
      sharedUpdated: [],
      sharedDeleted: ['a', 'b'],
    });
  });

  it('writes GetAttributeResponseMsg with client and shared lists', () => {
    const bytes = codec.attributeResponse(
      7,
      [entry('fw', { type: 'STRING', value: 'v1' })],
      [entry('target', { type: 'LONG', value: 25n })],
    );
    expect(decode('GetAttributeResponseMsg', bytes)).toEqual({
      requestId: 7,
      clientAttributeList: [{ ts: String(TS), kv: { key: 'fw', type: 'STRING_V', string_v: 'v1' } }],
      sharedAttributeList: [{ ts: String(TS), kv: { key: 'target', type: 'LONG_V', long_v: '25' } }],
    });
    // requestId (1) = 3 and nothing else for an empty answer.
    expect([...codec.attributeResponse(3, [], [])]).toEqual([0x08, 0x03]);
  });

  it('writes ToServerRpcResponseMsg with the reply or the error', () => {
    expect(decode('ToServerRpcResponseMsg', codec.clientRpcResponse(4, { payload: '{"time":1}' }))).toEqual({
      requestId: 4,
      payload: '{"time":1}',
    });
    // requestId (1) = 3, error (3) = "timeout"
    expect([...codec.clientRpcResponse(3, { error: 'timeout' })]).toEqual([
      0x08,
      0x03,
      0x1a,
      0x07,
      ...Buffer.from('timeout'),
    ]);
  });
});

describe('DownlinkCodec RPC requests', () => {
  const codec = new DownlinkCodec();
  const defaultType = protobuf.parse(DEFAULT_RPC_REQUEST_PROTO_SCHEMA).root.lookupType('rpc.RpcRequestMsg');

  it('uses the default RpcRequestMsg when the profile has no RPC request schema', () => {
    const bytes = codec.rpcRequest(undefined, rpc('on', 2));
    // method (1) = "setGpio", requestId (2) = 2, params (3) = "on": the reference's default schema.
    expect([...bytes]).toEqual([
      0x0a,
      0x07,
      ...Buffer.from('setGpio'),
      0x10,
      0x02,
      0x1a,
      0x02,
      ...Buffer.from('on'),
    ]);
    expect(codec.rpcRequest({ transportPayloadType: 'JSON' }, rpc('on', 2))).toEqual(bytes);
    expect(codec.rpcRequest(protoConfig(''), rpc('on', 2))).toEqual(bytes);
  });

  it('puts non-string params into a string params field as JSON text', () => {
    const decoded = defaultType.toObject(defaultType.decode(codec.rpcRequest(undefined, rpc({ pin: 4 }))));
    expect(decoded).toEqual({ method: 'setGpio', requestId: 5, params: '{"pin":4}' });
    const number = defaultType.toObject(defaultType.decode(codec.rpcRequest(undefined, rpc(12.5))));
    expect(number.params).toBe('12.5');
    const none = defaultType.toObject(defaultType.decode(codec.rpcRequest(undefined, rpc(null))));
    expect(none).toEqual({ method: 'setGpio', requestId: 5 });
  });

  it("fills the last message of the profile's schema, params as a nested message", () => {
    const schema = `syntax = "proto3";
package device;
message Params { int32 pin = 1; bool on = 2; int64 pulse_ns = 3; }
message Command { string method = 1; int32 requestId = 2; Params params = 3; }`;
    const bytes = codec.rpcRequest(
      protoConfig(schema),
      rpc({ pin: 4, on: true, pulseNs: '9007199254740993', unknown: 'skipped' }),
    );
    const type = protobuf.parse(schema).root.lookupType('device.Command');
    expect(type.toObject(type.decode(bytes), { longs: String })).toEqual({
      method: 'setGpio',
      requestId: 5,
      params: { pin: 4, on: true, pulseNs: '9007199254740993' },
    });
  });

  it('refuses params that do not fit the schema, and schemas that cannot be read', () => {
    const schema = `syntax = "proto3";
message Params { int32 pin = 1; }
message Command { string method = 1; int32 requestId = 2; Params params = 3; }`;
    expect(() => codec.rpcRequest(protoConfig(schema), rpc('pin 4'))).toThrow(DownlinkEncodingError);
    expect(() => codec.rpcRequest(protoConfig(schema), rpc({ pin: 'four' }))).toThrow(
      /does not fit Command: Command.params.pin must be an integer/,
    );
    expect(() => codec.rpcRequest(protoConfig('syntax = "proto3"; message {'), rpc('on'))).toThrow(
      /Invalid RPC request proto schema/,
    );
    expect(() => codec.rpcRequest(protoConfig('syntax = "proto3"; enum E { A = 0; }'), rpc('on'))).toThrow(
      /declares no message/,
    );
  });
});
