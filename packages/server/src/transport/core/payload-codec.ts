import type { DeviceProfileData, TransportPayloadTypeConfiguration } from '@meridian/common';
import protobuf from 'protobufjs';
import { JsonNumber, JsonObjectNode, type LosslessJson } from '../../telemetry/json-lossless.js';
import { parsePayload, TelemetryInputError } from '../../telemetry/values.js';
import type { DeviceIdentity, TransportKind } from './types.js';

/**
 * Uplink decoding: JSON text, or PROTOBUF with the schemas of the device's profile (reference §4.3
 * "JSON unless the device profile selects PROTOBUF"), into LosslessJson so that the rest of the core
 * types values one way. Protobuf messages become the JSON the reference's JsonFormat printer gives
 * (lowerCamelCase names, scalar defaults included); 64-bit integers keep all their digits.
 */

export type PayloadFormat = 'JSON' | 'PROTOBUF';

/** What an uplink message is; decides which schema a protobuf payload uses. */
export type UplinkKind = 'telemetry' | 'attributes' | 'attributesRequest' | 'rpcReply' | 'clientRpc';

/**
 * Fixed messages of the reference's transport protocol for requests whose shape the profile does not
 * define (TransportApiProtos.GetAttributeRequestMsg, ToServerRpcRequestMsg).
 */
const TRANSPORT_PROTO = `
syntax = "proto3";
package transport;
message GetAttributeRequestMsg {
  int32 requestId = 1;
  repeated string clientAttributeNames = 2;
  repeated string sharedAttributeNames = 3;
  bool onlyShared = 4;
}
message ToServerRpcRequestMsg {
  int32 requestId = 1;
  string methodName = 2;
  string params = 3;
}
`;

const LONG_TYPES = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);
const MAX_CACHED_SCHEMAS = 1000;

/** The payload settings that apply to a device on a transport; HTTP and unset profiles use JSON. */
export function payloadConfiguration(
  profileData: DeviceProfileData,
  transport: TransportKind,
): TransportPayloadTypeConfiguration | undefined {
  const configuration = profileData?.transportConfiguration;
  if (transport === 'MQTT' && configuration?.type === 'MQTT')
    return configuration.transportPayloadTypeConfiguration;
  if (transport === 'COAP' && configuration?.type === 'COAP') {
    const device = configuration.coapDeviceTypeConfiguration;
    return device?.coapDeviceType === 'DEFAULT' ? device.transportPayloadTypeConfiguration : undefined;
  }
  return undefined;
}

/** The first message type declared in a schema (the reference uses the first as well). */
function firstMessageType(namespace: protobuf.NamespaceBase): protobuf.Type | undefined {
  for (const nested of namespace.nestedArray) {
    if (nested instanceof protobuf.Type) return nested;
    if (nested instanceof protobuf.Namespace) {
      const found = firstMessageType(nested);
      if (found) return found;
    }
  }
  return undefined;
}

/** A decoded protobuf object (toObject with longs as strings) as LosslessJson, typed by its schema. */
function messageToJson(type: protobuf.Type, object: Record<string, unknown>): JsonObjectNode {
  const members = new Map<string, LosslessJson>();
  for (const [name, value] of Object.entries(object)) {
    const field = type.fields[name];
    members.set(name, field ? fieldToJson(field, value) : plainToJson(value));
  }
  return new JsonObjectNode(members);
}

function fieldToJson(field: protobuf.Field, value: unknown): LosslessJson {
  const one = (item: unknown): LosslessJson => {
    if (field.resolvedType instanceof protobuf.Type && typeof item === 'object' && item !== null)
      return messageToJson(field.resolvedType, item as Record<string, unknown>);
    if (LONG_TYPES.has(field.type) && (typeof item === 'string' || typeof item === 'number'))
      return new JsonNumber(String(item));
    return plainToJson(item);
  };
  if (field instanceof protobuf.MapField && typeof value === 'object' && value !== null) {
    const members = new Map<string, LosslessJson>();
    for (const [key, item] of Object.entries(value)) members.set(key, one(item));
    return new JsonObjectNode(members);
  }
  if (Array.isArray(value)) return value.map(one);
  return one(value);
}

function plainToJson(value: unknown): LosslessJson {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') {
    // NaN and infinities have no JSON form; the reference's printer writes them as strings.
    return Number.isFinite(value) ? new JsonNumber(String(value)) : String(value);
  }
  if (Array.isArray(value)) return value.map(plainToJson);
  if (typeof value === 'object') {
    const members = new Map<string, LosslessJson>();
    for (const [key, item] of Object.entries(value)) members.set(key, plainToJson(item));
    return new JsonObjectNode(members);
  }
  return String(value);
}

const TO_OBJECT: protobuf.IConversionOptions = {
  longs: String,
  enums: String,
  bytes: String,
  defaults: true,
};

const split = (names: readonly string[]) => names.join(',');

export class PayloadCodec {
  /** Parsed schemas by their text, so a profile change needs no invalidation. */
  private readonly schemas = new Map<string, protobuf.Type | Error>();
  private readonly transport: protobuf.Root;

  constructor() {
    this.transport = protobuf.parse(TRANSPORT_PROTO).root;
  }

  /**
   * Decodes an uplink of the device. `forced` is the format a topic demands (MQTT v2 `/j`, `/p`);
   * otherwise the profile decides. Throws TelemetryInputError when the payload cannot be read.
   */
  decode(
    device: DeviceIdentity,
    transport: TransportKind,
    kind: UplinkKind,
    payload: Uint8Array | string,
    forced?: PayloadFormat,
  ): LosslessJson {
    const configuration = payloadConfiguration(device.profileData, transport);
    const format = forced ?? configuration?.transportPayloadType ?? 'JSON';
    if (format === 'JSON') return decodeJson(payload);
    const bytes = typeof payload === 'string' ? Buffer.from(payload, 'utf8') : payload;
    try {
      return this.decodeProtobuf(configuration, kind, bytes);
    } catch (error) {
      // Profiles may accept JSON from devices that were not migrated to protobuf yet.
      if (!forced && configuration?.enableCompatibilityWithJsonPayloadFormat) {
        try {
          return decodeJson(bytes);
        } catch {
          // the protobuf error says more
        }
      }
      throw error;
    }
  }

  private decodeProtobuf(
    configuration: TransportPayloadTypeConfiguration | undefined,
    kind: UplinkKind,
    bytes: Uint8Array,
  ): LosslessJson {
    if (kind === 'attributesRequest') {
      const message = this.readTransportMessage('GetAttributeRequestMsg', bytes) as {
        clientAttributeNames?: string[];
        sharedAttributeNames?: string[];
      };
      const members = new Map<string, LosslessJson>();
      if (message.clientAttributeNames?.length)
        members.set('clientKeys', split(message.clientAttributeNames));
      if (message.sharedAttributeNames?.length)
        members.set('sharedKeys', split(message.sharedAttributeNames));
      return new JsonObjectNode(members);
    }
    if (kind === 'clientRpc') {
      const message = this.readTransportMessage('ToServerRpcRequestMsg', bytes) as {
        methodName?: string;
        params?: string;
      };
      const params = message.params ? decodeJson(message.params) : new JsonObjectNode(new Map());
      return new JsonObjectNode(
        new Map<string, LosslessJson>([
          ['method', message.methodName ?? ''],
          ['params', params],
        ]),
      );
    }
    const proto = configuration?.transportPayloadType === 'PROTOBUF' ? configuration : undefined;
    const schema =
      kind === 'telemetry'
        ? proto?.deviceTelemetryProtoSchema
        : kind === 'attributes'
          ? proto?.deviceAttributesProtoSchema
          : proto?.deviceRpcResponseProtoSchema;
    if (!schema) throw new TelemetryInputError(`The device profile defines no protobuf schema for ${kind}`);
    const type = this.schemaType(schema);
    let object: Record<string, unknown>;
    try {
      object = type.toObject(type.decode(bytes), TO_OBJECT);
    } catch (error) {
      throw new TelemetryInputError(
        `Failed to decode protobuf payload as ${type.name}: ${(error as Error).message}`,
      );
    }
    return messageToJson(type, object);
  }

  private readTransportMessage(name: string, bytes: Uint8Array): Record<string, unknown> {
    const type = this.transport.lookupType(`transport.${name}`);
    try {
      return type.toObject(type.decode(bytes), TO_OBJECT);
    } catch (error) {
      throw new TelemetryInputError(
        `Failed to decode protobuf payload as ${name}: ${(error as Error).message}`,
      );
    }
  }

  private schemaType(schema: string): protobuf.Type {
    let parsed = this.schemas.get(schema);
    if (!parsed) {
      try {
        const type = firstMessageType(protobuf.parse(schema).root);
        parsed = type ?? new TelemetryInputError('The device profile protobuf schema declares no message');
      } catch (error) {
        parsed = new TelemetryInputError(
          `Invalid protobuf schema in device profile: ${(error as Error).message}`,
        );
      }
      if (this.schemas.size >= MAX_CACHED_SCHEMAS) this.schemas.clear();
      this.schemas.set(schema, parsed);
    }
    if (parsed instanceof Error) throw parsed;
    return parsed;
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** JSON text (or its UTF-8 bytes) as LosslessJson; a TelemetryInputError when it is not JSON. */
export function decodeJson(payload: Uint8Array | string): LosslessJson {
  let text: string;
  if (typeof payload === 'string') text = payload;
  else {
    try {
      text = utf8.decode(payload);
    } catch {
      throw new TelemetryInputError('Invalid JSON payload (not UTF-8 text)');
    }
  }
  return parsePayload(text, 'Invalid JSON payload');
}
