import type { AggregationType, KvValue } from '@meridian/common';
import { MAX_TS_INTERVALS } from '@meridian/common';

/**
 * Aggregation of time series (reference §1.4 "Aggregation"): `[startTs, endTs)` is cut into buckets of
 * `interval` ms, each bucket with values yields one point at its midpoint. The database sums and
 * counts per bucket; the rules that turn those into a typed value live here.
 */

export type RealAggregation = Exclude<AggregationType, 'NONE'>;

/** What the database reports for one bucket, per value column. */
export interface BucketStats {
  /** Bucket number: 0 for the bucket starting at startTs. */
  bucket: number;
  longCount: number;
  longSum: bigint | null;
  longMin: bigint | null;
  longMax: bigint | null;
  doubleCount: number;
  doubleSum: number | null;
  doubleMin: number | null;
  doubleMax: number | null;
  stringCount: number;
  booleanCount: number;
  jsonCount: number;
}

/** The buckets of a window: the range really scanned (never empty) and the bucket length. */
export interface BucketPlan {
  startTs: number;
  /** Exclusive end; at least startTs + 1 so a zero-length window still has its one bucket. */
  endTs: number;
  interval: number;
}

export function bucketPlan(startTs: number, endTs: number, interval: number): BucketPlan {
  return { startTs, endTs: Math.max(startTs + 1, endTs), interval };
}

/** Midpoint timestamp of bucket `index` (the last bucket is cut at endTs). */
export function bucketTs(plan: BucketPlan, index: number): number {
  const start = plan.startTs + index * plan.interval;
  const end = Math.min(start + plan.interval, plan.endTs);
  return start + Math.floor((end - start) / 2);
}

/**
 * The reference's guard: more than {@link MAX_TS_INTERVALS} buckets (intervals under a second count
 * as a second), or an end before the start, is refused. Returns the message, or undefined when fine.
 */
export function intervalCountProblem(startTs: number, endTs: number, interval: number): string | undefined {
  const count = Math.trunc((endTs - startTs) / Math.max(interval, 1000));
  if (count > MAX_TS_INTERVALS || count < 0) {
    return (
      `Incorrect TsKvQuery. Number of intervals is to high - ${count}. ` +
      "Please increase 'interval' parameter for your query or reduce the time range of the query."
    );
  }
  return undefined;
}

const minOf = (a: number, b: number) => Math.min(a, b);
const maxOf = (a: number, b: number) => Math.max(a, b);

/**
 * One bucket's value: AVG is a double; SUM a long when every value was a long, else a double;
 * MIN/MAX a long, or a double when any value was one; COUNT counts booleans, strings or JSON values
 * when the bucket has them, otherwise numbers. Undefined when the bucket has nothing to aggregate.
 */
export function aggregateBucket(agg: RealAggregation, stats: BucketStats): KvValue | undefined {
  const numeric = stats.longCount + stats.doubleCount;
  const longSum = stats.longSum ?? 0n;
  const doubleSum = stats.doubleSum ?? 0;
  switch (agg) {
    case 'COUNT': {
      const count =
        stats.booleanCount || stats.stringCount || stats.jsonCount || stats.longCount + stats.doubleCount;
      return count > 0 ? { type: 'LONG', value: BigInt(count) } : undefined;
    }
    case 'AVG':
      if (numeric === 0) return undefined;
      return { type: 'DOUBLE', value: (Number(longSum) + doubleSum) / numeric };
    case 'SUM':
      if (numeric === 0) return undefined;
      return stats.doubleCount > 0
        ? { type: 'DOUBLE', value: doubleSum + Number(longSum) }
        : { type: 'LONG', value: longSum };
    case 'MIN':
    case 'MAX': {
      const longExtreme = agg === 'MIN' ? stats.longMin : stats.longMax;
      const doubleExtreme = agg === 'MIN' ? stats.doubleMin : stats.doubleMax;
      const pick = agg === 'MIN' ? minOf : maxOf;
      if (stats.doubleCount > 0 && doubleExtreme !== null) {
        const value =
          stats.longCount > 0 && longExtreme !== null
            ? pick(doubleExtreme, Number(longExtreme))
            : doubleExtreme;
        return { type: 'DOUBLE', value };
      }
      if (stats.longCount > 0 && longExtreme !== null) return { type: 'LONG', value: longExtreme };
      return undefined;
    }
  }
}
