import type { AttributeKvEntry, KvValue, TsKvEntry } from '@meridian/common';
import { type AlarmCounts, AlarmState, type AlarmWriter } from './alarm-state.js';
import type { CompiledProfile } from './compile.js';
import { attributeKeyId, conditionKeyId, timeSeriesKeyId } from './keys.js';
import type { DynamicSources } from './predicates.js';
import type { RuleInput, SnapshotUpdate } from './rule-state.js';
import { DataSnapshot } from './snapshot.js';

/** The device fields the rules know: its owners, profile and the entity fields conditions read. */
export interface DeviceInfo {
  id: string;
  tenantId: string;
  customerId: string | null;
  profileId: string;
  name: string;
  type: string | null;
  label: string | null;
  createdTime: number;
}

/** Where a device's snapshot is first loaded from (latest time series and attributes of some keys). */
export interface SnapshotSource {
  latest(deviceId: string, keys: string[]): Promise<TsKvEntry[]>;
  attributes(deviceId: string, keys: string[]): Promise<AttributeKvEntry[]>;
}

/** The customer's and tenant's attributes dynamic values read, loaded before an evaluation. */
export interface OwnerValues {
  get(ownerId: string, key: string): KvValue | undefined;
}

// Later scopes win when a device has an attribute in several, as in the reference (server last).
const SCOPE_ORDER = { CLIENT_SCOPE: 0, SHARED_SCOPE: 1, SERVER_SCOPE: 2 } as const;

/** Entity fields a condition can read (reference EntityKeyMapping NAME, TYPE, CREATED_TIME, LABEL). */
function entityField(info: DeviceInfo, key: string): KvValue | undefined {
  switch (key) {
    case 'name':
      return { type: 'STRING', value: info.name };
    case 'type':
      return info.type === null ? undefined : { type: 'STRING', value: info.type };
    case 'label':
      return info.label === null ? undefined : { type: 'STRING', value: info.label };
    case 'createdTime':
      return { type: 'LONG', value: BigInt(info.createdTime) };
    default:
      return undefined;
  }
}

/**
 * Runs every alarm definition, one after the other; one that fails does not keep the others from
 * running, and the first failure is thrown once all ran, for the caller to log.
 */
async function eachAlarm(states: Iterable<AlarmState>, run: (state: AlarmState) => Promise<void>) {
  let failure: { error: unknown } | undefined;
  for (const state of states) {
    try {
      await run(state);
    } catch (error) {
      failure ??= { error };
    }
  }
  if (failure) throw failure.error;
}

/**
 * One device's alarm rules (reference DeviceState): its data snapshot and one {@link AlarmState}
 * per alarm definition of its profile. Callers run one operation at a time per device.
 */
export class DeviceState {
  private snapshot: DataSnapshot | undefined;
  private readonly alarms = new Map<string, AlarmState>();

  constructor(
    public info: DeviceInfo,
    private profile: CompiledProfile,
    private readonly now: () => number = Date.now,
  ) {
    this.setProfile(profile);
  }

  get compiledProfile(): CompiledProfile {
    return this.profile;
  }

  /**
   * A new or changed profile: alarm definitions kept by id start their rules over, new ones are
   * added, removed ones dropped; the snapshot is read again for the new keys.
   */
  setProfile(profile: CompiledProfile): void {
    this.profile = profile;
    this.snapshot = undefined;
    const ids = new Set(profile.alarms.map((alarm) => alarm.id));
    for (const id of this.alarms.keys()) if (!ids.has(id)) this.alarms.delete(id);
    for (const alarm of profile.alarms) {
      const state = this.alarms.get(alarm.id);
      if (state) state.define(alarm);
      else this.alarms.set(alarm.id, new AlarmState(alarm, this.now));
    }
  }

  /** Every alarm definition's rule counts, by definition id (what `persistAlarmRulesState` keeps). */
  get ruleCounts(): Record<string, AlarmCounts> {
    return Object.fromEntries([...this.alarms].map(([id, state]) => [id, state.counts]));
  }

  /** Counts kept from before a restart; definitions the profile no longer has are ignored. */
  restoreRuleCounts(saved: Record<string, Partial<AlarmCounts>>): void {
    for (const [id, state] of this.alarms) state.restoreCounts(saved[id]);
  }

  /** The device row changed (name, label, customer…): entity fields are read again with the snapshot. */
  setInfo(info: DeviceInfo): void {
    this.info = info;
    this.snapshot = undefined;
  }

  /** An alarm of this device was cleared or deleted elsewhere. */
  forgetAlarm(alarmId: string): void {
    for (const state of this.alarms.values()) state.forget(alarmId);
  }

  /** The snapshot, loaded from storage on first use with the entity fields of the device. */
  async loadedSnapshot(source: SnapshotSource): Promise<DataSnapshot> {
    if (this.snapshot) return this.snapshot;
    const keys = this.profile.keys;
    const snapshot = new DataSnapshot(new Set(keys.map(conditionKeyId)));
    const timeSeries = keys.filter((k) => k.type === 'TIME_SERIES').map((k) => k.key);
    const attributes = keys.filter((k) => k.type === 'ATTRIBUTE').map((k) => k.key);
    const [latest, stored] = await Promise.all([
      timeSeries.length > 0 ? source.latest(this.info.id, timeSeries) : [],
      attributes.length > 0 ? source.attributes(this.info.id, attributes) : [],
    ]);
    for (const key of keys) {
      if (key.type !== 'ENTITY_FIELD') continue;
      const value = entityField(this.info, key.key);
      if (value) snapshot.put(conditionKeyId(key), this.info.createdTime, value);
    }
    for (const point of latest) snapshot.put(timeSeriesKeyId(point.key), point.ts, point.value);
    const byScope = [...stored].sort((a, b) => SCOPE_ORDER[a.scope] - SCOPE_ORDER[b.scope]);
    for (const attribute of byScope)
      snapshot.put(attributeKeyId(attribute.key), attribute.lastUpdateTs, attribute.value);
    this.snapshot = snapshot;
    return snapshot;
  }

  private input(snapshot: DataSnapshot, owners: OwnerValues): RuleInput {
    const { customerId, tenantId } = this.info;
    const sources: DynamicSources = {
      device: (key) => snapshot.get(attributeKeyId(key)),
      customer: (key) => (customerId ? owners.get(customerId, key) : undefined),
      tenant: (key) => owners.get(tenantId, key),
    };
    return { snapshot, sources };
  }

  private async evaluate(
    snapshot: DataSnapshot,
    owners: OwnerValues,
    update: SnapshotUpdate | null,
    writer: AlarmWriter,
  ): Promise<void> {
    const input = this.input(snapshot, owners);
    await eachAlarm(this.alarms.values(), (state) => state.process(input, update, writer));
  }

  /** New time-series points: merged and evaluated one timestamp at a time, oldest first. */
  async onTimeseries(
    points: readonly TsKvEntry[],
    source: SnapshotSource,
    owners: OwnerValues,
    writer: AlarmWriter,
  ) {
    const snapshot = await this.loadedSnapshot(source);
    const byTs = new Map<number, TsKvEntry[]>();
    for (const point of points) byTs.set(point.ts, [...(byTs.get(point.ts) ?? []), point]);
    for (const ts of [...byTs.keys()].sort((a, b) => a - b)) {
      const keys = new Set<string>();
      for (const point of byTs.get(ts) ?? []) {
        const id = timeSeriesKeyId(point.key);
        if (snapshot.put(id, ts, point.value)) keys.add(id);
      }
      snapshot.ts = ts;
      if (keys.size > 0) await this.evaluate(snapshot, owners, { type: 'TIME_SERIES', keys }, writer);
    }
  }

  /** Attributes written (any scope): merged, then the rules that read only attributes are evaluated. */
  async onAttributes(
    entries: readonly AttributeKvEntry[],
    source: SnapshotSource,
    owners: OwnerValues,
    writer: AlarmWriter,
  ) {
    if (entries.length === 0) return;
    const snapshot = await this.loadedSnapshot(source);
    const ts = Math.max(...entries.map((entry) => entry.lastUpdateTs));
    const keys = new Set<string>();
    for (const entry of entries) {
      const id = attributeKeyId(entry.key);
      if (snapshot.put(id, ts, entry.value)) keys.add(id);
    }
    snapshot.ts = ts;
    if (keys.size > 0) await this.evaluate(snapshot, owners, { type: 'ATTRIBUTE', keys }, writer);
  }

  /** Attributes deleted: gone from the snapshot, then every rule is evaluated. */
  async onAttributesDeleted(
    keys: readonly string[],
    source: SnapshotSource,
    owners: OwnerValues,
    writer: AlarmWriter,
  ) {
    if (keys.length === 0) return;
    const snapshot = await this.loadedSnapshot(source);
    for (const key of keys) snapshot.remove(attributeKeyId(key));
    await this.evaluate(snapshot, owners, null, writer);
  }

  /** Time series deleted: the snapshot takes the new latest values; nothing is evaluated. */
  onTimeseriesDeleted(latest: readonly { key: string; replacement: TsKvEntry | undefined }[]): void {
    const snapshot = this.snapshot;
    if (!snapshot) return;
    for (const { key, replacement } of latest) {
      const id = timeSeriesKeyId(key);
      if (replacement) snapshot.put(id, snapshot.ts, replacement.value);
      else snapshot.remove(id);
    }
  }

  /** The periodic check: DURATION rules whose time has come are raised without new data. */
  async onTick(ts: number, owners: OwnerValues, writer: AlarmWriter): Promise<void> {
    const snapshot = this.snapshot;
    if (!snapshot) return;
    const input = this.input(snapshot, owners);
    await eachAlarm(this.alarms.values(), (state) => state.processAt(ts, input, writer));
  }
}
