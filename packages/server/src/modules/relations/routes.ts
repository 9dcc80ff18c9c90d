import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import {
  type EntityIdInput,
  EntityRefQuery,
  RelationBody,
  type RelationInput,
  type RelationKeyInput,
  RelationKeyQuery,
  type RelationsListInput,
  RelationsListQuery,
  RelationsQueryBody,
  type RelationsQueryInput,
} from './schemas.js';
import type { RelationsService } from './service.js';

const ANY_USER = { access: ['SYS_ADMIN', 'TENANT_ADMIN', 'CUSTOMER_USER'] as const };

export function registerRelationRoutes(app: FastifyInstance, relations: RelationsService): void {
  app.post<{ Body: RelationInput }>(
    '/api/relation',
    { config: ANY_USER, schema: { body: RelationBody } },
    async (req, reply) => {
      await relations.save(principalOf(req), req.body);
      return reply.code(200).send();
    },
  );
  app.delete<{ Querystring: RelationKeyInput }>(
    '/api/relation',
    { config: ANY_USER, schema: { querystring: RelationKeyQuery } },
    async (req, reply) => {
      await relations.delete(principalOf(req), req.query);
      return reply.code(200).send();
    },
  );
  app.get<{ Querystring: RelationKeyInput }>(
    '/api/relation',
    { config: ANY_USER, schema: { querystring: RelationKeyQuery } },
    (req) => relations.get(principalOf(req), req.query),
  );
  app.delete<{ Querystring: { entityId: string; entityType: EntityIdInput['entityType'] } }>(
    '/api/relations',
    { config: ANY_USER, schema: { querystring: EntityRefQuery } },
    async (req, reply) => {
      await relations.deleteAllOf(principalOf(req), {
        entityType: req.query.entityType,
        id: req.query.entityId,
      });
      return reply.code(200).send();
    },
  );
  // One path, four variants in the reference, told apart by which parameters are present.
  app.get<{ Querystring: RelationsListInput }>(
    '/api/relations',
    { config: ANY_USER, schema: { querystring: RelationsListQuery } },
    (req) => relations.find(principalOf(req), req.query),
  );
  app.get<{ Querystring: RelationsListInput }>(
    '/api/relations/info',
    { config: ANY_USER, schema: { querystring: RelationsListQuery } },
    (req) => relations.findInfos(principalOf(req), req.query),
  );
  app.post<{ Body: RelationsQueryInput }>(
    '/api/relations',
    { config: ANY_USER, schema: { body: RelationsQueryBody } },
    (req) => relations.query(principalOf(req), req.body),
  );
  app.post<{ Body: RelationsQueryInput }>(
    '/api/relations/info',
    { config: ANY_USER, schema: { body: RelationsQueryBody } },
    (req) => relations.queryInfos(principalOf(req), req.body),
  );
}
