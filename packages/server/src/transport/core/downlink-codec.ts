import type { KvValue, TransportPayloadTypeConfiguration } from '@meridian/common';
import protobuf from 'protobufjs';
import { encodeJsonMessage, ProtoJsonError } from './proto-json.js';
import type { ToDeviceRpc } from './types.js';

/**
 * Downlinks of devices whose profile selects PROTOBUF (reference `ProtoMqttAdaptor`): shared
 * attribute updates, attribute responses and client-side RPC replies are the reference's own
 * transport messages as they are; a server-side RPC request is a message of the profile's RPC
 * request schema holding `method`, `requestId` and `params` (reference
 * `ProtoConverter.convertToRpcRequest`).
 */

/**
 * The reference's transport messages a device decodes (`TransportProtos`, package `transport`,
 * ThingsBoard 3.3 `queue.proto`); field numbers are the wire contract.
 */
const TRANSPORT_DOWNLINK_PROTO = `
syntax = "proto3";
package transport;
enum KeyValueType {
  BOOLEAN_V = 0;
  LONG_V = 1;
  DOUBLE_V = 2;
  STRING_V = 3;
  JSON_V = 4;
}
message KeyValueProto {
  string key = 1;
  KeyValueType type = 2;
  bool bool_v = 3;
  int64 long_v = 4;
  double double_v = 5;
  string string_v = 6;
  string json_v = 7;
}
message TsKvProto {
  int64 ts = 1;
  KeyValueProto kv = 2;
}
message GetAttributeResponseMsg {
  int32 requestId = 1;
  repeated TsKvProto clientAttributeList = 2;
  repeated TsKvProto sharedAttributeList = 3;
  string error = 5;
}
message AttributeUpdateNotificationMsg {
  repeated TsKvProto sharedUpdated = 1;
  repeated string sharedDeleted = 2;
}
message ToServerRpcResponseMsg {
  int32 requestId = 1;
  string payload = 2;
  string error = 3;
}
`;

/**
 * The RPC request schema of profiles that define none (reference
 * `ProtoTransportPayloadConfiguration.getDeviceRpcRequestProtoSchema`): profiles saved before the
 * RPC schemas existed, and JSON profiles whose device subscribed to the forced-protobuf `/p` topic.
 */
export const DEFAULT_RPC_REQUEST_PROTO_SCHEMA = `syntax ="proto3";
package rpc;

message RpcRequestMsg {
  optional string method = 1;
  optional int32 requestId = 2;
  optional string params = 3;
}`;

const MAX_CACHED_SCHEMAS = 1000;

/** A server-side RPC that cannot be written with the profile's RPC request schema. */
export class DownlinkEncodingError extends Error {}

/** An attribute with its value type and last update time, as `TsKvProto` carries it. */
export interface TimedKvEntry {
  key: string;
  value: KvValue;
  ts: number;
}

/**
 * The typed value of a JSON value as the core hands attributes to transports: integral numbers are
 * LONG, other numbers DOUBLE, objects, arrays and null JSON. (A DOUBLE attribute holding a whole
 * number is indistinguishable from a LONG at this point and goes out as LONG.)
 */
export function kvValueFromJson(value: unknown): KvValue {
  if (typeof value === 'boolean') return { type: 'BOOLEAN', value };
  if (typeof value === 'string') return { type: 'STRING', value };
  if (typeof value === 'number') {
    if (Number.isInteger(value) && Math.abs(value) < 2 ** 63) return { type: 'LONG', value: BigInt(value) };
    return { type: 'DOUBLE', value };
  }
  if (typeof value === 'bigint') return { type: 'LONG', value };
  return { type: 'JSON', value: JSON.stringify(value ?? null) };
}

/** `TsKvProto` as a plain object for `fromObject` (longs as decimal strings). */
function tsKvObject(entry: TimedKvEntry): Record<string, unknown> {
  const kv: Record<string, unknown> = { key: entry.key };
  const value = entry.value;
  switch (value.type) {
    case 'BOOLEAN':
      Object.assign(kv, { type: 'BOOLEAN_V', bool_v: value.value });
      break;
    case 'LONG':
      Object.assign(kv, { type: 'LONG_V', long_v: value.value.toString() });
      break;
    case 'DOUBLE':
      Object.assign(kv, { type: 'DOUBLE_V', double_v: value.value });
      break;
    case 'STRING':
      Object.assign(kv, { type: 'STRING_V', string_v: value.value });
      break;
    case 'JSON':
      Object.assign(kv, { type: 'JSON_V', json_v: value.value });
      break;
  }
  return { ts: String(Math.trunc(entry.ts)), kv };
}

/** The last top-level message a schema declares: the one the reference builds RPC requests with. */
function lastTopLevelMessage(namespace: protobuf.NamespaceBase): protobuf.Type | undefined {
  let last: protobuf.Type | undefined;
  for (const nested of namespace.nestedArray) {
    if (nested instanceof protobuf.Type) last = nested;
    else if (nested instanceof protobuf.Namespace) last = lastTopLevelMessage(nested) ?? last;
  }
  return last;
}

export class DownlinkCodec {
  private readonly transport: protobuf.Root;
  /** Parsed RPC request schemas by their text, so a profile change needs no invalidation. */
  private readonly rpcRequestTypes = new Map<string, protobuf.Type | DownlinkEncodingError>();

  constructor() {
    // Proto field names as written (`bool_v`), like the reference's messages.
    this.transport = protobuf.parse(TRANSPORT_DOWNLINK_PROTO, { keepCase: true }).root;
    this.transport.resolveAll();
  }

  /** `AttributeUpdateNotificationMsg`: shared attributes that changed, or keys that were deleted. */
  attributeUpdate(updated: readonly TimedKvEntry[], deleted: readonly string[]): Uint8Array {
    return this.encode('AttributeUpdateNotificationMsg', {
      sharedUpdated: updated.map(tsKvObject),
      sharedDeleted: [...deleted],
    });
  }

  /** `GetAttributeResponseMsg` answering the device's attribute request `requestId`. */
  attributeResponse(
    requestId: number,
    client: readonly TimedKvEntry[],
    shared: readonly TimedKvEntry[],
  ): Uint8Array {
    return this.encode('GetAttributeResponseMsg', {
      requestId,
      clientAttributeList: client.map(tsKvObject),
      sharedAttributeList: shared.map(tsKvObject),
    });
  }

  /** `ToServerRpcResponseMsg`: the reply (JSON text) to a device-to-server RPC, or why there is none. */
  clientRpcResponse(requestId: number, outcome: { payload: string } | { error: string }): Uint8Array {
    return this.encode('ToServerRpcResponseMsg', { requestId, ...outcome });
  }

  /**
   * A server-side RPC as a message of the profile's RPC request schema (the default schema when
   * the profile has none): `{"method","requestId","params"}` filled in as JSON, so `params` may be
   * a string, a number or a nested message, whatever the schema declares.
   */
  rpcRequest(configuration: TransportPayloadTypeConfiguration | undefined, rpc: ToDeviceRpc): Uint8Array {
    const schema =
      (configuration?.transportPayloadType === 'PROTOBUF' && configuration.deviceRpcRequestProtoSchema) ||
      DEFAULT_RPC_REQUEST_PROTO_SCHEMA;
    const type = this.rpcRequestType(schema);
    try {
      return encodeJsonMessage(type, { method: rpc.method, requestId: rpc.requestId, params: rpc.params });
    } catch (error) {
      if (error instanceof ProtoJsonError)
        throw new DownlinkEncodingError(`RPC request does not fit ${type.name}: ${error.message}`);
      throw error;
    }
  }

  private encode(name: string, object: Record<string, unknown>): Uint8Array {
    const type = this.transport.lookupType(`transport.${name}`);
    return type.encode(type.fromObject(object)).finish();
  }

  private rpcRequestType(schema: string): protobuf.Type {
    let parsed = this.rpcRequestTypes.get(schema);
    if (!parsed) {
      try {
        const root = protobuf.parse(schema, { keepCase: true }).root;
        root.resolveAll();
        parsed =
          lastTopLevelMessage(root) ??
          new DownlinkEncodingError('The RPC request proto schema declares no message');
      } catch (error) {
        parsed = new DownlinkEncodingError(`Invalid RPC request proto schema: ${(error as Error).message}`);
      }
      if (this.rpcRequestTypes.size >= MAX_CACHED_SCHEMAS) this.rpcRequestTypes.clear();
      this.rpcRequestTypes.set(schema, parsed);
    }
    if (parsed instanceof Error) throw parsed;
    return parsed;
  }
}
