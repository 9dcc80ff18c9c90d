import { describe, expect, it } from 'vitest';
import { decodeJwtPayload, isTokenValid, TOKEN_EXPIRY_MARGIN_MS, tokenClientExpirationMs } from './token.js';

const base64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const jwt = (payload: object) => `${base64Url('{"alg":"HS512"}')}.${base64Url(JSON.stringify(payload))}.sig`;

describe('isTokenValid', () => {
  const now = 1_000_000;

  it('needs more than 2 s left', () => {
    expect(TOKEN_EXPIRY_MARGIN_MS).toBe(2000);
    expect(isTokenValid(now + 2001, now)).toBe(true);
    expect(isTokenValid(now + 2000, now)).toBe(false);
    expect(isTokenValid(now + 1999, now)).toBe(false);
    expect(isTokenValid(now - 1, now)).toBe(false);
  });

  it('treats a missing or broken expiry as invalid', () => {
    expect(isTokenValid(null, now)).toBe(false);
    expect(isTokenValid(undefined, now)).toBe(false);
    expect(isTokenValid(Number.NaN, now)).toBe(false);
    expect(isTokenValid(Number.POSITIVE_INFINITY, now)).toBe(false);
  });
});

describe('tokenClientExpirationMs', () => {
  it('stores now plus the lifetime', () => {
    expect(tokenClientExpirationMs({ iat: 1000, exp: 10_000 }, 5_000_000)).toBe(5_000_000 + 9_000_000);
  });

  it('refuses tokens without issued-at or expiry', () => {
    expect(tokenClientExpirationMs({ exp: 10_000 }, 0)).toBeNull();
    expect(tokenClientExpirationMs({ iat: 1000 }, 0)).toBeNull();
    expect(tokenClientExpirationMs({ iat: 0, exp: 10 }, 0)).toBeNull();
    expect(tokenClientExpirationMs({ iat: '1', exp: '2' }, 0)).toBeNull();
  });

  it('refuses tokens with no positive lifetime', () => {
    expect(tokenClientExpirationMs({ iat: 1000, exp: 1000 }, 0)).toBeNull();
    expect(tokenClientExpirationMs({ iat: 1000, exp: 900 }, 0)).toBeNull();
  });
});

describe('decodeJwtPayload', () => {
  it('decodes the claims, including non-ASCII text', () => {
    const claims = {
      sub: 'tenant@thingsboard.org',
      scopes: ['TENANT_ADMIN'],
      firstName: 'Zoë 東京',
      iat: 1,
      exp: 2,
    };
    expect(decodeJwtPayload(jwt(claims))).toEqual(claims);
  });

  it('decodes payloads of every padding length', () => {
    for (const sub of ['a', 'ab', 'abc']) {
      expect(decodeJwtPayload(jwt({ sub }))).toEqual({ sub });
    }
  });

  it('returns null for malformed tokens', () => {
    expect(decodeJwtPayload('')).toBeNull();
    expect(decodeJwtPayload('a.b')).toBeNull();
    expect(decodeJwtPayload('a.!!!.c')).toBeNull();
    expect(decodeJwtPayload(`x.${base64Url('[1,2]')}.y`)).toBeNull();
    expect(decodeJwtPayload(`x.${base64Url('not json')}.y`)).toBeNull();
    expect(decodeJwtPayload('x._w.y')).toBeNull();
  });
});
