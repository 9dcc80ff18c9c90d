import type { TransportPayloadTypeConfiguration } from '@meridian/common';
import { DownlinkCodec } from './downlink-codec.js';
import type { PayloadFormat } from './payload-codec.js';
import { attributeReplyJson, attributeUpdateJson } from './sessions.js';
import type { AttributeReply, AttributeUpdate, ToDeviceRpc } from './types.js';

/** A downlink as a transport sends it: JSON text, or the bytes of a protobuf message. */
export type DownlinkBody = string | Uint8Array;

/**
 * The downlinks every device transport writes, in the format the transport chose for the device:
 * JSON exactly as the JSON API writes it, or the reference's protobuf messages. Transports decide
 * the format (MQTT by topic family, CoAP by profile) and how the body travels.
 */
export class DeviceDownlinks {
  constructor(private readonly codec: DownlinkCodec = new DownlinkCodec()) {}

  attributeUpdate(format: PayloadFormat, update: AttributeUpdate): DownlinkBody {
    if (format === 'JSON') return JSON.stringify(attributeUpdateJson(update));
    return 'updated' in update
      ? this.codec.attributeUpdate(update.updated, [])
      : this.codec.attributeUpdate([], update.deleted);
  }

  /** `requestId` is the device's request id (MQTT topics); transports without one pass 0. */
  attributeResponse(format: PayloadFormat, requestId: number, reply: AttributeReply): DownlinkBody {
    if (format === 'JSON') return JSON.stringify(attributeReplyJson(reply));
    return this.codec.attributeResponse(requestId, reply.client, reply.shared);
  }

  /**
   * A server-side RPC: `json` is the transport's JSON form of it (MQTT and CoAP differ); protobuf
   * fills the profile's RPC request schema. Throws DownlinkEncodingError when it does not fit.
   */
  rpcRequest(
    format: PayloadFormat,
    configuration: TransportPayloadTypeConfiguration | undefined,
    rpc: ToDeviceRpc,
    json: unknown,
  ): DownlinkBody {
    if (format === 'JSON') return JSON.stringify(json);
    return this.codec.rpcRequest(configuration, rpc);
  }

  /** The answer to a device-to-server RPC (`requestId` as for attributeResponse). */
  clientRpcReply(format: PayloadFormat, requestId: number, reply: unknown): DownlinkBody {
    if (format === 'JSON') return JSON.stringify(reply);
    return this.codec.clientRpcResponse(requestId, { payload: JSON.stringify(reply ?? null) });
  }

  /** What a device gets when nothing answered its RPC within the client-side RPC timeout. */
  clientRpcTimeout(format: PayloadFormat, requestId: number): DownlinkBody {
    if (format === 'JSON') return '{"error":"timeout"}';
    return this.codec.clientRpcResponse(requestId, { error: 'timeout' });
  }
}
