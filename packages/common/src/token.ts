import type { Authority } from './entity-types.js';
import type { JsonObject } from './json.js';
import { isJsonObject } from './json.js';

/**
 * JWT access/refresh tokens: claims, client-side storage and validity (spec 1 §3–§5, §9; reference §2.1).
 */

/** A token counts as expired when less than this many ms of its lifetime remain (spec 1 §4, §9). */
export const TOKEN_EXPIRY_MARGIN_MS = 2000;

/** Storage keys of the console's tokens; each has a `<key>_expiration` companion (spec 1 §3). */
export const JWT_TOKEN_STORAGE_KEY = 'jwt_token';
export const REFRESH_TOKEN_STORAGE_KEY = 'refresh_token';
export const TOKEN_EXPIRATION_SUFFIX = '_expiration';

/** Reference defaults of `security.jwt` (reference §2.1). */
export const DEFAULT_ACCESS_TOKEN_LIFETIME_S = 9000;
export const DEFAULT_REFRESH_TOKEN_LIFETIME_S = 604800;
export const DEFAULT_TOKEN_ISSUER = 'thingsboard.io';

/** Claims of an access token. `iat`/`exp` are in seconds. */
export interface JwtAccessTokenClaims {
  sub: string;
  scopes: Authority[];
  userId: string;
  firstName?: string | null;
  lastName?: string | null;
  enabled: boolean;
  isPublic: boolean;
  tenantId?: string;
  customerId?: string;
  iss: string;
  iat: number;
  exp: number;
}

/** Claims of a refresh token (no name, tenant or customer). */
export interface JwtRefreshTokenClaims {
  sub: string;
  scopes: ['REFRESH_TOKEN'];
  userId: string;
  isPublic: boolean;
  iss: string;
  jti: string;
  iat: number;
  exp: number;
}

/**
 * Access token validity (spec 1 §4): valid only while its stored expiry is more than
 * {@link TOKEN_EXPIRY_MARGIN_MS} ahead of `nowMs`. A missing or non-numeric expiry is invalid.
 */
export function isTokenValid(expirationMs: number | null | undefined, nowMs: number): boolean {
  return (
    typeof expirationMs === 'number' &&
    Number.isFinite(expirationMs) &&
    expirationMs > nowMs + TOKEN_EXPIRY_MARGIN_MS
  );
}

/**
 * Token storage rule (spec 1 §5): a token counts only if it has issued-at and expiry claims and a
 * positive lifetime. Returns the expiry to store, measured on the client's clock (`nowMs` plus the
 * token's lifetime, which sidesteps clock skew), or null when the token must not be stored.
 */
export function tokenClientExpirationMs(
  claims: { iat?: unknown; exp?: unknown },
  nowMs: number,
): number | null {
  const { iat, exp } = claims;
  if (typeof iat !== 'number' || typeof exp !== 'number' || !iat || !exp) {
    return null;
  }
  const lifetimeSeconds = exp - iat;
  return lifetimeSeconds > 0 ? nowMs + lifetimeSeconds * 1000 : null;
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function base64UrlToBytes(input: string): number[] | null {
  const normalized = input.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (/[^A-Za-z0-9+/]/.test(normalized) || normalized.length % 4 === 1) {
    return null;
  }
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of normalized) {
    buffer = (buffer << 6) | BASE64_ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
      buffer &= (1 << bits) - 1;
    }
  }
  return bytes;
}

/**
 * Reads the payload of a JWT without checking its signature (the console only needs the claims;
 * the server verifies). Works in browsers and Node without `atob` or `Buffer`. Returns null for
 * anything that is not a three-part token with a JSON object payload.
 */
export function decodeJwtPayload(token: string): JsonObject | null {
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || payload === undefined) {
    return null;
  }
  const bytes = base64UrlToBytes(payload);
  if (!bytes) {
    return null;
  }
  try {
    const text = decodeURIComponent(bytes.map((b) => `%${b.toString(16).padStart(2, '0')}`).join(''));
    const parsed: unknown = JSON.parse(text);
    return isJsonObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
