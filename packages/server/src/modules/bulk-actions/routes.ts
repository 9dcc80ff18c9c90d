import type { EntityId } from '@meridian/common';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { BulkAssignBody, BulkEntitiesBody } from './schemas.js';
import type { BulkActionsService } from './service.js';

const ANY_USER = { access: ['SYS_ADMIN', 'TENANT_ADMIN', 'CUSTOMER_USER'] as const };
const TA = { access: ['TENANT_ADMIN'] as const };

/** Bulk delete, assign and unassign; each entity is checked by its own service's policy. */
export function registerBulkActionRoutes(app: FastifyInstance, bulk: BulkActionsService): void {
  app.post<{ Body: { entityIds: EntityId[] } }>(
    '/api/entities/bulk/delete',
    { config: ANY_USER, schema: { body: BulkEntitiesBody } },
    (req) => bulk.run(principalOf(req), 'delete', req.body.entityIds),
  );
  app.post<{ Body: { customerId: string; entityIds: EntityId[] } }>(
    '/api/entities/bulk/assign',
    { config: TA, schema: { body: BulkAssignBody } },
    (req) => bulk.run(principalOf(req), 'assign', req.body.entityIds, req.body.customerId),
  );
  app.post<{ Body: { entityIds: EntityId[] } }>(
    '/api/entities/bulk/unassign',
    { config: TA, schema: { body: BulkEntitiesBody } },
    (req) => bulk.run(principalOf(req), 'unassign', req.body.entityIds),
  );
}
