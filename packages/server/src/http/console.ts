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
    await app.register(fastifyStatic, { root: webDir, wildcard: false, index: false, maxAge: '1h' });
  } else {
    app.log.warn({ webDir }, 'console build not found; run `npm run build` to serve the web console');
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (
      url === '/api' ||
      url.startsWith('/api/') ||
      !hasConsole ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.code(404).type('application/json').send(notFoundBody());
    }
    // index.html must never be cached: it names the hashed bundles of the current build.
    return reply.header('cache-control', 'no-cache').sendFile('index.html', webDir, { cacheControl: false });
  });
}
