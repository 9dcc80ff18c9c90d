import { sql } from 'kysely';
import { PeriodicCleanup } from '../db/periodic-cleanup.js';
import type { Db } from '../db/store.js';

/** `sql.ttl.ts` of the reference (§5.2, §7): the daily clean-up of old time-series points. */
export interface TsTtlSettings {
  /** `sql.ttl.ts.enabled` (SQL_TTL_TS_ENABLED). */
  enabled: boolean;
  /** `sql.ttl.ts.execution_interval_ms` (SQL_TTL_TS_EXECUTION_INTERVAL). */
  intervalMs: number;
  /** `sql.ttl.ts.ts_key_value_ttl` in seconds (SQL_TTL_TS_TS_KEY_VALUE_TTL); 0 keeps points for ever. */
  systemTtlSec: number;
}

export interface TsTtlOutcome {
  deletedPoints: number;
  droppedPartitions: string[];
}

interface TtlLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

const MONTH_PARTITION = /^ts_kv_(\d{4})_(\d{2})$/;

/**
 * Removes time-series points older than their owner's TTL, as the reference's SQL storage does: the
 * TTL (seconds) is the `TTL` attribute of the device's or asset's customer, else of its tenant, else
 * the system TTL; a customer's own points follow the customer's. Points of other entities and the
 * latest values are kept. A whole month partition is dropped once it is older than every TTL that
 * can apply; unlike the reference, none is dropped while any owner keeps points for ever (a system
 * TTL of 0, or a `TTL` attribute of 0), since that would delete the points it keeps.
 */
export class TsTtlCleanup extends PeriodicCleanup<TsTtlOutcome> {
  constructor(
    private readonly db: Db,
    private readonly settings: TsTtlSettings,
    private readonly log: TtlLog,
    private readonly now: () => number = Date.now,
  ) {
    super(settings, log, 'time-series TTL clean-up');
  }

  protected async clean(): Promise<TsTtlOutcome> {
    const now = this.now();
    const droppedPartitions = await this.dropExpiredPartitions(now);
    const deletedPoints = await this.deleteExpiredPoints(now);
    if (deletedPoints > 0 || droppedPartitions.length > 0)
      this.log.info({ deletedPoints, droppedPartitions }, 'removed time-series points past their TTL');
    return { deletedPoints, droppedPartitions };
  }

  private async deleteExpiredPoints(now: number): Promise<number> {
    const system = this.settings.systemTtlSec;
    const result = await sql`
      with tenant_ttl as (
        select t.id as tenant_id,
          coalesce((select max(a.long_v) from attribute_kv a
                    where a.entity_id = t.id and a.attribute_key = 'TTL'), ${system}::bigint) as ttl
        from tenant t
      ),
      customer_ttl as (
        select c.id as customer_id,
          coalesce((select max(a.long_v) from attribute_kv a
                    where a.entity_id = c.id and a.attribute_key = 'TTL'), tt.ttl) as ttl
        from customer c join tenant_ttl tt on tt.tenant_id = c.tenant_id
      ),
      owned as (
        select d.id as entity_id, tt.ttl from device d
          join tenant_ttl tt on tt.tenant_id = d.tenant_id where d.customer_id is null
        union all
        select s.id, tt.ttl from asset s
          join tenant_ttl tt on tt.tenant_id = s.tenant_id where s.customer_id is null
        union all
        select d.id, ct.ttl from device d join customer_ttl ct on ct.customer_id = d.customer_id
        union all
        select s.id, ct.ttl from asset s join customer_ttl ct on ct.customer_id = s.customer_id
        union all
        select ct.customer_id, ct.ttl from customer_ttl ct
      )
      delete from ts_kv k using owned o
      where k.entity_id = o.entity_id and o.ttl > 0 and k.ts < ${now}::bigint - o.ttl * 1000
    `.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Drops the month partitions that end before the longest TTL that applies to anyone. */
  private async dropExpiredPartitions(now: number): Promise<string[]> {
    const longest = await this.longestTtlSec();
    if (longest === undefined) return [];
    const cutoff = now - longest * 1000;
    const { rows } = await sql<{ name: string }>`
      select c.relname as name from pg_inherits i
      join pg_class c on c.oid = i.inhrelid
      join pg_class p on p.oid = i.inhparent
      where p.relname = 'ts_kv'
    `.execute(this.db);
    const dropped: string[] = [];
    for (const { name } of rows) {
      const month = MONTH_PARTITION.exec(name);
      if (!month) continue;
      const end = Date.UTC(Number(month[1]), Number(month[2]), 1);
      if (end > cutoff) continue;
      await sql`drop table if exists ${sql.table(name)}`.execute(this.db);
      dropped.push(name);
    }
    return dropped.sort();
  }

  /** The longest TTL in seconds, or undefined when some owner keeps its points for ever. */
  private async longestTtlSec(): Promise<number | undefined> {
    const system = this.settings.systemTtlSec;
    if (system <= 0) return undefined;
    const { rows } = await sql<{ longest: string | null; forever: boolean }>`
      select max(a.long_v)::text as longest, coalesce(bool_or(a.long_v is null or a.long_v <= 0), false) as forever
      from attribute_kv a
      where a.attribute_key = 'TTL'
        and (a.entity_id in (select id from tenant) or a.entity_id in (select id from customer))
    `.execute(this.db);
    const row = rows[0];
    if (row?.forever) return undefined;
    return Math.max(system, Number(row?.longest ?? 0));
  }
}
