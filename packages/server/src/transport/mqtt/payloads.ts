import {
  JsonNumber,
  JsonObjectNode,
  type LosslessJson,
  stringifyLossless,
} from '../../telemetry/json-lossless.js';
import { TelemetryInputError } from '../../telemetry/values.js';
import { decodeJson, type PayloadCodec, payloadConfiguration, type UplinkKind } from '../core/index.js';
import type { DeviceIdentity } from '../core/types.js';
import type { PayloadChoice } from './topics.js';

/** Uplink payload reading for MQTT: the profile's format unless the topic forces one. */
export class MqttPayloads {
  constructor(private readonly codec: PayloadCodec) {}

  decode(device: DeviceIdentity, kind: UplinkKind, payload: Buffer, choice: PayloadChoice): LosslessJson {
    return this.codec.decode(device, 'MQTT', kind, payload, choice === 'PROFILE' ? undefined : choice);
  }

  /**
   * A device's reply to a server-side RPC as text: JSON payloads pass through as written, protobuf
   * ones are decoded with the profile's RPC response schema and written as JSON.
   */
  rpcReplyText(device: DeviceIdentity, payload: Buffer, choice: PayloadChoice): string {
    const format =
      choice === 'PROFILE'
        ? (payloadConfiguration(device.profileData, 'MQTT')?.transportPayloadType ?? 'JSON')
        : choice;
    if (format === 'JSON') return utf8Text(payload);
    return stringifyLossless(this.decode(device, 'rpcReply', payload, choice));
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The payload as UTF-8 text; a TelemetryInputError when it is not. */
export function utf8Text(payload: Buffer): string {
  try {
    return utf8.decode(payload);
  } catch {
    throw new TelemetryInputError('Payload is not UTF-8 text');
  }
}

/** A JSON payload, or undefined when it is empty (claim requests may be). */
export function optionalJson(payload: Buffer): LosslessJson | undefined {
  return payload.length === 0 ? undefined : decodeJson(payload);
}

/** The JSON object of a request payload, or a TelemetryInputError naming what was expected. */
export function requireObject(node: LosslessJson, what: string): JsonObjectNode {
  if (!(node instanceof JsonObjectNode)) throw new TelemetryInputError(`${what} is not a JSON object`);
  return node;
}

/**
 * A member read as text the way the reference's `getAsString` does: strings as they are, numbers
 * and booleans as their literal; absent or null is undefined.
 */
export function memberText(node: JsonObjectNode, name: string): string | undefined {
  const value = node.members.get(name);
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (value instanceof JsonNumber) return value.text;
  if (typeof value === 'boolean') return String(value);
  throw new TelemetryInputError(`'${name}' must be a string`);
}

/** `{"clientKeys":"a,b","sharedKeys":"c"}` as key lists; an absent list stays undefined. */
export function attributeRequestKeys(node: LosslessJson): {
  clientKeys: string[] | undefined;
  sharedKeys: string[] | undefined;
} {
  const request = requireObject(node, 'Attribute request');
  const list = (name: string) => memberText(request, name)?.split(',');
  return { clientKeys: list('clientKeys'), sharedKeys: list('sharedKeys') };
}
