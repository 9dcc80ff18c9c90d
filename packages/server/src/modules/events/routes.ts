import type { EventType } from '@meridian/common';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { IdParams } from '../../http/schemas.js';
import {
  ClearEventsQuery,
  type EventEntityInput,
  EventEntityParams,
  type EventsPageInput,
  EventsPageQuery,
  EventTypeParams,
} from './schemas.js';
import type { EventsService } from './service.js';

const ANY_USER = { access: ['SYS_ADMIN', 'TENANT_ADMIN', 'CUSTOMER_USER'] as const };
const TA = { access: ['TENANT_ADMIN'] as const };

/** EventController and `GET /api/ruleNode/{ruleNodeId}/debugIn` of RuleChainController (reference §1.3). */
export function registerEventRoutes(app: FastifyInstance, events: EventsService): void {
  type PageReq = { Params: EventEntityInput; Querystring: EventsPageInput };

  app.get<{ Params: EventEntityInput & { eventType: string }; Querystring: EventsPageInput }>(
    '/api/events/:entityType/:entityId/:eventType',
    { config: ANY_USER, schema: { params: EventTypeParams, querystring: EventsPageQuery } },
    (req) => events.page(principalOf(req), req.params, req.params.eventType as EventType, req.query),
  );
  app.get<PageReq>(
    '/api/events/:entityType/:entityId',
    { config: ANY_USER, schema: { params: EventEntityParams, querystring: EventsPageQuery } },
    (req) => events.page(principalOf(req), req.params, undefined, req.query),
  );
  app.post<PageReq>(
    '/api/events/:entityType/:entityId',
    { config: ANY_USER, schema: { params: EventEntityParams, querystring: EventsPageQuery } },
    (req) => events.pageFiltered(principalOf(req), req.params, req.body, req.query),
  );
  app.post<{
    Params: EventEntityInput;
    Querystring: { startTime?: number; endTime?: number; tenantId?: string };
  }>(
    '/api/events/:entityType/:entityId/clear',
    { config: ANY_USER, schema: { params: EventEntityParams, querystring: ClearEventsQuery } },
    async (req, reply) => {
      await events.clear(principalOf(req), req.params, req.body, req.query);
      return reply.code(200).send();
    },
  );
  app.get<{ Params: { ruleNodeId: string } }>(
    '/api/ruleNode/:ruleNodeId/debugIn',
    { config: TA, schema: { params: IdParams('ruleNodeId') } },
    async (req, reply) => {
      const body = await events.latestDebugIn(principalOf(req), req.params.ruleNodeId);
      if (body === undefined) return reply.code(200).send();
      return reply.code(200).type('application/json').send(JSON.stringify(body));
    },
  );
}
