import type { FastifyInstance } from 'fastify';
import { badRequest } from './api-error.js';
import { exceedsJsonDepth, tooDeepMessage } from './json-depth.js';

/**
 * Fastify's own JSON body parser (prototype-poisoning checks included), preceded by the nesting
 * limit, so no request body nested deeper than MAX_JSON_DEPTH reaches a service or the store.
 * Contexts that read JSON as text (telemetry, RPC, device APIs) parse it with the lossless reader,
 * which applies the same limit.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && exceedsJsonDepth(body)) {
      done(badRequest(tooDeepMessage), undefined);
      return;
    }
    parseJson(request, body as string, done);
  });
}
