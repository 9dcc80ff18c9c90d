import { describe, expect, it } from 'vitest';
import { makeJwt } from '../../test/jwt';
import { TOKEN_KEYS, TokenStore } from './token-store';

function setup(start = 1_000_000) {
  let now = start;
  const store = new TokenStore(window.localStorage, () => now);
  return { store, advance: (ms: number) => (now += ms) };
}

describe('TokenStore', () => {
  it('stores a token with client-side expiration now + (exp - iat)', () => {
    const { store } = setup(5_000);
    const token = makeJwt({ iat: 100, exp: 160 });
    expect(store.store('access', token)).toBe(true);
    expect(localStorage.getItem(TOKEN_KEYS.access)).toBe(token);
    expect(localStorage.getItem(TOKEN_KEYS.accessExpiration)).toBe(String(5_000 + 60_000));
  });

  it.each([
    ['no iat', { exp: 160 }],
    ['no exp', { iat: 100 }],
    ['zero lifetime', { iat: 100, exp: 100 }],
    ['negative lifetime', { iat: 100, exp: 90 }],
  ])('does not store a token with %s', (_label, claims) => {
    const { store } = setup();
    expect(store.store('refresh', makeJwt(claims))).toBe(false);
    expect(localStorage.getItem(TOKEN_KEYS.refresh)).toBeNull();
    expect(localStorage.getItem(TOKEN_KEYS.refreshExpiration)).toBeNull();
  });

  it('does not store a malformed token', () => {
    const { store } = setup();
    expect(store.store('access', 'not-a-jwt')).toBe(false);
  });

  it('treats a token as expired when 2 seconds or less remain', () => {
    const { store, advance } = setup(0);
    store.store('access', makeJwt({ iat: 1, exp: 11 }));
    advance(7_999);
    expect(store.isValid('access')).toBe(true);
    advance(1);
    expect(store.isValid('access')).toBe(false);
  });

  it('clear removes both tokens and their expirations', () => {
    const { store } = setup();
    store.store('access', makeJwt({ iat: 1, exp: 100 }));
    store.store('refresh', makeJwt({ iat: 1, exp: 100 }));
    store.clear();
    expect(Object.values(TOKEN_KEYS).map((key) => localStorage.getItem(key))).toEqual([
      null,
      null,
      null,
      null,
    ]);
    expect(store.isValid('access')).toBe(false);
  });
});
