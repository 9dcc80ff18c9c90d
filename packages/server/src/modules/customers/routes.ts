import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { type PageQuery, PageQuerySchema } from '../../http/page-query.js';
import { IdParams } from '../../http/schemas.js';
import { CustomerBody, type CustomerInput, CustomerTitleQuery } from './schemas.js';
import type { CustomersService } from './service.js';

const TA = { access: ['TENANT_ADMIN'] as const };
const TA_CU = { access: ['TENANT_ADMIN', 'CUSTOMER_USER'] as const };

export function registerCustomerRoutes(app: FastifyInstance, customers: CustomersService): void {
  const byId = { params: IdParams('customerId') };
  type ById = { Params: { customerId: string } };

  app.get<ById>('/api/customer/:customerId', { config: TA_CU, schema: byId }, (req) =>
    customers.get(principalOf(req), req.params.customerId),
  );
  app.get<ById>('/api/customer/:customerId/shortInfo', { config: TA_CU, schema: byId }, (req) =>
    customers.shortInfo(principalOf(req), req.params.customerId),
  );
  app.get<ById>('/api/customer/:customerId/title', { config: TA_CU, schema: byId }, async (req, reply) =>
    // The reference produces "application/text".
    reply.type('application/text').send(await customers.title(principalOf(req), req.params.customerId)),
  );
  app.post<{ Body: CustomerInput }>('/api/customer', { config: TA, schema: { body: CustomerBody } }, (req) =>
    customers.save(principalOf(req), req.body),
  );
  app.delete<ById>('/api/customer/:customerId', { config: TA, schema: byId }, async (req, reply) => {
    await customers.delete(principalOf(req), req.params.customerId);
    return reply.code(200).send();
  });
  app.get<{ Querystring: PageQuery }>(
    '/api/customers',
    { config: TA, schema: { querystring: PageQuerySchema } },
    (req) => customers.page(principalOf(req), req.query),
  );
  app.get<{ Querystring: { customerTitle: string } }>(
    '/api/tenant/customers',
    { config: TA, schema: { querystring: CustomerTitleQuery } },
    (req) => customers.byTitle(principalOf(req), req.query.customerTitle),
  );
}
