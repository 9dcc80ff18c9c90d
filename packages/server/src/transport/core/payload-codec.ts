import type { DeviceProfileData, TransportPayloadTypeConfiguration } from '@meridian/common';
import protobuf from 'protobufjs';
import { JsonNumber, JsonObjectNode, type LosslessJson } from '../../telemetry/json-lossless.js';
import { parsePayload, TelemetryInputError } from '../../telemetry/values.js';
import { lastTopLevelMessage, ParsedSchemaCache, transportMessage } from './transport-proto.js';
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

const LONG_TYPES = new Set(['int64', 'uint64', 'sint64', 'fixed64', 'sfixed64']);

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

/** A profile schema's message type, or why the schema cannot be used. */
function parseProfileSchema(schema: string): protobuf.Type | Error {
  try {
    return (
      lastTopLevelMessage(protobuf.parse(schema).root) ??
      new TelemetryInputError('The device profile protobuf schema declares no message')
    );
  } catch (error) {
    return new TelemetryInputError(`Invalid protobuf schema in device profile: ${(error as Error).message}`);
  }
}

/**
 * The `params` text of a protobuf client-side RPC as the JSON value the request carries: the
 * reference parses it as JSON, and an empty text (the field unset) is JSON null.
 */
function rpcParams(params: string): LosslessJson {
  return params.trim() === '' ? null : decodeJson(params);
}

export class PayloadCodec {
  private readonly schemas = new ParsedSchemaCache(parseProfileSchema);

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
      // AttributesRequest: the keys as the csv lists a JSON request has; empty lists are absent.
      const message = readTransportMessage('AttributesRequest', bytes);
      const members = new Map<string, LosslessJson>();
      for (const name of ['clientKeys', 'sharedKeys']) {
        const keys = message[name];
        if (typeof keys === 'string' && keys !== '') members.set(name, keys);
      }
      return new JsonObjectNode(members);
    }
    if (kind === 'clientRpc') {
      const message = readTransportMessage('RpcRequest', bytes);
      return new JsonObjectNode(
        new Map<string, LosslessJson>([
          ['method', String(message.method ?? '')],
          ['params', rpcParams(String(message.params ?? ''))],
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
    const type = this.schemas.get(schema);
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
}

/** One of the reference's fixed request messages as a plain object (defaults included). */
function readTransportMessage(
  name: 'AttributesRequest' | 'RpcRequest',
  bytes: Uint8Array,
): Record<string, unknown> {
  const type = transportMessage(name);
  try {
    return type.toObject(type.decode(bytes), TO_OBJECT);
  } catch (error) {
    throw new TelemetryInputError(
      `Failed to decode protobuf payload as ${name}: ${(error as Error).message}`,
    );
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
