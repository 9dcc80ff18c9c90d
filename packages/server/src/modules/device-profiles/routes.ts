import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { type PageQuery, PageQuerySchema } from '../../http/page-query.js';
import { IdParams } from '../../http/schemas.js';
import { DeviceKeysQuery, DeviceProfileBody, type DeviceProfileInput, ProfileInfosQuery } from './schemas.js';
import type { DeviceProfilesService } from './service.js';

const TA = { access: ['TENANT_ADMIN'] as const };
const TA_CU = { access: ['TENANT_ADMIN', 'CUSTOMER_USER'] as const };

export function registerDeviceProfileRoutes(app: FastifyInstance, profiles: DeviceProfilesService): void {
  const byId = { params: IdParams('deviceProfileId') };
  type ById = { Params: { deviceProfileId: string } };

  app.get<ById>('/api/deviceProfile/:deviceProfileId', { config: TA, schema: byId }, (req) =>
    profiles.get(principalOf(req), req.params.deviceProfileId),
  );
  app.get('/api/deviceProfileInfo/default', { config: TA_CU }, (req) =>
    profiles.defaultInfo(principalOf(req)),
  );
  app.get<ById>('/api/deviceProfileInfo/:deviceProfileId', { config: TA_CU, schema: byId }, (req) =>
    profiles.getInfo(principalOf(req), req.params.deviceProfileId),
  );
  app.post<{ Body: DeviceProfileInput }>(
    '/api/deviceProfile',
    { config: TA, schema: { body: DeviceProfileBody } },
    (req) => profiles.save(principalOf(req), req.body),
  );
  app.delete<ById>(
    '/api/deviceProfile/:deviceProfileId',
    { config: TA, schema: byId },
    async (req, reply) => {
      await profiles.delete(principalOf(req), req.params.deviceProfileId);
      return reply.code(200).send();
    },
  );
  app.post<ById>('/api/deviceProfile/:deviceProfileId/default', { config: TA, schema: byId }, (req) =>
    profiles.setDefault(principalOf(req), req.params.deviceProfileId),
  );
  app.get<{ Querystring: PageQuery }>(
    '/api/deviceProfiles',
    { config: TA, schema: { querystring: PageQuerySchema } },
    (req) => profiles.page(principalOf(req), req.query),
  );
  app.get<{ Querystring: PageQuery & { transportType?: string } }>(
    '/api/deviceProfileInfos',
    { config: TA_CU, schema: { querystring: ProfileInfosQuery } },
    (req) => profiles.infos(principalOf(req), req.query, req.query.transportType),
  );
  for (const kind of ['timeseries', 'attributes'] as const) {
    app.get<{ Querystring: { deviceProfileId?: string } }>(
      `/api/deviceProfile/devices/keys/${kind}`,
      { config: TA, schema: { querystring: DeviceKeysQuery } },
      (req) => profiles.deviceKeys(principalOf(req), kind, req.query.deviceProfileId),
    );
  }
}
