import type { FastifyInstance, FastifyReply } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import {
  type DeleteTimeseriesParams,
  DeleteTimeseriesQuery,
  DeviceScopeParams,
  EntityParams,
  type EntityRef,
  EntityScopeParams,
  EntityScopeTtlParams,
  KeysQuery,
  TimeseriesQuery,
  type TimeseriesQueryParams,
} from './schemas.js';
import type { TelemetryApi } from './service.js';

const ANY_USER = { access: ['SYS_ADMIN', 'TENANT_ADMIN', 'CUSTOMER_USER'] as const };
const BASE = '/api/plugins/telemetry';

type EntityReq = { Params: EntityRef };
type ScopeReq = { Params: EntityRef & { scope: string } };
type KeysReq = { Querystring: { keys?: string } };

const sendJson = (reply: FastifyReply, text: string) => reply.type('application/json').send(text);
const ok = (reply: FastifyReply) => reply.code(200).send();

/**
 * TelemetryController (reference §1.3). Registered in a context of its own whose JSON bodies reach
 * the handlers as text: values are typed by how their numbers are written, which JSON.parse loses.
 */
export function registerTelemetryRoutes(app: FastifyInstance, api: TelemetryApi): void {
  app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    routes(scope, api);
  });
}

function routes(app: FastifyInstance, api: TelemetryApi): void {
  // Keys.
  app.get<EntityReq>(
    `${BASE}/:entityType/:entityId/keys/attributes`,
    { config: ANY_USER, schema: { params: EntityParams } },
    (req) => api.attributeKeys(principalOf(req), req.params),
  );
  app.get<ScopeReq>(
    `${BASE}/:entityType/:entityId/keys/attributes/:scope`,
    { config: ANY_USER, schema: { params: EntityScopeParams } },
    (req) => api.attributeKeys(principalOf(req), req.params, req.params.scope),
  );
  app.get<EntityReq>(
    `${BASE}/:entityType/:entityId/keys/timeseries`,
    { config: ANY_USER, schema: { params: EntityParams } },
    (req) => api.timeseriesKeys(principalOf(req), req.params),
  );

  // Values.
  app.get<EntityReq & KeysReq>(
    `${BASE}/:entityType/:entityId/values/attributes`,
    { config: ANY_USER, schema: { params: EntityParams, querystring: KeysQuery } },
    async (req, reply) => sendJson(reply, await api.attributes(principalOf(req), req.params, req.query.keys)),
  );
  app.get<ScopeReq & KeysReq>(
    `${BASE}/:entityType/:entityId/values/attributes/:scope`,
    { config: ANY_USER, schema: { params: EntityScopeParams, querystring: KeysQuery } },
    async (req, reply) =>
      sendJson(reply, await api.attributes(principalOf(req), req.params, req.query.keys, req.params.scope)),
  );
  app.get<EntityReq & { Querystring: TimeseriesQueryParams }>(
    `${BASE}/:entityType/:entityId/values/timeseries`,
    { config: ANY_USER, schema: { params: EntityParams, querystring: TimeseriesQuery } },
    async (req, reply) => sendJson(reply, await api.timeseries(principalOf(req), req.params, req.query)),
  );

  // Attribute writes: the legacy device form, the v1 entity form and the v2 entity form.
  app.post<{ Params: { deviceId: string; scope: string } }>(
    `${BASE}/:deviceId/:scope`,
    { config: ANY_USER, schema: { params: DeviceScopeParams } },
    async (req, reply) => {
      const ref = { entityType: 'DEVICE', entityId: req.params.deviceId };
      await api.saveAttributes(principalOf(req), ref, req.params.scope, req.body);
      return ok(reply);
    },
  );
  app.post<ScopeReq>(
    `${BASE}/:entityType/:entityId/:scope`,
    { config: ANY_USER, schema: { params: EntityScopeParams } },
    async (req, reply) => {
      await api.saveAttributes(principalOf(req), req.params, req.params.scope, req.body);
      return ok(reply);
    },
  );
  app.post<ScopeReq>(
    `${BASE}/:entityType/:entityId/attributes/:scope`,
    { config: ANY_USER, schema: { params: EntityScopeParams } },
    async (req, reply) => {
      await api.saveAttributes(principalOf(req), req.params, req.params.scope, req.body);
      return ok(reply);
    },
  );

  // Time-series writes; the scope is not used (the reference ignores it too).
  app.post<ScopeReq>(
    `${BASE}/:entityType/:entityId/timeseries/:scope`,
    { config: ANY_USER, schema: { params: EntityScopeParams } },
    async (req, reply) => {
      await api.saveTimeseries(principalOf(req), req.params, req.body);
      return ok(reply);
    },
  );
  app.post<{ Params: EntityRef & { scope: string; ttl: number } }>(
    `${BASE}/:entityType/:entityId/timeseries/:scope/:ttl`,
    { config: ANY_USER, schema: { params: EntityScopeTtlParams } },
    async (req, reply) => {
      await api.saveTimeseries(principalOf(req), req.params, req.body, req.params.ttl);
      return ok(reply);
    },
  );

  // Deletes.
  app.delete<EntityReq & { Querystring: DeleteTimeseriesParams }>(
    `${BASE}/:entityType/:entityId/timeseries/delete`,
    { config: ANY_USER, schema: { params: EntityParams, querystring: DeleteTimeseriesQuery } },
    async (req, reply) => {
      await api.deleteTimeseries(principalOf(req), req.params, req.query);
      return ok(reply);
    },
  );
  app.delete<{ Params: { deviceId: string; scope: string } } & KeysReq>(
    `${BASE}/:deviceId/:scope`,
    { config: ANY_USER, schema: { params: DeviceScopeParams, querystring: KeysQuery } },
    async (req, reply) => {
      const ref = { entityType: 'DEVICE', entityId: req.params.deviceId };
      await api.deleteAttributes(principalOf(req), ref, req.params.scope, req.query.keys);
      return ok(reply);
    },
  );
  app.delete<ScopeReq & KeysReq>(
    `${BASE}/:entityType/:entityId/:scope`,
    { config: ANY_USER, schema: { params: EntityScopeParams, querystring: KeysQuery } },
    async (req, reply) => {
      await api.deleteAttributes(principalOf(req), req.params, req.params.scope, req.query.keys);
      return ok(reply);
    },
  );
}
