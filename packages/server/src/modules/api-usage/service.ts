import {
  API_FEATURE_STATE_KEYS,
  API_USAGE_KEYS,
  type ApiFeature,
  type ApiUsageRecordName,
  type ApiUsageStateValue,
  type EntityId,
  hourlyKey,
  hourStart,
  type KvEntry,
  monthStart,
  type TsEntries,
  usageState,
  worstState,
} from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import type { Db } from '../../db/store.js';
import { type FeatureColumn, UsageStateRepo, type UsageStateRow } from './repo.js';

/** What the service needs of the telemetry service: the counters are the usage entity's time series. */
export interface UsageTelemetry {
  saveTimeseries(tenantId: string, entityId: EntityId, entries: readonly TsEntries[]): Promise<void>;
  latest(
    entityId: EntityId,
    keys?: readonly string[],
  ): Promise<{ key: string; ts: number; value: KvEntry['value'] }[]>;
}

export interface ApiUsageOptions {
  /** How often counters and state changes are written (reference `usage.stats.report.interval`, 10 s). */
  reportIntervalMs: number;
  now?: () => number;
  log: { warn(obj: object, msg: string): void };
}

type RecordCounts = Partial<Record<ApiUsageRecordName, number>>;

/** One tenant's usage this month: counters, the profile's limits and the features' states. */
interface TenantUsage {
  entityId: string;
  month: number;
  hour: number;
  monthly: RecordCounts;
  hourly: RecordCounts;
  states: Record<ApiFeature, ApiUsageStateValue>;
  limits: Limits;
  /** Counters changed since the last write. */
  dirty: boolean;
  /** Features whose state changed since the last write. */
  changedStates: Set<ApiFeature>;
  /** Counts of this node not yet told to the other nodes of a cluster. */
  unshared: RecordCounts;
}

/** One node's counts of an interval, as the other nodes of a cluster add them to theirs. */
export interface UsageDeltas {
  tenantId: string;
  month: number;
  hour: number;
  counts: RecordCounts;
}

interface Limits {
  values: Partial<Record<NonNullable<(typeof API_USAGE_KEYS)[ApiUsageRecordName]['limitKey']>, number>>;
  warnThreshold: number | undefined;
  /** The tenant profile's whole configuration as last read (the transports' rate limits are in it). */
  configuration: Readonly<Record<string, unknown>>;
}

const FEATURES = Object.keys(API_FEATURE_STATE_KEYS) as ApiFeature[];
const RECORDS = Object.keys(API_USAGE_KEYS) as ApiUsageRecordName[];
const FEATURE_COLUMNS: Record<ApiFeature, FeatureColumn> = {
  TRANSPORT: 'transport',
  DB: 'dbStorage',
  RE: 'reExec',
  JS: 'jsExec',
  EMAIL: 'emailExec',
  SMS: 'smsExec',
  ALARM: 'alarmExec',
};
const NO_LIMITS: Limits = { values: {}, warnThreshold: undefined, configuration: {} };

/**
 * The tenants' monthly API usage (reference `DefaultTbApiUsageStateService`). Counting is
 * synchronous and in memory, on the hot paths of the transports and the rule engine; every report
 * interval the counters are written as time series of the tenant's API usage state entity (monthly
 * at the month's start, hourly at the hour's), which is also where they are read back after a
 * restart. A counter reaching its tenant profile limit disables the feature at once: the rule
 * engine stops taking the tenant's messages, scripts refuse to run; a new month enables it again.
 */
export class ApiUsageService {
  private readonly tenants = new Map<string, TenantUsage>();
  private readonly deltaListeners = new Set<(deltas: UsageDeltas) => void>();
  private readonly repo: UsageStateRepo;
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    db: Db,
    private readonly telemetry: UsageTelemetry,
    private readonly options: ApiUsageOptions,
  ) {
    this.repo = new UsageStateRepo(db);
    this.now = options.now ?? Date.now;
  }

  /** Loads every tenant's state, limits and this month's counters; then writes them periodically. */
  async start(): Promise<void> {
    await this.repo.insertMissing(this.now());
    const [rows, limits] = await Promise.all([this.repo.all(), this.repo.limits()]);
    const now = this.now();
    await Promise.all(
      rows.map(async (row) => {
        const usage = this.fromRow(row, limitsOf(limits.get(row.tenantId)), now);
        await this.restoreCounts(usage, now);
        this.tenants.set(row.tenantId, usage);
      }),
    );
    this.timer = setInterval(() => void this.flush(), this.options.reportIntervalMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.flush();
  }

  /** A tenant was created (in the caller's transaction): its usage state row. */
  async tenantCreated(trx: Db, tenantId: string): Promise<void> {
    const row = newRow(tenantId, this.now());
    await new UsageStateRepo(trx).insert(row);
    // Its limits are read with the next interval's (this transaction is not committed yet).
    this.tenants.set(tenantId, this.fromRow(row, NO_LIMITS, this.now()));
  }

  /** A tenant or tenant profile changed: the limits are read again and the states re-evaluated. */
  async limitsChanged(): Promise<void> {
    const limits = await this.repo.limits();
    for (const [tenantId, usage] of this.tenants) {
      // A tenant that is gone (deleted with its usage state row) is forgotten.
      if (!limits.has(tenantId)) {
        this.tenants.delete(tenantId);
        continue;
      }
      usage.limits = limitsOf(limits.get(tenantId));
      this.evaluate(usage, FEATURES);
    }
  }

  /** Counts `count` uses of a record for a tenant. */
  report(tenantId: string, record: ApiUsageRecordName, count = 1): void {
    if (count <= 0) return;
    const usage = this.usage(tenantId);
    this.roll(usage);
    usage.monthly[record] = (usage.monthly[record] ?? 0) + count;
    usage.hourly[record] = (usage.hourly[record] ?? 0) + count;
    usage.unshared[record] = (usage.unshared[record] ?? 0) + count;
    usage.dirty = true;
    // Called for every rule node execution: states are judged only where a limit applies.
    const { limitKey, feature } = API_USAGE_KEYS[record];
    if (limitKey !== null && usage.limits.values[limitKey] !== undefined) this.evaluate(usage, [feature]);
  }

  /**
   * Told of this node's counts every interval, for the other nodes of a cluster: every node then
   * counts (and enforces) the whole cluster's usage, one interval late for the others' part.
   */
  onLocalDeltas(listener: (deltas: UsageDeltas) => void): () => void {
    this.deltaListeners.add(listener);
    return () => this.deltaListeners.delete(listener);
  }

  /** Another node's counts of an interval. */
  applyRemoteDeltas(deltas: UsageDeltas): void {
    const usage = this.tenants.get(deltas.tenantId);
    if (!usage) return;
    this.roll(usage);
    for (const [record, count] of Object.entries(deltas.counts) as [ApiUsageRecordName, number][]) {
      if (deltas.month === usage.month) usage.monthly[record] = (usage.monthly[record] ?? 0) + count;
      if (deltas.hour === usage.hour) usage.hourly[record] = (usage.hourly[record] ?? 0) + count;
    }
    usage.dirty = true;
    this.evaluate(usage, FEATURES);
  }

  /** Whether a feature is on for a tenant (not DISABLED by its monthly limit). */
  enabled(tenantId: string, feature: ApiFeature): boolean {
    const usage = this.tenants.get(tenantId);
    if (!usage) return true;
    this.roll(usage);
    return usage.states[feature] !== 'DISABLED';
  }

  /**
   * The tenant's profile configuration as last read (every report interval); the same object until
   * the next read, so callers can tell a change by identity. Empty for a tenant not known yet.
   */
  profileConfiguration(tenantId: string): Readonly<Record<string, unknown>> {
    return this.tenants.get(tenantId)?.limits.configuration ?? NO_LIMITS.configuration;
  }

  /** Writes changed counters and states now (the periodic write; also on close and in tests). */
  flush(): Promise<void> {
    this.flushing = this.flushing
      .then(() => this.writeChanges())
      .catch((err: unknown) => {
        this.options.log.warn({ err }, 'API usage counters could not be written');
      });
    return this.flushing;
  }

  private shareDeltas(): void {
    for (const [tenantId, usage] of this.tenants) {
      if (Object.keys(usage.unshared).length === 0) continue;
      const deltas = { tenantId, month: usage.month, hour: usage.hour, counts: usage.unshared };
      usage.unshared = {};
      for (const listener of this.deltaListeners) listener(deltas);
    }
  }

  private async writeChanges(): Promise<void> {
    this.shareDeltas();
    // Profiles change rarely and from several places (tenant, tenant profile): the limits are read
    // again every interval instead of being told about each change.
    await this.limitsChanged();
    for (const [tenantId, usage] of this.tenants) {
      if (!usage.dirty && usage.changedStates.size === 0) continue;
      const entries: TsEntries[] = [];
      if (usage.dirty) {
        entries.push({ ts: usage.month, values: counterEntries(usage.monthly, (key) => key) });
        entries.push({ ts: usage.hour, values: counterEntries(usage.hourly, hourlyKey) });
      }
      const changed = [...usage.changedStates];
      if (changed.length > 0) {
        entries.push({
          ts: this.now(),
          values: changed.map((feature) => ({
            key: API_FEATURE_STATE_KEYS[feature],
            value: { type: 'STRING', value: usage.states[feature] },
          })),
        });
      }
      usage.dirty = false;
      usage.changedStates.clear();
      if (changed.length > 0) {
        await this.repo.updateStates(
          usage.entityId,
          Object.fromEntries(changed.map((feature) => [FEATURE_COLUMNS[feature], usage.states[feature]])),
        );
      }
      await this.telemetry.saveTimeseries(tenantId, usageEntity(usage.entityId), entries);
    }
  }

  private usage(tenantId: string): TenantUsage {
    let usage = this.tenants.get(tenantId);
    if (!usage) {
      // A tenant made by a path that has no hook (install data): its row is written now.
      const row = newRow(tenantId, this.now());
      usage = this.fromRow(row, NO_LIMITS, this.now());
      this.tenants.set(tenantId, usage);
      void this.repo
        .insert(row)
        .then(() => this.reloadLimits(tenantId))
        .catch((err: unknown) => this.options.log.warn({ err, tenantId }, 'API usage state not stored'));
    }
    return usage;
  }

  private async reloadLimits(tenantId: string): Promise<void> {
    const limits = await this.repo.limits(tenantId);
    const usage = this.tenants.get(tenantId);
    if (!usage) return;
    usage.limits = limitsOf(limits.get(tenantId));
    this.evaluate(usage, FEATURES);
  }

  /** A new hour resets the hourly counters; a new month every counter and state. */
  private roll(usage: TenantUsage): void {
    const now = this.now();
    const hour = hourStart(now);
    if (hour === usage.hour) return;
    usage.hour = hour;
    usage.hourly = {};
    const month = monthStart(now);
    if (month !== usage.month) {
      usage.month = month;
      usage.monthly = {};
      // Last month's counts not yet shared would be taken for this month's by the other nodes.
      usage.unshared = {};
      usage.dirty = true;
      this.evaluate(usage, FEATURES);
    }
  }

  private evaluate(usage: TenantUsage, features: readonly ApiFeature[]): void {
    for (const feature of features) {
      const states = RECORDS.filter((record) => API_USAGE_KEYS[record].feature === feature).map((record) => {
        const { limitKey } = API_USAGE_KEYS[record];
        const limit = limitKey === null ? undefined : usage.limits.values[limitKey];
        return usageState(usage.monthly[record] ?? 0, limit, usage.limits.warnThreshold);
      });
      const state = worstState(states);
      if (state !== usage.states[feature]) {
        usage.states[feature] = state;
        usage.changedStates.add(feature);
      }
    }
  }

  private fromRow(row: UsageStateRow, limits: Limits, now: number): TenantUsage {
    const states = Object.fromEntries(
      FEATURES.map((feature) => [feature, row[FEATURE_COLUMNS[feature]] as ApiUsageStateValue]),
    ) as Record<ApiFeature, ApiUsageStateValue>;
    return {
      entityId: row.id,
      month: monthStart(now),
      hour: hourStart(now),
      monthly: {},
      hourly: {},
      states,
      limits,
      dirty: false,
      unshared: {},
      // Every state is written once for a new tenant, so the usage page shows them from the start.
      changedStates: new Set(FEATURES),
    };
  }

  /** This month's and this hour's counters as last written, so a restart does not reset them. */
  private async restoreCounts(usage: TenantUsage, now: number): Promise<void> {
    const keys = RECORDS.flatMap((record) => [
      API_USAGE_KEYS[record].key,
      hourlyKey(API_USAGE_KEYS[record].key),
    ]);
    const stateKeys = FEATURES.map((feature) => API_FEATURE_STATE_KEYS[feature]);
    const latest = await this.telemetry.latest(usageEntity(usage.entityId), [...keys, ...stateKeys]);
    // Only states never written (a tenant from before the counters) are written with the next interval.
    usage.changedStates.clear();
    for (const feature of FEATURES) {
      if (!latest.some((entry) => entry.key === API_FEATURE_STATE_KEYS[feature]))
        usage.changedStates.add(feature);
    }
    for (const record of RECORDS) {
      const { key } = API_USAGE_KEYS[record];
      const monthly = latest.find((entry) => entry.key === key);
      if (monthly && monthly.ts === monthStart(now)) usage.monthly[record] = numberOf(monthly.value);
      const hourly = latest.find((entry) => entry.key === hourlyKey(key));
      if (hourly && hourly.ts === hourStart(now)) usage.hourly[record] = numberOf(hourly.value);
    }
    this.evaluate(usage, FEATURES);
  }
}

function newRow(tenantId: string, now: number): UsageStateRow {
  return {
    id: uuidv1(),
    createdTime: now,
    tenantId,
    entityType: 'TENANT',
    entityId: tenantId,
    transport: 'ENABLED',
    dbStorage: 'ENABLED',
    reExec: 'ENABLED',
    jsExec: 'ENABLED',
    emailExec: 'ENABLED',
    smsExec: 'ENABLED',
    alarmExec: 'ENABLED',
  };
}

const usageEntity = (id: string): EntityId => ({ entityType: 'API_USAGE_STATE', id });

function counterEntries(counts: RecordCounts, keyOf: (key: string) => string): KvEntry[] {
  return RECORDS.map((record) => ({
    key: keyOf(API_USAGE_KEYS[record].key),
    value: { type: 'LONG', value: BigInt(counts[record] ?? 0) },
  }));
}

function numberOf(value: KvEntry['value']): number {
  if (value.type === 'LONG') return Number(value.value);
  if (value.type === 'DOUBLE') return value.value;
  const parsed = Number(value.value);
  return Number.isFinite(parsed) ? parsed : 0;
}

function limitsOf(configuration: Record<string, unknown> | undefined): Limits {
  if (!configuration) return NO_LIMITS;
  const values: Limits['values'] = {};
  for (const record of RECORDS) {
    const { limitKey } = API_USAGE_KEYS[record];
    if (limitKey === null) continue;
    const limit = configuration[limitKey];
    if (typeof limit === 'number' && Number.isFinite(limit) && limit > 0)
      values[limitKey] = Math.floor(limit);
  }
  const warn = configuration.warnThreshold;
  return { values, warnThreshold: typeof warn === 'number' && warn > 0 ? warn : undefined, configuration };
}
