import type { JwtClaims } from '../app/auth/jwt';

function base64Url(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const byte of bytes) {
    binary += String.fromCharCode(byte);
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned token with the given claims; the console never verifies signatures. */
export function makeJwt(claims: JwtClaims & Record<string, unknown>): string {
  return `${base64Url('{"alg":"HS512"}')}.${base64Url(JSON.stringify(claims))}.signature`;
}

/** Access token of a user, valid for `lifetimeSeconds` (issued "now" in token time). */
export function accessToken(
  overrides: Partial<JwtClaims> & Record<string, unknown> = {},
  lifetimeSeconds = 9000,
): string {
  const iat = 1_700_000_000;
  return makeJwt({
    sub: 'tenant@meridian.test',
    scopes: ['TENANT_ADMIN'],
    userId: 'user-1',
    tenantId: 'tenant-1',
    customerId: '13814000-1dd2-11b2-8080-808080808080',
    isPublic: false,
    iat,
    exp: iat + lifetimeSeconds,
    ...overrides,
  });
}

export function refreshToken(overrides: Partial<JwtClaims> = {}, lifetimeSeconds = 604800): string {
  const iat = 1_700_000_000;
  return makeJwt({
    sub: 'tenant@meridian.test',
    scopes: ['REFRESH_TOKEN'],
    userId: 'user-1',
    iat,
    exp: iat + lifetimeSeconds,
    ...overrides,
  });
}
