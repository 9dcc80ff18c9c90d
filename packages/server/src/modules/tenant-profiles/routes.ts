import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { type PageQuery, PageQuerySchema } from '../../http/page-query.js';
import { IdParams } from '../../http/schemas.js';
import { TenantProfileBody, type TenantProfileInput } from './schemas.js';
import type { TenantProfilesService } from './service.js';

const SA = { access: ['SYS_ADMIN'] as const };

export function registerTenantProfileRoutes(app: FastifyInstance, profiles: TenantProfilesService): void {
  const byId = { params: IdParams('tenantProfileId') };
  type ById = { Params: { tenantProfileId: string } };
  const page = { querystring: PageQuerySchema };

  app.get<ById>('/api/tenantProfile/:tenantProfileId', { config: SA, schema: byId }, (req) =>
    profiles.get(principalOf(req), req.params.tenantProfileId),
  );
  app.get('/api/tenantProfileInfo/default', { config: SA }, (req) =>
    profiles.getDefaultInfo(principalOf(req)),
  );
  app.get<ById>('/api/tenantProfileInfo/:tenantProfileId', { config: SA, schema: byId }, (req) =>
    profiles.getInfo(principalOf(req), req.params.tenantProfileId),
  );
  app.post<{ Body: TenantProfileInput }>(
    '/api/tenantProfile',
    { config: SA, schema: { body: TenantProfileBody } },
    (req) => profiles.save(principalOf(req), req.body),
  );
  app.delete<ById>(
    '/api/tenantProfile/:tenantProfileId',
    { config: SA, schema: byId },
    async (req, reply) => {
      await profiles.delete(principalOf(req), req.params.tenantProfileId);
      return reply.code(200).send();
    },
  );
  app.post<ById>('/api/tenantProfile/:tenantProfileId/default', { config: SA, schema: byId }, (req) =>
    profiles.setDefault(principalOf(req), req.params.tenantProfileId),
  );
  app.get<{ Querystring: PageQuery }>('/api/tenantProfiles', { config: SA, schema: page }, (req) =>
    profiles.page(principalOf(req), req.query),
  );
  app.get<{ Querystring: PageQuery }>('/api/tenantProfileInfos', { config: SA, schema: page }, (req) =>
    profiles.pageInfos(principalOf(req), req.query),
  );
}
