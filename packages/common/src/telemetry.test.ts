import { describe, expect, it } from 'vitest';
import { rpcExpirationTime } from './rpc.js';
import {
  inferValueType,
  isWritableAttributeScope,
  splitEntriesForSave,
  telemetryBasePath,
  timeseriesQueryString,
} from './telemetry.js';

describe('timeseriesQueryString', () => {
  it('sends only the parameters that are present', () => {
    expect(timeseriesQueryString({ keys: ['temperature', 'humidity'], startTs: 1, endTs: 2 })).toBe(
      'keys=temperature,humidity&startTs=1&endTs=2',
    );
    expect(
      timeseriesQueryString({
        keys: ['t'],
        startTs: 1,
        endTs: 2,
        limit: 0,
        agg: 'NONE',
        interval: null,
        orderBy: 'DESC',
        useStrictDataTypes: false,
      }),
    ).toBe('keys=t&startTs=1&endTs=2&limit=0&agg=NONE&orderBy=DESC&useStrictDataTypes=false');
  });
});

describe('splitEntriesForSave', () => {
  it('deletes entries without a value and saves the rest, even empty strings', () => {
    expect(
      splitEntriesForSave([
        { key: 'a', value: 1 },
        { key: 'b', value: null },
        { key: 'c', value: '' },
        { key: 'd', value: undefined },
        { key: 'e', value: false },
      ]),
    ).toEqual({ save: { a: 1, c: '', e: false }, deleteKeys: ['b', 'd'] });
  });
});

describe('telemetry helpers', () => {
  it('infer editor value types', () => {
    expect(inferValueType(5)).toBe('INTEGER');
    expect(inferValueType(5.5)).toBe('DOUBLE');
    expect(inferValueType(true)).toBe('BOOLEAN');
    expect(inferValueType({ a: 1 })).toBe('JSON');
    expect(inferValueType([1])).toBe('JSON');
    expect(inferValueType('5')).toBe('STRING');
  });

  it('allow writes to server and shared scopes only', () => {
    expect(isWritableAttributeScope('SERVER_SCOPE')).toBe(true);
    expect(isWritableAttributeScope('SHARED_SCOPE')).toBe(true);
    expect(isWritableAttributeScope('CLIENT_SCOPE')).toBe(false);
  });

  it('build the base path', () => {
    expect(telemetryBasePath({ entityType: 'ASSET', id: 'a1' })).toBe('/api/plugins/telemetry/ASSET/a1');
  });
});

describe('rpcExpirationTime', () => {
  it('uses at least the 5 s minimum timeout, 10 s by default', () => {
    expect(rpcExpirationTime({}, 1000)).toBe(11_000);
    expect(rpcExpirationTime({ timeout: 1000 }, 1000)).toBe(6000);
    expect(rpcExpirationTime({ timeout: 60_000 }, 1000)).toBe(61_000);
  });

  it('keeps an explicit expiration time', () => {
    expect(rpcExpirationTime({ timeout: 1000, expirationTime: 99_999 }, 1000)).toBe(99_999);
  });
});
