import { sql } from 'kysely';
import type { Db } from '../db/store.js';

/**
 * Monthly partitions of `ts_kv` (migration 0006): the current month and the next ones are created
 * ahead of time, at start and then every hour, so no write ever waits on DDL. Points of months
 * without a partition (history, clock errors) land in the default partition `ts_kv_indefinite`.
 * A month whose range the default partition already holds rows of cannot get its own partition
 * (PostgreSQL refuses); it then stays in the default partition, which is only logged.
 */

/** Months ahead of the current one that get a partition. */
const MONTHS_AHEAD = 2;
const HOUR_MS = 3_600_000;

export interface MonthRange {
  name: string;
  from: number;
  to: number;
}

/** The partition of the month `offset` months after the month of `now` (UTC). */
export function monthPartition(now: number, offset: number): MonthRange {
  const date = new Date(now);
  const from = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1);
  const to = Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset + 1, 1);
  const start = new Date(from);
  const month = String(start.getUTCMonth() + 1).padStart(2, '0');
  return { name: `ts_kv_${start.getUTCFullYear()}_${month}`, from, to };
}

export class TsKvPartitions {
  private timer: NodeJS.Timeout | undefined;
  private readonly known = new Set<string>();

  constructor(
    private readonly db: Db,
    private readonly warn: (message: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Creates the missing partitions of this month and the next ones. */
  async ensure(): Promise<void> {
    for (let offset = 0; offset <= MONTHS_AHEAD; offset++) {
      const month = monthPartition(this.now(), offset);
      if (this.known.has(month.name)) continue;
      try {
        await sql`
          create table if not exists ${sql.table(month.name)} partition of ts_kv
          for values from (${sql.lit(month.from)}) to (${sql.lit(month.to)})
        `.execute(this.db);
        this.known.add(month.name);
      } catch (error) {
        this.warn(
          `time-series partition ${month.name} not created, its points stay in ts_kv_indefinite: ${(error as Error).message}`,
        );
      }
    }
  }

  /** Ensures now, then every hour until stop(). */
  async start(): Promise<void> {
    await this.ensure();
    this.timer = setInterval(() => void this.ensure(), HOUR_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
