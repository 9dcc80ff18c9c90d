import { describe, expect, it } from 'vitest';
import { loadTrustProxy } from './trust-proxy.js';

describe('TRUST_PROXY', () => {
  it('trusts no proxy unless told', () => {
    expect(loadTrustProxy({})).toBe(false);
    expect(loadTrustProxy({ TRUST_PROXY: '' })).toBe(false);
    expect(loadTrustProxy({ TRUST_PROXY: 'false' })).toBe(false);
    expect(loadTrustProxy({ TRUST_PROXY: '0' })).toBe(false);
  });

  it('reads true, a hop count or a list of proxies', () => {
    expect(loadTrustProxy({ TRUST_PROXY: 'TRUE' })).toBe(true);
    const twoHops = loadTrustProxy({ TRUST_PROXY: '2' }) as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => twoHops('10.0.0.1', hop))).toEqual([true, true, false]);
    expect(loadTrustProxy({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback,::1' })).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
      '::1',
    ]);
  });

  it('refuses anything else', () => {
    expect(() => loadTrustProxy({ TRUST_PROXY: 'proxy one' })).toThrow(/TRUST_PROXY/);
  });
});
