import {
  type AttributeUpdatePayload,
  DownlinkCodec,
  kvValueFromJson,
  type PayloadFormat,
  payloadConfiguration,
  type TimedKvEntry,
  type ToDeviceRpc,
} from '../core/index.js';
import type { DeviceIdentity } from '../core/types.js';
import type { TopicFamily } from './topics.js';

/**
 * Downlink payloads of a device session, in the format the reference uses for the device and the
 * topic family the device subscribed or asked with (`DeviceSessionCtx.getAdaptor`): `/j` topics
 * JSON, `/p` topics PROTOBUF, v2 short topics the profile's format, and v1 topics the profile's
 * format unless a PROTOBUF profile keeps them on JSON (`useJsonPayloadFormatForDefaultDownlinkTopics`,
 * which the reference only honours together with `enableCompatibilityWithJsonPayloadFormat`).
 */
export function downlinkFormat(device: DeviceIdentity, family: TopicFamily): PayloadFormat {
  if (family === 'V2_JSON') return 'JSON';
  if (family === 'V2_PROTO') return 'PROTOBUF';
  const configuration = payloadConfiguration(device.profileData, 'MQTT');
  if (configuration?.transportPayloadType !== 'PROTOBUF') return 'JSON';
  const jsonOnDefaultTopics =
    configuration.enableCompatibilityWithJsonPayloadFormat === true &&
    configuration.useJsonPayloadFormatForDefaultDownlinkTopics === true;
  return family === 'V1' && jsonOnDefaultTopics ? 'JSON' : 'PROTOBUF';
}

/** The reply the core hands over for an attribute request: `{"client":{…},"shared":{…}}`. */
export type AttributeReply = Record<string, Record<string, unknown>>;

/**
 * Attribute values as `TsKvProto` entries. The core hands values over as JSON, without their
 * update times, so they are stamped with the time of sending.
 */
function timedEntries(values: Record<string, unknown> | undefined, ts: number): TimedKvEntry[] {
  return Object.entries(values ?? {}).map(([key, value]) => ({ key, value: kvValueFromJson(value), ts }));
}

/** A deletion notice is `{"deleted":[keys]}` and nothing else (see SessionRegistry). */
function deletedKeys(update: AttributeUpdatePayload): string[] | undefined {
  const deleted = update.deleted;
  const onlyMember = Object.keys(update).length === 1;
  if (!onlyMember || !Array.isArray(deleted) || deleted.some((key) => typeof key !== 'string'))
    return undefined;
  return deleted;
}

/** Protobuf bytes as a Buffer for the MQTT client, without copying when they already are one. */
const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Encodes the downlinks of device sessions; JSON exactly as the JSON API writes it. */
export class MqttDownlinks {
  constructor(
    private readonly codec: DownlinkCodec = new DownlinkCodec(),
    private readonly now: () => number = Date.now,
  ) {}

  attributeUpdate(
    device: DeviceIdentity,
    family: TopicFamily,
    update: AttributeUpdatePayload,
  ): string | Buffer {
    if (downlinkFormat(device, family) === 'JSON') return JSON.stringify(update);
    const deleted = deletedKeys(update);
    if (deleted) return asBuffer(this.codec.attributeUpdate([], deleted));
    return asBuffer(this.codec.attributeUpdate(timedEntries(update, this.now()), []));
  }

  attributeResponse(
    device: DeviceIdentity,
    family: TopicFamily,
    requestId: number,
    reply: AttributeReply,
  ): string | Buffer {
    if (downlinkFormat(device, family) === 'JSON') return JSON.stringify(reply);
    const now = this.now();
    return asBuffer(
      this.codec.attributeResponse(
        requestId,
        timedEntries(reply.client, now),
        timedEntries(reply.shared, now),
      ),
    );
  }

  /** Throws DownlinkEncodingError when the RPC does not fit the profile's RPC request schema. */
  rpcRequest(device: DeviceIdentity, family: TopicFamily, rpc: ToDeviceRpc): string | Buffer {
    if (downlinkFormat(device, family) === 'JSON')
      return JSON.stringify({ method: rpc.method, params: rpc.params });
    return asBuffer(this.codec.rpcRequest(payloadConfiguration(device.profileData, 'MQTT'), rpc));
  }

  clientRpcReply(
    device: DeviceIdentity,
    family: TopicFamily,
    requestId: number,
    reply: unknown,
  ): string | Buffer {
    if (downlinkFormat(device, family) === 'JSON') return JSON.stringify(reply);
    return asBuffer(this.codec.clientRpcResponse(requestId, { payload: JSON.stringify(reply ?? null) }));
  }

  /** What a device gets when nothing answered its RPC within the client-side RPC timeout. */
  clientRpcTimeout(device: DeviceIdentity, family: TopicFamily, requestId: number): string | Buffer {
    if (downlinkFormat(device, family) === 'JSON') return '{"error":"timeout"}';
    return asBuffer(this.codec.clientRpcResponse(requestId, { error: 'timeout' }));
  }
}
