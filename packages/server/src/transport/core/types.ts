import type { AttributeKvEntry, DeviceProfileData, DeviceProvisionType } from '@meridian/common';
import type { LosslessJson } from '../../telemetry/json-lossless.js';

/**
 * The contract between the device transports (MQTT, HTTP, CoAP) and the core that serves them
 * (reference §4). Transports only decode the wire and encode replies; everything a message means
 * (authentication, typing, storage, device state, attribute pushes, RPC) lives behind these
 * interfaces, so the three transports behave identically.
 */

/** An authenticated device, as a transport session knows it. Re-read when the device changes. */
export interface DeviceIdentity {
  tenantId: string;
  /** null when the device belongs to no customer. */
  customerId: string | null;
  deviceId: string;
  deviceName: string;
  /** The device's type (its profile name). */
  deviceType: string;
  deviceProfileId: string;
  /** The profile's data: transport configuration (topics, payload type, proto schemas), provisioning. */
  profileData: DeviceProfileData;
  provisionType: DeviceProvisionType;
  /** `additionalInfo.gateway === true`: the session may use the gateway API. */
  gateway: boolean;
  /** The profile's rule chain and queue for the device's messages; null for the root chain and Main. */
  ruleChainId: string | null;
  queueName: string | null;
}

/** How a device proved who it is (reference §4.3 "Connection & auth"). */
export type DeviceCredentialsProof =
  | { type: 'ACCESS_TOKEN'; token: string }
  | {
      type: 'MQTT_BASIC';
      clientId: string | undefined;
      userName: string | undefined;
      password: string | undefined;
    }
  /** The client certificate as PEM or as its Base64 DER text. */
  | { type: 'X509_CERTIFICATE'; certificate: string };

/** Which transport a session came through; recorded in device state and used in logs. */
export type TransportKind = 'MQTT' | 'HTTP' | 'COAP';

/** A server-side RPC as a device receives it (reference §4.1 "Server→device RPC"). */
export interface ToDeviceRpc {
  /** Per-device request id, the `{requestId}` of topics and paths. */
  requestId: number;
  method: string;
  /** Arbitrary JSON value. */
  params: unknown;
  oneway: boolean;
  /** Epoch ms after which the RPC must not be delivered any more. */
  expirationTime: number;
}

/**
 * Shared-attribute changes pushed to a subscribed device: the attributes written (typed, with their
 * update times, which protobuf downlinks carry), or the keys removed. As JSON (`attributeUpdateJson`)
 * `{"<key>":<value>,…}` or `{"deleted":[…]}` (reference §4.1).
 */
export type AttributeUpdate = { updated: readonly AttributeKvEntry[] } | { deleted: readonly string[] };

/**
 * The attributes a device asked for, by scope (reference `GetAttributeResponseMsg`). As JSON
 * (`attributeReplyJson`) `{"client":{…},"shared":{…}}` with empty sections omitted.
 */
export interface AttributeReply {
  client: readonly AttributeKvEntry[];
  shared: readonly AttributeKvEntry[];
}

/**
 * One live connection of a device (an MQTT connection, a CoAP observe, an HTTP long poll). The core
 * calls these; each returns quickly and never throws.
 */
export interface DeviceSessionListener {
  readonly transport: TransportKind;
  /** Shared attributes changed; called only while the session is subscribed to attribute updates. */
  onAttributeUpdate(update: AttributeUpdate): void;
  /**
   * A server-side RPC for the device; called only while the session is subscribed to RPC.
   * Returns false when the session could not take it (closing, queue full).
   */
  onRpcRequest(rpc: ToDeviceRpc): boolean;
  /** The device was deleted, its credentials changed or another session displaced this one. */
  close(reason: string): void;
}

/** A registered session; the transport calls these as the device subscribes and leaves. */
export interface DeviceSessionHandle {
  readonly device: DeviceIdentity;
  subscribeAttributes(subscribed: boolean): void;
  subscribeRpc(subscribed: boolean): void;
  /** Records device activity (coalesced; not one write per call). */
  activity(): void;
  /** Ends the session: unsubscribes everything and, for the last session of the device, records the disconnect. */
  end(): void;
}

/**
 * Where a device's RPC replies go: implemented by the RPC module, called by the core when a device
 * answers a server-side request or asks the server something.
 */
export interface RpcReplySink {
  /** The device took the request (MQTT PUBACK/publish, HTTP poll answered, CoAP notification sent). */
  delivered(deviceId: string, requestId: number): void;
  /** The device replied to request `requestId`; `payload` is the raw reply text. */
  reply(deviceId: string, requestId: number, payload: string): void;
}

/**
 * What a transport can do, whatever the wire; implemented once in `transport/core`. Payloads arrive
 * decoded: transports turn JSON text (or PROTOBUF with the profile's schemas, see
 * `transport/core/payload-codec.ts`) into LosslessJson first. Bad payloads reject with a
 * TelemetryInputError whose message is meant for the device's operator.
 */
export interface DeviceApi {
  /** The device these credentials belong to, or undefined (wrong token, password, unknown certificate). */
  authenticate(proof: DeviceCredentialsProof): Promise<DeviceIdentity | undefined>;
  /**
   * Registers a live session of the device. The first session of a device records the connect;
   * with `exclusive` (MQTT, as `max_concurrent_sessions_per_device` 1) older exclusive sessions of
   * the same device are closed.
   */
  openSession(
    device: DeviceIdentity,
    listener: DeviceSessionListener,
    exclusive: boolean,
  ): DeviceSessionHandle;
  /**
   * Stores telemetry (§4.1: object, {ts, values}, or an array of those). Resolves once the data is
   * committed (QoS 1 PUBACK, HTTP 200); rejects with a TelemetryInputError for bad payloads.
   */
  postTelemetry(device: DeviceIdentity, payload: LosslessJson): Promise<void>;
  /** Stores client-scope attributes (flat object); resolves once committed. */
  postAttributes(device: DeviceIdentity, payload: LosslessJson): Promise<void>;
  /** Client and shared attributes by key (csv lists; both absent → all of both). */
  requestAttributes(
    device: DeviceIdentity,
    clientKeys: string[] | undefined,
    sharedKeys: string[] | undefined,
  ): Promise<AttributeReply>;
  /** The device answered a server-side RPC. */
  rpcReply(device: DeviceIdentity, requestId: number, payload: string): void;
  /** Device-to-server RPC `{"method","params"}`; resolves with the reply JSON, or rejects on timeout. */
  clientRpc(device: DeviceIdentity, request: LosslessJson): Promise<unknown>;
  /** Allows claiming the device with the secret for the duration (§4.1 "Claim"). */
  claim(device: DeviceIdentity, payload: LosslessJson | undefined): Promise<void>;
  /** Device provisioning (§4.1 "Provision request"); the answer is the reply body. */
  provision(request: LosslessJson): Promise<Record<string, unknown>>;
}
