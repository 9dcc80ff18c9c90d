import type { AttributeKvEntry, KvValue } from '@meridian/common';
import type { TelemetryChange, TelemetryService } from '../../telemetry/service.js';
import type { CoreLogger } from './options.js';
import type {
  AttributeReply,
  AttributeUpdate,
  DeviceIdentity,
  DeviceSessionHandle,
  DeviceSessionListener,
  RpcReplySink,
  ToDeviceRpc,
} from './types.js';

/** Why the core closes a session; transports may show the text (HTTP long polls answer with it). */
export const SESSION_CLOSE_REASONS = {
  deviceDeleted: 'Device was deleted!',
  credentialsUpdated: 'Device credentials were updated',
  displaced: 'Another session of the device connected',
  shutdown: 'Server is shutting down',
} as const;

/** What the registry tells the device-state tracker. */
export interface SessionStateHooks {
  connected(device: DeviceIdentity): void;
  disconnected(device: DeviceIdentity): void;
  activity(device: DeviceIdentity): void;
}

/** A value as the JSON a device receives: typed numbers, booleans, strings, parsed JSON. */
export function kvValueAsJson(value: KvValue): unknown {
  switch (value.type) {
    case 'BOOLEAN':
    case 'STRING':
    case 'DOUBLE':
      return value.value;
    case 'LONG':
      // Beyond 2^53 a JSON reader on the device would round anyway; Number keeps JSON.stringify working.
      return Number(value.value);
    case 'JSON':
      try {
        return JSON.parse(value.value);
      } catch {
        return value.value;
      }
  }
}

/** `{"key":value,…}` of attribute entries. */
export function attributesAsJson(entries: readonly AttributeKvEntry[]): Record<string, unknown> {
  const json: Record<string, unknown> = {};
  for (const entry of entries) json[entry.key] = kvValueAsJson(entry.value);
  return json;
}

/** An attribute update as JSON devices get it: `{"key":value,…}` or `{"deleted":[keys]}`. */
export function attributeUpdateJson(update: AttributeUpdate): Record<string, unknown> {
  return 'updated' in update ? attributesAsJson(update.updated) : { deleted: [...update.deleted] };
}

/** An attribute reply as JSON devices get it: `{"client":{…},"shared":{…}}`, empty sections omitted. */
export function attributeReplyJson(reply: AttributeReply): Record<string, Record<string, unknown>> {
  const json: Record<string, Record<string, unknown>> = {};
  if (reply.client.length > 0) json.client = attributesAsJson(reply.client);
  if (reply.shared.length > 0) json.shared = attributesAsJson(reply.shared);
  return json;
}

class Session implements DeviceSessionHandle {
  attributes = false;
  rpc = false;
  ended = false;

  constructor(
    private readonly registry: SessionRegistry,
    readonly device: DeviceIdentity,
    readonly listener: DeviceSessionListener,
    readonly exclusive: boolean,
  ) {}

  subscribeAttributes(subscribed: boolean): void {
    if (!this.ended) this.attributes = subscribed;
  }

  subscribeRpc(subscribed: boolean): void {
    if (this.ended) return;
    const wasSubscribed = this.rpc;
    this.rpc = subscribed;
    if (subscribed && !wasSubscribed) this.registry.rpcSubscribed(this.device.deviceId);
    else if (!subscribed && wasSubscribed) this.registry.rpcUnsubscribed(this.device.deviceId);
  }

  activity(): void {
    if (!this.ended) this.registry.hooks.activity(this.device);
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.attributes = false;
    const listened = this.rpc;
    this.rpc = false;
    this.registry.remove(this);
    if (listened) this.registry.rpcUnsubscribed(this.device.deviceId);
  }
}

/**
 * Live sessions of devices, by device. Pushes shared-attribute changes to subscribed sessions,
 * hands server-side RPCs to an RPC-subscribed session, and closes sessions that must not outlive a
 * change of their device. Everything here is in memory and synchronous; the only writes are the
 * connect/disconnect notices to the device-state tracker.
 */
export class SessionRegistry {
  private readonly byDevice = new Map<string, Set<Session>>();
  private readonly rpcSubscribedListeners = new Set<(deviceId: string) => void>();
  private readonly rpcUnsubscribedListeners = new Set<(deviceId: string) => void>();
  private readonly stopListening: () => void;
  private sink: RpcReplySink | undefined;

  constructor(
    telemetry: TelemetryService,
    readonly hooks: SessionStateHooks,
    private readonly log: CoreLogger,
  ) {
    this.stopListening = telemetry.onChange((change) => this.onTelemetryChange(change));
  }

  setRpcSink(sink: RpcReplySink | undefined): void {
    this.sink = sink;
  }

  open(device: DeviceIdentity, listener: DeviceSessionListener, exclusive: boolean): DeviceSessionHandle {
    let sessions = this.byDevice.get(device.deviceId);
    if (exclusive && sessions) {
      for (const older of [...sessions]) {
        if (older.exclusive) this.closeSession(older, SESSION_CLOSE_REASONS.displaced);
      }
      sessions = this.byDevice.get(device.deviceId);
    }
    const first = !sessions || sessions.size === 0;
    if (!sessions) {
      sessions = new Set();
      this.byDevice.set(device.deviceId, sessions);
    }
    const session = new Session(this, device, listener, exclusive);
    sessions.add(session);
    if (first) this.hooks.connected(device);
    else this.hooks.activity(device);
    return session;
  }

  /** Called by a session as it ends; the last session of a device records the disconnect. */
  remove(session: Session): void {
    const sessions = this.byDevice.get(session.device.deviceId);
    if (!sessions?.delete(session)) return;
    if (sessions.size === 0) {
      this.byDevice.delete(session.device.deviceId);
      this.hooks.disconnected(session.device);
    }
  }

  private closeSession(session: Session, reason: string): void {
    session.end();
    try {
      session.listener.close(reason);
    } catch (err) {
      this.log.error({ err, deviceId: session.device.deviceId }, 'device session failed to close');
    }
  }

  /** Closes every session of the device (deleted device, replaced credentials). */
  closeDevice(deviceId: string, reason: string): void {
    const sessions = this.byDevice.get(deviceId);
    if (!sessions) return;
    for (const session of [...sessions]) this.closeSession(session, reason);
  }

  /** The identities held by live sessions of the device, so a device update can refresh them in place. */
  identitiesOf(deviceId: string): DeviceIdentity[] {
    return [...(this.byDevice.get(deviceId) ?? [])].map((session) => session.device);
  }

  /** Devices with at least one live session. */
  connectedDeviceIds(): string[] {
    return [...this.byDevice.keys()];
  }

  sessionCount(deviceId: string): number {
    return this.byDevice.get(deviceId)?.size ?? 0;
  }

  /**
   * Hands a server-side RPC to one RPC-subscribed session of the device, the newest first; false
   * when no session took it. A session that took it counts as delivered (RpcReplySink.delivered).
   */
  deliverRpc(deviceId: string, rpc: ToDeviceRpc): boolean {
    const sessions = this.byDevice.get(deviceId);
    if (!sessions) return false;
    for (const session of [...sessions].reverse()) {
      if (!session.rpc || session.ended) continue;
      let taken = false;
      try {
        taken = session.listener.onRpcRequest(rpc);
      } catch (err) {
        this.log.error({ err, deviceId }, 'device session failed to take an RPC');
      }
      if (taken) {
        this.sink?.delivered(deviceId, rpc.requestId);
        return true;
      }
    }
    return false;
  }

  hasRpcSubscriber(deviceId: string): boolean {
    const sessions = this.byDevice.get(deviceId);
    if (!sessions) return false;
    for (const session of sessions) if (session.rpc && !session.ended) return true;
    return false;
  }

  /** Calls `listener(deviceId)` whenever a session starts listening for RPCs; returns the remover. */
  onRpcSubscribed(listener: (deviceId: string) => void): () => void {
    this.rpcSubscribedListeners.add(listener);
    return () => this.rpcSubscribedListeners.delete(listener);
  }

  /** Calls `listener(deviceId)` when the last session of a device stops listening for RPCs. */
  onRpcUnsubscribed(listener: (deviceId: string) => void): () => void {
    this.rpcUnsubscribedListeners.add(listener);
    return () => this.rpcUnsubscribedListeners.delete(listener);
  }

  /** Devices with a session listening for RPCs. */
  rpcSubscribedDeviceIds(): string[] {
    return [...this.byDevice.keys()].filter((deviceId) => this.hasRpcSubscriber(deviceId));
  }

  rpcUnsubscribed(deviceId: string): void {
    if (this.hasRpcSubscriber(deviceId)) return;
    this.tellRpcListeners(this.rpcUnsubscribedListeners, deviceId);
  }

  rpcSubscribed(deviceId: string): void {
    this.tellRpcListeners(this.rpcSubscribedListeners, deviceId);
  }

  private tellRpcListeners(listeners: ReadonlySet<(deviceId: string) => void>, deviceId: string): void {
    for (const listener of listeners) {
      try {
        listener(deviceId);
      } catch (err) {
        this.log.error({ err, deviceId }, 'RPC subscription listener failed');
      }
    }
  }

  /** Pushes one update to the attribute-subscribed sessions of the device. */
  pushAttributeUpdate(deviceId: string, update: AttributeUpdate): void {
    const sessions = this.byDevice.get(deviceId);
    if (!sessions) return;
    for (const session of [...sessions]) {
      if (!session.attributes || session.ended) continue;
      try {
        session.listener.onAttributeUpdate(update);
      } catch (err) {
        this.log.error({ err, deviceId }, 'device session failed to take an attribute update');
      }
    }
  }

  private onTelemetryChange(change: TelemetryChange): void {
    if (change.type !== 'ATTRIBUTES_UPDATED' && change.type !== 'ATTRIBUTES_DELETED') return;
    if (change.scope !== 'SHARED_SCOPE' || change.entityId.entityType !== 'DEVICE') return;
    if (!this.byDevice.has(change.entityId.id)) return;
    const update: AttributeUpdate =
      change.type === 'ATTRIBUTES_UPDATED' ? { updated: change.entries } : { deleted: [...change.keys] };
    this.pushAttributeUpdate(change.entityId.id, update);
  }

  /** Closes every session and stops listening. */
  close(): void {
    this.stopListening();
    for (const deviceId of [...this.byDevice.keys()])
      this.closeDevice(deviceId, SESSION_CLOSE_REASONS.shutdown);
    this.rpcSubscribedListeners.clear();
    this.rpcUnsubscribedListeners.clear();
  }
}
