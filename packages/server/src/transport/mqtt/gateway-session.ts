import type { IPublishPacket as PublishPacket } from 'mqtt-packet';
import { ApiError } from '../../http/api-error.js';
import { JsonObjectNode, type LosslessJson, stringifyLossless } from '../../telemetry/json-lossless.js';
import { TelemetryInputError } from '../../telemetry/values.js';
import { attributesAsJson, attributeUpdateJson, decodeJson } from '../core/index.js';
import type {
  AttributeUpdate,
  DeviceIdentity,
  DeviceSessionHandle,
  DeviceSessionListener,
  ToDeviceRpc,
} from '../core/types.js';
import type { MqttConnection } from './connection.js';
import { DeviceSession, type DeviceSessionDeps, payloadOf } from './device-session.js';
import type { GatewayDevices } from './gateway-devices.js';
import { memberText, requireObject } from './payloads.js';
import type { PublishOutcome } from './session.js';
import {
  classifyGatewayTopic,
  FILTER_BITS,
  GATEWAY_TOPICS,
  type GatewayUplink,
  parseRequestId,
} from './topics.js';

/** The device type of sub-devices a gateway names without one. */
export const DEFAULT_SUB_DEVICE_TYPE = 'default';

/** A device connected through the gateway: its core session and the listener the core calls. */
interface SubDevice {
  handle: DeviceSessionHandle;
  listener: SubDeviceListener;
}

/** Receives the core's pushes for one sub-device and hands them to the gateway's connection. */
class SubDeviceListener implements DeviceSessionListener {
  readonly transport = 'MQTT' as const;

  constructor(
    private readonly gateway: GatewaySession,
    readonly name: string,
  ) {}

  onAttributeUpdate(update: AttributeUpdate): void {
    this.gateway.pushSubDeviceAttributes(this.name, update);
  }

  onRpcRequest(rpc: ToDeviceRpc): boolean {
    return this.gateway.pushSubDeviceRpc(this.name, rpc);
  }

  close(): void {
    this.gateway.subDeviceClosed(this);
  }
}

export interface GatewaySessionDeps extends DeviceSessionDeps {
  gatewayDevices: GatewayDevices;
}

/**
 * The session of a device with `additionalInfo.gateway = true` (reference `GatewaySessionHandler`):
 * its own device topics plus the gateway API `v1/gateway/*`, with a core session per connected
 * sub-device so shared-attribute updates and RPCs reach it through the gateway.
 */
export class GatewaySession extends DeviceSession {
  private readonly subDevices = new Map<string, SubDevice>();
  private readonly connecting = new Map<string, Promise<SubDevice>>();

  constructor(
    client: MqttConnection,
    identity: DeviceIdentity,
    private readonly gatewayDeps: GatewaySessionDeps,
  ) {
    super(client, identity, gatewayDeps);
  }

  override describe(): Record<string, unknown> {
    return { ...super.describe(), gateway: true };
  }

  protected override handlePublish(packet: PublishPacket): PublishOutcome {
    const kind = classifyGatewayTopic(packet.topic);
    if (!kind) return super.handlePublish(packet);
    this.handle?.activity();
    return this.gatewayPublish(kind, decodeJson(payloadOf(packet)));
  }

  override end(): void {
    super.end();
    for (const sub of this.subDevices.values()) sub.handle.end();
    this.subDevices.clear();
  }

  private gatewayPublish(kind: GatewayUplink, node: LosslessJson): PublishOutcome {
    const { api } = this.deps;
    switch (kind) {
      case 'connect': {
        const request = requireObject(node, 'Gateway connect request');
        const type = memberText(request, 'type') || DEFAULT_SUB_DEVICE_TYPE;
        return this.connectDevice(deviceNameOf(request), type).then(() => undefined);
      }
      case 'disconnect':
        this.disconnectDevice(deviceNameOf(requireObject(node, 'Gateway disconnect request')));
        return undefined;
      case 'telemetry':
        return this.perDevice(node, 'array', (device, data) => api.postTelemetry(device, data));
      case 'attributes':
        return this.perDevice(node, 'object', (device, data) => api.postAttributes(device, data));
      case 'claim':
        return this.perDevice(node, 'object', (device, data) => api.claim(device, data));
      case 'attributesRequest':
        this.gatewayAttributeRequest(requireObject(node, 'Gateway attribute request'));
        return undefined;
      case 'rpc':
        return this.rpcReply(requireObject(node, 'Gateway RPC response'));
    }
  }

  /**
   * `{"Device A": <data>, …}`: the data of each device goes to that device, which is connected
   * first when the gateway has not announced it. A device whose data is unusable (a nameless
   * device, data of the wrong shape such as the gateway SDK README's telemetry object where an
   * array is expected, bad values) is skipped with a warning and the connection stays, as the
   * reference drops it; the PUBACK waits for everything else to be committed.
   */
  private perDevice(
    node: LosslessJson,
    shape: 'array' | 'object',
    store: (device: DeviceIdentity, data: LosslessJson) => Promise<void>,
  ): Promise<void> {
    const request = requireObject(node, 'Gateway message');
    const work = [...request.members].map(async ([name, data]) => {
      try {
        checkDeviceName(name);
        // Connected before the shape check, as the reference connects the device of every entry.
        const sub = await this.connectDevice(name, DEFAULT_SUB_DEVICE_TYPE);
        const fits = shape === 'array' ? Array.isArray(data) : data instanceof JsonObjectNode;
        if (!fits)
          throw new TelemetryInputError(`Can't parse value: ${stringifyLossless(data)} of device ${name}`);
        await store(sub.handle.device, data);
      } catch (error) {
        // Bad values, or a device the tenant may not create (entity limit): only that device's data is lost.
        if (!(error instanceof TelemetryInputError || error instanceof ApiError)) throw error;
        this.log.warn(
          { ...this.describe(), subDevice: name, reason: error.message },
          'Gateway data of a device dropped',
        );
      }
    });
    return Promise.all(work).then(() => undefined);
  }

  /**
   * `{"id":1,"device":"A","client":true,"key":"k"}` (or `"keys":[…]`); answered on
   * `v1/gateway/attributes/response` with `value` for one attribute, `values` for several.
   */
  private gatewayAttributeRequest(request: JsonObjectNode): void {
    const id = requireInt(request, 'id');
    const name = deviceNameOf(request);
    const client = request.members.get('client');
    if (typeof client !== 'boolean') throw new TelemetryInputError("'client' must be true or false");
    const keys = requestedKeys(request);
    this.connectDevice(name, DEFAULT_SUB_DEVICE_TYPE)
      .then((sub) =>
        this.deps.api.requestAttributes(
          sub.handle.device,
          client ? keys : undefined,
          client ? undefined : keys,
        ),
      )
      .then(
        (reply) => {
          const section = attributesAsJson(reply[client ? 'client' : 'shared']);
          const values = Object.entries(section);
          const body: Record<string, unknown> = { id, device: name };
          if (values.length === 1) body.value = values[0]?.[1];
          else if (values.length > 1) body.values = section;
          this.send(
            GATEWAY_TOPICS.attributesResponse,
            JSON.stringify(body),
            this.qosOf(FILTER_BITS.gatewayAttributeResponses),
          );
        },
        (error: unknown) => this.fail(error),
      );
  }

  /** `{"device":"A","id":1,"data":{…}}`: the sub-device's reply to server-side RPC `id`. */
  private async rpcReply(request: JsonObjectNode): Promise<void> {
    const id = requireInt(request, 'id');
    const name = deviceNameOf(request);
    const data = request.members.get('data');
    const payload = data === undefined ? 'null' : stringifyLossless(data);
    const sub = await this.connectDevice(name, DEFAULT_SUB_DEVICE_TYPE);
    this.deps.api.rpcReply(sub.handle.device, id, payload);
  }

  /** The sub-device's session, opened on first use (creating the device if it does not exist). */
  private connectDevice(name: string, type: string): Promise<SubDevice> {
    const known = this.subDevices.get(name);
    if (known) return Promise.resolve(known);
    let pending = this.connecting.get(name);
    if (!pending) {
      pending = this.gatewayDeps.gatewayDevices
        .findOrCreate(this.device, name, type)
        .then((identity) => this.openSubDevice(name, identity))
        .finally(() => this.connecting.delete(name));
      this.connecting.set(name, pending);
    }
    return pending;
  }

  private openSubDevice(name: string, identity: DeviceIdentity): SubDevice {
    if (this.closing) throw new Error('gateway session closed while a device connected');
    const listener = new SubDeviceListener(this, name);
    const handle = this.deps.api.openSession(identity, listener, true);
    // Like the reference, devices behind a gateway always receive attribute updates and RPCs.
    handle.subscribeAttributes(true);
    handle.subscribeRpc(true);
    const sub = { handle, listener };
    this.subDevices.set(name, sub);
    return sub;
  }

  private disconnectDevice(name: string): void {
    const sub = this.subDevices.get(name);
    if (!sub) return;
    this.subDevices.delete(name);
    sub.handle.end();
  }

  /** The core closed a sub-device's session (device deleted, connected elsewhere). */
  subDeviceClosed(listener: SubDeviceListener): void {
    if (this.subDevices.get(listener.name)?.listener === listener) this.subDevices.delete(listener.name);
  }

  pushSubDeviceAttributes(name: string, update: AttributeUpdate): void {
    this.send(
      GATEWAY_TOPICS.attributes,
      JSON.stringify({ device: name, data: attributeUpdateJson(update) }),
      this.qosOf(FILTER_BITS.gatewayAttributes),
    );
  }

  pushSubDeviceRpc(name: string, rpc: ToDeviceRpc): boolean {
    if (rpc.expirationTime < Date.now()) return false;
    return this.send(
      GATEWAY_TOPICS.rpc,
      JSON.stringify({ device: name, data: { id: rpc.requestId, method: rpc.method, params: rpc.params } }),
      this.qosOf(FILTER_BITS.gatewayRpc),
    );
  }
}

function checkDeviceName(name: string): string {
  if (!name.trim()) throw new TelemetryInputError('Device name is empty!');
  return name;
}

function deviceNameOf(request: JsonObjectNode): string {
  return checkDeviceName(memberText(request, 'device') ?? '');
}

function requireInt(request: JsonObjectNode, name: string): number {
  const value = parseRequestId(memberText(request, name) ?? '');
  if (value === undefined) throw new TelemetryInputError(`'${name}' must be an integer`);
  return value;
}

/** `"key":"k"` or `"keys":["a","b"]`. */
function requestedKeys(request: JsonObjectNode): string[] {
  const key = memberText(request, 'key');
  if (key !== undefined) return [key];
  const keys = request.members.get('keys');
  if (!Array.isArray(keys)) throw new TelemetryInputError("Gateway attribute request needs 'key' or 'keys'");
  return keys.map((item) => {
    if (typeof item !== 'string') throw new TelemetryInputError("'keys' must be strings");
    return item;
  });
}
