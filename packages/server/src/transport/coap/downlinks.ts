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

/** CoAP Content-Format numbers (RFC 7252 §12.3) of the two downlink formats. */
export const CONTENT_FORMAT_JSON = 50;
export const CONTENT_FORMAT_OCTET_STREAM = 42;

/** The Content-Format of a downlink: JSON text, or protobuf bytes as the reference sends them. */
export const contentFormatOf = (body: DownlinkBody): number =>
  typeof body === 'string' ? CONTENT_FORMAT_JSON : CONTENT_FORMAT_OCTET_STREAM;

/** The bytes of a downlink as a datagram payload. */
export const bodyBytes = (body: DownlinkBody): Buffer =>
  typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);

/**
 * The format of a CoAP device's downlinks: its profile's CoAP payload type (reference
 * `CoapTransportResource` picks `ProtoCoapAdaptor` for PROTOBUF, the JSON adaptor otherwise).
 */
export function coapDownlinkFormat(device: DeviceIdentity): PayloadFormat {
  return payloadConfiguration(device.profileData, 'COAP')?.transportPayloadType ?? 'JSON';
}

/**
 * Encodes the downlinks of CoAP devices. Requests and responses of CoAP have no request id of the
 * device's own, so the protobuf answers carry 0, as the reference's do.
 */
export class CoapDownlinks {
  constructor(private readonly downlinks: DeviceDownlinks = new DeviceDownlinks()) {}

  /** A notification of the attribute observation, also its first answer (the shared attributes). */
  attributeUpdate(device: DeviceIdentity, update: AttributeUpdate): DownlinkBody {
    return this.downlinks.attributeUpdate(coapDownlinkFormat(device), update);
  }

  attributeResponse(device: DeviceIdentity, reply: AttributeReply): DownlinkBody {
    return this.downlinks.attributeResponse(coapDownlinkFormat(device), 0, reply);
  }

  /** Throws DownlinkEncodingError when the RPC does not fit the profile's RPC request schema. */
  rpcRequest(device: DeviceIdentity, rpc: ToDeviceRpc): DownlinkBody {
    return this.downlinks.rpcRequest(
      coapDownlinkFormat(device),
      payloadConfiguration(device.profileData, 'COAP'),
      rpc,
      { id: rpc.requestId, method: rpc.method, params: rpc.params },
    );
  }

  clientRpcReply(device: DeviceIdentity, reply: unknown): DownlinkBody {
    return this.downlinks.clientRpcReply(coapDownlinkFormat(device), 0, reply);
  }
}
