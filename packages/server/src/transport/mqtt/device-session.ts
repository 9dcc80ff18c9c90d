import type { IPublishPacket as PublishPacket } from 'mqtt-packet';
import { TelemetryInputError } from '../../telemetry/values.js';
import { ClientRpcTimeoutError, DownlinkEncodingError, TransportLimitError } from '../core/index.js';
import type {
  AttributeUpdate,
  DeviceApi,
  DeviceIdentity,
  DeviceSessionHandle,
  DeviceSessionListener,
  ToDeviceRpc,
} from '../core/types.js';
import type { MqttConnection } from './connection.js';
import type { MqttDownlinks } from './downlinks.js';
import { attributeRequestKeys, type MqttPayloads, optionalJson } from './payloads.js';
import {
  type MqttLogger,
  MqttSession,
  type PublishOutcome,
  type SessionLimits,
  SessionProtocolError,
} from './session.js';
import { topicMatcher } from './topic-filter.js';
import {
  classifyDeviceTopic,
  DEFAULT_ATTRIBUTES_TOPIC,
  DEFAULT_TELEMETRY_TOPIC,
  FAMILY_TOPICS,
  FILTER_BITS,
  OTA_ERROR_TOPICS,
  payloadChoiceOf,
  type SubscriptionTarget,
  type TopicFamily,
  type UplinkTopicMatchers,
} from './topics.js';

/** What device sessions use besides their connection. */
export interface DeviceSessionDeps {
  api: DeviceApi;
  payloads: MqttPayloads;
  /** Downlink payloads in the format of the device's profile and topic family. */
  downlinks: MqttDownlinks;
  log: MqttLogger;
  limits: SessionLimits;
}

const DEFAULT_MATCHERS: UplinkTopicMatchers = {
  telemetry: topicMatcher(DEFAULT_TELEMETRY_TOPIC),
  attributes: topicMatcher(DEFAULT_ATTRIBUTES_TOPIC),
};

/** The profile's telemetry and attribute topic filters when its transport is MQTT, else the v1 topics. */
function uplinkMatchers(device: DeviceIdentity): UplinkTopicMatchers {
  const transport = device.profileData?.transportConfiguration;
  if (transport?.type !== 'MQTT') return DEFAULT_MATCHERS;
  return {
    telemetry: topicMatcher(transport.deviceTelemetryTopic || DEFAULT_TELEMETRY_TOPIC),
    attributes: topicMatcher(transport.deviceAttributesTopic || DEFAULT_ATTRIBUTES_TOPIC),
  };
}

const FAMILIES: readonly TopicFamily[] = ['V1', 'V2', 'V2_JSON', 'V2_PROTO'];

/**
 * The MQTT session of an authenticated device (reference `MqttTransportHandler`): the device topics
 * of §4.3 in, attribute updates, attribute and RPC responses and server-side RPCs out.
 */
export class DeviceSession extends MqttSession implements DeviceSessionListener {
  readonly transport = 'MQTT' as const;
  protected handle: DeviceSessionHandle | undefined;
  /** The families the device subscribed with; downlinks use their topics. */
  private attributesFamily: TopicFamily = 'V1';
  private rpcFamily: TopicFamily = 'V1';

  constructor(
    client: MqttConnection,
    protected readonly identity: DeviceIdentity,
    protected readonly deps: DeviceSessionDeps,
  ) {
    super(client, deps.log, deps.limits);
  }

  /** The device as the core currently knows it (refreshed in place when it changes). */
  get device(): DeviceIdentity {
    return this.handle?.device ?? this.identity;
  }

  describe(): Record<string, unknown> {
    return {
      deviceName: this.device.deviceName,
      deviceId: this.device.deviceId,
      clientId: this.client.clientId,
    };
  }

  /** Registers the session with the core; older sessions of the device are closed. */
  override start(): void {
    if (!this.handle) this.handle = this.deps.api.openSession(this.identity, this, true);
  }

  end(): void {
    this.closing = true;
    this.handle?.end();
  }

  protected handlePublish(packet: PublishPacket): PublishOutcome {
    this.handle?.activity();
    return this.devicePublish(packet.topic, payloadOf(packet));
  }

  protected devicePublish(topic: string, payload: Buffer): PublishOutcome {
    const device = this.device;
    const { api, payloads } = this.deps;
    const uplink = classifyDeviceTopic(topic, uplinkMatchers(device));
    if (!uplink) {
      // As the reference: a topic outside the device API is acknowledged and ignored (it only
      // counts as activity), so a device or SDK publishing elsewhere keeps its connection.
      this.deps.log.debug({ ...this.describe(), topic }, 'MQTT publish to an unknown topic ignored');
      return undefined;
    }
    switch (uplink.kind) {
      case 'telemetry':
        return api.postTelemetry(device, payloads.decode(device, 'telemetry', payload, uplink.payload));
      case 'attributes':
        return api.postAttributes(device, payloads.decode(device, 'attributes', payload, uplink.payload));
      case 'attributeRequest':
        this.requestAttributes(device, uplink.requestId, uplink.family, payload);
        return undefined;
      case 'rpcResponse':
        api.rpcReply(
          device,
          uplink.requestId,
          payloads.rpcReplyText(device, payload, payloadChoiceOf(uplink.family)),
        );
        return undefined;
      case 'clientRpc':
        this.clientRpc(device, uplink.requestId, uplink.family, payload);
        return undefined;
      case 'claim':
        return api.claim(device, optionalJson(payload));
      case 'otaRequest':
        // Meridian has no OTA packages: no firmware or software is ever assigned to a device.
        this.send(OTA_ERROR_TOPICS[uplink.ota], 'NOT_FOUND', this.qosOf(FILTER_BITS.otaError(uplink.ota)));
        return undefined;
      case 'invalid':
        throw new SessionProtocolError(uplink.reason);
    }
  }

  /** Answers on `…/attributes/response/{id}` of the request's family; the PUBACK does not wait. */
  private requestAttributes(
    device: DeviceIdentity,
    requestId: number,
    family: TopicFamily,
    payload: Buffer,
  ): void {
    const node = this.deps.payloads.decode(device, 'attributesRequest', payload, payloadChoiceOf(family));
    const { clientKeys, sharedKeys } = attributeRequestKeys(node);
    this.deps.api.requestAttributes(device, clientKeys, sharedKeys).then(
      (reply) =>
        this.send(
          `${FAMILY_TOPICS[family].attributeResponse}${requestId}`,
          this.deps.downlinks.attributeResponse(device, family, requestId, reply),
          this.qosOf(FILTER_BITS.attributeResponses(family)),
        ),
      (error: unknown) => this.fail(error),
    );
  }

  /**
   * Device-to-server RPC: the reply, or `{"error":"timeout"}` after the client-side RPC timeout
   * (`ToServerRpcResponseMsg` for protobuf), goes to `…/rpc/response/{id}` of the request's family.
   */
  private clientRpc(device: DeviceIdentity, requestId: number, family: TopicFamily, payload: Buffer): void {
    const request = this.deps.payloads.decode(device, 'clientRpc', payload, payloadChoiceOf(family));
    const topic = `${FAMILY_TOPICS[family].rpcResponse}${requestId}`;
    const qos = this.qosOf(FILTER_BITS.rpcResponses(family));
    const { downlinks } = this.deps;
    Promise.resolve()
      .then(() => this.deps.api.clientRpc(device, request))
      .then(
        (reply) => this.send(topic, downlinks.clientRpcReply(device, family, requestId, reply), qos),
        (error: unknown) => {
          if (error instanceof ClientRpcTimeoutError)
            this.send(topic, downlinks.clientRpcTimeout(device, family, requestId), qos);
          else if (error instanceof TelemetryInputError || error instanceof TransportLimitError)
            this.fail(error);
          // Anything else is the server shutting down: the connection goes with it.
        },
      );
  }

  protected override onSubscribed(target: SubscriptionTarget): void {
    const channel = target.channel;
    if (!channel || !this.handle) return;
    if (channel.kind === 'attributes') {
      this.attributesFamily = channel.family;
      this.handle.subscribeAttributes(true);
    } else {
      this.rpcFamily = channel.family;
      this.handle.subscribeRpc(true);
    }
  }

  protected override onUnsubscribed(target: SubscriptionTarget): void {
    const channel = target.channel;
    if (!channel || !this.handle) return;
    const bitOf = channel.kind === 'attributes' ? FILTER_BITS.attributes : FILTER_BITS.rpcRequests;
    const remaining = FAMILIES.find((family) => this.isSubscribed(bitOf(family)));
    if (channel.kind === 'attributes') {
      if (remaining) this.attributesFamily = remaining;
      else this.handle.subscribeAttributes(false);
    } else if (remaining) {
      this.rpcFamily = remaining;
    } else {
      this.handle.subscribeRpc(false);
    }
  }

  // DeviceSessionListener: what the core pushes to the device.

  onAttributeUpdate(update: AttributeUpdate): void {
    const family = this.attributesFamily;
    this.send(
      FAMILY_TOPICS[family].attributes,
      this.deps.downlinks.attributeUpdate(this.device, family, update),
      this.qosOf(FILTER_BITS.attributes(family)),
    );
  }

  onRpcRequest(rpc: ToDeviceRpc): boolean {
    if (rpc.expirationTime < Date.now()) return false;
    const family = this.rpcFamily;
    let payload: string | Buffer;
    try {
      payload = this.deps.downlinks.rpcRequest(this.device, family, rpc);
    } catch (error) {
      if (!(error instanceof DownlinkEncodingError)) throw error;
      // Refused, as the reference fails an RPC it cannot convert: the RPC module retries, then fails it.
      this.deps.log.warn(
        { ...this.describe(), requestId: rpc.requestId, reason: error.message },
        'Server-side RPC not delivered: it does not fit the RPC request proto schema',
      );
      return false;
    }
    return this.send(
      `${FAMILY_TOPICS[family].rpcRequest}${rpc.requestId}`,
      payload,
      this.qosOf(FILTER_BITS.rpcRequests(family)),
    );
  }

  close(reason: string): void {
    this.closeConnection(reason);
  }
}

/** The payload of a publish as bytes (mqtt-packet hands over a Buffer for network publishes). */
export function payloadOf(packet: PublishPacket): Buffer {
  const payload = packet.payload;
  if (typeof payload === 'string') return Buffer.from(payload, 'utf8');
  return Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
}
