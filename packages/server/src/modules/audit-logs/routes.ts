import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { IdParams } from '../../http/schemas.js';
import { AuditEntityParams, AuditLogQuery } from './schemas.js';
import type { AuditLogPageQuery, AuditLogService } from './service.js';

const TA = { access: ['TENANT_ADMIN'] as const };

export function registerAuditLogRoutes(app: FastifyInstance, audit: AuditLogService): void {
  type Query = { Querystring: AuditLogPageQuery };

  app.get<Query & { Params: { customerId: string } }>(
    '/api/audit/logs/customer/:customerId',
    { config: TA, schema: { params: IdParams('customerId'), querystring: AuditLogQuery } },
    (req) => audit.pageByCustomer(principalOf(req), req.params.customerId, req.query),
  );
  app.get<Query & { Params: { userId: string } }>(
    '/api/audit/logs/user/:userId',
    { config: TA, schema: { params: IdParams('userId'), querystring: AuditLogQuery } },
    (req) => audit.pageByUser(principalOf(req), req.params.userId, req.query),
  );
  app.get<Query & { Params: { entityType: string; entityId: string } }>(
    '/api/audit/logs/entity/:entityType/:entityId',
    { config: TA, schema: { params: AuditEntityParams, querystring: AuditLogQuery } },
    (req) => audit.pageByEntity(principalOf(req), req.params.entityType, req.params.entityId, req.query),
  );
  app.get<Query>('/api/audit/logs', { config: TA, schema: { querystring: AuditLogQuery } }, (req) =>
    audit.pageByTenant(principalOf(req), req.query),
  );
}
