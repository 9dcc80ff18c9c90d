import type { Db } from '../../db/store.js';
import type { DeviceEvent, DeviceEvents } from '../../modules/devices/device-events.js';
import { stringifyLossless } from '../../telemetry/json-lossless.js';
import type { TelemetryService } from '../../telemetry/service.js';
import { ClaimRegistry } from './claim.js';
import { ClientRpcService } from './client-rpc.js';
import { CoreDeviceApi, type TransportUsage } from './device-api.js';
import { DeviceAuthenticator } from './device-auth.js';
import { deviceMsg, type RuleEngineInput } from './device-messages.js';
import { DeviceStateService } from './device-state.js';
import {
  type CoreLogger,
  DEFAULT_TRANSPORT_CORE_OPTIONS,
  SILENT_LOGGER,
  type TransportCoreOptions,
} from './options.js';
import { PayloadCodec } from './payload-codec.js';
import { ProvisionService } from './provision.js';
import { SESSION_CLOSE_REASONS, SessionRegistry } from './sessions.js';
import type { TransportLimits } from './transport-limits.js';
import type { DeviceApi, RpcReplySink } from './types.js';

export type { ClaimData } from './claim.js';
export { ClaimRegistry } from './claim.js';
export { type ClientRpcRequest, ClientRpcTimeoutError } from './client-rpc.js';
export { DeviceDownlinks, type DownlinkBody } from './device-downlinks.js';
export { deviceMsg, type RuleEngineInput } from './device-messages.js';
export {
  DEFAULT_RPC_REQUEST_PROTO_SCHEMA,
  DownlinkCodec,
  DownlinkEncodingError,
  type TimedKvEntry,
} from './downlink-codec.js';
export { countPoints, IngestBatcher, MAX_BATCH_POINTS } from './ingest.js';
export { DEFAULT_TRANSPORT_CORE_OPTIONS, type TransportCoreOptions } from './options.js';
export {
  decodeJson,
  PayloadCodec,
  type PayloadFormat,
  payloadConfiguration,
  type UplinkKind,
} from './payload-codec.js';
export {
  attributeReplyJson,
  attributesAsJson,
  attributeUpdateJson,
  SESSION_CLOSE_REASONS,
  SessionRegistry,
} from './sessions.js';
export { type LimitedBy, TransportLimitError, TransportLimits } from './transport-limits.js';
export * from './types.js';

export interface DeviceTransportCoreDeps {
  db: Db;
  telemetry: TelemetryService;
  /** Where device messages go (the rule engine). */
  rules: RuleEngineInput;
  /** Device, credentials and profile changes; sessions close and cached identities refresh. */
  deviceEvents: DeviceEvents;
  /** The RPC module's sink; may also be set later with `setRpcSink`. */
  rpcSink?: RpcReplySink;
  options?: Partial<TransportCoreOptions>;
  log?: CoreLogger;
  usage?: TransportUsage;
  /** The tenant profiles' transport limits; unlimited without. */
  limits?: TransportLimits;
}

/** What the transports, the RPC module and app wiring use. */
export interface DeviceTransportCore {
  /** The DeviceApi of types.ts for MQTT, HTTP and CoAP. */
  api: DeviceApi;
  /**
   * The session registry. For the RPC module: `deliverRpc(deviceId, rpc)` (false when no session
   * took it; a session that took it is reported to `RpcReplySink.delivered`),
   * `hasRpcSubscriber(deviceId)`, `onRpcSubscribed(listener)`.
   */
  sessions: SessionRegistry;
  /** Device connectivity state (flushActivity / checkInactivity for tests). */
  state: DeviceStateService;
  /** Uplink decoding with the profile's payload type. */
  codec: PayloadCodec;
  /** Device-to-server RPCs waiting for an answer. */
  clientRpc: ClientRpcService;
  /** Open claim announcements of devices. */
  claims: ClaimRegistry;
  options: TransportCoreOptions;
  setRpcSink(sink: RpcReplySink | undefined): void;
  /** Closes sessions, stops timers and writes what is pending. */
  close(): Promise<void>;
}

export function createDeviceTransportCore(deps: DeviceTransportCoreDeps): DeviceTransportCore {
  const options = { ...DEFAULT_TRANSPORT_CORE_OPTIONS, ...deps.options };
  const log = deps.log ?? SILENT_LOGGER;
  const { db, telemetry } = deps;
  let rpcSink = deps.rpcSink;

  const auth = new DeviceAuthenticator(db, options.identityCacheSize);
  const state = new DeviceStateService(db, telemetry, options, log);
  state.onStateEvent((device, event, data) =>
    deps.rules.tell(device.tenantId, deviceMsg(device, event, data)),
  );
  const sessions = new SessionRegistry(telemetry, state, log);
  sessions.setRpcSink(rpcSink);
  const clientRpc = new ClientRpcService(options.clientRpcTimeoutMs);
  const claims = new ClaimRegistry(options.claimDurationMs);
  const provisioning = new ProvisionService(db, telemetry, log);
  const codec = new PayloadCodec();
  const api = new CoreDeviceApi({
    auth,
    sessions,
    state,
    rules: deps.rules,
    telemetry,
    clientRpc,
    claims,
    provisioning,
    rpcSink: () => rpcSink,
    log,
    ...(deps.usage ? { usage: deps.usage } : {}),
    ...(deps.limits ? { limits: deps.limits } : {}),
  });

  /** Live sessions see the device as it now is (profile, name, gateway flag). */
  const refreshSessions = async (deviceIds: readonly string[]) => {
    for (const deviceId of deviceIds) {
      const identities = sessions.identitiesOf(deviceId);
      if (identities.length === 0) continue;
      const fresh = await auth.reload(deviceId);
      if (!fresh) sessions.closeDevice(deviceId, SESSION_CLOSE_REASONS.deviceDeleted);
      else for (const identity of identities) Object.assign(identity, fresh);
    }
  };
  const onDeviceEvent = (event: DeviceEvent) => {
    auth.onDeviceEvent(event);
    let refresh: string[] = [];
    switch (event.type) {
      case 'DEVICE_DELETED':
        sessions.closeDevice(event.deviceId, SESSION_CLOSE_REASONS.deviceDeleted);
        state.forget(event.deviceId);
        claims.remove(event.deviceId);
        return;
      case 'CREDENTIALS_UPDATED':
        sessions.closeDevice(event.deviceId, SESSION_CLOSE_REASONS.credentialsUpdated);
        return;
      case 'DEVICE_UPDATED':
        refresh = [event.deviceId];
        break;
      case 'PROFILE_UPDATED':
      case 'PROFILE_DELETED':
        refresh = sessions
          .connectedDeviceIds()
          .filter((id) => sessions.identitiesOf(id).some((i) => i.deviceProfileId === event.deviceProfileId));
        break;
    }
    refreshSessions(refresh).catch((err: unknown) => log.error({ err }, 'failed to refresh device sessions'));
  };
  const stopEvents = deps.deviceEvents.on(onDeviceEvent);
  // Device-to-server RPCs enter the rule engine; an RPC reply node answers them by `requestId`.
  const stopRpcRequests = clientRpc.onRequest((request) => {
    const data = `{"method":${JSON.stringify(request.method)},"params":${stringifyLossless(request.params)}}`;
    deps.rules.tell(
      request.device.tenantId,
      deviceMsg(request.device, 'TO_SERVER_RPC_REQUEST', data, {
        requestId: String(request.id),
        serviceId: options.serviceId,
        sessionId: String(request.id),
      }),
    );
  });
  state.start().catch((err: unknown) => log.error({ err }, 'failed to load device activity state'));

  return {
    api,
    sessions,
    state,
    codec,
    clientRpc,
    claims,
    options,
    setRpcSink(sink) {
      rpcSink = sink;
      sessions.setRpcSink(sink);
    },
    async close() {
      stopEvents();
      stopRpcRequests();
      sessions.close();
      clientRpc.close();
      await state.close();
    },
  };
}
