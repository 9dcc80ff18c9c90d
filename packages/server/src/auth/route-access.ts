import { ErrorMessages, type UserAuthority } from '@meridian/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, tokenExpired, unauthorized } from '../http/api-error.js';
import type { JwtService } from './jwt.js';
import type { Principal } from './principal.js';
import type { TokenOutdating } from './token-outdating.js';

/**
 * What a route needs before its handler runs: nothing (`public`), any valid token
 * (`authenticated`), or one of the listed authorities. Ownership of the touched entities is decided
 * later by the access policy in the service.
 */
export type Access = 'public' | 'authenticated' | readonly UserAuthority[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal?: Principal;
  }
}

/** The principal of an authenticated route; its absence is a wiring bug, reported as 401. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized(ErrorMessages.notAuthorized);
  return request.principal;
}

/** Reads the JWT the way the reference does: X-Authorization, then Authorization, minus "Bearer ". */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers['x-authorization'] ?? request.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || value.length <= 7) return undefined;
  return value.slice(7);
}

export async function authenticate(
  token: string | undefined,
  jwt: JwtService,
  outdating: TokenOutdating,
): Promise<Principal> {
  if (!token) throw unauthorized();
  const principal = await jwt.verifyAccess(token);
  const outdated = principal.isPublic
    ? await outdating.isCustomerRemoved(principal.customerId)
    : await outdating.isOutdated(principal.userId, principal.iat);
  if (outdated) throw tokenExpired();
  return principal;
}

/**
 * Makes every /api route declare its access, and enforces it before validation and handlers run.
 * A route without a declaration fails at start-up rather than silently being open.
 */
export function registerRouteAccess(app: FastifyInstance, jwt: JwtService, outdating: TokenOutdating): void {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api') && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access`);
    }
  });
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const principal = await authenticate(bearerToken(request), jwt, outdating);
    if (access !== 'authenticated' && !(access as readonly string[]).includes(principal.authority)) {
      throw forbidden();
    }
    request.principal = principal;
  });
}
