import type { AlarmSeverity, AttributeKvEntry, EntityId, JsonValue, TsKvEntry } from '@meridian/common';
import type { TelemetryChange } from '../../telemetry/service.js';
import type { AlarmEvent } from '../alarms/events.js';
import type { AlarmLifecycle } from '../alarms/lifecycle.js';
import type { AlarmsRepo } from '../alarms/repo.js';
import type { AlarmRow } from '../alarms/wire.js';
import type { DeviceEvent } from '../devices/device-events.js';
import type { AlarmCounts, AlarmWriter, CurrentAlarm } from './alarm-state.js';
import { type CompiledProfile, compileProfileAlarms } from './compile.js';
import { type DeviceInfo, DeviceState, type SnapshotSource } from './device-state.js';
import { OwnerAttributeCache } from './owner-values.js';
import type { AlarmRulesRepo } from './repo.js';

interface Log {
  warn(obj: object, message: string): void;
  error(obj: object, message: string): void;
}

export interface AlarmRulesDeps {
  repo: AlarmRulesRepo;
  alarms: Pick<AlarmsRepo, 'findActive' | 'findById'>;
  lifecycle: AlarmLifecycle;
  /** Latest time series and attributes (of any scope or of one) of an entity. */
  telemetry: {
    latest(entityId: EntityId, keys?: readonly string[]): Promise<TsKvEntry[]>;
    attributes(
      entityId: EntityId,
      scope?: 'SERVER_SCOPE',
      keys?: readonly string[],
    ): Promise<AttributeKvEntry[]>;
  };
  log: Log;
  now?: () => number;
}

export interface AlarmRulesOptions {
  /** How often DURATION rules are checked without new data (the reference checks every minute). */
  checkIntervalMs: number;
  /** Devices kept in memory; the least recently active go first beyond it. */
  maxDevices: number;
  /**
   * Whether this server processes the device's messages (in a cluster: owns its partition), so
   * states fetched at start are those of its own devices only. All devices without.
   */
  ownsDevice?: (deviceId: string, tenantId: string) => boolean;
}

/** New data of a device, as the device profile node hands it over. */
export type DeviceDataChange =
  | { type: 'TIMESERIES'; entries: TsKvEntry[] }
  | { type: 'ATTRIBUTES'; entries: AttributeKvEntry[] }
  | { type: 'ATTRIBUTES_DELETED'; keys: string[] };

/** What the rules did to an alarm. */
export interface AlarmOutcome {
  kind: 'CREATED' | 'UPDATED' | 'SEVERITY_UPDATED' | 'CLEARED';
  alarm: AlarmRow;
}

/** A device known to the processor: its state, or null when its profile has no alarm rules. */
interface DeviceEntry {
  profileId: string;
  state: DeviceState | null;
  /** The rule counts last kept for the device (persistAlarmRulesState), to skip unchanged writes. */
  savedCounts?: string;
}

/** The device profile node asks to keep alarm rule counts across restarts, under its id. */
export interface RuleStatePersistence {
  nodeId: string;
}

const toCurrent = (row: AlarmRow | undefined): CurrentAlarm | undefined =>
  row && { id: row.id, severity: row.severity as AlarmSeverity, details: (row.details ?? null) as JsonValue };

/**
 * Device-profile alarm rules (reference TbDeviceProfileNode): hears every telemetry and attribute
 * change after it was stored, and for devices whose profile has alarm rules evaluates them and
 * raises, updates or clears alarms. Work runs after the write, one change at a time per device, in
 * the order the changes were heard; a failure is logged and never reaches the writer.
 */
export class AlarmRulesProcessor {
  private readonly devices = new Map<string, DeviceEntry>();
  private readonly profiles = new Map<string, CompiledProfile | null>();
  private readonly queues = new Map<string, Promise<void>>();
  /** Device profile nodes that fetch their devices' states on start (and when devices move in). */
  private readonly fetchingNodes = new Set<string>();
  private readonly owners: OwnerAttributeCache;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly deps: AlarmRulesDeps,
    private readonly options: AlarmRulesOptions,
  ) {
    this.now = deps.now ?? Date.now;
    this.owners = new OwnerAttributeCache((owner, keys) =>
      deps.telemetry.attributes(owner, 'SERVER_SCOPE', keys),
    );
  }

  /** Starts the periodic check. */
  start(): void {
    this.timer = setInterval(() => this.checkNow(), this.options.checkIntervalMs);
    this.timer.unref();
  }

  /** Stops the periodic check and waits for the work under way. */
  async close(): Promise<void> {
    // Changes heard from now on (the last ingest batches of a shutdown) are not evaluated.
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.idle();
  }

  /** Resolves once every change heard so far has been evaluated. */
  async idle(): Promise<void> {
    while (this.queues.size > 0) await Promise.all(this.queues.values());
  }

  /** The periodic check, now: DURATION rules whose time has come raise their alarm. */
  checkNow(): void {
    const ts = this.now();
    for (const [deviceId, entry] of this.devices) {
      const state = entry.state;
      if (state) this.enqueue(deviceId, () => state.onTick(ts, this.owners, this.writerFor(state.info)));
    }
  }

  /**
   * A telemetry or attribute change of any entity after it was stored (TelemetryService.onChange):
   * owner attribute values stay current, and deleted time series leave the device snapshots. New
   * data is evaluated by `evaluate`, from the device profile rule node, before it is stored.
   */
  onTelemetry(change: TelemetryChange): void {
    this.owners.onChange(change);
    if (change.entityId.entityType !== 'DEVICE' || change.type !== 'TIMESERIES_DELETED') return;
    const deviceId = change.entityId.id;
    const state = this.devices.get(deviceId)?.state;
    if (state) this.enqueue(deviceId, async () => state.onTimeseriesDeleted(change.latest));
  }

  /**
   * True when the device is known to have a profile without alarm rules (nothing to evaluate).
   * Not while tasks of the device wait: a move to a profile with rules may be being read, and data
   * that comes meanwhile is evaluated after it, in the device's order.
   */
  hasNoRules(deviceId: string): boolean {
    return this.devices.get(deviceId)?.state === null && !this.queues.has(deviceId);
  }

  /**
   * The device profile rule node (reference TbDeviceProfileNode): evaluates a device's new data
   * against its profile's alarm rules, after the device's earlier changes. Resolves once done, with
   * the alarms raised, updated or cleared; never rejects (a failure is logged).
   */
  async evaluate(
    deviceId: string,
    change: DeviceDataChange,
    persistence?: RuleStatePersistence,
  ): Promise<AlarmOutcome[]> {
    // The common case on the ingest path: a device whose profile has no rules costs one lookup.
    if (this.hasNoRules(deviceId)) return [];
    const outcomes: AlarmOutcome[] = [];
    await this.enqueue(deviceId, async () => {
      const state = await this.stateOf(deviceId, persistence);
      if (!state) return;
      await this.loadOwners(state);
      const writer = this.writerFor(state.info, outcomes);
      const source = this.snapshotSource();
      if (change.type === 'TIMESERIES') {
        await state.onTimeseries(change.entries, source, this.owners, writer);
      } else if (change.type === 'ATTRIBUTES') {
        await state.onAttributes(change.entries, source, this.owners, writer);
      } else {
        await state.onAttributesDeleted(change.keys, source, this.owners, writer);
      }
      if (persistence) await this.keepCounts(deviceId, state, persistence);
    });
    return outcomes;
  }

  /**
   * Reads back the alarm rule counts a device profile node kept (`fetchAlarmRulesStateOnStart`,
   * reference TbDeviceProfileNode) for every device that has them, this server's devices only, so
   * the periodic check raises a DURATION alarm of a device that sends nothing after a restart.
   * Called at start for every such node, and by the node when its chain starts (the flag may have
   * just been turned on). Resolves with the number of devices read.
   */
  async restoreStates(nodeId: string): Promise<number> {
    this.fetchingNodes.add(nodeId);
    return this.restore(nodeId, this.options.ownsDevice ?? (() => true));
  }

  /** At start: the states of every device profile node that fetches them on start. */
  async restoreAtStart(): Promise<number> {
    let count = 0;
    for (const nodeId of await this.deps.repo.nodesFetchingStateOnStart())
      count += await this.restoreStates(nodeId);
    return count;
  }

  /** Devices came to this server (a partition of a cluster): their fetched states. */
  async restoreMovedIn(movedIn: (deviceId: string, tenantId: string) => boolean): Promise<void> {
    for (const nodeId of this.fetchingNodes) await this.restore(nodeId, movedIn);
  }

  private async restore(
    nodeId: string,
    owns: (deviceId: string, tenantId: string) => boolean,
  ): Promise<number> {
    const devices = (await this.deps.repo.ruleStateDevices(nodeId, this.options.maxDevices)).filter(
      ({ deviceId, tenantId }) => owns(deviceId, tenantId),
    );
    const persistence = { nodeId };
    await Promise.all(
      devices.map(({ deviceId }) =>
        this.enqueue(deviceId, async () => {
          const state = await this.stateOf(deviceId, persistence);
          if (!state) return;
          // The periodic check evaluates devices whose data and owners' values are loaded.
          await this.loadOwners(state);
          await state.loadedSnapshot(this.snapshotSource());
        }),
      ),
    );
    return devices.length;
  }

  /**
   * In a cluster: the devices whose queue partition this node gave up. Their state goes, so that a
   * stale one is neither evaluated nor checked here while another node holds the device; it is read
   * again from the database if the device comes back.
   */
  forgetDevices(movedAway: (deviceId: string, tenantId: string) => boolean): void {
    for (const [deviceId, entry] of this.devices) {
      const tenantId = entry.state?.info.tenantId;
      if (tenantId !== undefined && movedAway(deviceId, tenantId)) {
        this.enqueue(deviceId, async () => {
          this.devices.delete(deviceId);
        });
      }
    }
  }

  /** Device and profile changes (DeviceEvents): the affected states are rebuilt or dropped. */
  onDeviceEvent(event: DeviceEvent): void {
    switch (event.type) {
      case 'DEVICE_DELETED':
        this.enqueue(event.deviceId, async () => {
          this.devices.delete(event.deviceId);
        });
        return;
      case 'DEVICE_UPDATED':
        if (this.devices.has(event.deviceId)) {
          this.enqueue(event.deviceId, () => this.reloadDevice(event.deviceId));
        }
        return;
      case 'PROFILE_UPDATED':
      case 'PROFILE_DELETED':
        this.profiles.delete(event.deviceProfileId);
        for (const [deviceId, entry] of this.devices) {
          if (entry.profileId === event.deviceProfileId) {
            this.enqueue(deviceId, () => this.reloadDevice(deviceId));
          }
        }
        return;
      case 'CREDENTIALS_UPDATED':
        return;
    }
  }

  /** Alarms cleared or deleted elsewhere are forgotten by their device's rules. */
  onAlarmEvent(event: AlarmEvent): void {
    if (event.type !== 'ALARM_CLEAR' && event.type !== 'ALARM_DELETE') return;
    if (event.alarm.originatorType !== 'DEVICE') return;
    const deviceId = event.alarm.originatorId;
    const state = this.devices.get(deviceId)?.state;
    if (state) this.enqueue(deviceId, async () => state.forgetAlarm(event.alarm.id));
  }

  private enqueue(deviceId: string, task: () => Promise<void>): Promise<void> {
    if (this.closed) return Promise.resolve();
    const previous = this.queues.get(deviceId) ?? Promise.resolve();
    const run = previous.then(task).catch((err: unknown) => {
      this.deps.log.error({ err, deviceId }, 'device profile alarm rules failed');
    });
    this.queues.set(deviceId, run);
    void run.then(() => {
      if (this.queues.get(deviceId) === run) this.queues.delete(deviceId);
    });
    return run;
  }

  /** The compiled alarm rules of a profile, or null when it has none. */
  private async profile(profileId: string): Promise<CompiledProfile | null> {
    if (this.profiles.has(profileId)) return this.profiles.get(profileId) ?? null;
    const alarms = await this.deps.repo.profileAlarms(profileId);
    const compiled = alarms ? compileProfileAlarms(alarms) : null;
    if (compiled && compiled.problems.length > 0) {
      this.deps.log.warn({ profileId, problems: compiled.problems }, 'device profile alarm rules skipped');
    }
    const result = compiled && compiled.alarms.length > 0 ? compiled : null;
    this.profiles.set(profileId, result);
    return result;
  }

  /** The device's state, loading the device and its profile the first time. */
  /** Writes the device's rule counts when they changed since they were last kept. */
  private async keepCounts(deviceId: string, state: DeviceState, persistence: RuleStatePersistence) {
    const entry = this.devices.get(deviceId);
    const counts = JSON.stringify(state.ruleCounts);
    if (!entry || entry.savedCounts === counts) return;
    await this.deps.repo.saveRuleState(persistence.nodeId, deviceId, counts, this.now());
    entry.savedCounts = counts;
  }

  private async stateOf(deviceId: string, persistence?: RuleStatePersistence): Promise<DeviceState | null> {
    const known = this.devices.get(deviceId);
    if (known) {
      // Most recently active last, so eviction takes the idle ones.
      this.devices.delete(deviceId);
      this.devices.set(deviceId, known);
      return known.state;
    }
    const info = await this.deps.repo.device(deviceId);
    if (!info) return null;
    const profile = await this.profile(info.profileId);
    const state = profile ? new DeviceState(info, profile, this.now) : null;
    const entry: DeviceEntry = { profileId: info.profileId, state };
    if (state && persistence) {
      // Counts kept before a restart: a DURATION or REPEATING rule goes on where it was.
      const saved = await this.deps.repo.ruleState(persistence.nodeId, deviceId);
      if (saved && typeof saved === 'object') {
        state.restoreRuleCounts(saved as Record<string, Partial<AlarmCounts>>);
        entry.savedCounts = JSON.stringify(state.ruleCounts);
      }
    }
    this.remember(deviceId, entry);
    return state;
  }

  private remember(deviceId: string, entry: DeviceEntry): void {
    this.devices.set(deviceId, entry);
    while (this.devices.size > this.options.maxDevices) {
      const oldest = this.devices.keys().next().value;
      if (oldest === undefined) break;
      this.devices.delete(oldest);
    }
  }

  /** The device or its profile changed: owners, entity fields and rules are read again. */
  private async reloadDevice(deviceId: string): Promise<void> {
    const entry = this.devices.get(deviceId);
    if (!entry) return;
    const info = await this.deps.repo.device(deviceId);
    if (!info) {
      this.devices.delete(deviceId);
      return;
    }
    const profile = await this.profile(info.profileId);
    let state = entry.state;
    if (!profile) state = null;
    else if (!state) state = new DeviceState(info, profile, this.now);
    else {
      state.setInfo(info);
      if (state.compiledProfile !== profile) state.setProfile(profile);
    }
    this.devices.set(deviceId, { profileId: info.profileId, state });
  }

  private async loadOwners(state: DeviceState): Promise<void> {
    const keys = state.compiledProfile.ownerAttributes;
    if (keys.length === 0) return;
    const { tenantId, customerId } = state.info;
    const owners: EntityId[] = [{ entityType: 'TENANT', id: tenantId }];
    if (customerId) owners.push({ entityType: 'CUSTOMER', id: customerId });
    await this.owners.load(owners, keys);
  }

  private snapshotSource(): SnapshotSource {
    const entity = (id: string): EntityId => ({ entityType: 'DEVICE', id });
    return {
      latest: (deviceId, keys) => this.deps.telemetry.latest(entity(deviceId), keys),
      attributes: (deviceId, keys) => this.deps.telemetry.attributes(entity(deviceId), undefined, keys),
    };
  }

  /** How the rules of a device read and write its alarms: through the alarm lifecycle. */
  private writerFor(info: DeviceInfo, outcomes?: AlarmOutcome[]): AlarmWriter {
    const { lifecycle, alarms } = this.deps;
    const report = (kind: AlarmOutcome['kind'], row: AlarmRow | undefined) => {
      if (outcomes && row) outcomes.push({ kind, alarm: row });
    };
    return {
      findActive: async (type) => toCurrent(await alarms.findActive(info.id, type)),
      create: async (alarm) => {
        const { alarm: row } = await lifecycle.createOrUpdateActive({
          ...alarm,
          tenantId: info.tenantId,
          customerId: info.customerId,
          originator: { entityType: 'DEVICE', id: info.id },
          status: 'ACTIVE_UNACK',
          endTs: alarm.startTs,
          ackTs: 0,
          clearTs: 0,
        });
        report('CREATED', row);
        return toCurrent(row) as CurrentAlarm;
      },
      update: async (id, severity, endTs, details) => {
        const before = outcomes ? await alarms.findById(id) : undefined;
        const row = await lifecycle.updateActive(id, { severity, endTs, details });
        report(before && row && before.severity !== row.severity ? 'SEVERITY_UPDATED' : 'UPDATED', row);
        return toCurrent(row);
      },
      clear: async (id, details) => {
        const result = await lifecycle.clear(id, details, this.now());
        if (result?.changed) report('CLEARED', result.alarm);
      },
    };
  }
}
