import type {
  AlarmSeverity,
  AttributeKvEntry,
  DeviceProfileAlarm,
  JsonValue,
  KvValue,
  TsKvEntry,
} from '@meridian/common';
import type { AlarmWriter, CurrentAlarm, RaisedAlarm } from './alarm-state.js';
import { compileProfileAlarms } from './compile.js';
import { type DeviceInfo, DeviceState, type OwnerValues, type SnapshotSource } from './device-state.js';

/**
 * Test fixtures of the alarm rule evaluator (imported by its unit tests only): a device state over
 * an in-memory store of alarms, with a clock the test moves.
 */

export interface StoredTestAlarm extends RaisedAlarm {
  id: string;
  endTs: number;
  cleared: boolean;
}

/** Keeps alarms in memory, one active per type, like the alarm lifecycle does. */
export class MemoryAlarmWriter implements AlarmWriter {
  readonly alarms: StoredTestAlarm[] = [];

  active(type: string): StoredTestAlarm | undefined {
    return this.alarms.find((alarm) => alarm.type === type && !alarm.cleared);
  }

  private current(alarm: StoredTestAlarm): CurrentAlarm {
    return { id: alarm.id, severity: alarm.severity, details: alarm.details };
  }

  async findActive(type: string) {
    const alarm = this.active(type);
    return alarm && this.current(alarm);
  }

  async create(raised: RaisedAlarm) {
    const active = this.active(raised.type);
    if (active) {
      Object.assign(active, { severity: raised.severity, details: raised.details });
      return this.current(active);
    }
    const alarm = { ...raised, id: `alarm-${this.alarms.length + 1}`, endTs: raised.startTs, cleared: false };
    this.alarms.push(alarm);
    return this.current(alarm);
  }

  async update(id: string, severity: AlarmSeverity, endTs: number, details: JsonValue) {
    const alarm = this.alarms.find((a) => a.id === id && !a.cleared);
    if (!alarm) return undefined;
    Object.assign(alarm, { severity, endTs, details });
    return this.current(alarm);
  }

  async clear(id: string, details: JsonValue) {
    const alarm = this.alarms.find((a) => a.id === id);
    if (alarm) Object.assign(alarm, { cleared: true, details });
  }
}

/** Server attributes of owners by owner id. */
export class MemoryOwnerValues implements OwnerValues {
  readonly values = new Map<string, Map<string, KvValue>>();

  set(ownerId: string, key: string, value: KvValue): void {
    const owner = this.values.get(ownerId) ?? new Map<string, KvValue>();
    owner.set(key, value);
    this.values.set(ownerId, owner);
  }

  get(ownerId: string, key: string): KvValue | undefined {
    return this.values.get(ownerId)?.get(key);
  }
}

export const DEVICE: DeviceInfo = {
  id: 'device-1',
  tenantId: 'tenant-1',
  customerId: 'customer-1',
  profileId: 'profile-1',
  name: 'Boiler 7',
  type: 'boiler',
  label: 'Basement',
  createdTime: 1_000,
};

export const long = (value: number): KvValue => ({ type: 'LONG', value: BigInt(value) });
export const double = (value: number): KvValue => ({ type: 'DOUBLE', value });
export const text = (value: string): KvValue => ({ type: 'STRING', value });
export const bool = (value: boolean): KvValue => ({ type: 'BOOLEAN', value });

/** A device with the given alarm definitions, fed through the same calls the processor makes. */
export class TestDevice {
  readonly writer = new MemoryAlarmWriter();
  readonly owners = new MemoryOwnerValues();
  readonly stored: { latest: TsKvEntry[]; attributes: AttributeKvEntry[] } = { latest: [], attributes: [] };
  clock = 1_600_000_000_000;
  readonly state: DeviceState;

  constructor(alarms: DeviceProfileAlarm[], info: DeviceInfo = DEVICE) {
    const profile = compileProfileAlarms(alarms);
    if (profile.problems.length > 0) throw new Error(profile.problems.join('; '));
    this.state = new DeviceState(info, profile, () => this.clock);
  }

  private get source(): SnapshotSource {
    return {
      latest: async (_id, keys) => this.stored.latest.filter((p) => keys.includes(p.key)),
      attributes: async (_id, keys) => this.stored.attributes.filter((a) => keys.includes(a.key)),
    };
  }

  /** Posts time series at the current clock (or at `ts`). */
  telemetry(values: Record<string, KvValue>, ts = this.clock): Promise<void> {
    const points = Object.entries(values).map(([key, value]) => ({ key, value, ts }));
    return this.state.onTimeseries(points, this.source, this.owners, this.writer);
  }

  attributes(
    values: Record<string, KvValue>,
    scope: AttributeKvEntry['scope'] = 'SERVER_SCOPE',
  ): Promise<void> {
    const entries = Object.entries(values).map(([key, value]) => ({
      key,
      value,
      scope,
      lastUpdateTs: this.clock,
    }));
    return this.state.onAttributes(entries, this.source, this.owners, this.writer);
  }

  deleteAttributes(keys: string[]): Promise<void> {
    return this.state.onAttributesDeleted(keys, this.source, this.owners, this.writer);
  }

  tick(): Promise<void> {
    return this.state.onTick(this.clock, this.owners, this.writer);
  }

  active(type = 'High Temperature'): StoredTestAlarm | undefined {
    return this.writer.active(type);
  }
}
