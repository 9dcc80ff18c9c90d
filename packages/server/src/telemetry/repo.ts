import type { AttributeKvEntry, AttributeScope, KvEntry, KvValue, TsKvEntry } from '@meridian/common';
import { CompiledQuery, type Kysely, type RawBuilder, sql } from 'kysely';
import { arrayLiteral } from '../db/array-literal.js';
import { keptPrepared } from '../db/postgres-prepared.js';
import type { Database } from '../db/schema.js';
import { isUniqueViolation } from '../db/sql-errors.js';
import type { Db } from '../db/store.js';
import type { BucketPlan, BucketStats } from './aggregate.js';
import { PointColumns } from './point-columns.js';

/**
 * SQL storage of attributes and time series (reference §5.2): keys of time series go through the
 * `ts_kv_dictionary`; points land in `ts_kv`, the newest point of each key in `ts_kv_latest`.
 * Writes take many entities at once, with one multi-row `INSERT … SELECT FROM unnest(…) ON
 * CONFLICT` per table inside the caller's transaction; writers of one entity at a time pass a
 * transaction of their own.
 * Every write to `ts_kv` goes through {@link TelemetryRepo.writePoints}, the one place a
 * partitioned table would need its partitions created.
 */

/** Rows per statement (lookups take one parameter per row, so this stays below PostgreSQL's 65535). */
const ROWS_PER_STATEMENT = 1000;
/**
 * Points per time-series write statement. Rows travel as one array per column, so the count is not
 * bound by parameters; it covers the ingest's largest batch (`sql.ts.batch_size` 10,000 points),
 * so a batch is one statement and needs no transaction of its own (fewer round trips per commit).
 */
const POINTS_PER_STATEMENT = 10_000;

interface ValueColumns {
  boolV: boolean | null;
  strV: string | null;
  longV: string | null;
  dblV: number | null;
  jsonV: string | null;
}

function toColumns(value: KvValue): ValueColumns {
  return {
    boolV: value.type === 'BOOLEAN' ? value.value : null,
    strV: value.type === 'STRING' ? value.value : null,
    longV: value.type === 'LONG' ? value.value.toString() : null,
    dblV: value.type === 'DOUBLE' ? value.value : null,
    jsonV: value.type === 'JSON' ? value.value : null,
  };
}

/** The value columns and their SQL types, in the order of the tables. */
const VALUE_COLUMNS = [
  ['boolV', 'boolean'],
  ['strV', 'text'],
  ['longV', 'bigint'],
  ['dblV', 'double precision'],
  ['jsonV', 'json'],
] as const satisfies readonly (readonly [keyof ValueColumns, string])[];

/**
 * The rows as a `select` of `unnest` over one array per column, the source of a multi-row insert.
 * Two parameters per statement instead of one per value: three times faster than `VALUES` lists on
 * PGlite for a thousand rows, twice on PostgreSQL. Returns the column names, in the select's order.
 */
function unnestRows<R extends object>(
  rows: readonly R[],
  columns: readonly (readonly [keyof R & string, string])[],
): { names: (keyof R & string)[]; select: RawBuilder<unknown> } {
  return unnestLiterals(
    columns,
    columns.map(([name, type]) =>
      arrayLiteral(
        rows.map((row) => row[name]),
        quotedType(type),
      ),
    ),
  );
}

/** {@link unnestRows} of column literals already built, one per column in `columns`' order. */
function unnestLiterals<N extends string>(
  columns: readonly (readonly [N, string])[],
  literals: readonly string[],
): { names: N[]; select: RawBuilder<unknown> } {
  const arrays = columns.map(([, type], i) => sql`cast(${sql.val(literals[i])} as ${sql.raw(type)}[])`);
  return { names: columns.map(([name]) => name), select: sql`select * from unnest(${sql.join(arrays)})` };
}

/** Array elements of these column types are quoted; numbers, booleans and UUIDs go bare. */
const quotedType = (type: string) => type === 'text' || type === 'json';

/** Points as column literals, at most {@link POINTS_PER_STATEMENT} per statement; `fill` adds them. */
function pointChunks(
  fill: (add: (entityId: string, key: number, ts: number, value: KvValue) => void) => void,
): PointColumns[] {
  const out: PointColumns[] = [];
  let current: PointColumns | undefined;
  fill((entityId, key, ts, value) => {
    if (current === undefined || current.size === POINTS_PER_STATEMENT) {
      current = new PointColumns();
      out.push(current);
    }
    current.add(entityId, key, ts, value);
  });
  return out;
}

/**
 * Positions, counted over all writes' points in order, of the points a later point of the same
 * entity, key and ts replaces: one statement may not insert a row twice.
 */
function supersededPoints(
  writes: readonly TimeseriesBatchWrite[],
  keyId: (key: string) => number,
): Set<number> {
  const last = new Map<string, number>();
  const superseded = new Set<number>();
  let position = 0;
  for (const { entityId, points } of writes) {
    const entity = uuidKey(entityId);
    for (const point of points) {
      const id = `${entity}\u0000${keyId(point.key)}\u0000${point.ts}`;
      const before = last.get(id);
      if (before !== undefined) superseded.add(before);
      last.set(id, position++);
    }
  }
  return superseded;
}

/** The value columns as read: longs and JSON as text so nothing is rounded or re-serialised. */
interface ValueRow {
  boolV: boolean | null;
  strV: string | null;
  longText: string | null;
  dblV: number | null;
  jsonText: string | null;
}

function fromRow(row: ValueRow): KvValue {
  if (row.boolV !== null) return { type: 'BOOLEAN', value: row.boolV };
  if (row.longText !== null) return { type: 'LONG', value: BigInt(row.longText) };
  if (row.dblV !== null) return { type: 'DOUBLE', value: Number(row.dblV) };
  if (row.jsonText !== null) return { type: 'JSON', value: row.jsonText };
  return { type: 'STRING', value: row.strV ?? '' };
}

/** The five value columns of a table, longs and JSON as text. */
const valueSelection = (table: 'tsKv' | 'tsKvLatest' | 'attributeKv') => {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return [
    sql<boolean | null>`${column('boolV')}`.as('boolV'),
    sql<string | null>`${column('strV')}`.as('strV'),
    sql<string | null>`${column('longV')}::text`.as('longText'),
    sql<number | null>`${column('dblV')}`.as('dblV'),
    sql<string | null>`${column('jsonV')}::text`.as('jsonText'),
  ] as const;
};

/** Orders text by code point, the same on every store whatever its collation. */
const byteOrder = (column: string) => sql`${sql.ref(column)} collate "C"`;

function chunks<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

type PointRow = ValueColumns & { entityId: string; key: number; ts: number };

/** The columns of `ts_kv` and `ts_kv_latest`. */
const POINT_COLUMNS = [
  ['entityId', 'uuid'],
  ['key', 'integer'],
  ['ts', 'bigint'],
  ...VALUE_COLUMNS,
] as const satisfies readonly (readonly [keyof PointRow, string])[];

/** A column's name in SQL (`entityId` → `entity_id`), as the store's CamelCasePlugin maps it. */
const sqlName = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * SQL of the ingest's one statement per batch, with points for `ts_kv` (two ways) and without:
 * every column an array literal parameter (`$1`–`$8` the points, then eight for the latest values, in
 * {@link POINT_COLUMNS}' order). Its text never changes, so it is written once here and each batch
 * sends only new arrays: building the query anew for every batch was a tenth of the ingest's
 * garbage.
 *
 * Its one result row names the latest values that were not moved (an equal or newer one is
 * stored), by position, rather than returning a row per value moved: reading those rows, and on
 * the embedded store passing them between threads, was a row per point. When every value moved, as
 * in steady ingest, a count tells so and the search for the others does not run.
 */
const POINTS_SQL = (() => {
  const columns = POINT_COLUMNS.map(([name]) => sqlName(name));
  const list = columns.join(', ');
  const values = VALUE_COLUMNS.map(([name]) => sqlName(name));
  const arrays = (first: number) =>
    POINT_COLUMNS.map(([, type], i) => `cast($${first + i} as ${type}[])`).join(', ');
  const set = (names: readonly string[]) => names.map((name) => `${name} = excluded.${name}`).join(', ');
  const statement = (points: string, first: number) => {
    const [entities, keys] = [`cast($${first} as uuid[])`, `cast($${first + 1} as integer[])`];
    return (
      `with ${points}moved as (insert into ts_kv_latest (${list}) select * from unnest(${arrays(first)}) ` +
      `on conflict (entity_id, key) do update set ${set(['ts', ...values])} ` +
      'where ts_kv_latest.ts <= excluded.ts returning entity_id, key) ' +
      `select case when (select count(*) from moved) = cardinality(${entities}) then null else ` +
      `(select string_agg(l.position::text, ',') from unnest(${entities}, ${keys}) ` +
      'with ordinality as l(entity_id, key, position) where not exists ' +
      '(select 1 from moved where moved.entity_id = l.entity_id and moved.key = l.key)) end as kept'
    );
  };
  const points = (onConflict: string) =>
    statement(`points as (insert into ts_kv (${list}) select * from unnest(${arrays(1)})${onConflict}), `, 9);
  return {
    /** Points of which some may be stored already (same entity, key and ts): those are replaced. */
    points: keptPrepared(points(` on conflict (entity_id, key, ts) do update set ${set(values)}`)),
    /**
     * Points expected to be new: no search for a stored one before each row is inserted (about an
     * eighth of PostgreSQL's work per point, decision 0050); a point stored already fails the
     * whole statement.
     */
    newPoints: keptPrepared(points('')),
    latest: keptPrepared(statement('', 1)),
  };
})();

/**
 * How many batches after one that repeated a stored point take the statement that expects such
 * points: a device that keeps resending (a replayed history, a stuck clock) then costs one failed
 * statement per this many batches, not one per batch.
 */
const CAREFUL_BATCHES = 100;

type AttributeRow = ValueColumns & {
  entityType: string;
  entityId: string;
  attributeType: string;
  attributeKey: string;
  lastUpdateTs: number;
};

/** The columns of `attribute_kv`. */
const ATTRIBUTE_COLUMNS = [
  ['entityType', 'text'],
  ['entityId', 'uuid'],
  ['attributeType', 'text'],
  ['attributeKey', 'text'],
  ...VALUE_COLUMNS,
  ['lastUpdateTs', 'bigint'],
] as const satisfies readonly (readonly [keyof AttributeRow, string])[];

/** Entity ids are uuid columns: compared as the store returns them. */
const uuidKey = (id: string) => id.toLowerCase();

/** Last entry per identity wins, in the order of first appearance. */
function lastWins<T>(items: readonly T[], identity: (item: T) => string): T[] {
  const byId = new Map<string, T>();
  for (const item of items) byId.set(identity(item), item);
  return [...byId.values()];
}

/** A latest value a delete touched: replaced by the newest remaining point, or removed (no replacement). */
export interface LatestAfterDelete {
  key: string;
  replacement: TsKvEntry | undefined;
}

/** The points of one entity in a batch. */
export interface TimeseriesBatchWrite {
  entityId: string;
  points: readonly TsKvEntry[];
}

/** The attributes of one entity and scope in a batch. */
export interface AttributesBatchWrite {
  entity: { entityType: string; id: string };
  scope: AttributeScope;
  entries: readonly KvEntry[];
}

/** What a write in a caller's transaction gives back, and what to run once that transaction commits. */
export interface AfterCommit<T> {
  result: T;
  afterCommit(): void;
}

export class TelemetryRepo {
  /** Dictionary ids never change once assigned, so they are cached for the process lifetime. */
  private readonly keyIdCache = new Map<string, number>();
  /** Batches still to take the statement that replaces stored points ({@link CAREFUL_BATCHES}). */
  private carefulBatchesLeft = 0;

  constructor(private readonly db: Db) {}

  // ----------------------------------------------------------------------------------------------
  // Key dictionary
  // ----------------------------------------------------------------------------------------------

  /**
   * Ids of the keys inside the transaction, adding the ones the dictionary does not hold yet. Ids
   * that were not cached are returned in `learned` too: they may come from this transaction's own
   * inserts, so they are cached only once it commits (see {@link TelemetryRepo.remember}).
   */
  private async keyIdsIn(
    trx: Kysely<Database>,
    keys: readonly string[],
  ): Promise<{ ids: Map<string, number>; learned: Map<string, number> }> {
    const ids = this.cachedIds(keys);
    const learned = new Map<string, number>();
    // Sorted, so that concurrent writers adding keys lock dictionary rows in the same order.
    const missing = [...new Set(keys)].filter((key) => !ids.has(key)).sort();
    for (const chunk of chunks(missing)) {
      const found = await trx
        .selectFrom('tsKvDictionary')
        .select(['key', 'keyId'])
        .where('key', 'in', chunk)
        .execute();
      for (const row of found) learned.set(row.key, row.keyId);
      const absent = chunk.filter((key) => !learned.has(key));
      if (absent.length === 0) continue;
      const inserted = await trx
        .insertInto('tsKvDictionary')
        .values(absent.map((key) => ({ key })))
        .onConflict((oc) => oc.column('key').doNothing())
        .returning(['key', 'keyId'])
        .execute();
      for (const row of inserted) learned.set(row.key, row.keyId);
      // Added meanwhile by a concurrent writer (its insert won the conflict).
      const raced = absent.filter((key) => !learned.has(key));
      if (raced.length > 0) {
        const rows = await trx
          .selectFrom('tsKvDictionary')
          .select(['key', 'keyId'])
          .where('key', 'in', raced)
          .execute();
        for (const row of rows) learned.set(row.key, row.keyId);
      }
    }
    for (const [key, id] of learned) ids.set(key, id);
    return { ids, learned };
  }

  /** Caches dictionary ids once the transaction that read or added them has committed. */
  private remember(learned: ReadonlyMap<string, number>): void {
    for (const [key, id] of learned) this.keyIdCache.set(key, id);
  }

  /** Ids of the keys the dictionary already holds; unknown keys are absent. */
  async existingKeyIds(keys: readonly string[]): Promise<Map<string, number>> {
    const missing = [...new Set(keys)].filter((key) => !this.keyIdCache.has(key));
    if (missing.length > 0) {
      const rows = await this.db
        .selectFrom('tsKvDictionary')
        .select(['key', 'keyId'])
        .where('key', 'in', missing)
        .execute();
      for (const row of rows) this.keyIdCache.set(row.key, row.keyId);
    }
    return this.cachedIds(keys);
  }

  private cachedIds(keys: readonly string[]): Map<string, number> {
    const ids = new Map<string, number>();
    for (const key of keys) {
      const id = this.keyIdCache.get(key);
      if (id !== undefined) ids.set(key, id);
    }
    return ids;
  }

  /** Runs `work` in a transaction of its own, for callers that write one entity at a time. */
  transaction<T>(work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  // ----------------------------------------------------------------------------------------------
  // Time series
  // ----------------------------------------------------------------------------------------------

  /**
   * Stores the points of many entities in the caller's transaction, one multi-row statement per
   * table, and moves each key's latest value forward: the latest row is replaced only by a point
   * whose ts is newer or equal. Within the batch the newest point of an entity's key wins, the later
   * one of equal timestamps; a point repeated for the same entity, key and ts keeps its last value.
   * Returns, per write, the latest values that changed, and what to run once the transaction has
   * committed.
   */
  async saveTimeseriesBatch(
    db: Kysely<Database>,
    writes: readonly TimeseriesBatchWrite[],
  ): Promise<AfterCommit<TsKvEntry[][]>> {
    const changed = writes.map((): TsKvEntry[] => []);
    const keys = writes.flatMap((write) => write.points.map((p) => p.key));
    if (keys.length === 0) return { result: changed, afterCommit: () => {} };
    // Outside a transaction, a batch whose keys are all known and that fits one statement is
    // written by that statement alone, atomically; anything more needs a transaction.
    const points = writes.reduce((sum, write) => sum + write.points.length, 0);
    if (
      !db.isTransaction &&
      (points > POINTS_PER_STATEMENT || this.cachedIds(keys).size < new Set(keys).size)
    ) {
      return db.transaction().execute((trx) => this.saveTimeseriesBatch(trx, writes));
    }
    const { ids, learned } = await this.keyIdsIn(db, keys);
    const keyId = (key: string) => ids.get(key) as number;

    const newest = new Map<
      string,
      { id: string; write: number; entityId: string; key: number; point: TsKvEntry }
    >();
    let repeated = false;
    writes.forEach(({ entityId, points }, write) => {
      const entity = uuidKey(entityId);
      for (const point of points) {
        const key = keyId(point.key);
        const id = `${entity}\u0000${key}`;
        const current = newest.get(id);
        // A key's points in increasing ts (a device's messages in order) cannot repeat a point.
        if (current && point.ts <= current.point.ts) repeated = true;
        if (!current || point.ts >= current.point.ts)
          newest.set(id, { id, write, entityId: entity, key, point });
      }
    });
    // Only a key whose ts did not increase can repeat a point (entity, key and ts): then the last one is kept.
    const superseded = repeated ? supersededPoints(writes, keyId) : undefined;
    const pointColumns = pointChunks((add) => {
      let position = 0;
      for (const { entityId, points } of writes) {
        const entity = uuidKey(entityId);
        for (const point of points) {
          if (superseded?.has(position++) !== true) add(entity, keyId(point.key), point.ts, point.value);
        }
      }
    });
    // One order for every writer, so that concurrent batches lock latest rows alike.
    const ordered = [...newest.values()].sort((a, b) =>
      a.entityId < b.entityId ? -1 : a.entityId > b.entityId ? 1 : a.key - b.key,
    );
    const latestColumns = pointChunks((add) => {
      for (const { entityId, key, point } of ordered) add(entityId, key, point.ts, point.value);
    });

    // Latest values an equal or newer stored one kept; in ingest there are usually none.
    const kept = new Set<string>();
    for (let i = 0; i < Math.max(pointColumns.length, latestColumns.length); i++) {
      const positions = await this.writePoints(db, pointColumns[i], latestColumns[i] ?? new PointColumns());
      for (const position of positions) {
        const latest = ordered[i * POINTS_PER_STATEMENT + position - 1];
        if (latest) kept.add(latest.id);
      }
    }
    for (const { id, write, point } of newest.values()) {
      if (!kept.has(id)) changed[write]?.push(point);
    }
    return { result: changed, afterCommit: () => this.remember(learned) };
  }

  /**
   * One statement ({@link POINTS_SQL}): inserts the points into `ts_kv` (a repeated entity, key and
   * ts keeps the last value) and moves `ts_kv_latest` forward where a point is newer or as new.
   * Returns the positions (1-based, in `latest`'s order) of the latest values it did not move.
   */
  private async writePoints(
    db: Kysely<Database>,
    points: PointColumns | undefined,
    latest: PointColumns,
  ): Promise<Set<number>> {
    const withPoints = points !== undefined && points.size > 0;
    const parameters = withPoints ? [...points.literals(), ...latest.literals()] : latest.literals();
    const run = async (statement: keyof typeof POINTS_SQL) => {
      const result = await db.executeQuery<{ kept: string | null }>(
        CompiledQuery.raw(POINTS_SQL[statement], parameters),
      );
      const kept = result.rows[0]?.kept;
      return new Set(kept ? kept.split(',').map(Number) : []);
    };
    if (!withPoints) return run('latest');
    // Points are almost always new, so they are inserted without a search for a stored one first,
    // and the rare batch that repeats one runs again replacing it. Only a statement of its own can
    // run again: inside a transaction its failure would abort the caller's other writes.
    if (db.isTransaction) return run('points');
    if (this.carefulBatchesLeft > 0) {
      this.carefulBatchesLeft--;
      return run('points');
    }
    try {
      return await run('newPoints');
    } catch (error) {
      // A unique violation here: a point of the batch was stored already.
      if (!isUniqueViolation(error)) throw error;
      this.carefulBatchesLeft = CAREFUL_BATCHES;
      return run('points');
    }
  }

  /** Latest values of the entity, of the given keys or of all, ordered by key. */
  async latest(entityId: string, keys?: readonly string[]): Promise<TsKvEntry[]> {
    let query = this.db
      .selectFrom('tsKvLatest')
      .innerJoin('tsKvDictionary', 'tsKvDictionary.keyId', 'tsKvLatest.key')
      .select(['tsKvDictionary.key', 'tsKvLatest.ts', ...valueSelection('tsKvLatest')])
      .where('tsKvLatest.entityId', '=', entityId);
    if (keys) {
      if (keys.length === 0) return [];
      query = query.where('tsKvDictionary.key', 'in', keys);
    }
    const rows = await query.orderBy(byteOrder('tsKvDictionary.key')).execute();
    return rows.map((row) => ({ key: row.key, ts: Number(row.ts), value: fromRow(row) }));
  }

  /** Keys with a latest value, in key order. */
  async timeseriesKeys(entityId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('tsKvLatest')
      .innerJoin('tsKvDictionary', 'tsKvDictionary.keyId', 'tsKvLatest.key')
      .select('tsKvDictionary.key')
      .where('tsKvLatest.entityId', '=', entityId)
      .orderBy(byteOrder('tsKvDictionary.key'))
      .execute();
    return rows.map((row) => row.key);
  }

  /** Raw points of one key with `startTs <= ts < endTs`, newest or oldest first, at most `limit`. */
  async points(
    entityId: string,
    key: string,
    range: { startTs: number; endTs: number },
    limit: number,
    order: 'asc' | 'desc',
  ): Promise<TsKvEntry[]> {
    const keyId = (await this.existingKeyIds([key])).get(key);
    if (keyId === undefined) return [];
    const rows = await this.db
      .selectFrom('tsKv')
      .select(['tsKv.ts', ...valueSelection('tsKv')])
      .where('tsKv.entityId', '=', entityId)
      .where('tsKv.key', '=', keyId)
      .where('tsKv.ts', '>=', range.startTs)
      .where('tsKv.ts', '<', range.endTs)
      .orderBy('tsKv.ts', order)
      .limit(limit)
      .execute();
    return rows.map((row) => ({ key, ts: Number(row.ts), value: fromRow(row) }));
  }

  /** Per-bucket sums, extremes and counts of one key; buckets without points are absent. */
  async bucketStats(entityId: string, key: string, plan: BucketPlan): Promise<BucketStats[]> {
    const keyId = (await this.existingKeyIds([key])).get(key);
    if (keyId === undefined) return [];
    const start = sql`cast(${plan.startTs} as bigint)`;
    const result = await sql<{
      bucket: number;
      longCount: number;
      longSum: string | null;
      longMin: string | null;
      longMax: string | null;
      doubleCount: number;
      doubleSum: number | null;
      doubleMin: number | null;
      doubleMax: number | null;
      stringCount: number;
      booleanCount: number;
      jsonCount: number;
    }>`
      select cast((ts - ${start}) / cast(${plan.interval} as bigint) as integer) as bucket,
        cast(count(long_v) as integer) as long_count,
        cast(sum(long_v) as text) as long_sum,
        cast(min(long_v) as text) as long_min,
        cast(max(long_v) as text) as long_max,
        cast(count(dbl_v) as integer) as double_count,
        sum(dbl_v) as double_sum,
        min(dbl_v) as double_min,
        max(dbl_v) as double_max,
        cast(count(str_v) as integer) as string_count,
        cast(count(bool_v) as integer) as boolean_count,
        cast(count(json_v) as integer) as json_count
      from ts_kv
      where entity_id = ${entityId} and key = ${keyId}
        and ts >= ${start} and ts < cast(${plan.endTs} as bigint)
      group by 1
      order by 1
    `.execute(this.db);
    const big = (text: string | null) => (text === null ? null : BigInt(text));
    const num = (value: number | null) => (value === null ? null : Number(value));
    return result.rows.map((row) => ({
      bucket: Number(row.bucket),
      longCount: Number(row.longCount),
      longSum: big(row.longSum),
      longMin: big(row.longMin),
      longMax: big(row.longMax),
      doubleCount: Number(row.doubleCount),
      doubleSum: num(row.doubleSum),
      doubleMin: num(row.doubleMin),
      doubleMax: num(row.doubleMax),
      stringCount: Number(row.stringCount),
      booleanCount: Number(row.booleanCount),
      jsonCount: Number(row.jsonCount),
    }));
  }

  /**
   * Deletes the points of the keys in `startTs <= ts < endTs` (all of them when no range). A latest
   * value inside the deleted range is then replaced by the newest remaining point when
   * `rewriteLatest`, otherwise removed. Returns what happened to each latest value touched.
   */
  async deleteTimeseries(
    entityId: string,
    keys: readonly string[],
    range: { startTs: number; endTs: number } | undefined,
    rewriteLatest: boolean,
  ): Promise<LatestAfterDelete[]> {
    const ids = await this.existingKeyIds(keys);
    if (ids.size === 0) return [];
    const keyIds = [...ids.values()];
    return this.db.transaction().execute(async (trx) => {
      let deletion = trx.deleteFrom('tsKv').where('entityId', '=', entityId).where('key', 'in', keyIds);
      if (range) deletion = deletion.where('ts', '>=', range.startTs).where('ts', '<', range.endTs);
      await deletion.execute();
      const latestRows = await trx
        .selectFrom('tsKvLatest')
        .select(['key', 'ts'])
        .where('entityId', '=', entityId)
        .where('key', 'in', keyIds)
        .forUpdate()
        .execute();
      const touched: LatestAfterDelete[] = [];
      for (const [key, keyId] of ids) {
        const latest = latestRows.find((row) => row.key === keyId);
        if (!latest) continue;
        const ts = Number(latest.ts);
        if (range && (ts < range.startTs || ts >= range.endTs)) continue;
        const newest = rewriteLatest
          ? await trx
              .selectFrom('tsKv')
              .select(['tsKv.ts', ...valueSelection('tsKv')])
              .where('tsKv.entityId', '=', entityId)
              .where('tsKv.key', '=', keyId)
              .orderBy('tsKv.ts', 'desc')
              .limit(1)
              .executeTakeFirst()
          : undefined;
        if (newest) {
          const replacement: TsKvEntry = { key, ts: Number(newest.ts), value: fromRow(newest) };
          await trx
            .updateTable('tsKvLatest')
            .set({ ts: replacement.ts, ...toColumns(replacement.value) })
            .where('entityId', '=', entityId)
            .where('key', '=', keyId)
            .execute();
          touched.push({ key, replacement });
        } else {
          await trx
            .deleteFrom('tsKvLatest')
            .where('entityId', '=', entityId)
            .where('key', '=', keyId)
            .execute();
          touched.push({ key, replacement: undefined });
        }
      }
      return touched;
    });
  }

  // ----------------------------------------------------------------------------------------------
  // Attributes
  // ----------------------------------------------------------------------------------------------

  /**
   * Writes the attributes of many entities in the caller's transaction, all stamped `lastUpdateTs`,
   * one multi-row statement per 1000 values. A key repeated for the same entity and scope keeps its
   * last value. Returns the entries saved per write (its repeated keys once, the last value).
   */
  async saveAttributesBatch(
    trx: Kysely<Database>,
    writes: readonly AttributesBatchWrite[],
    lastUpdateTs: number,
  ): Promise<AttributeKvEntry[][]> {
    const saved = writes.map(({ scope, entries }) =>
      lastWins(entries, (e) => e.key).map((e): AttributeKvEntry => ({ ...e, scope, lastUpdateTs })),
    );
    const rows = lastWins(
      writes.flatMap(({ entity }, index) => (saved[index] ?? []).map((entry) => ({ entity, entry }))),
      ({ entity, entry }) => `${uuidKey(entity.id)}\u0000${entry.scope}\u0000${entry.key}`,
    ).map(({ entity, entry }) => ({
      entityType: entity.entityType,
      entityId: entity.id,
      attributeType: entry.scope,
      attributeKey: entry.key,
      lastUpdateTs,
      ...toColumns(entry.value),
    }));
    for (const chunk of chunks(rows)) {
      const { names, select } = unnestRows(chunk, ATTRIBUTE_COLUMNS);
      await trx
        .insertInto('attributeKv')
        .columns(names)
        .expression(select)
        .onConflict((oc) =>
          oc.columns(['entityId', 'attributeType', 'attributeKey']).doUpdateSet((eb) => ({
            entityType: eb.ref('excluded.entityType'),
            boolV: eb.ref('excluded.boolV'),
            strV: eb.ref('excluded.strV'),
            longV: eb.ref('excluded.longV'),
            dblV: eb.ref('excluded.dblV'),
            jsonV: eb.ref('excluded.jsonV'),
            lastUpdateTs: eb.ref('excluded.lastUpdateTs'),
          })),
        )
        .execute();
    }
    return saved;
  }

  /** Attributes of the entity, of one scope or all, of the given keys or all; by scope, then key. */
  async attributes(
    entityId: string,
    scope?: AttributeScope,
    keys?: readonly string[],
  ): Promise<AttributeKvEntry[]> {
    let query = this.db
      .selectFrom('attributeKv')
      .select(['attributeType', 'attributeKey', 'lastUpdateTs', ...valueSelection('attributeKv')])
      .where('entityId', '=', entityId);
    if (scope) query = query.where('attributeType', '=', scope);
    if (keys) {
      if (keys.length === 0) return [];
      query = query.where('attributeKey', 'in', keys);
    }
    const rows = await query.orderBy('attributeType').orderBy(byteOrder('attributeKey')).execute();
    return rows.map((row) => ({
      key: row.attributeKey,
      scope: row.attributeType as AttributeScope,
      lastUpdateTs: Number(row.lastUpdateTs),
      value: fromRow(row),
    }));
  }

  /** Deletes the keys from the scope; returns the keys that existed. */
  async deleteAttributes(
    entityId: string,
    scope: AttributeScope,
    keys: readonly string[],
  ): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await this.db
      .deleteFrom('attributeKv')
      .where('entityId', '=', entityId)
      .where('attributeType', '=', scope)
      .where('attributeKey', 'in', keys)
      .returning('attributeKey')
      .execute();
    return rows.map((row) => row.attributeKey);
  }

  /** Removes every attribute, point and latest value of an entity (when the entity is deleted). */
  async deleteEntityData(entityId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('attributeKv').where('entityId', '=', entityId).execute();
      await trx.deleteFrom('tsKvLatest').where('entityId', '=', entityId).execute();
      await trx.deleteFrom('tsKv').where('entityId', '=', entityId).execute();
    });
  }
}
