import { alignToInterval, type TsValue } from '@meridian/common';
import type { WindowAggregation } from './subscription-window';

/**
 * Aggregated realtime windows (reference backend §3.3, `tsCmd` with `agg`): the server sends the
 * window's buckets once, then raw points as they arrive, and the console folds those into the
 * buckets itself. A bucket the server sent counts as one value (its aggregate) when raw points join it.
 */

/** Running figures of one bucket. */
export interface BucketFigures {
  count: number;
  sum: number;
  min: number;
  max: number;
}

/** The figures of each bucket a series has folded raw points into, by bucket start. */
export type SeriesBuckets = Map<number, BucketFigures>;

function bucketValue(type: WindowAggregation['type'], figures: BucketFigures): number {
  switch (type) {
    case 'MIN':
      return figures.min;
    case 'MAX':
      return figures.max;
    case 'SUM':
      return figures.sum;
    case 'COUNT':
      return figures.count;
    default:
      return figures.sum / figures.count;
  }
}

/** Figures standing for a bucket value the server sent. */
function seedOf(type: WindowAggregation['type'], value: number): BucketFigures {
  return type === 'COUNT'
    ? { count: value, sum: 0, min: 0, max: 0 }
    : { count: 1, sum: value, min: value, max: value };
}

/**
 * A series with raw `points` folded into the buckets of `aggregation` (buckets start at multiples
 * of the interval, as a realtime window's start is aligned to them); one point per bucket at its
 * midpoint. Non-numeric values only count for COUNT. Returns the new series and bucket figures.
 */
export function foldRawPoints(
  series: readonly TsValue[],
  buckets: SeriesBuckets,
  points: readonly TsValue[],
  aggregation: WindowAggregation,
): { series: TsValue[]; buckets: SeriesBuckets } {
  const { type, intervalMs } = aggregation;
  const nextBuckets: SeriesBuckets = new Map(buckets);
  let nextSeries = [...series];
  for (const point of points) {
    const raw = Number(point.value);
    const numeric = point.value !== '' && Number.isFinite(raw);
    if (!numeric && type !== 'COUNT') continue;
    const start = alignToInterval(point.ts, intervalMs, type);
    const end = start + intervalMs;
    const inBucket = (p: TsValue) => p.ts >= start && p.ts < end;
    let figures = nextBuckets.get(start);
    if (!figures) {
      const sent = nextSeries.find(inBucket);
      figures = sent ? seedOf(type, Number(sent.value)) : { count: 0, sum: 0, min: raw, max: raw };
    }
    figures = {
      count: figures.count + 1,
      sum: figures.sum + (numeric ? raw : 0),
      min: numeric ? Math.min(figures.min, raw) : figures.min,
      max: numeric ? Math.max(figures.max, raw) : figures.max,
    };
    nextBuckets.set(start, figures);
    nextSeries = nextSeries.filter((p) => !inBucket(p));
    nextSeries.push({ ts: start + Math.floor(intervalMs / 2), value: String(bucketValue(type, figures)) });
  }
  nextSeries.sort((a, b) => a.ts - b.ts);
  return { series: nextSeries, buckets: nextBuckets };
}

/** Drops the figures of buckets that ended before `sinceTs`. */
export function pruneBuckets(buckets: SeriesBuckets, sinceTs: number, intervalMs: number): SeriesBuckets {
  const kept: SeriesBuckets = new Map();
  for (const [start, figures] of buckets) {
    if (start + intervalMs > sinceTs) kept.set(start, figures);
  }
  return kept;
}
