import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { type PageQuery, PageQuerySchema } from '../../http/page-query.js';
import { IdParams } from '../../http/schemas.js';
import { TenantBody, type TenantInput } from './schemas.js';
import type { TenantsService } from './service.js';

const SA = { access: ['SYS_ADMIN'] as const };
const SA_TA = { access: ['SYS_ADMIN', 'TENANT_ADMIN'] as const };

export function registerTenantRoutes(app: FastifyInstance, tenants: TenantsService): void {
  const byId = { params: IdParams('tenantId') };
  type ById = { Params: { tenantId: string } };
  const page = { querystring: PageQuerySchema };

  app.get<ById>('/api/tenant/:tenantId', { config: SA_TA, schema: byId }, (req) =>
    tenants.get(principalOf(req), req.params.tenantId),
  );
  app.get<ById>('/api/tenant/info/:tenantId', { config: SA_TA, schema: byId }, (req) =>
    tenants.getInfo(principalOf(req), req.params.tenantId),
  );
  app.post<{ Body: TenantInput }>('/api/tenant', { config: SA, schema: { body: TenantBody } }, (req) =>
    tenants.save(principalOf(req), req.body),
  );
  app.delete<ById>('/api/tenant/:tenantId', { config: SA, schema: byId }, async (req, reply) => {
    await tenants.delete(principalOf(req), req.params.tenantId);
    return reply.code(200).send();
  });
  app.get<{ Querystring: PageQuery }>('/api/tenants', { config: SA, schema: page }, (req) =>
    tenants.page(principalOf(req), req.query),
  );
  app.get<{ Querystring: PageQuery }>('/api/tenantInfos', { config: SA, schema: page }, (req) =>
    tenants.pageInfos(principalOf(req), req.query),
  );
}
