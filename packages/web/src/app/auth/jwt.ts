import { type Authority, decodeJwtPayload } from '@meridian/common';

/** Claims of an access or refresh token (reference §2.1). Only what the console reads is typed. */
export interface JwtClaims {
  sub?: string;
  scopes?: string[];
  userId?: string;
  firstName?: string | null;
  lastName?: string | null;
  enabled?: boolean;
  isPublic?: boolean;
  tenantId?: string;
  customerId?: string;
  iss?: string;
  iat?: number;
  exp?: number;
}

/** The signed-in principal as the console sees it, rebuilt from the access token claims. */
export interface AuthUser {
  sub: string;
  scopes: string[];
  userId: string;
  tenantId: string | null;
  customerId: string | null;
  firstName: string | null;
  lastName: string | null;
  isPublic: boolean;
  authority: Authority;
}

const AUTHORITY_NAMES: readonly string[] = [
  'SYS_ADMIN',
  'TENANT_ADMIN',
  'CUSTOMER_USER',
  'REFRESH_TOKEN',
  'ANONYMOUS',
];

function isAuthority(value: string | undefined): value is Authority {
  return value !== undefined && AUTHORITY_NAMES.includes(value);
}

/** Reads the payload of a JWT without verifying it (the server verifies). Returns null when malformed. */
export function decodeJwt(token: string | null | undefined): JwtClaims | null {
  return token ? (decodeJwtPayload(token) as JwtClaims | null) : null;
}

/** A token with no scopes is anonymous; otherwise the first scope is the authority (reference §2.1). */
export function authUserFromClaims(claims: JwtClaims): AuthUser {
  const first = claims.scopes?.[0];
  return {
    sub: claims.sub ?? '',
    scopes: claims.scopes ?? [],
    userId: claims.userId ?? '',
    tenantId: claims.tenantId ?? null,
    customerId: claims.customerId ?? null,
    firstName: claims.firstName ?? null,
    lastName: claims.lastName ?? null,
    isPublic: claims.isPublic === true,
    authority: isAuthority(first) ? first : 'ANONYMOUS',
  };
}
