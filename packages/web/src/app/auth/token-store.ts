import {
  isTokenValid,
  JWT_TOKEN_STORAGE_KEY,
  REFRESH_TOKEN_STORAGE_KEY,
  TOKEN_EXPIRATION_SUFFIX,
  tokenClientExpirationMs,
} from '@meridian/common';
import { decodeJwt } from './jwt';

/** localStorage keys of spec 1 §3: jwt_token, jwt_token_expiration, refresh_token, refresh_token_expiration. */
export const TOKEN_KEYS = {
  access: JWT_TOKEN_STORAGE_KEY,
  accessExpiration: `${JWT_TOKEN_STORAGE_KEY}${TOKEN_EXPIRATION_SUFFIX}`,
  refresh: REFRESH_TOKEN_STORAGE_KEY,
  refreshExpiration: `${REFRESH_TOKEN_STORAGE_KEY}${TOKEN_EXPIRATION_SUFFIX}`,
} as const;

type TokenKind = 'access' | 'refresh';

const KEYS: Record<TokenKind, { token: string; expiration: string }> = {
  access: { token: TOKEN_KEYS.access, expiration: TOKEN_KEYS.accessExpiration },
  refresh: { token: TOKEN_KEYS.refresh, expiration: TOKEN_KEYS.refreshExpiration },
};

export type Clock = () => number;

/**
 * The stored token pair. Expirations are kept in client time, now + (exp - iat), so a skewed client
 * clock does not matter; the rules themselves live in @meridian/common.
 */
export class TokenStore {
  constructor(
    private readonly storage: Storage,
    private readonly now: Clock = Date.now,
  ) {}

  /**
   * Stores a token only when its issued-at and expiry are present and its lifetime is positive
   * (spec 1 §5). Returns whether it was stored.
   */
  store(kind: TokenKind, token: string | null | undefined): boolean {
    const claims = decodeJwt(token);
    const expiration = claims ? tokenClientExpirationMs(claims, this.now()) : null;
    if (!token || expiration === null) {
      return false;
    }
    const keys = KEYS[kind];
    this.storage.setItem(keys.token, token);
    this.storage.setItem(keys.expiration, String(expiration));
    return true;
  }

  get(kind: TokenKind): string | null {
    return this.storage.getItem(KEYS[kind].token);
  }

  /** Valid when the stored expiry is more than the 2 s margin ahead. */
  isValid(kind: TokenKind): boolean {
    const raw = this.storage.getItem(KEYS[kind].expiration);
    return this.get(kind) !== null && raw !== null && isTokenValid(Number(raw), this.now());
  }

  remove(kind: TokenKind): void {
    const keys = KEYS[kind];
    this.storage.removeItem(keys.token);
    this.storage.removeItem(keys.expiration);
  }

  clear(): void {
    this.remove('access');
    this.remove('refresh');
  }
}
