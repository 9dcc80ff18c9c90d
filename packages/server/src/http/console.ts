import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFoundBody } from './error-handler.js';

/**
 * Serves the built console, with index.html for every non-API path the console routes itself
 * (SPA fallback). Unknown /api paths get the 404 error JSON instead.
 */
export async function registerConsole(app: FastifyInstance, webDir: string): Promise<void> {
  const indexFile = path.join(webDir, 'index.html');
  const hasConsole = fs.existsSync(indexFile);
  if (hasConsole) {
    // preCompressed: the build writes .br and .gz copies of its text assets (packages/web/build).
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      maxAge: '1h',
      preCompressed: true,
    });
    // Caches between the server and the browser must keep the encodings apart.
    app.addHook('onRequest', async (request, reply) => {
      if (request.url.startsWith('/api')) return;
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${String(vary)}, Accept-Encoding` : 'Accept-Encoding');
    });
  } else {
    app.log.warn({ webDir }, 'console build not found; run `npm run build` to serve the web console');
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (
      url === '/api' ||
      url.startsWith('/api/') ||
      !hasConsole ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.code(404).type('application/json').send(notFoundBody());
    }
    // index.html must never be cached: it names the hashed bundles of the current build. Read on
    // each request (it is small) so a rebuild shows without a restart; not through sendFile, whose
    // pre-compressed lookup drops the per-call cache-control option.
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await fs.promises.readFile(indexFile));
  });
}
