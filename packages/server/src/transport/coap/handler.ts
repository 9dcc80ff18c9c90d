import type { IncomingMessage } from 'coap';
import { ObserveWriteStream } from 'coap';
import { stringifyLossless } from '../../telemetry/json-lossless.js';
import { TelemetryInputError } from '../../telemetry/values.js';
import {
  type AttributeReply,
  ClientRpcTimeoutError,
  type DeviceApi,
  type DeviceIdentity,
  decodeJson,
  type PayloadCodec,
  payloadConfiguration,
  TransportLimitError,
} from '../core/index.js';
import type { CoreLogger } from '../core/options.js';
import { CoapDownlinks } from './downlinks.js';
import { CoapObservation } from './observation.js';
import { ObservationRegistry } from './observations.js';
import { type CoapResponse, clientEndpoint, observeOption, optionTexts, reply } from './replies.js';
import { attributeKeysOf, type ObservableFeature, routeCoapRequest } from './routes.js';

export interface CoapHandlerDeps {
  api: DeviceApi;
  codec: PayloadCodec;
  log: CoreLogger;
  /** Largest accepted request payload in bytes (reference `max_payload_size` 65536). */
  maxPayloadSize: number;
}

/**
 * Serves one CoAP request of the device API (reference §4.4): routes it, authenticates the access
 * token of the path, decodes the payload as the device profile says and calls the transport core.
 * Never throws: every failure becomes a CoAP error response.
 */
export class CoapRequestHandler {
  readonly observations = new ObservationRegistry();
  private readonly downlinks = new CoapDownlinks();

  constructor(private readonly deps: CoapHandlerDeps) {}

  async handle(req: IncomingMessage, res: CoapResponse): Promise<void> {
    // node-coap emits 'error' on a response whose confirmable send was never acknowledged (the
    // device went away) or whose socket closed; without a listener that would crash the process.
    // The device will retry or re-register; there is nobody to tell.
    res.on('error', () => {});
    try {
      await this.dispatch(req, res);
    } catch (error) {
      if (error instanceof TelemetryInputError) {
        reply(res, '4.00', { text: error.message });
      } else if (error instanceof ClientRpcTimeoutError) {
        reply(res, '5.04', { text: error.message });
      } else if (error instanceof TransportLimitError) {
        // 4.29 Too Many Requests (RFC 8516), as HTTP answers 429.
        reply(res, '4.29', { text: error.message });
      } else {
        this.deps.log.error({ err: error, url: req.url }, 'CoAP request failed');
        reply(res, '5.00', { text: 'Internal server error' });
      }
    }
  }

  private async dispatch(req: IncomingMessage, res: CoapResponse): Promise<void> {
    const { api } = this.deps;
    const action = routeCoapRequest(req.method, optionTexts(req, 'Uri-Path'), observeOption(req));
    if (action.type === 'error') {
      reply(res, action.code, { text: action.message });
      return;
    }
    if (req.payload.length > this.deps.maxPayloadSize) {
      reply(res, '4.13', { text: `Payload is larger than ${this.deps.maxPayloadSize} bytes` });
      return;
    }
    if (action.type === 'provision') {
      reply(res, '2.05', { json: await api.provision(decodeJson(req.payload)) });
      return;
    }
    const device = await api.authenticate({ type: 'ACCESS_TOKEN', token: action.token });
    if (!device) {
      reply(res, '4.01');
      return;
    }
    // The core counts every DeviceApi call as activity; observations also keep their own clock.
    this.observations.touch(device.deviceId);

    switch (action.type) {
      case 'postTelemetry':
        await api.postTelemetry(device, this.decode(device, 'telemetry', req));
        reply(res, '2.01');
        return;
      case 'postAttributes':
        await api.postAttributes(device, this.decode(device, 'attributes', req));
        reply(res, '2.01');
        return;
      case 'getAttributes': {
        const { clientKeys, sharedKeys } = attributeKeysOf(optionTexts(req, 'Uri-Query'));
        const attributes = await api.requestAttributes(device, clientKeys, sharedKeys);
        reply(res, '2.05', { downlink: this.downlinks.attributeResponse(device, attributes) });
        return;
      }
      case 'observe':
        if (!(res instanceof ObserveWriteStream)) throw new Error('node-coap gave no observe stream');
        await this.observe(req, res, device, action.feature);
        return;
      case 'cancelObserve':
        this.cancelObserve(req, device, action.feature);
        reply(res, '2.05');
        return;
      case 'rpcReply':
        api.rpcReply(device, action.requestId, this.rpcReplyText(device, req));
        reply(res, '2.01');
        return;
      case 'clientRpc': {
        const answer = await api.clientRpc(device, this.decode(device, 'clientRpc', req));
        reply(res, '2.05', { downlink: this.downlinks.clientRpcReply(device, answer) });
        return;
      }
      case 'claim':
        // Claiming has no protobuf form in the profile's schemas; its payload is JSON or nothing.
        await api.claim(device, req.payload.length === 0 ? undefined : decodeJson(req.payload));
        reply(res, '2.01');
        return;
    }
  }

  private decode(
    device: DeviceIdentity,
    kind: 'telemetry' | 'attributes' | 'clientRpc',
    req: IncomingMessage,
  ) {
    return this.deps.codec.decode(device, 'COAP', kind, req.payload);
  }

  /**
   * The reply text the RPC module receives: JSON devices send it as it is; a protobuf reply is
   * decoded with the profile's RPC response schema and passed on as JSON.
   */
  private rpcReplyText(device: DeviceIdentity, req: IncomingMessage): string {
    const configuration = payloadConfiguration(device.profileData, 'COAP');
    if (configuration?.transportPayloadType !== 'PROTOBUF') return req.payload.toString('utf8');
    return stringifyLossless(this.deps.codec.decode(device, 'COAP', 'rpcReply', req.payload));
  }

  /**
   * Registers an observation (RFC 7641 §4.1: the same endpoint and token replace an existing one)
   * as a non-exclusive core session subscribed to the feature.
   */
  private async observe(
    req: IncomingMessage,
    stream: ObserveWriteStream,
    device: DeviceIdentity,
    feature: ObservableFeature,
  ): Promise<void> {
    const key = ObservationRegistry.key(clientEndpoint(req), req._packet.token?.toString('hex') ?? '');
    this.observations.get(key)?.end();
    const observation = new CoapObservation(
      key,
      device,
      feature,
      stream,
      this.downlinks,
      (ended) => this.observations.remove(ended),
      (failed, err) =>
        this.deps.log.warn(
          { err, deviceId: failed.device.deviceId, feature: failed.feature },
          'CoAP notification could not be sent',
        ),
    );
    this.observations.add(observation);
    if (feature === 'rpc') {
      // Established before subscribing: the RPC module may hand over a queued request at once,
      // and it must come as a notification after the registration response.
      observation.establish('2.03');
      observation.attach(this.deps.api.openSession(device, observation, false));
      return;
    }
    // Subscribed before reading, so no change falls between the read and the subscription; an
    // update that arrives first is followed by the full state, which is at least as new.
    observation.attach(this.deps.api.openSession(device, observation, false));
    let current: AttributeReply;
    try {
      current = await this.deps.api.requestAttributes(device, undefined, undefined);
    } catch (err) {
      // The observation already holds a session: end both with the error answer.
      this.deps.log.error({ err, deviceId: device.deviceId }, 'CoAP attribute observation failed');
      observation.sendFinal('5.00', 'Internal server error');
      return;
    }
    // The reference answers with the shared attributes as an update (`sharedStateMsg`).
    observation.establish('2.05', this.downlinks.attributeUpdate(device, { updated: current.shared }));
  }

  /** Deregistration (GET with Observe=1) ends the observation of this endpoint and token. */
  private cancelObserve(req: IncomingMessage, device: DeviceIdentity, feature: ObservableFeature): void {
    const key = ObservationRegistry.key(clientEndpoint(req), req._packet.token?.toString('hex') ?? '');
    const observation = this.observations.get(key);
    if (observation && observation.feature === feature && observation.device.deviceId === device.deviceId) {
      observation.end();
    }
  }
}
