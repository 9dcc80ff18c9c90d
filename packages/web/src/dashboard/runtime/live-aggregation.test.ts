import { describe, expect, it } from 'vitest';
import { foldRawPoints, pruneBuckets } from './live-aggregation';

const MINUTE = 60_000;

describe('live points of an aggregated window', () => {
  it('join the bucket the server sent, which counts as one value', () => {
    // Bucket [0, 60 s) came from the server with its midpoint cut at the window's end (ts 10 s).
    const sent = [{ ts: 10_000, value: '4' }];
    const { series, buckets } = foldRawPoints(sent, new Map(), [{ ts: 20_000, value: '6' }], {
      type: 'AVG',
      intervalMs: MINUTE,
      limit: 60,
    });
    expect(series).toEqual([{ ts: 30_000, value: '5' }]);
    expect(buckets.get(0)).toEqual({ count: 2, sum: 10, min: 4, max: 6 });
  });

  it('open new buckets and keep MIN, MAX, SUM and COUNT', () => {
    const points = [
      { ts: 61_000, value: '3' },
      { ts: 62_000, value: '1' },
      { ts: 63_000, value: 'on' },
    ];
    const fold = (type: 'MIN' | 'MAX' | 'SUM' | 'COUNT') =>
      foldRawPoints([], new Map(), points, { type, intervalMs: MINUTE, limit: 60 }).series;
    expect(fold('MIN')).toEqual([{ ts: 90_000, value: '1' }]);
    expect(fold('MAX')).toEqual([{ ts: 90_000, value: '3' }]);
    expect(fold('SUM')).toEqual([{ ts: 90_000, value: '4' }]);
    // COUNT counts non-numeric values too.
    expect(fold('COUNT')).toEqual([{ ts: 90_000, value: '3' }]);
  });

  it('forget buckets that left the window', () => {
    const buckets = new Map([
      [0, { count: 1, sum: 1, min: 1, max: 1 }],
      [MINUTE, { count: 1, sum: 1, min: 1, max: 1 }],
    ]);
    expect([...pruneBuckets(buckets, MINUTE, MINUTE).keys()]).toEqual([MINUTE]);
  });
});
