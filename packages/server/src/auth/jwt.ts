import { randomBytes, randomUUID, webcrypto } from 'node:crypto';
import { NULL_UUID } from '@meridian/common';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { ApiError, tokenExpired, unauthorized } from '../http/api-error.js';
import type { Principal } from './principal.js';

export interface JwtSettings {
  /** Base64 text; the HMAC key is its decoding (the reference's jjwt behaviour). */
  signingKey: string;
  issuer: string;
  tokenExpirationSec: number;
  refreshTokenExpirationSec: number;
}

export interface TokenPair {
  token: string;
  refreshToken: string;
}

/** What a token is minted for: a stored user, or the synthetic user of a public customer. */
export interface TokenSubject {
  userId: string;
  email: string;
  authority: string;
  tenantId: string | null;
  customerId: string | null;
  firstName: string | null;
  lastName: string | null;
  enabled: boolean;
  isPublic: boolean;
}

export interface RefreshClaims {
  userId: string;
  sub: string;
  isPublic: boolean;
  iat: number;
}

/**
 * Mints and checks HS512 tokens with the reference's claims and lifetimes (reference §2.1), so tokens
 * from either server work on the other when they share the signing key.
 */
/** A new HS512 signing key as stored in the admin settings: 64 random bytes in base64. */
export function newSigningKey(): string {
  return randomBytes(64).toString('base64');
}

export class JwtService {
  /**
   * Imported once: given the raw bytes, jose imports a key on every call, which was half the cost
   * of checking a console request's token.
   */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(private readonly settings: JwtSettings) {
    const raw = Buffer.from(settings.signingKey, 'base64');
    if (raw.length === 0) throw new Error('JWT signing key must be non-empty Base64 text');
    this.key = webcrypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-512' }, false, [
      'sign',
      'verify',
    ]);
  }

  /** `issuedAtSec` dates the pair (default now); TokenOutdating.issuedAtFor moves it past a change. */
  async issuePair(subject: TokenSubject, issuedAtSec = Math.floor(Date.now() / 1000)): Promise<TokenPair> {
    const now = issuedAtSec;
    const token = await new SignJWT({
      scopes: [subject.authority],
      userId: subject.userId,
      firstName: subject.firstName,
      lastName: subject.lastName,
      enabled: subject.enabled,
      isPublic: subject.isPublic,
      tenantId: subject.tenantId ?? NULL_UUID,
      customerId: subject.customerId ?? NULL_UUID,
    })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(subject.email)
      .setIssuer(this.settings.issuer)
      .setIssuedAt(now)
      .setExpirationTime(now + this.settings.tokenExpirationSec)
      .sign(await this.key);
    const refreshToken = await new SignJWT({
      scopes: ['REFRESH_TOKEN'],
      userId: subject.userId,
      isPublic: subject.isPublic,
    })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(subject.email)
      .setIssuer(this.settings.issuer)
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + this.settings.refreshTokenExpirationSec)
      .sign(await this.key);
    return { token, refreshToken };
  }

  /** Verifies an access token; expired → 401 code 11, anything else wrong → 401 code 10. */
  async verifyAccess(token: string): Promise<Principal> {
    const payload = await this.verify(token);
    const scopes = payload.scopes;
    const authority = Array.isArray(scopes) ? scopes[0] : undefined;
    if (typeof authority !== 'string' || authority === 'REFRESH_TOKEN') throw unauthorized();
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.userId !== 'string' ||
      typeof payload.iat !== 'number'
    ) {
      throw unauthorized();
    }
    return {
      userId: payload.userId,
      sub: payload.sub,
      authority: authority as Principal['authority'],
      tenantId: typeof payload.tenantId === 'string' ? payload.tenantId : NULL_UUID,
      customerId: typeof payload.customerId === 'string' ? payload.customerId : NULL_UUID,
      firstName: typeof payload.firstName === 'string' ? payload.firstName : null,
      lastName: typeof payload.lastName === 'string' ? payload.lastName : null,
      enabled: payload.enabled === true,
      isPublic: payload.isPublic === true,
      iat: payload.iat,
    };
  }

  /** Verifies a refresh token; any failure is 401 code 10, as the reference's refresh filter answers. */
  async verifyRefresh(token: string): Promise<RefreshClaims> {
    let payload: Awaited<ReturnType<JwtService['verify']>>;
    try {
      payload = await this.verify(token);
    } catch (error) {
      if (error instanceof ApiError && error.errorCode === 11) throw unauthorized('Token has expired');
      throw error;
    }
    const scopes = payload.scopes;
    if (!Array.isArray(scopes) || scopes[0] !== 'REFRESH_TOKEN') throw unauthorized('Invalid refresh token');
    if (
      typeof payload.userId !== 'string' ||
      typeof payload.sub !== 'string' ||
      typeof payload.iat !== 'number'
    ) {
      throw unauthorized('Invalid refresh token');
    }
    return {
      userId: payload.userId,
      sub: payload.sub,
      isPublic: payload.isPublic === true,
      iat: payload.iat,
    };
  }

  private async verify(token: string) {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS512'],
        issuer: this.settings.issuer,
      });
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw tokenExpired();
      throw unauthorized();
    }
  }
}
