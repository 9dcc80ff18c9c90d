import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { type PageQuery, PageQuerySchema } from '../../http/page-query.js';
import { IdParams } from '../../http/schemas.js';
import { CredentialsEnabledQuery, EmailQuery, SendActivationQuery, UserBody } from './schemas.js';
import type { UserInput, UsersService } from './service.js';

const SA_TA = { access: ['SYS_ADMIN', 'TENANT_ADMIN'] as const };
const SA_TA_CU = { access: ['SYS_ADMIN', 'TENANT_ADMIN', 'CUSTOMER_USER'] as const };

export function registerUserRoutes(app: FastifyInstance, users: UsersService): void {
  const userParams = { params: IdParams('userId') };
  type ById = { Params: { userId: string } };

  app.get<ById>('/api/user/:userId', { config: SA_TA_CU, schema: userParams }, (req) =>
    users.get(principalOf(req), req.params.userId),
  );
  app.get('/api/user/tokenAccessEnabled', { config: SA_TA }, (req) =>
    users.isUserTokenAccessEnabled(principalOf(req)),
  );
  app.get<ById>('/api/user/:userId/token', { config: SA_TA, schema: userParams }, (req) =>
    users.userToken(principalOf(req), req.params.userId),
  );
  app.post<{ Body: UserInput; Querystring: { sendActivationMail?: boolean } }>(
    '/api/user',
    { config: SA_TA_CU, schema: { body: UserBody, querystring: SendActivationQuery } },
    (req) => users.save(principalOf(req), req.body, req.query.sendActivationMail !== false, req),
  );
  app.post<{ Querystring: { email: string } }>(
    '/api/user/sendActivationMail',
    { config: SA_TA, schema: { querystring: EmailQuery } },
    async (req, reply) => {
      await users.sendActivationMail(principalOf(req), req.query.email, req);
      return reply.code(200).send();
    },
  );
  app.get<ById>(
    '/api/user/:userId/activationLink',
    { config: SA_TA, schema: userParams },
    async (req, reply) =>
      reply.type('text/plain').send(await users.activationLink(principalOf(req), req.params.userId, req)),
  );
  app.delete<ById>('/api/user/:userId', { config: SA_TA, schema: userParams }, async (req, reply) => {
    await users.delete(principalOf(req), req.params.userId);
    return reply.code(200).send();
  });
  app.post<ById & { Querystring: { userCredentialsEnabled?: boolean } }>(
    '/api/user/:userId/userCredentialsEnabled',
    { config: SA_TA, schema: { ...userParams, querystring: CredentialsEnabledQuery } },
    async (req, reply) => {
      await users.setCredentialsEnabled(
        principalOf(req),
        req.params.userId,
        req.query.userCredentialsEnabled !== false,
      );
      return reply.code(200).send();
    },
  );
  app.get<{ Querystring: PageQuery }>(
    '/api/users',
    {
      config: { access: ['TENANT_ADMIN', 'CUSTOMER_USER'] as const },
      schema: { querystring: PageQuerySchema },
    },
    (req) => users.pageUsers(principalOf(req), req.query),
  );
  app.get<{ Params: { tenantId: string }; Querystring: PageQuery }>(
    '/api/tenant/:tenantId/users',
    {
      config: { access: ['SYS_ADMIN'] as const },
      schema: { params: IdParams('tenantId'), querystring: PageQuerySchema },
    },
    (req) => users.pageTenantAdmins(principalOf(req), req.params.tenantId, req.query),
  );
  app.get<{ Params: { customerId: string }; Querystring: PageQuery }>(
    '/api/customer/:customerId/users',
    {
      config: { access: ['TENANT_ADMIN'] as const },
      schema: { params: IdParams('customerId'), querystring: PageQuerySchema },
    },
    (req) => users.pageCustomerUsers(principalOf(req), req.params.customerId, req.query),
  );
}
