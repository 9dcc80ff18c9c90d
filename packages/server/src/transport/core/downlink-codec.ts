import type { AttributeKvEntry, TransportPayloadTypeConfiguration } from '@meridian/common';
import protobuf from 'protobufjs';
import { encodeJsonMessage, ProtoJsonError } from './proto-json.js';
import {
  lastTopLevelMessage,
  ParsedSchemaCache,
  type TransportMessageName,
  transportMessage,
} from './transport-proto.js';
import type { ToDeviceRpc } from './types.js';

/**
 * Downlinks of devices whose profile selects PROTOBUF (reference `ProtoMqttAdaptor`,
 * `ProtoCoapAdaptor`): shared
 * attribute updates, attribute responses and client-side RPC replies are the reference's own
 * transport messages as they are; a server-side RPC request is a message of the profile's RPC
 * request schema holding `method`, `requestId` and `params` (reference
 * `ProtoConverter.convertToRpcRequest`).
 */

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

/** A server-side RPC that cannot be written with the profile's RPC request schema. */
export class DownlinkEncodingError extends Error {}

/** An attribute with its value type and last update time, as `TsKvProto` carries it. */
export type TimedKvEntry = Pick<AttributeKvEntry, 'key' | 'value' | 'lastUpdateTs'>;

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
  return { ts: String(Math.trunc(entry.lastUpdateTs)), kv };
}

/** A profile's RPC request schema as its message type (the last top-level one), or why it is unusable. */
function parseRpcRequestSchema(schema: string): protobuf.Type | DownlinkEncodingError {
  try {
    const root = protobuf.parse(schema, { keepCase: true }).root;
    root.resolveAll();
    return (
      lastTopLevelMessage(root) ??
      new DownlinkEncodingError('The RPC request proto schema declares no message')
    );
  } catch (error) {
    return new DownlinkEncodingError(`Invalid RPC request proto schema: ${(error as Error).message}`);
  }
}

export class DownlinkCodec {
  private readonly rpcRequestTypes = new ParsedSchemaCache(parseRpcRequestSchema);

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
    const type = this.rpcRequestTypes.get(schema);
    try {
      return encodeJsonMessage(type, { method: rpc.method, requestId: rpc.requestId, params: rpc.params });
    } catch (error) {
      if (error instanceof ProtoJsonError)
        throw new DownlinkEncodingError(`RPC request does not fit ${type.name}: ${error.message}`);
      throw error;
    }
  }

  private encode(name: TransportMessageName, object: Record<string, unknown>): Uint8Array {
    const type = transportMessage(name);
    return type.encode(type.fromObject(object)).finish();
  }
}
