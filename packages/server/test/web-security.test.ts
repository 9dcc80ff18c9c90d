import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWebSecuritySettings } from '../src/http/web-security.js';
import { startServer, type TestServer } from './helper.js';

const APP_ORIGIN = 'https://app.example.test';
let webDir: string;
let byDefault: TestServer;
let configured: TestServer;

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'meridian-web-'));
  await fs.writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>console</title>');
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(path.join(webDir, 'assets', 'tenant-script.worker-Ab12_x.js'), 'self.onmessage = null;');
  await fs.writeFile(path.join(webDir, 'assets', 'index-Ab12_x.js'), 'export {};');
  [byDefault, configured] = await Promise.all([
    startServer({ demo: false, env: { WEB_DIR: webDir } }),
    startServer({
      demo: false,
      env: {
        WEB_DIR: webDir,
        CORS_ALLOWED_ORIGINS: 'https://only.example.test',
        CORS_MAX_AGE: '60',
        EMBED_ALLOWED_ORIGINS: 'https://portal.example.test',
        MAP_TILE_ORIGINS: 'http://tiles.example.test:8080, https://*.maps.example.test',
      },
    }),
  ]);
});
afterAll(async () => {
  await Promise.all([byDefault.close(), configured.close()]);
  await fs.rm(webDir, { recursive: true, force: true });
});

describe('CORS on /api, as the reference by default', () => {
  it('answers any origin with credentials allowed', async () => {
    const res = await byDefault.api.get('/api/noauth/userPasswordPolicy', {
      headers: { origin: APP_ORIGIN },
    });
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('vary')).toContain('Origin');
  });

  it('answers a preflight for a JSON login with the token header, cached 30 minutes', async () => {
    const res = await byDefault.api.request('OPTIONS', '/api/auth/login', {
      headers: {
        origin: APP_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-authorization',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type,x-authorization');
    expect(res.headers.get('access-control-max-age')).toBe('1800');
  });

  it('sends no CORS headers outside /api, and answers no preflight there', async () => {
    const res = await byDefault.api.get('/', { headers: { origin: APP_ORIGIN } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await byDefault.api.request('OPTIONS', '/', {
      headers: { origin: APP_ORIGIN, 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(404);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('lets the browser read errors: a 401 carries the CORS headers', async () => {
    const res = await byDefault.api.get('/api/auth/user', { headers: { origin: APP_ORIGIN } });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('answers device API calls from a browser too (the device API is under /api)', async () => {
    const res = await byDefault.api.request('OPTIONS', '/api/v1/some-token/telemetry', {
      headers: { origin: APP_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
  });

  it('answers only the configured origins when CORS_ALLOWED_ORIGINS is set', async () => {
    const other = await configured.api.get('/api/noauth/userPasswordPolicy', {
      headers: { origin: APP_ORIGIN },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('access-control-allow-credentials')).toBeNull();
    const allowed = await configured.api.request('OPTIONS', '/api/auth/login', {
      headers: { origin: 'https://only.example.test', 'access-control-request-method': 'POST' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://only.example.test');
    expect(allowed.headers.get('access-control-max-age')).toBe('60');
  });
});

describe('security headers', () => {
  it('API answers are not sniffed and leak no URL in the Referer', async () => {
    for (const url of ['/api/noauth/userPasswordPolicy', '/api/nothing-here']) {
      const res = await byDefault.api.get(url);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  it('console pages carry a Content-Security-Policy and may not be framed', async () => {
    const res = await byDefault.api.get('/devices');
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('serves the custom widget frame with its own policy: widget code may compile there, not in the console', async () => {
    const frame = await byDefault.api.get('/widget-frame');
    expect(frame.status).toBe(200);
    expect(frame.headers.get('content-type')).toContain('text/html');
    const csp = frame.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("'unsafe-eval'");
    expect(csp).toContain("frame-ancestors 'self'");
    // Opened directly, the document is still sandboxed: an opaque origin, not the console's.
    expect(csp).toContain('sandbox allow-scripts');
    expect(csp).not.toContain('allow-same-origin');
    // Only the console's own pages frame it; the console keeps its policy.
    expect(frame.headers.get('x-frame-options')).toBeNull();
    expect(frame.text).toContain("message.type !== 'boot'");
    const page = await byDefault.api.get('/devices');
    expect(page.headers.get('content-security-policy')).not.toContain('unsafe-eval');
  });

  it('lets map widgets load tiles from the built-in providers and MAP_TILE_ORIGINS', async () => {
    const imgSrc = async (server: TestServer) => {
      const res = await server.api.get('/devices');
      const csp = res.headers.get('content-security-policy') ?? '';
      return csp.split('; ').find((part) => part.startsWith('img-src ')) ?? '';
    };
    const plain = await imgSrc(byDefault);
    expect(plain).toContain('https://*.tile.openstreetmap.org');
    expect(plain).toContain('https://*.basemaps.cartocdn.com');
    expect(plain).not.toContain('tiles.example.test');
    expect(await imgSrc(configured)).toMatch(
      / http:\/\/tiles\.example\.test:8080 https:\/\/\*\.maps\.example\.test$/,
    );
    expect(() =>
      loadWebSecuritySettings({ MAP_TILE_ORIGINS: "https://x.test; script-src 'unsafe-eval'" }),
    ).toThrow(/MAP_TILE_ORIGINS/);
  });

  it('the full-screen dashboard may be framed by this origin, and by configured ones', async () => {
    const own = await byDefault.api.get('/dashboard/5b1e7b10-1111-11ee-8888-888888888888?embedded=true');
    expect(own.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(own.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const portal = await configured.api.get('/dashboard/5b1e7b10-1111-11ee-8888-888888888888');
    expect(portal.headers.get('content-security-policy')).toContain(
      "frame-ancestors 'self' https://portal.example.test",
    );
    expect(portal.headers.get('x-frame-options')).toBeNull();
    // The dashboards list and editor pages are not for frames.
    const list = await configured.api.get('/dashboards/5b1e7b10-1111-11ee-8888-888888888888');
    expect(list.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('only the tenant script worker may compile code, under its own narrow policy', async () => {
    const worker = await byDefault.api.get('/assets/tenant-script.worker-Ab12_x.js');
    expect(worker.status).toBe(200);
    const policy = worker.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self' 'unsafe-eval'");
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("connect-src 'self'");
    const page = await byDefault.api.get('/dashboard/5b1e7b10-1111-11ee-8888-888888888888');
    const pagePolicy = page.headers.get('content-security-policy') ?? '';
    expect(pagePolicy).not.toContain('unsafe-eval');
    expect(pagePolicy).toContain("worker-src 'self'");
    const script = await byDefault.api.get('/assets/index-Ab12_x.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-security-policy')).toBeNull();
  });
});
