import type { FastifyInstance } from 'fastify';
import { registerApiCors } from './api-cors.js';
import { isWidgetFrame, WIDGET_FRAME_POLICY } from './widget-frame.js';

/** Browser-facing security settings (README "Security"), read from the environment. */
export interface WebSecuritySettings {
  /** Origins whose browser apps may call /api (CORS_ALLOWED_ORIGINS); '*' any, as the reference. */
  corsAllowedOrigins: '*' | string[];
  /** CORS_MAX_AGE: how long, in seconds, a browser may cache a preflight answer. */
  corsMaxAgeSec: number;
  /** CORS_ALLOW_CREDENTIALS: browsers may send cookies and authorization with cross-origin calls. */
  corsAllowCredentials: boolean;
  /** EMBED_ALLOWED_ORIGINS: origins whose pages may show full-screen dashboards in a frame. */
  embedAllowedOrigins: string[];
  /** MAP_TILE_ORIGINS: further origins map widgets may load tiles from (a custom tile URL). */
  mapTileOrigins: string[];
}

/** An origin as a CSP source: http(s), a host (optionally `*.` for its subdomains), a port. */
const TILE_ORIGIN = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

/**
 * The hosts of the map widgets' built-in tile providers (decision 0026): named in img-src so the
 * maps keep their tiles if the policy's `https:` is narrowed one day.
 */
export const MAP_TILE_PROVIDER_SOURCES = [
  'https://*.tile.openstreetmap.org',
  'https://*.tile.openstreetmap.fr',
  'https://server.arcgisonline.com',
  'https://*.basemaps.cartocdn.com',
];

const list = (raw: string) =>
  raw
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);

export function loadWebSecuritySettings(env: NodeJS.ProcessEnv): WebSecuritySettings {
  const origins = env.CORS_ALLOWED_ORIGINS?.trim() || '*';
  const maxAge = env.CORS_MAX_AGE?.trim() || '1800';
  if (!/^\d+$/.test(maxAge))
    throw new Error(`Environment variable CORS_MAX_AGE must be a number of seconds, got '${maxAge}'`);
  const credentials = (env.CORS_ALLOW_CREDENTIALS?.trim() || 'true').toLowerCase();
  if (credentials !== 'true' && credentials !== 'false')
    throw new Error(
      `Environment variable CORS_ALLOW_CREDENTIALS must be true or false, got '${credentials}'`,
    );
  const tileOrigins = list(env.MAP_TILE_ORIGINS ?? '');
  const invalid = tileOrigins.find((origin) => !TILE_ORIGIN.test(origin));
  if (invalid !== undefined)
    throw new Error(
      `Environment variable MAP_TILE_ORIGINS must list origins like https://tiles.example.com or http://*.example.com:8080, got '${invalid}'`,
    );
  return {
    corsAllowedOrigins: origins === '*' ? '*' : list(origins),
    corsMaxAgeSec: Number(maxAge),
    corsAllowCredentials: credentials === 'true',
    embedAllowedOrigins: list(env.EMBED_ALLOWED_ORIGINS ?? ''),
    mapTileOrigins: tileOrigins,
  };
}

/**
 * The console's own needs: its scripts and styles (MUI writes style elements), images (with map
 * tiles from the providers and MAP_TILE_ORIGINS), the WebSocket.
 */
const consolePolicy = (tileOrigins: readonly string[]) => [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  ["img-src 'self' data: blob: https:", ...MAP_TILE_PROVIDER_SOURCES, ...tileOrigins].join(' '),
  "font-src 'self' data:",
  "connect-src 'self' ws: wss:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

/**
 * The tenant script worker's own policy (docs/decisions/0026): a dedicated worker loaded from a URL
 * of this origin runs under the CSP of its script's response, not the page's, so only this file may
 * compile code ('unsafe-eval'). It may load its own module chunks and call this origin (without the
 * page's token), and nothing else.
 */
export const TENANT_SCRIPT_WORKER_POLICY = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-eval'",
  "connect-src 'self'",
].join('; ');

/** The built worker file: Vite names it after its source, `tenant-script.worker.ts`, plus a hash. */
export const isTenantScriptWorker = (url: string) =>
  /^\/assets\/tenant-script\.worker-[\w-]+\.js(?:\?|$)/.test(url);

/** The full-screen dashboard route (spec 1 §2 `dashboard/{id}`, with `embedded`) is the one meant for frames. */
const isEmbeddableRoute = (url: string) => /^\/dashboard\/[^/?#]+/.test(url);

/**
 * Response headers every browser gets: no content sniffing, no full URLs (with their ids) in the
 * Referer of outgoing links, and for the console's pages a Content-Security-Policy and framing
 * rules: none, except the full-screen dashboard from this origin and the configured ones. CORS on
 * /api as the reference configures it by default: any origin, any method and header, credentials,
 * preflight cached 30 minutes.
 */
export function registerWebSecurity(app: FastifyInstance, settings: WebSecuritySettings): void {
  const embedders = ["'self'", ...settings.embedAllowedOrigins].join(' ');
  const policy = consolePolicy(settings.mapTileOrigins);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    const type = String(reply.getHeader('content-type') ?? '');
    if (isTenantScriptWorker(request.url)) {
      reply.header('content-security-policy', TENANT_SCRIPT_WORKER_POLICY);
    }
    if (isWidgetFrame(request.url)) {
      // The custom widget frame (widget-frame.ts): its own policy, shown in the console's frames only.
      reply.header('content-security-policy', WIDGET_FRAME_POLICY);
    } else if (type.startsWith('text/html')) {
      const embeddable = isEmbeddableRoute(request.url);
      const ancestors = embeddable ? embedders : "'none'";
      reply.header('content-security-policy', [...policy, `frame-ancestors ${ancestors}`].join('; '));
      // For browsers without frame-ancestors; it cannot name other origins, so it is left out then.
      if (!embeddable) reply.header('x-frame-options', 'DENY');
      else if (settings.embedAllowedOrigins.length === 0) reply.header('x-frame-options', 'SAMEORIGIN');
    }
    return payload;
  });

  registerApiCors(app, settings);
}
