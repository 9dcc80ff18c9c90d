import type { AttributeKvEntry, EntityId } from '@meridian/common';
import type { RuleMsg } from '../../rule-engine/message.js';
import type { LosslessJson } from '../../telemetry/json-lossless.js';
import type { TelemetryService } from '../../telemetry/service.js';
import { deviceAttributeEntries, telemetryEntries } from '../../telemetry/values.js';
import type { ClaimRegistry } from './claim.js';
import type { ClientRpcService } from './client-rpc.js';
import type { DeviceAuthenticator } from './device-auth.js';
import { deviceMsg, entriesJson, type RuleEngineInput, telemetryMessages } from './device-messages.js';
import type { DeviceStateService } from './device-state.js';
import type { CoreLogger } from './options.js';
import type { ProvisionService } from './provision.js';
import type { SessionRegistry } from './sessions.js';
import type { TransportLimits } from './transport-limits.js';
import type {
  AttributeReply,
  DeviceApi,
  DeviceCredentialsProof,
  DeviceIdentity,
  DeviceSessionHandle,
  DeviceSessionListener,
  RpcReplySink,
} from './types.js';

/** Collaborators of the device API; each does one job, this class only routes. */
export interface DeviceApiParts {
  auth: DeviceAuthenticator;
  sessions: SessionRegistry;
  state: DeviceStateService;
  /** The rule engine: device data is stored by its chains' save nodes. */
  rules: RuleEngineInput;
  telemetry: TelemetryService;
  clientRpc: ClientRpcService;
  claims: ClaimRegistry;
  provisioning: ProvisionService;
  rpcSink: () => RpcReplySink | undefined;
  log: CoreLogger;
  /** The tenants' monthly API usage: messages and data points the transports take count. */
  usage?: TransportUsage;
  /** The tenant profiles' transport rate limits and spent transport usage; none without. */
  limits?: TransportLimits;
  now?: () => number;
}

export interface TransportUsage {
  report(tenantId: string, record: 'TRANSPORT_MSG_COUNT' | 'TRANSPORT_DP_COUNT', count: number): void;
}

const deviceRef = (device: DeviceIdentity): EntityId => ({ entityType: 'DEVICE', id: device.deviceId });

/**
 * The DeviceApi of types.ts: what every transport can do. Every call of a device counts as its
 * activity (coalesced by the device-state tracker), so the HTTP transport, which has no sessions
 * outside long polls, needs nothing more.
 */
export class CoreDeviceApi implements DeviceApi {
  private readonly now: () => number;

  constructor(private readonly parts: DeviceApiParts) {
    this.now = parts.now ?? Date.now;
  }

  authenticate(proof: DeviceCredentialsProof): Promise<DeviceIdentity | undefined> {
    return this.parts.auth.authenticate(proof);
  }

  openSession(
    device: DeviceIdentity,
    listener: DeviceSessionListener,
    exclusive: boolean,
  ): DeviceSessionHandle {
    return this.parts.sessions.open(device, listener, exclusive);
  }

  /**
   * Checks the payload (a bad one is refused before it is queued, as the reference's transport
   * does), then queues one message per timestamp; resolves once the rule engine is done with them.
   */
  postTelemetry(device: DeviceIdentity, payload: LosslessJson): Promise<void> {
    // Not async, and no Promise.all for the usual single message: what waits here lives as long as
    // the message's commit, thousands at a time under load (issue 14).
    let messages: RuleMsg[];
    try {
      const groups = telemetryEntries(payload, this.now(), 'drop');
      const dataPoints = groups.reduce((points, group) => points + group.values.length, 0);
      this.limit(device, dataPoints);
      this.parts.state.activity(device);
      this.countUsage(device, dataPoints);
      messages = telemetryMessages(device, payload, groups);
    } catch (error) {
      return Promise.reject(error);
    }
    const [only] = messages;
    if (messages.length === 1 && only) return this.parts.rules.push(device.tenantId, only);
    return Promise.all(messages.map((msg) => this.parts.rules.push(device.tenantId, msg))).then(() => {});
  }

  async postAttributes(device: DeviceIdentity, payload: LosslessJson): Promise<void> {
    const entries = deviceAttributeEntries(payload);
    this.limit(device);
    this.parts.state.activity(device);
    this.countUsage(device, entries.length);
    if (entries.length === 0) return;
    await this.parts.rules.push(
      device.tenantId,
      deviceMsg(device, 'POST_ATTRIBUTES_REQUEST', entriesJson(entries)),
    );
  }

  /**
   * Takes the message's tokens of the transport limits; throws TransportLimitError when one is
   * spent (the message is then neither counted nor processed, as in the reference).
   */
  private limit(device: DeviceIdentity, telemetryDataPoints?: number): void {
    this.parts.limits?.check(device.tenantId, device.deviceId, telemetryDataPoints);
  }

  /** One transport message of the device's tenant, with its data points (reference API usage). */
  private countUsage(device: DeviceIdentity, dataPoints: number): void {
    const usage = this.parts.usage;
    if (!usage) return;
    usage.report(device.tenantId, 'TRANSPORT_MSG_COUNT', 1);
    usage.report(device.tenantId, 'TRANSPORT_DP_COUNT', dataPoints);
  }

  async requestAttributes(
    device: DeviceIdentity,
    clientKeys: string[] | undefined,
    sharedKeys: string[] | undefined,
  ): Promise<AttributeReply> {
    this.limit(device);
    this.parts.state.activity(device);
    const all = clientKeys === undefined && sharedKeys === undefined;
    const read = async (scope: 'CLIENT_SCOPE' | 'SHARED_SCOPE', keys: string[] | undefined) => {
      if (!all && (keys === undefined || keys.length === 0)) return [] as AttributeKvEntry[];
      return this.parts.telemetry.attributes(deviceRef(device), scope, all ? undefined : keys);
    };
    const [client, shared] = await Promise.all([
      read('CLIENT_SCOPE', clientKeys),
      read('SHARED_SCOPE', sharedKeys),
    ]);
    return { client, shared };
  }

  rpcReply(device: DeviceIdentity, requestId: number, payload: string): void {
    this.limit(device);
    this.parts.state.activity(device);
    const sink = this.parts.rpcSink();
    if (!sink) {
      this.parts.log.warn({ deviceId: device.deviceId, requestId }, 'RPC reply dropped: no RPC module wired');
      return;
    }
    try {
      sink.reply(device.deviceId, requestId, payload);
    } catch (err) {
      this.parts.log.error({ err, deviceId: device.deviceId, requestId }, 'RPC reply sink failed');
    }
  }

  clientRpc(device: DeviceIdentity, request: LosslessJson): Promise<unknown> {
    try {
      this.limit(device);
      this.parts.state.activity(device);
      return this.parts.clientRpc.call(device, request);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  async claim(device: DeviceIdentity, payload: LosslessJson | undefined): Promise<void> {
    this.limit(device);
    this.parts.state.activity(device);
    // The reference ignores claim announcements of devices that already belong to a customer.
    if (device.customerId !== null) return;
    this.parts.claims.allow(device.deviceId, payload);
  }

  provision(request: LosslessJson): Promise<Record<string, unknown>> {
    return this.parts.provisioning.provision(request);
  }
}
