import { DEFAULT_QUEUE_NAMES, SERVICE_TYPES, type ServiceType } from '@meridian/common';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';

const TA = { access: ['TENANT_ADMIN'] as const };

const QueuesQuery = Type.Object({
  serviceType: Type.Union(SERVICE_TYPES.map((type) => Type.Literal(type))),
});

/**
 * QueueController (reference §1.3): the rule engine queues a tenant's device profiles may name.
 * Only the rule engine has queues a tenant chooses; other service types have none.
 */
export function registerQueueRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: { serviceType: ServiceType } }>(
    '/api/tenant/queues',
    { config: TA, schema: { querystring: QueuesQuery } },
    (req) => (req.query.serviceType === 'TB_RULE_ENGINE' ? [...DEFAULT_QUEUE_NAMES] : []),
  );
}
