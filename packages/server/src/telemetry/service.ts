import type {
  AggregationType,
  AttributeKvEntry,
  AttributeScope,
  EntityId,
  KvEntry,
  TsEntries,
  TsKvEntry,
} from '@meridian/common';
import type { Db } from '../db/store.js';
import { aggregateBucket, bucketPlan, bucketTs, intervalCountProblem } from './aggregate.js';
import type { LatestAfterDelete, TelemetryRepo } from './repo.js';
import { checkKey, TelemetryInputError } from './values.js';

/**
 * Attributes and time series of any entity: the one entry point for the REST API, the device
 * transports and bulk import. After every successful write the listeners hear what changed, which is
 * where live subscriptions attach.
 *
 * Writes come in two forms. `saveTimeseries` / `saveAttributes` write one entity in a transaction of
 * their own. The batch forms write many entities in the caller's transaction, one multi-row statement
 * per table, so that the values commit (or roll back) with whatever else the caller writes; they
 * return a {@link PendingChanges} whose `afterCommit()` the caller runs once that transaction has
 * committed; only then do the listeners hear of the changes. The single forms are batches of one.
 */

/** What a write changed, as the listeners receive it. */
export type TelemetryChange =
  | {
      type: 'TIMESERIES_UPDATED';
      tenantId: string;
      entityId: EntityId;
      /** Every point stored. */
      entries: TsKvEntry[];
      /** The latest values that moved forward (a subset of `entries`). */
      latest: TsKvEntry[];
      /** Time to live in seconds the writer asked for; 0 for none. */
      ttl: number;
    }
  | {
      type: 'TIMESERIES_DELETED';
      entityId: EntityId;
      keys: string[];
      /** The deleted range, `startTs <= ts < endTs`; absent when all points of the keys went. */
      range: { startTs: number; endTs: number } | undefined;
      latest: LatestAfterDelete[];
    }
  | { type: 'ATTRIBUTES_UPDATED'; entityId: EntityId; scope: AttributeScope; entries: AttributeKvEntry[] }
  | { type: 'ATTRIBUTES_DELETED'; entityId: EntityId; scope: AttributeScope; keys: string[] };

export type TelemetryListener = (change: TelemetryChange) => void | Promise<void>;

/** Time-series points of one entity in a batch. */
export interface TimeseriesWrite {
  tenantId: string;
  entityId: EntityId;
  entries: readonly TsEntries[];
  /** Time to live in seconds; 0 (the default) for none. */
  ttl?: number;
}

/** Attributes of one entity and scope in a batch. */
export interface AttributesWrite {
  entityId: EntityId;
  scope: AttributeScope;
  entries: readonly KvEntry[];
}

/**
 * Changes written in a caller's transaction. `afterCommit()` is for after that transaction has
 * committed: it caches what the transaction added to the key dictionary and tells the listeners.
 * It runs once, later calls do nothing; after a rollback it is simply not called.
 */
export interface PendingChanges {
  afterCommit(): void;
}

const NOTHING_PENDING: PendingChanges = { afterCommit: () => {} };

/** Runs the steps once, the first time. */
function once(...steps: (() => void)[]): PendingChanges {
  let done = false;
  return {
    afterCommit: () => {
      if (done) return;
      done = true;
      for (const step of steps) step();
    },
  };
}

/** The points of each write, keys checked; throws on a bad ttl, timestamp or key. */
function pointsOf(writes: readonly TimeseriesWrite[]): TsKvEntry[][] {
  return writes.map(({ entries, ttl = 0 }) => {
    if (!Number.isSafeInteger(ttl) || ttl < 0) throw new TelemetryInputError(`Invalid ttl: ${ttl}`);
    const points: TsKvEntry[] = [];
    for (const entry of entries) {
      if (!Number.isSafeInteger(entry.ts)) throw new TelemetryInputError(`Invalid ts: ${entry.ts}`);
      for (const kv of entry.values) points.push({ ts: entry.ts, key: checkKey(kv.key), value: kv.value });
    }
    return points;
  });
}

function checkAttributeKeys(writes: readonly AttributesWrite[]): void {
  for (const write of writes) for (const entry of write.entries) checkKey(entry.key);
}

function requireTransaction(trx: Db, method: string): void {
  if (!trx.isTransaction) throw new Error(`TelemetryService.${method} writes in the caller's transaction`);
}

/** A history request (reference §1.4): NONE returns raw points, the others one point per bucket. */
export interface HistoryQuery {
  keys: readonly string[];
  startTs: number;
  endTs: number;
  /** Bucket length in ms; 0 means no aggregation whatever `agg` says. */
  interval: number;
  /** Most raw points per key (NONE only). */
  limit: number;
  agg: AggregationType;
  /** Order of raw points (NONE only); buckets always come oldest first. */
  orderBy: 'ASC' | 'DESC';
}

export class TelemetryService {
  private readonly listeners = new Set<TelemetryListener>();
  private readonly localListeners = new Set<TelemetryListener>();

  constructor(
    private readonly repo: TelemetryRepo,
    private readonly onListenerError: (error: unknown) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Adds a listener called after each successful write, this node's and (in a cluster) the other
   * nodes'; returns the function that removes it.
   */
  onChange(listener: TelemetryListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Adds a listener of this node's own writes only (the cluster relay). */
  onLocalChange(listener: TelemetryListener): () => void {
    this.localListeners.add(listener);
    return () => this.localListeners.delete(listener);
  }

  /** A write another cluster node made: its live subscribers here hear of it. */
  applyRemoteChange(change: TelemetryChange): void {
    this.tell(this.listeners, change);
  }

  private notify(change: TelemetryChange): void {
    this.tell(this.localListeners, change);
    this.tell(this.listeners, change);
  }

  private tell(listeners: ReadonlySet<TelemetryListener>, change: TelemetryChange): void {
    for (const listener of listeners) {
      try {
        const pending = listener(change);
        if (pending) pending.catch(this.onListenerError);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  /**
   * Stores time-series points of one entity in a transaction of its own. `ttl` (seconds) travels
   * with the change; like the reference's SQL storage, expiry is left to a clean-up job rather than
   * to each row.
   */
  async saveTimeseries(
    tenantId: string,
    entityId: EntityId,
    entries: readonly TsEntries[],
    ttl = 0,
  ): Promise<void> {
    const writes = [{ tenantId, entityId, entries, ttl }];
    const [points = []] = pointsOf(writes);
    if (points.length === 0) return;
    const pending = await this.repo.transaction((trx) => this.writeTimeseries(trx, writes, [points]));
    pending.afterCommit();
  }

  /** Stores attributes of one entity in a scope, stamped now, in a transaction of its own. */
  async saveAttributes(entityId: EntityId, scope: AttributeScope, kv: readonly KvEntry[]): Promise<void> {
    const writes = [{ entityId, scope, entries: kv }];
    checkAttributeKeys(writes);
    if (kv.length === 0) return;
    const pending = await this.repo.transaction((trx) => this.writeAttributes(trx, writes));
    pending.afterCommit();
  }

  /**
   * Stores the time-series points of many entities in the caller's transaction (see the file
   * comment), or, given the database itself, atomically on their own (one statement when it can);
   * each write is heard as its own TIMESERIES_UPDATED once `afterCommit()` runs. Bad input throws
   * before anything is written.
   */
  async saveTimeseriesBatch(db: Db, writes: readonly TimeseriesWrite[]): Promise<PendingChanges> {
    return this.writeTimeseries(db, writes, pointsOf(writes));
  }

  /**
   * Stores the attributes of many entities in the caller's transaction, all stamped now; each write
   * is heard as its own ATTRIBUTES_UPDATED once `afterCommit()` runs. Bad keys throw before anything
   * is written.
   */
  async saveAttributesBatch(trx: Db, writes: readonly AttributesWrite[]): Promise<PendingChanges> {
    requireTransaction(trx, 'saveAttributesBatch');
    checkAttributeKeys(writes);
    return this.writeAttributes(trx, writes);
  }

  private async writeTimeseries(
    trx: Db,
    writes: readonly TimeseriesWrite[],
    points: readonly TsKvEntry[][],
  ): Promise<PendingChanges> {
    const batch = writes.flatMap((write, index) => {
      const entries = points[index] ?? [];
      return entries.length > 0 ? [{ write, entries }] : [];
    });
    if (batch.length === 0) return NOTHING_PENDING;
    const saved = await this.repo.saveTimeseriesBatch(
      trx,
      batch.map(({ write, entries }) => ({ entityId: write.entityId.id, points: entries })),
    );
    return once(saved.afterCommit, () =>
      batch.forEach(({ write, entries }, index) => {
        this.notify({
          type: 'TIMESERIES_UPDATED',
          tenantId: write.tenantId,
          entityId: write.entityId,
          entries,
          latest: saved.result[index] ?? [],
          ttl: write.ttl ?? 0,
        });
      }),
    );
  }

  private async writeAttributes(trx: Db, writes: readonly AttributesWrite[]): Promise<PendingChanges> {
    const batch = writes.filter((write) => write.entries.length > 0);
    if (batch.length === 0) return NOTHING_PENDING;
    const saved = await this.repo.saveAttributesBatch(
      trx,
      batch.map(({ entityId, scope, entries }) => ({ entity: entityId, scope, entries })),
      this.now(),
    );
    return once(() =>
      batch.forEach(({ entityId, scope }, index) => {
        const entries = saved[index] ?? [];
        if (entries.length > 0) this.notify({ type: 'ATTRIBUTES_UPDATED', entityId, scope, entries });
      }),
    );
  }

  /** Latest values, of the given keys or of every key; ordered by key. */
  latest(entityId: EntityId, keys?: readonly string[]): Promise<TsKvEntry[]> {
    return this.repo.latest(entityId.id, keys);
  }

  /** Attributes of one scope or of all, of the given keys or of every key. */
  attributes(
    entityId: EntityId,
    scope?: AttributeScope,
    keys?: readonly string[],
  ): Promise<AttributeKvEntry[]> {
    return this.repo.attributes(entityId.id, scope, keys);
  }

  /** Attribute keys of one scope or of all (each key once). */
  async attributeKeys(entityId: EntityId, scope?: AttributeScope): Promise<string[]> {
    const attributes = await this.repo.attributes(entityId.id, scope);
    return [...new Set(attributes.map((a) => a.key))];
  }

  /** Keys that have a latest value. */
  timeseriesKeys(entityId: EntityId): Promise<string[]> {
    return this.repo.timeseriesKeys(entityId.id);
  }

  /** History of each key; keys without points in the window are absent. */
  async history(entityId: EntityId, query: HistoryQuery): Promise<Map<string, TsKvEntry[]>> {
    if (query.keys.length === 0) throw new TelemetryInputError("Incorrect ReadTsKvQuery. Key can't be empty");
    for (const key of query.keys) {
      if (key.length === 0) throw new TelemetryInputError("Incorrect ReadTsKvQuery. Key can't be empty");
    }
    if (query.interval < 0) throw new TelemetryInputError(`Invalid interval: ${query.interval}`);
    if (query.limit < 1) throw new TelemetryInputError(`Invalid limit: ${query.limit}`);
    const agg = query.interval === 0 ? 'NONE' : query.agg;
    if (agg !== 'NONE') {
      const problem = intervalCountProblem(query.startTs, query.endTs, query.interval);
      if (problem) throw new TelemetryInputError(problem);
    }
    const result = new Map<string, TsKvEntry[]>();
    for (const key of new Set(query.keys)) {
      let points: TsKvEntry[];
      if (agg === 'NONE') {
        const order = query.orderBy === 'ASC' ? 'asc' : 'desc';
        points = await this.repo.points(entityId.id, key, query, query.limit, order);
      } else {
        const plan = bucketPlan(query.startTs, query.endTs, query.interval);
        points = [];
        for (const stats of await this.repo.bucketStats(entityId.id, key, plan)) {
          const value = aggregateBucket(agg, stats);
          if (value) points.push({ key, ts: bucketTs(plan, stats.bucket), value });
        }
      }
      if (points.length > 0) result.set(key, points);
    }
    return result;
  }

  /**
   * Deletes points of the keys, in `startTs <= ts < endTs` or all of them; a deleted latest value is
   * replaced by the newest remaining point when `rewriteLatest`, otherwise removed.
   */
  async deleteTimeseries(
    entityId: EntityId,
    keys: readonly string[],
    range: { startTs: number; endTs: number } | undefined,
    rewriteLatest: boolean,
  ): Promise<void> {
    const unique = [...new Set(keys)];
    const latest = await this.repo.deleteTimeseries(entityId.id, unique, range, rewriteLatest);
    this.notify({ type: 'TIMESERIES_DELETED', entityId, keys: unique, range, latest });
  }

  /** Deletes attributes of a scope; listeners hear the keys that existed. */
  async deleteAttributes(entityId: EntityId, scope: AttributeScope, keys: readonly string[]): Promise<void> {
    const deleted = await this.repo.deleteAttributes(entityId.id, scope, [...new Set(keys)]);
    if (deleted.length > 0) this.notify({ type: 'ATTRIBUTES_DELETED', entityId, scope, keys: deleted });
  }

  /** Removes all attributes and time series of an entity, for when the entity itself is deleted. */
  deleteEntityData(entityId: EntityId): Promise<void> {
    return this.repo.deleteEntityData(entityId.id);
  }
}
