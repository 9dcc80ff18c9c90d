import type { OtaUpdateType } from '@meridian/common';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { IdParams } from '../../http/schemas.js';
import type { RelatedQuery } from '../customer-assignable/service.js';
import type { CredentialsInput } from './credentials.js';
import {
  AccessTokenQuery,
  CredentialsBody,
  type CredentialsBodyInput,
  DeviceBody,
  DeviceIdsQuery,
  DeviceInfosQuery,
  type DeviceInput,
  DeviceSearchQueryBody,
  DeviceWithCredentialsBody,
  OtaCountParams,
  TenantDevicesQuery,
  TypedPageQuery,
} from './schemas.js';
import type { DeviceListQuery, DevicesService } from './service.js';

const TA = { access: ['TENANT_ADMIN'] as const };
const TA_CU = { access: ['TENANT_ADMIN', 'CUSTOMER_USER'] as const };

export function registerDeviceRoutes(app: FastifyInstance, devices: DevicesService): void {
  const byId = { params: IdParams('deviceId') };
  type ById = { Params: { deviceId: string } };
  type ByCustomer = { Params: { customerId: string }; Querystring: DeviceListQuery };

  app.get<ById>('/api/device/:deviceId', { config: TA_CU, schema: byId }, (req) =>
    devices.get(principalOf(req), req.params.deviceId),
  );
  app.get<ById>('/api/device/info/:deviceId', { config: TA_CU, schema: byId }, (req) =>
    devices.getInfo(principalOf(req), req.params.deviceId),
  );
  app.post<{ Body: DeviceInput; Querystring: { accessToken?: string } }>(
    '/api/device',
    { config: TA_CU, schema: { body: DeviceBody, querystring: AccessTokenQuery } },
    (req) => devices.save(principalOf(req), req.body, req.query.accessToken),
  );
  app.post<{ Body: { device: DeviceInput; credentials: CredentialsInput } }>(
    '/api/device-with-credentials',
    { config: TA_CU, schema: { body: DeviceWithCredentialsBody } },
    (req) => devices.saveWithCredentials(principalOf(req), req.body),
  );
  app.delete<ById>('/api/device/:deviceId', { config: TA, schema: byId }, async (req, reply) => {
    await devices.delete(principalOf(req), req.params.deviceId);
    return reply.code(200).send();
  });
  app.get<ById>('/api/device/:deviceId/credentials', { config: TA_CU, schema: byId }, (req) =>
    devices.getCredentials(principalOf(req), req.params.deviceId),
  );
  app.post<{ Body: CredentialsBodyInput }>(
    '/api/device/credentials',
    { config: TA, schema: { body: CredentialsBody } },
    (req) => devices.updateCredentials(principalOf(req), req.body),
  );
  app.get<{ Querystring: DeviceListQuery }>(
    '/api/tenant/devices',
    { config: TA, schema: { querystring: TenantDevicesQuery } },
    (req) => devices.tenantDevices(principalOf(req), req.query),
  );
  app.get<{ Querystring: DeviceListQuery }>(
    '/api/tenant/deviceInfos',
    { config: TA, schema: { querystring: DeviceInfosQuery } },
    (req) => devices.tenantDeviceInfos(principalOf(req), req.query),
  );
  app.get<ByCustomer>(
    '/api/customer/:customerId/devices',
    { config: TA_CU, schema: { params: IdParams('customerId'), querystring: TypedPageQuery } },
    (req) => devices.customerDevices(principalOf(req), req.params.customerId, req.query, false),
  );
  app.get<ByCustomer>(
    '/api/customer/:customerId/deviceInfos',
    { config: TA_CU, schema: { params: IdParams('customerId'), querystring: DeviceInfosQuery } },
    (req) => devices.customerDevices(principalOf(req), req.params.customerId, req.query, true),
  );
  app.get<{ Querystring: { deviceIds: string[] } }>(
    '/api/devices',
    { config: TA_CU, schema: { querystring: DeviceIdsQuery } },
    (req) => devices.byIds(principalOf(req), req.query.deviceIds),
  );
  app.post<{ Body: RelatedQuery & { deviceTypes: string[] } }>(
    '/api/devices',
    { config: TA_CU, schema: { body: DeviceSearchQueryBody } },
    (req) => devices.findByQuery(principalOf(req), req.body),
  );
  app.post<{ Params: { tenantId: string; deviceId: string } }>(
    '/api/tenant/:tenantId/device/:deviceId',
    { config: TA, schema: { params: IdParams('tenantId', 'deviceId') } },
    (req) => devices.assignToTenant(principalOf(req), req.params.tenantId, req.params.deviceId),
  );
  app.get<{ Params: { otaPackageType: OtaUpdateType; deviceProfileId: string } }>(
    '/api/devices/count/:otaPackageType/:deviceProfileId',
    { config: TA_CU, schema: { params: OtaCountParams } },
    (req) =>
      devices.countWithoutOtaPackage(principalOf(req), req.params.otaPackageType, req.params.deviceProfileId),
  );
}
