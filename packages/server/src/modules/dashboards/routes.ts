import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { type PageQuery, PageQuerySchema } from '../../http/page-query.js';
import { IdParams } from '../../http/schemas.js';
import type { DashboardAssignmentService } from './assignments.js';
import type { HomeDashboardService } from './home.js';
import {
  CustomerIdsBody,
  DashboardBody,
  type DashboardInput,
  DashboardPageQuery,
  HomeDashboardInfoBody,
  type HomeDashboardInfoInput,
} from './schemas.js';
import type { DashboardListQuery, DashboardsService } from './service.js';

const TA = { access: ['TENANT_ADMIN'] as const };
const TA_CU = { access: ['TENANT_ADMIN', 'CUSTOMER_USER'] as const };
const ALL = { access: ['SYS_ADMIN', 'TENANT_ADMIN', 'CUSTOMER_USER'] as const };
const ANY = { access: 'authenticated' as const };

export interface DashboardModule {
  dashboards: DashboardsService;
  assignments: DashboardAssignmentService;
  home: HomeDashboardService;
}

/**
 * The reference DashboardController without its edge endpoints (Meridian has no edges).
 * `serverTime` and `maxDatapointsLimit` live with the other start-up facts in modules/system.
 */
export function registerDashboardRoutes(app: FastifyInstance, module: DashboardModule): void {
  const { dashboards, assignments, home } = module;
  const byId = { params: IdParams('dashboardId') };
  type ById = { Params: { dashboardId: string } };
  type ByCustomer = { Params: { customerId: string; dashboardId: string } };
  type CustomerIds = ById & { Body: string[] | null | undefined };
  const customerIds = { params: IdParams('dashboardId'), body: CustomerIdsBody };

  app.get<ById>('/api/dashboard/info/:dashboardId', { config: ALL, schema: byId }, (req) =>
    dashboards.getInfo(principalOf(req), req.params.dashboardId),
  );
  app.get<ById>('/api/dashboard/:dashboardId', { config: TA_CU, schema: byId }, (req) =>
    dashboards.get(principalOf(req), req.params.dashboardId),
  );
  app.post<{ Body: DashboardInput }>(
    '/api/dashboard',
    { config: TA, schema: { body: DashboardBody } },
    (req) => dashboards.save(principalOf(req), req.body),
  );
  app.delete<ById>('/api/dashboard/:dashboardId', { config: TA, schema: byId }, async (req, reply) => {
    await dashboards.delete(principalOf(req), req.params.dashboardId);
    return reply.code(200).send();
  });

  // Lists.
  app.get<{ Params: { tenantId: string }; Querystring: PageQuery }>(
    '/api/tenant/:tenantId/dashboards',
    {
      config: { access: ['SYS_ADMIN'] as const },
      schema: { params: IdParams('tenantId'), querystring: PageQuerySchema },
    },
    (req) => dashboards.dashboardsOfTenant(principalOf(req), req.params.tenantId, req.query),
  );
  app.get<{ Querystring: DashboardListQuery }>(
    '/api/tenant/dashboards',
    { config: TA, schema: { querystring: DashboardPageQuery } },
    (req) => dashboards.tenantDashboards(principalOf(req), req.query),
  );
  app.get<{ Params: { customerId: string }; Querystring: DashboardListQuery }>(
    '/api/customer/:customerId/dashboards',
    { config: TA_CU, schema: { params: IdParams('customerId'), querystring: DashboardPageQuery } },
    (req) => dashboards.customerDashboards(principalOf(req), req.params.customerId, req.query),
  );

  // Assignment to customers.
  const byCustomer = { params: IdParams('customerId', 'dashboardId') };
  app.post<ByCustomer>(
    '/api/customer/:customerId/dashboard/:dashboardId',
    { config: TA, schema: byCustomer },
    (req) => assignments.assign(principalOf(req), req.params.customerId, req.params.dashboardId),
  );
  app.delete<ByCustomer>(
    '/api/customer/:customerId/dashboard/:dashboardId',
    { config: TA, schema: byCustomer },
    (req) => assignments.unassign(principalOf(req), req.params.customerId, req.params.dashboardId),
  );
  app.post<ById>('/api/customer/public/dashboard/:dashboardId', { config: TA, schema: byId }, (req) =>
    assignments.assignToPublic(principalOf(req), req.params.dashboardId),
  );
  app.delete<ById>('/api/customer/public/dashboard/:dashboardId', { config: TA, schema: byId }, (req) =>
    assignments.unassignFromPublic(principalOf(req), req.params.dashboardId),
  );
  app.post<CustomerIds>('/api/dashboard/:dashboardId/customers', { config: TA, schema: customerIds }, (req) =>
    assignments.updateCustomers(principalOf(req), req.params.dashboardId, req.body ?? null),
  );
  app.post<CustomerIds>(
    '/api/dashboard/:dashboardId/customers/add',
    { config: TA, schema: customerIds },
    (req) => assignments.addCustomers(principalOf(req), req.params.dashboardId, req.body ?? null),
  );
  app.post<CustomerIds>(
    '/api/dashboard/:dashboardId/customers/remove',
    { config: TA, schema: customerIds },
    (req) => assignments.removeCustomers(principalOf(req), req.params.dashboardId, req.body ?? null),
  );

  // Home dashboards. The reference answers "none" with an empty 200.
  app.get('/api/dashboard/home', { config: ANY }, async (req, reply) => {
    const found = await home.home(principalOf(req));
    return found ? found : reply.code(200).send();
  });
  app.get('/api/dashboard/home/info', { config: ANY }, async (req, reply) => {
    const found = await home.homeInfo(principalOf(req));
    return found ? found : reply.code(200).send();
  });
  app.get('/api/tenant/dashboard/home/info', { config: TA }, (req) => home.tenantHomeInfo(principalOf(req)));
  app.post<{ Body: HomeDashboardInfoInput }>(
    '/api/tenant/dashboard/home/info',
    { config: TA, schema: { body: HomeDashboardInfoBody } },
    async (req, reply) => {
      await home.setTenantHomeInfo(principalOf(req), req.body);
      return reply.code(200).send();
    },
  );
}
