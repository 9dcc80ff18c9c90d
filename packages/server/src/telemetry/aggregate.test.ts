import { describe, expect, it } from 'vitest';
import {
  aggregateBucket,
  type BucketStats,
  bucketPlan,
  bucketTs,
  intervalCountProblem,
} from './aggregate.js';

const empty: BucketStats = {
  bucket: 0,
  longCount: 0,
  longSum: null,
  longMin: null,
  longMax: null,
  doubleCount: 0,
  doubleSum: null,
  doubleMin: null,
  doubleMax: null,
  stringCount: 0,
  booleanCount: 0,
  jsonCount: 0,
};
const longs: BucketStats = { ...empty, longCount: 3, longSum: 60n, longMin: 10n, longMax: 30n };
const mixed: BucketStats = {
  ...longs,
  doubleCount: 2,
  doubleSum: 5.5,
  doubleMin: 1.5,
  doubleMax: 4,
};

describe('aggregateBucket', () => {
  it('AVG is a double over longs and doubles together', () => {
    expect(aggregateBucket('AVG', longs)).toEqual({ type: 'DOUBLE', value: 20 });
    expect(aggregateBucket('AVG', mixed)).toEqual({ type: 'DOUBLE', value: 65.5 / 5 });
  });

  it('SUM stays a long while every value is a long', () => {
    expect(aggregateBucket('SUM', longs)).toEqual({ type: 'LONG', value: 60n });
    expect(aggregateBucket('SUM', mixed)).toEqual({ type: 'DOUBLE', value: 65.5 });
    const huge = { ...empty, longCount: 2, longSum: 2n ** 63n + 10n };
    expect(aggregateBucket('SUM', huge)).toEqual({ type: 'LONG', value: 2n ** 63n + 10n });
  });

  it('MIN and MAX are longs, or doubles as soon as a double is among the values', () => {
    expect(aggregateBucket('MIN', longs)).toEqual({ type: 'LONG', value: 10n });
    expect(aggregateBucket('MAX', longs)).toEqual({ type: 'LONG', value: 30n });
    expect(aggregateBucket('MIN', mixed)).toEqual({ type: 'DOUBLE', value: 1.5 });
    expect(aggregateBucket('MAX', mixed)).toEqual({ type: 'DOUBLE', value: 30 });
    const doubles = { ...empty, doubleCount: 1, doubleSum: -2.5, doubleMin: -2.5, doubleMax: -2.5 };
    expect(aggregateBucket('MAX', doubles)).toEqual({ type: 'DOUBLE', value: -2.5 });
  });

  it('COUNT counts booleans, strings or JSON values when present, otherwise numbers', () => {
    expect(aggregateBucket('COUNT', mixed)).toEqual({ type: 'LONG', value: 5n });
    expect(aggregateBucket('COUNT', { ...mixed, booleanCount: 2, stringCount: 4 })).toEqual({
      type: 'LONG',
      value: 2n,
    });
    expect(aggregateBucket('COUNT', { ...mixed, stringCount: 4, jsonCount: 1 })).toEqual({
      type: 'LONG',
      value: 4n,
    });
    expect(aggregateBucket('COUNT', { ...empty, jsonCount: 7 })).toEqual({ type: 'LONG', value: 7n });
  });

  it('yields nothing for a bucket without values to aggregate', () => {
    const strings = { ...empty, stringCount: 3 };
    for (const agg of ['AVG', 'SUM', 'MIN', 'MAX'] as const) {
      expect(aggregateBucket(agg, strings)).toBeUndefined();
      expect(aggregateBucket(agg, empty)).toBeUndefined();
    }
    expect(aggregateBucket('COUNT', empty)).toBeUndefined();
  });
});

describe('buckets', () => {
  it('puts each point at the middle of its bucket, the last bucket cut at the end', () => {
    const plan = bucketPlan(1000, 2500, 600);
    expect([0, 1, 2].map((i) => bucketTs(plan, i))).toEqual([1300, 1900, 2350]);
  });

  it('gives a zero-length window one bucket of 1 ms', () => {
    const plan = bucketPlan(5000, 5000, 1000);
    expect(plan.endTs).toBe(5001);
    expect(bucketTs(plan, 0)).toBe(5000);
  });

  it('refuses more than 700 intervals, counting intervals under a second as a second', () => {
    expect(intervalCountProblem(0, 700_000, 1000)).toBeUndefined();
    expect(intervalCountProblem(0, 700_999, 1)).toBeUndefined();
    expect(intervalCountProblem(0, 701_000, 1000)).toMatch(/Number of intervals is to high - 701\./);
    expect(intervalCountProblem(0, 701_000, 10)).toMatch(/to high - 701/);
    expect(intervalCountProblem(10_000, 0, 1000)).toMatch(/to high - -10/);
  });
});
