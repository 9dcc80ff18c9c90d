import type { FastifyInstance } from 'fastify';
import type { WebSecuritySettings } from './web-security.js';

/** The methods a preflight allows: all the API uses. */
const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';

/**
 * CORS on /api only, as the reference maps it (`/api/**`): an allowed origin is echoed with
 * credentials allowed, and a preflight (OPTIONS) is answered 204 with the methods, the headers it
 * asked for and how long a browser may cache the answer. Other paths get no CORS headers, and an
 * OPTIONS there is a 404 as before.
 *
 * Written here rather than with @fastify/cors: answering /api only needs its per-request options
 * (`delegator`), which it copies into new objects twice per request. Under device HTTP ingest that
 * was ~5 % of the server's CPU (bench/README, 2026-12-01), for four headers.
 */
export function registerApiCors(
  app: FastifyInstance,
  settings: Pick<WebSecuritySettings, 'corsAllowedOrigins' | 'corsAllowCredentials' | 'corsMaxAgeSec'>,
): void {
  const allowed = settings.corsAllowedOrigins;
  const isAllowed = (origin: string | undefined): origin is string =>
    origin !== undefined && (allowed === '*' || allowed.includes(origin));
  const maxAge = String(settings.corsMaxAgeSec);

  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) {
      // The answer depends on the Origin, so caches keep one per origin.
      reply.header('vary', 'Origin');
      const origin = request.headers.origin;
      if (isAllowed(origin)) {
        reply.header('access-control-allow-origin', origin);
        if (settings.corsAllowCredentials) reply.header('access-control-allow-credentials', 'true');
      }
    }
    done();
  });

  // Preflights need no token: browsers send them without one.
  app.options('/api/*', { config: { access: 'public' } }, async (request, reply) => {
    reply.header('access-control-allow-methods', METHODS);
    const requested = request.headers['access-control-request-headers'];
    if (requested !== undefined) reply.header('access-control-allow-headers', requested);
    reply.header('vary', 'Origin, Access-Control-Request-Headers');
    reply.header('access-control-max-age', maxAge);
    return reply.code(204).header('content-length', '0').send();
  });
}
