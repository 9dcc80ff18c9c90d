import type {
  AggregationType,
  AttributeKvEntry,
  AttributeScope,
  EntityId,
  KvEntry,
  TsEntries,
  TsKvEntry,
} from '@meridian/common';
import { aggregateBucket, bucketPlan, bucketTs, intervalCountProblem } from './aggregate.js';
import type { LatestAfterDelete, TelemetryRepo } from './repo.js';
import { checkKey, TelemetryInputError } from './values.js';

/**
 * Attributes and time series of any entity: the one entry point for the REST API, the device
 * transports and bulk import. After every successful write the listeners hear what changed, which is
 * where live subscriptions attach.
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

  constructor(
    private readonly repo: TelemetryRepo,
    private readonly onListenerError: (error: unknown) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  /** Adds a listener called after each successful write; returns the function that removes it. */
  onChange(listener: TelemetryListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private notify(change: TelemetryChange): void {
    for (const listener of this.listeners) {
      try {
        const pending = listener(change);
        if (pending) pending.catch(this.onListenerError);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  /**
   * Stores time-series points. `ttl` (seconds) travels with the change; like the reference's SQL
   * storage, expiry is left to a clean-up job rather than to each row.
   */
  async saveTimeseries(
    tenantId: string,
    entityId: EntityId,
    entries: readonly TsEntries[],
    ttl = 0,
  ): Promise<void> {
    if (!Number.isSafeInteger(ttl) || ttl < 0) throw new TelemetryInputError(`Invalid ttl: ${ttl}`);
    const points: TsKvEntry[] = [];
    for (const entry of entries) {
      if (!Number.isSafeInteger(entry.ts)) throw new TelemetryInputError(`Invalid ts: ${entry.ts}`);
      for (const kv of entry.values) points.push({ ts: entry.ts, key: checkKey(kv.key), value: kv.value });
    }
    if (points.length === 0) return;
    const latest = await this.repo.saveTimeseries(entityId.id, points);
    this.notify({ type: 'TIMESERIES_UPDATED', tenantId, entityId, entries: points, latest, ttl });
  }

  /** Stores attributes in a scope, stamped now. */
  async saveAttributes(entityId: EntityId, scope: AttributeScope, kv: readonly KvEntry[]): Promise<void> {
    for (const entry of kv) checkKey(entry.key);
    const saved = await this.repo.saveAttributes(entityId, scope, kv, this.now());
    if (saved.length > 0) this.notify({ type: 'ATTRIBUTES_UPDATED', entityId, scope, entries: saved });
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
