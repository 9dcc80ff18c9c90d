import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { IdParams } from '../../http/schemas.js';
import type { AssignableKind, AssignableRow } from './kind.js';
import type { CustomerAssignmentService } from './service.js';

const TA = { access: ['TENANT_ADMIN'] as const };
const TA_CU = { access: ['TENANT_ADMIN', 'CUSTOMER_USER'] as const };

/**
 * The four routes every customer-assignable kind has, on the reference paths of its segment:
 * assign, unassign, make public, and the list of types.
 */
export function registerAssignmentRoutes<R extends AssignableRow, W>(
  app: FastifyInstance,
  assignments: CustomerAssignmentService,
  kind: AssignableKind<R, W>,
): void {
  const { segment, idParam } = kind;
  type ById = { Params: Record<string, string> };
  const idOf = (params: Record<string, string>) => params[idParam] ?? '';

  app.post<ById>(
    `/api/customer/:customerId/${segment}/:${idParam}`,
    { config: TA, schema: { params: IdParams('customerId', idParam) } },
    (req) => assignments.assign(principalOf(req), kind, req.params.customerId ?? '', idOf(req.params)),
  );
  app.delete<ById>(
    `/api/customer/${segment}/:${idParam}`,
    { config: TA, schema: { params: IdParams(idParam) } },
    (req) => assignments.unassign(principalOf(req), kind, idOf(req.params)),
  );
  app.post<ById>(
    `/api/customer/public/${segment}/:${idParam}`,
    { config: TA, schema: { params: IdParams(idParam) } },
    (req) => assignments.assignToPublic(principalOf(req), kind, idOf(req.params)),
  );
  app.get(`/api/${segment}/types`, { config: TA_CU }, (req) => assignments.types(principalOf(req), kind));
}
