import type { EntityId, KvEntry } from '@meridian/common';
import type { Db } from '../../db/store.js';
import type { AttributesWrite, TelemetryChange, TelemetryService } from '../../telemetry/service.js';
import type { CoreLogger } from './options.js';
import type { DeviceIdentity } from './types.js';

/**
 * Device connectivity state (reference §4.5 "Device connectivity state"): SERVER_SCOPE attributes
 * `active`, `lastConnectTime`, `lastDisconnectTime`, `lastActivityTime`, `inactivityAlarmTime`.
 * Connects and disconnects are rare and written at once; activity comes with every message, so it
 * is only remembered and written for all devices together every `activityFlushMs`. A timer marks
 * devices inactive once they were silent longer than their `inactivityTimeout` server attribute
 * (ms) or the default.
 *
 * In a cluster every node hears every node's state writes (relayed telemetry changes), so each
 * knows when every active device was last heard from; only the device's owner among the live nodes
 * (`setOwnership`) marks it inactive, so that happens once.
 */

export const STATE_KEYS = {
  active: 'active',
  lastConnectTime: 'lastConnectTime',
  lastDisconnectTime: 'lastDisconnectTime',
  lastActivityTime: 'lastActivityTime',
  inactivityAlarmTime: 'inactivityAlarmTime',
  inactivityTimeout: 'inactivityTimeout',
} as const;

interface TrackedDevice {
  active: boolean;
  lastActivityTime: number;
  lastConnectTime?: number;
  lastDisconnectTime?: number;
  lastInactivityAlarmTime?: number;
  /** The device as its last session or message knew it (for its rule engine messages). */
  device?: DeviceIdentity;
  /** Per-device timeout in ms; undefined → the default. */
  /** ms; null once read and the device has none (the default applies); undefined until read. */
  inactivityTimeout: number | null | undefined;
}

/** Connectivity changes the rule engine hears of (reference: DeviceStateService messages). */
export type DeviceStateEvent = 'CONNECT_EVENT' | 'DISCONNECT_EVENT' | 'ACTIVITY_EVENT' | 'INACTIVITY_EVENT';
export type DeviceStateListener = (device: DeviceIdentity, event: DeviceStateEvent, state: string) => void;

export interface DeviceStateOptions {
  defaultInactivityTimeoutMs: number;
  stateCheckIntervalMs: number;
  activityFlushMs: number;
}

const long = (key: string, value: number): KvEntry => ({
  key,
  value: { type: 'LONG', value: BigInt(value) },
});
const bool = (key: string, value: boolean): KvEntry => ({ key, value: { type: 'BOOLEAN', value } });
const deviceRef = (id: string): EntityId => ({ entityType: 'DEVICE', id });

export class DeviceStateService {
  private readonly tracked = new Map<string, TrackedDevice>();
  /** Devices with activity not yet written, and when they were last active. */
  private readonly pendingActivity = new Map<string, number>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly flushTimer: NodeJS.Timeout;
  private readonly checkTimer: NodeJS.Timeout;
  private readonly stopListening: () => void;
  private flushing: Promise<void> | undefined;
  private closed = false;
  private listener: DeviceStateListener | undefined;
  private owns: (deviceId: string) => boolean = () => true;

  constructor(
    private readonly db: Db,
    private readonly telemetry: TelemetryService,
    private readonly options: DeviceStateOptions,
    private readonly log: CoreLogger,
    private readonly now: () => number = Date.now,
  ) {
    this.flushTimer = setInterval(() => void this.flushActivity(), options.activityFlushMs);
    this.checkTimer = setInterval(() => void this.checkInactivity(), options.stateCheckIntervalMs);
    this.flushTimer.unref();
    this.checkTimer.unref();
    this.stopListening = telemetry.onChange((change) => this.onTelemetryChange(change));
  }

  /**
   * Picks up devices that were active when the server stopped, so that they turn inactive on time
   * instead of staying "active" forever.
   */
  async start(): Promise<void> {
    const rows = await this.db
      .selectFrom('attributeKv')
      .select(['entityId', 'attributeKey', 'boolV', 'longV'])
      .where('entityType', '=', 'DEVICE')
      .where('attributeType', '=', 'SERVER_SCOPE')
      .where('attributeKey', 'in', [
        STATE_KEYS.active,
        STATE_KEYS.lastActivityTime,
        STATE_KEYS.inactivityTimeout,
      ])
      .where((eb) =>
        eb(
          'entityId',
          'in',
          eb
            .selectFrom('attributeKv')
            .select('entityId')
            .where('attributeType', '=', 'SERVER_SCOPE')
            .where('attributeKey', '=', STATE_KEYS.active)
            .where('boolV', '=', true),
        ),
      )
      .execute();
    for (const row of rows) {
      const state = this.tracked.get(row.entityId) ?? {
        active: true,
        lastActivityTime: 0,
        inactivityTimeout: undefined,
      };
      if (row.attributeKey === STATE_KEYS.lastActivityTime && row.longV !== null)
        state.lastActivityTime = Math.max(state.lastActivityTime, Number(row.longV));
      if (row.attributeKey === STATE_KEYS.inactivityTimeout && row.longV !== null)
        state.inactivityTimeout = Number(row.longV);
      this.tracked.set(row.entityId, state);
    }
  }

  /** In a cluster: whether this node decides the device's inactivity (by default it decides all). */
  setOwnership(owns: (deviceId: string) => boolean): void {
    this.owns = owns;
  }

  /** Where connect, disconnect, activity and inactivity go as messages (the rule engine). */
  onStateEvent(listener: DeviceStateListener): void {
    this.listener = listener;
  }

  /** The first session of a device opened: records the connect and the activity it implies. */
  connected(device: DeviceIdentity): void {
    const now = this.now();
    const state = this.track(device.deviceId, now);
    state.device = device;
    const entries = [long(STATE_KEYS.lastConnectTime, now), long(STATE_KEYS.lastActivityTime, now)];
    const wasActive = state.active;
    if (!wasActive) entries.push(bool(STATE_KEYS.active, true));
    state.active = true;
    state.lastActivityTime = now;
    state.lastConnectTime = now;
    this.pendingActivity.delete(device.deviceId);
    this.write(device.deviceId, entries);
    if (state.inactivityTimeout === undefined) void this.loadTimeout(device.deviceId);
    this.emit(state, 'CONNECT_EVENT');
    if (!wasActive) this.emit(state, 'ACTIVITY_EVENT');
  }

  /** The last session of a device ended. `active` stays until the inactivity timeout, as in the reference. */
  disconnected(device: DeviceIdentity): void {
    const now = this.now();
    this.write(device.deviceId, [long(STATE_KEYS.lastDisconnectTime, now)]);
    const state = this.track(device.deviceId, now);
    state.device = device;
    state.lastDisconnectTime = now;
    this.emit(state, 'DISCONNECT_EVENT');
  }

  /** A message from the device: remembered, written with the next flush. */
  activity(device: DeviceIdentity): void {
    const now = this.now();
    this.pendingActivity.set(device.deviceId, now);
    const state = this.tracked.get(device.deviceId);
    if (state) state.device = device;
    else this.track(device.deviceId, now).device = device;
  }

  /** The reference's device state JSON, as its state messages carry it. */
  private emit(state: TrackedDevice, event: DeviceStateEvent): void {
    if (!this.listener || !state.device) return;
    const data = {
      active: state.active,
      lastConnectTime: state.lastConnectTime ?? 0,
      lastActivityTime: state.lastActivityTime,
      lastDisconnectTime: state.lastDisconnectTime ?? 0,
      lastInactivityAlarmTime: state.lastInactivityAlarmTime ?? 0,
      inactivityTimeout: state.inactivityTimeout ?? this.options.defaultInactivityTimeoutMs,
    };
    try {
      this.listener(state.device, event, JSON.stringify(data));
    } catch (err) {
      this.log.error({ err }, 'device state listener failed');
    }
  }

  private track(deviceId: string, now: number): TrackedDevice {
    let state = this.tracked.get(deviceId);
    if (!state) {
      state = { active: false, lastActivityTime: now, inactivityTimeout: undefined };
      this.tracked.set(deviceId, state);
    }
    return state;
  }

  /** A device first heard of through another node's state write. */
  private trackHeard(deviceId: string): TrackedDevice {
    const state = this.track(deviceId, 0);
    void this.loadTimeout(deviceId);
    return state;
  }

  private async loadTimeout(deviceId: string): Promise<void> {
    try {
      const [entry] = await this.telemetry.attributes(deviceRef(deviceId), 'SERVER_SCOPE', [
        STATE_KEYS.inactivityTimeout,
      ]);
      const state = this.tracked.get(deviceId);
      if (state) state.inactivityTimeout = entry ? (timeoutOf(entry.value) ?? null) : null;
    } catch (err) {
      this.log.error({ err, deviceId }, 'failed to read the inactivity timeout');
    }
  }

  private write(deviceId: string, entries: KvEntry[]): void {
    if (this.closed) return;
    const pending = this.telemetry
      .saveAttributes(deviceRef(deviceId), 'SERVER_SCOPE', entries)
      .catch((err: unknown) => this.log.error({ err, deviceId }, 'failed to store device state'));
    this.inFlight.add(pending);
    void pending.finally(() => this.inFlight.delete(pending));
  }

  /** Writes the remembered activity of every device in one transaction. */
  flushActivity(): Promise<void> {
    if (this.flushing) return this.flushing;
    if (this.pendingActivity.size === 0) return Promise.resolve();
    const activity = [...this.pendingActivity];
    this.pendingActivity.clear();
    const writes: AttributesWrite[] = activity.map(([deviceId, time]) => {
      const state = this.track(deviceId, time);
      const entries = [long(STATE_KEYS.lastActivityTime, time)];
      const wasActive = state.active;
      if (!wasActive) entries.push(bool(STATE_KEYS.active, true));
      state.active = true;
      state.lastActivityTime = Math.max(state.lastActivityTime, time);
      if (!wasActive) this.emit(state, 'ACTIVITY_EVENT');
      if (state.inactivityTimeout === undefined) void this.loadTimeout(deviceId);
      return { entityId: deviceRef(deviceId), scope: 'SERVER_SCOPE', entries };
    });
    this.flushing = this.db
      .transaction()
      .execute((trx) => this.telemetry.saveAttributesBatch(trx, writes))
      .then((pending) => pending.afterCommit())
      .catch((err: unknown) =>
        this.log.error({ err, devices: writes.length }, 'failed to store device activity'),
      )
      .finally(() => {
        this.flushing = undefined;
      });
    return this.flushing;
  }

  /** Marks devices inactive that were silent longer than their timeout. */
  async checkInactivity(): Promise<void> {
    const now = this.now();
    const writes: AttributesWrite[] = [];
    for (const [deviceId, state] of this.tracked) {
      if (!state.active || this.pendingActivity.has(deviceId) || !this.owns(deviceId)) continue;
      const timeout = state.inactivityTimeout ?? this.options.defaultInactivityTimeoutMs;
      if (now - state.lastActivityTime < timeout) continue;
      state.active = false;
      state.lastInactivityAlarmTime = now;
      this.emit(state, 'INACTIVITY_EVENT');
      writes.push({
        entityId: deviceRef(deviceId),
        scope: 'SERVER_SCOPE',
        entries: [bool(STATE_KEYS.active, false), long(STATE_KEYS.inactivityAlarmTime, now)],
      });
    }
    if (writes.length === 0) return;
    try {
      const pending = await this.db
        .transaction()
        .execute((trx) => this.telemetry.saveAttributesBatch(trx, writes));
      pending.afterCommit();
    } catch (err) {
      this.log.error({ err, devices: writes.length }, 'failed to store device inactivity');
    }
  }

  /** A device was deleted: forget it. */
  forget(deviceId: string): void {
    this.tracked.delete(deviceId);
    this.pendingActivity.delete(deviceId);
  }

  private onTelemetryChange(change: TelemetryChange): void {
    if (change.type !== 'ATTRIBUTES_UPDATED' && change.type !== 'ATTRIBUTES_DELETED') return;
    if (change.scope !== 'SERVER_SCOPE' || change.entityId.entityType !== 'DEVICE') return;
    const deviceId = change.entityId.id;
    if (change.type === 'ATTRIBUTES_DELETED') {
      const state = this.tracked.get(deviceId);
      if (state && change.keys.includes(STATE_KEYS.inactivityTimeout)) state.inactivityTimeout = null;
      return;
    }
    let state = this.tracked.get(deviceId);
    for (const entry of change.entries) {
      if (entry.key === STATE_KEYS.inactivityTimeout) {
        if (state) state.inactivityTimeout = timeoutOf(entry.value) ?? null;
      } else if (entry.key === STATE_KEYS.lastActivityTime && entry.value.type === 'LONG') {
        // Activity written by any node (this one's own writes change nothing here).
        state ??= this.trackHeard(deviceId);
        state.lastActivityTime = Math.max(state.lastActivityTime, Number(entry.value.value));
      } else if (entry.key === STATE_KEYS.active && entry.value.type === 'BOOLEAN') {
        state ??= this.trackHeard(deviceId);
        state.active = entry.value.value;
      }
    }
  }

  /** Stops the timers and writes what is pending. */
  async close(): Promise<void> {
    clearInterval(this.flushTimer);
    clearInterval(this.checkTimer);
    this.stopListening();
    await this.flushActivity();
    await Promise.all([...this.inFlight]);
    this.closed = true;
  }
}

/** A usable timeout from an attribute value (ms); undefined for anything that is not a positive number. */
function timeoutOf(value: KvEntry['value']): number | undefined {
  let ms: number;
  if (value.type === 'LONG') ms = Number(value.value);
  else if (value.type === 'DOUBLE') ms = value.value;
  else if (value.type === 'STRING') ms = Number(value.value);
  else return undefined;
  return Number.isFinite(ms) && ms > 0 ? ms : undefined;
}
