import {
  type AttributeReply,
  type AttributeUpdate,
  DeviceDownlinks,
  type DownlinkBody,
  type PayloadFormat,
  payloadConfiguration,
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

/** Protobuf bytes as a Buffer for the MQTT client, without copying when they already are one. */
function asMqttPayload(body: DownlinkBody): string | Buffer {
  if (typeof body === 'string' || Buffer.isBuffer(body)) return body;
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/** Encodes the downlinks of device sessions in the format of the topic family. */
export class MqttDownlinks {
  constructor(private readonly downlinks: DeviceDownlinks = new DeviceDownlinks()) {}

  attributeUpdate(device: DeviceIdentity, family: TopicFamily, update: AttributeUpdate): string | Buffer {
    return asMqttPayload(this.downlinks.attributeUpdate(downlinkFormat(device, family), update));
  }

  attributeResponse(
    device: DeviceIdentity,
    family: TopicFamily,
    requestId: number,
    reply: AttributeReply,
  ): string | Buffer {
    return asMqttPayload(this.downlinks.attributeResponse(downlinkFormat(device, family), requestId, reply));
  }

  /** Throws DownlinkEncodingError when the RPC does not fit the profile's RPC request schema. */
  rpcRequest(device: DeviceIdentity, family: TopicFamily, rpc: ToDeviceRpc): string | Buffer {
    return asMqttPayload(
      this.downlinks.rpcRequest(
        downlinkFormat(device, family),
        payloadConfiguration(device.profileData, 'MQTT'),
        rpc,
        { method: rpc.method, params: rpc.params },
      ),
    );
  }

  clientRpcReply(
    device: DeviceIdentity,
    family: TopicFamily,
    requestId: number,
    reply: unknown,
  ): string | Buffer {
    return asMqttPayload(this.downlinks.clientRpcReply(downlinkFormat(device, family), requestId, reply));
  }

  /** What a device gets when nothing answered its RPC within the client-side RPC timeout. */
  clientRpcTimeout(device: DeviceIdentity, family: TopicFamily, requestId: number): string | Buffer {
    return asMqttPayload(this.downlinks.clientRpcTimeout(downlinkFormat(device, family), requestId));
  }
}
