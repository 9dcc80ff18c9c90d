import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { badRequest } from '../../http/api-error.js';
import type { PageQuery } from '../../http/page-query.js';
import { IdParams } from '../../http/schemas.js';
import {
  EntityViewBody,
  type EntityViewInput,
  type EntityViewSearchInput,
  EntityViewSearchQueryBody,
  TenantEntityViewsQuery,
  TypedPageQuery,
} from './schemas.js';
import type { EntityViewsService } from './service.js';

const TA = { access: ['TENANT_ADMIN'] as const };
const TA_CU = { access: ['TENANT_ADMIN', 'CUSTOMER_USER'] as const };

type Paged = PageQuery & { type?: string };

export function registerEntityViewRoutes(app: FastifyInstance, views: EntityViewsService): void {
  const viewParams = { params: IdParams('entityViewId') };
  type ById = { Params: { entityViewId: string } };
  type ByCustomer = { Params: { customerId: string }; Querystring: Paged };

  app.get<ById>('/api/entityView/:entityViewId', { config: TA_CU, schema: viewParams }, (req) =>
    views.get(principalOf(req), req.params.entityViewId),
  );
  app.get<ById>('/api/entityView/info/:entityViewId', { config: TA_CU, schema: viewParams }, (req) =>
    views.getInfo(principalOf(req), req.params.entityViewId),
  );
  app.post<{ Body: EntityViewInput }>(
    '/api/entityView',
    { config: TA_CU, schema: { body: EntityViewBody } },
    (req) => views.save(principalOf(req), req.body),
  );
  app.delete<ById>(
    '/api/entityView/:entityViewId',
    { config: TA, schema: viewParams },
    async (req, reply) => {
      await views.delete(principalOf(req), req.params.entityViewId);
      return reply.code(200).send();
    },
  );
  app.get('/api/entityView/types', { config: TA_CU }, (req) => views.types(principalOf(req)));

  // One path, two reference endpoints: `entityViewName` finds one view, PAGE lists them.
  app.get<{ Querystring: Partial<Paged> & { entityViewName?: string } }>(
    '/api/tenant/entityViews',
    { config: TA, schema: { querystring: TenantEntityViewsQuery } },
    (req) => {
      const { entityViewName, ...query } = req.query;
      if (entityViewName !== undefined) return views.tenantViewByName(principalOf(req), entityViewName);
      for (const name of ['pageSize', 'page'] as const) {
        if (query[name] === undefined)
          throw badRequest(`Invalid request: query parameter '${name}' is required`);
      }
      return views.tenantViews(principalOf(req), query as Paged, false);
    },
  );
  app.get<{ Querystring: Paged }>(
    '/api/tenant/entityViewInfos',
    { config: TA, schema: { querystring: TypedPageQuery } },
    (req) => views.tenantViews(principalOf(req), req.query, true),
  );
  app.get<ByCustomer>(
    '/api/customer/:customerId/entityViews',
    { config: TA_CU, schema: { params: IdParams('customerId'), querystring: TypedPageQuery } },
    (req) => views.customerViews(principalOf(req), req.params.customerId, req.query, false),
  );
  app.get<ByCustomer>(
    '/api/customer/:customerId/entityViewInfos',
    { config: TA_CU, schema: { params: IdParams('customerId'), querystring: TypedPageQuery } },
    (req) => views.customerViews(principalOf(req), req.params.customerId, req.query, true),
  );
  app.post<{ Params: { customerId: string; entityViewId: string } }>(
    '/api/customer/:customerId/entityView/:entityViewId',
    { config: TA, schema: { params: IdParams('customerId', 'entityViewId') } },
    (req) => views.assignToCustomer(principalOf(req), req.params.customerId, req.params.entityViewId),
  );
  app.delete<ById>('/api/customer/entityView/:entityViewId', { config: TA, schema: viewParams }, (req) =>
    views.unassignFromCustomer(principalOf(req), req.params.entityViewId),
  );
  app.post<ById>('/api/customer/public/entityView/:entityViewId', { config: TA, schema: viewParams }, (req) =>
    views.assignToPublicCustomer(principalOf(req), req.params.entityViewId),
  );
  app.post<{ Body: EntityViewSearchInput }>(
    '/api/entityViews',
    { config: TA_CU, schema: { body: EntityViewSearchQueryBody } },
    (req) => views.findByQuery(principalOf(req), req.body),
  );
}
