import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { IdParams } from '../../http/schemas.js';
import { EntityQueryBody } from '../entity-query/schemas.js';
import type { AlarmQueryService } from './query-service.js';
import {
  AlarmBody,
  AlarmEntityParams,
  type AlarmInput,
  type AlarmPageQuery,
  AlarmPageQuerySchema,
  type AlarmStatusQuery,
  HighestSeverityQuerySchema,
} from './schemas.js';
import type { AlarmsService } from './service.js';

const TA_CU = { access: ['TENANT_ADMIN', 'CUSTOMER_USER'] as const };
const ANY_USER = { access: ['SYS_ADMIN', 'TENANT_ADMIN', 'CUSTOMER_USER'] as const };

/** AlarmController (reference §1.3 and the Alarms paragraph of §1.4). */
export function registerAlarmRoutes(
  app: FastifyInstance,
  alarms: AlarmsService,
  alarmQueries: AlarmQueryService,
): void {
  const byId = { params: IdParams('alarmId') };
  type ById = { Params: { alarmId: string } };
  type ByEntity<Q> = { Params: { entityType: string; entityId: string }; Querystring: Q };

  app.get<ById>('/api/alarm/:alarmId', { config: TA_CU, schema: byId }, (req) =>
    alarms.get(principalOf(req), req.params.alarmId),
  );
  app.get<ById>('/api/alarm/info/:alarmId', { config: TA_CU, schema: byId }, (req) =>
    alarms.getInfo(principalOf(req), req.params.alarmId),
  );
  app.post<{ Body: AlarmInput }>('/api/alarm', { config: TA_CU, schema: { body: AlarmBody } }, (req) =>
    alarms.save(principalOf(req), req.body),
  );
  app.delete<ById>('/api/alarm/:alarmId', { config: TA_CU, schema: byId }, (req) =>
    alarms.delete(principalOf(req), req.params.alarmId),
  );
  app.post<ById>('/api/alarm/:alarmId/ack', { config: TA_CU, schema: byId }, async (req, reply) => {
    await alarms.ack(principalOf(req), req.params.alarmId);
    return reply.code(200).send();
  });
  app.post<ById>('/api/alarm/:alarmId/clear', { config: TA_CU, schema: byId }, async (req, reply) => {
    await alarms.clear(principalOf(req), req.params.alarmId);
    return reply.code(200).send();
  });
  app.get<ByEntity<AlarmPageQuery>>(
    '/api/alarm/:entityType/:entityId',
    { config: ANY_USER, schema: { params: AlarmEntityParams, querystring: AlarmPageQuerySchema } },
    (req) => alarms.listForEntity(principalOf(req), req.params.entityType, req.params.entityId, req.query),
  );
  app.get<{ Querystring: AlarmPageQuery }>(
    '/api/alarms',
    { config: TA_CU, schema: { querystring: AlarmPageQuerySchema } },
    (req) => alarms.listAll(principalOf(req), req.query),
  );
  app.get<ByEntity<AlarmStatusQuery>>(
    '/api/alarm/highestSeverity/:entityType/:entityId',
    { config: TA_CU, schema: { params: AlarmEntityParams, querystring: HighestSeverityQuerySchema } },
    async (req, reply) => {
      const severity = await alarms.highestSeverity(
        principalOf(req),
        req.params.entityType,
        req.params.entityId,
        req.query,
      );
      // A bare JSON string, or an empty 200 when there is none (the reference returns null).
      if (severity === null) return reply.code(200).send();
      return reply.code(200).type('application/json').send(JSON.stringify(severity));
    },
  );
  // EntityQueryController `findAlarmDataByQuery`; the body is read field by field by the service.
  app.post('/api/alarmsQuery/find', { config: TA_CU, schema: { body: EntityQueryBody } }, (req) =>
    alarmQueries.find(principalOf(req), req.body),
  );
}
