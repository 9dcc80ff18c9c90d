import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { type PageQuery, PageQuerySchema } from '../../http/page-query.js';
import { IdParams } from '../../http/schemas.js';
import type { DashboardsService } from './service.js';

export function registerDashboardRoutes(app: FastifyInstance, dashboards: DashboardsService): void {
  app.get<{ Querystring: PageQuery }>(
    '/api/tenant/dashboards',
    { config: { access: ['TENANT_ADMIN'] as const }, schema: { querystring: PageQuerySchema } },
    (req) => dashboards.tenantDashboards(principalOf(req), req.query),
  );
  app.get<{ Params: { customerId: string }; Querystring: PageQuery }>(
    '/api/customer/:customerId/dashboards',
    {
      config: { access: ['TENANT_ADMIN', 'CUSTOMER_USER'] as const },
      schema: { params: IdParams('customerId'), querystring: PageQuerySchema },
    },
    (req) => dashboards.customerDashboards(principalOf(req), req.params.customerId, req.query),
  );
}
