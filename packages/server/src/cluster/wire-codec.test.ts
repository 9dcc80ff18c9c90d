import { describe, expect, it } from 'vitest';
import { decodeWire, encodeWire } from './wire-codec.js';

describe('cluster wire codec', () => {
  it('carries 64-bit integers as bigint and everything else as JSON', () => {
    const change = {
      type: 'TIMESERIES_UPDATED',
      entries: [
        { ts: 1, key: 'counter', value: { type: 'LONG', value: 9007199254740993n } },
        { ts: 1, key: 'doc', value: { type: 'JSON', value: '{"$bigint":"1"}' } },
      ],
      nothing: null,
    };
    const back = decodeWire<typeof change>(encodeWire(change));
    expect(back).toEqual(change);
    expect(typeof back.entries[0]?.value.value).toBe('bigint');
    expect(back.entries[1]?.value.value).toBe('{"$bigint":"1"}');
  });
});
