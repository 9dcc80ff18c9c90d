import { describe, expect, it } from 'vitest';
import { monthPartition } from './partitions.js';

describe('monthPartition', () => {
  it('names and bounds a UTC month', () => {
    const now = Date.UTC(2026, 10, 22, 17, 30);
    expect(monthPartition(now, 0)).toEqual({
      name: 'ts_kv_2026_11',
      from: Date.UTC(2026, 10, 1),
      to: Date.UTC(2026, 11, 1),
    });
  });

  it('rolls over the year', () => {
    const now = Date.UTC(2026, 11, 31, 23, 59);
    expect(monthPartition(now, 1).name).toBe('ts_kv_2027_01');
    expect(monthPartition(now, 2)).toMatchObject({ name: 'ts_kv_2027_02', to: Date.UTC(2027, 2, 1) });
  });
});
