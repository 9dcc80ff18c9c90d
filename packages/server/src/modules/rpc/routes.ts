import type { FastifyInstance, FastifyReply } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { IdParams } from '../../http/schemas.js';
import { RpcPageQuerySchema } from './schemas.js';
import type { RpcApiVersion, RpcCallAnswer, RpcPageQuery, RpcService } from './service.js';

const ANY_USER = { access: ['SYS_ADMIN', 'TENANT_ADMIN', 'CUSTOMER_USER'] as const };
const TENANT_OR_CUSTOMER = { access: ['TENANT_ADMIN', 'CUSTOMER_USER'] as const };
const TENANT_ADMIN = { access: ['TENANT_ADMIN'] as const };

/** Where each controller mounts its call routes. */
const CALL_BASE: Record<RpcApiVersion, string> = { v1: '/api/plugins/rpc', v2: '/api/rpc' };

function send(reply: FastifyReply, answer: RpcCallAnswer): FastifyReply {
  reply.code(answer.status);
  if (answer.status === 200 && answer.json !== undefined) {
    return reply.type('application/json').send(answer.json);
  }
  return reply.send();
}

/**
 * RpcV1Controller and RpcV2Controller (reference §1.3). Registered in a context of their own whose
 * JSON (and plain text) bodies reach the handlers as text: the reference reads the body as a
 * string, and the params keep their numbers as written.
 */
export function registerRpcRoutes(app: FastifyInstance, rpc: RpcService): void {
  app.register(async (scope) => {
    scope.removeContentTypeParser(['application/json', 'text/plain']);
    scope.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'string' },
      (_req, body, done) => done(null, body),
    );
    for (const version of ['v1', 'v2'] as const) {
      for (const oneway of [true, false]) {
        scope.post<{ Params: { deviceId: string } }>(
          `${CALL_BASE[version]}/${oneway ? 'oneway' : 'twoway'}/:deviceId`,
          { config: ANY_USER, schema: { params: IdParams('deviceId') } },
          async (req, reply) =>
            send(reply, await rpc.call(principalOf(req), version, req.params.deviceId, oneway, req.body)),
        );
      }
    }
  });

  app.get<{ Params: { rpcId: string } }>(
    '/api/rpc/persistent/:rpcId',
    { config: TENANT_OR_CUSTOMER, schema: { params: IdParams('rpcId') } },
    (req) => rpc.get(principalOf(req), req.params.rpcId),
  );
  app.get<{ Params: { deviceId: string }; Querystring: RpcPageQuery }>(
    '/api/rpc/persistent/device/:deviceId',
    { config: TENANT_OR_CUSTOMER, schema: { params: IdParams('deviceId'), querystring: RpcPageQuerySchema } },
    (req) => rpc.listByDevice(principalOf(req), req.params.deviceId, req.query),
  );
  app.delete<{ Params: { rpcId: string } }>(
    '/api/rpc/persistent/:rpcId',
    { config: TENANT_ADMIN, schema: { params: IdParams('rpcId') } },
    async (req, reply) => {
      await rpc.delete(principalOf(req), req.params.rpcId);
      return reply.code(200).send();
    },
  );
}
