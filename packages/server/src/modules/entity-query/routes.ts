import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { EntityQueryBody, type KeysQuery, KeysQuerystring } from './schemas.js';
import type { EntityQueryService } from './service.js';

const TA_CU = { access: ['TENANT_ADMIN', 'CUSTOMER_USER'] as const };

/** EntityQueryController (reference §1.3): entity data pages, counts and keys by query. */
export function registerEntityQueryRoutes(app: FastifyInstance, queries: EntityQueryService): void {
  app.post('/api/entitiesQuery/count', { config: TA_CU, schema: { body: EntityQueryBody } }, (req) =>
    queries.count(principalOf(req), req.body),
  );
  app.post('/api/entitiesQuery/find', { config: TA_CU, schema: { body: EntityQueryBody } }, (req) =>
    queries.find(principalOf(req), req.body),
  );
  app.post<{ Querystring: KeysQuery }>(
    '/api/entitiesQuery/find/keys',
    { config: TA_CU, schema: { body: EntityQueryBody, querystring: KeysQuerystring } },
    (req) => queries.findKeys(principalOf(req), req.body, req.query),
  );
}
