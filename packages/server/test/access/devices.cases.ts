import { randomBytes } from 'node:crypto';
import { v1 as uuidv1 } from 'uuid';
import type { Db } from '../../src/db/store.js';
import { newDeviceProfileRow } from '../../src/modules/device-profiles/default-profile.js';
import type { DemoIds } from '../helper.js';
import { type Case, type Ctx, PAGE, type Statuses } from './matrix.js';

/** Rows of devices, device credentials, device profiles and assets. */

//                                     anon  SA   TA   CU   TA2  CU2
const CUSTOMER_A_READ: Statuses = [401, 403, 200, 200, 403, 403];
const OWN_TENANT_WRITE: Statuses = [401, 403, 200, 403, 403, 403];
const ANY_TENANT_ADMIN: Statuses = [401, 403, 200, 403, 200, 403];
const TENANT_READ: Statuses = [401, 403, 200, 200, 403, 200];
const EVERY_TENANT_USER: Statuses = [401, 403, 200, 200, 200, 200];

const unique = (prefix: string) => `${prefix} ${randomBytes(4).toString('hex')}`;

async function demoProfileId(db: Db, tenantId: string): Promise<string> {
  const row = await db
    .selectFrom('deviceProfile')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('name', '=', 'default')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A new device of Customer A (with an access token), for rows that change or delete one. */
async function freshDevice(db: Db, ids: DemoIds): Promise<string> {
  const id = uuidv1();
  await db
    .insertInto('device')
    .values({
      id,
      createdTime: Date.now(),
      tenantId: ids.tenantId,
      customerId: ids.customerAId,
      deviceProfileId: await demoProfileId(db, ids.tenantId),
      name: unique('Matrix device'),
      type: 'default',
      deviceData: JSON.stringify({
        configuration: { type: 'DEFAULT' },
        transportConfiguration: { type: 'DEFAULT' },
      }),
      additionalInfo: '{}',
    })
    .execute();
  await db
    .insertInto('deviceCredentials')
    .values({
      id: uuidv1(),
      createdTime: Date.now(),
      deviceId: id,
      credentialsType: 'ACCESS_TOKEN',
      credentialsId: randomBytes(10).toString('hex'),
      credentialsValue: null,
    })
    .execute();
  return id;
}

async function freshAsset(db: Db, ids: DemoIds): Promise<string> {
  const id = uuidv1();
  await db
    .insertInto('asset')
    .values({
      id,
      createdTime: Date.now(),
      tenantId: ids.tenantId,
      customerId: ids.customerAId,
      name: unique('Matrix asset'),
      type: 'building',
      additionalInfo: '{}',
    })
    .execute();
  return id;
}

async function freshProfile(db: Db, ids: DemoIds): Promise<string> {
  const row = newDeviceProfileRow(ids.tenantId, unique('Matrix profile'), false);
  await db.insertInto('deviceProfile').values(row).execute();
  return row.id;
}

const device = (ctx: Ctx) => freshDevice(ctx.db, ctx.ids);
const asset = (ctx: Ctx) => freshAsset(ctx.db, ctx.ids);
const profile = (ctx: Ctx) => freshProfile(ctx.db, ctx.ids);
const relatedToCustomerA = (ctx: Ctx) => ({
  rootId: ctx.ids.customerAId,
  rootType: 'CUSTOMER',
  direction: 'FROM',
  maxLevel: 1,
});

const DEVICE_CASES: Case[] = [
  {
    method: 'GET',
    route: '/api/device/:deviceId',
    statuses: CUSTOMER_A_READ,
    request: async (ctx) => ({ path: `/api/device/${await device(ctx)}` }),
  },
  {
    method: 'GET',
    route: '/api/device/info/:deviceId',
    statuses: CUSTOMER_A_READ,
    request: async (ctx) => ({ path: `/api/device/info/${await device(ctx)}` }),
  },
  {
    method: 'POST',
    route: '/api/device',
    target: 'update of a device of Customer A',
    statuses: CUSTOMER_A_READ,
    request: async (ctx) => {
      const id = await device(ctx);
      return { path: '/api/device', json: { id: { entityType: 'DEVICE', id }, name: unique('Renamed') } };
    },
  },
  {
    method: 'POST',
    route: '/api/device',
    target: 'create',
    statuses: ANY_TENANT_ADMIN,
    request: () => ({ path: '/api/device', json: { name: unique('Matrix new device') } }),
  },
  {
    method: 'POST',
    route: '/api/device-with-credentials',
    statuses: ANY_TENANT_ADMIN,
    request: () => ({
      path: '/api/device-with-credentials',
      json: {
        device: { name: unique('Matrix new device') },
        credentials: { credentialsType: 'ACCESS_TOKEN', credentialsId: randomBytes(10).toString('hex') },
      },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/device/:deviceId',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({ path: `/api/device/${await device(ctx)}` }),
  },
  {
    method: 'GET',
    route: '/api/device/:deviceId/credentials',
    statuses: CUSTOMER_A_READ,
    request: async (ctx) => ({ path: `/api/device/${await device(ctx)}/credentials` }),
  },
  {
    method: 'POST',
    route: '/api/device/credentials',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({
      path: '/api/device/credentials',
      json: {
        deviceId: { entityType: 'DEVICE', id: await device(ctx) },
        credentialsType: 'ACCESS_TOKEN',
        credentialsId: randomBytes(10).toString('hex'),
      },
    }),
  },
  {
    method: 'GET',
    route: '/api/tenant/devices',
    statuses: ANY_TENANT_ADMIN,
    request: () => ({ path: `/api/tenant/devices?${PAGE}` }),
  },
  {
    method: 'GET',
    route: '/api/tenant/deviceInfos',
    statuses: ANY_TENANT_ADMIN,
    request: () => ({ path: `/api/tenant/deviceInfos?${PAGE}` }),
  },
  {
    method: 'GET',
    route: '/api/customer/:customerId/devices',
    statuses: CUSTOMER_A_READ,
    request: (ctx) => ({ path: `/api/customer/${ctx.ids.customerAId}/devices?${PAGE}` }),
  },
  {
    method: 'GET',
    route: '/api/customer/:customerId/deviceInfos',
    statuses: CUSTOMER_A_READ,
    request: (ctx) => ({ path: `/api/customer/${ctx.ids.customerAId}/deviceInfos?${PAGE}` }),
  },
  {
    method: 'GET',
    route: '/api/devices',
    statuses: EVERY_TENANT_USER,
    request: async (ctx) => ({ path: `/api/devices?deviceIds=${await device(ctx)}` }),
  },
  {
    method: 'POST',
    route: '/api/devices',
    statuses: CUSTOMER_A_READ,
    request: (ctx) => ({
      path: '/api/devices',
      json: { parameters: relatedToCustomerA(ctx), deviceTypes: ['default'] },
    }),
  },
  {
    method: 'GET',
    route: '/api/device/types',
    statuses: EVERY_TENANT_USER,
    request: () => ({ path: '/api/device/types' }),
  },
  {
    method: 'POST',
    route: '/api/customer/:customerId/device/:deviceId',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({ path: `/api/customer/${ctx.ids.customerAId}/device/${await device(ctx)}` }),
  },
  {
    method: 'DELETE',
    route: '/api/customer/device/:deviceId',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({ path: `/api/customer/device/${await device(ctx)}` }),
  },
  {
    method: 'POST',
    route: '/api/customer/public/device/:deviceId',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({ path: `/api/customer/public/device/${await device(ctx)}` }),
  },
  {
    method: 'POST',
    route: '/api/tenant/:tenantId/device/:deviceId',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({ path: `/api/tenant/${ctx.otherTenant.id}/device/${await device(ctx)}` }),
  },
  {
    method: 'GET',
    route: '/api/devices/count/:otaPackageType/:deviceProfileId',
    statuses: TENANT_READ,
    request: async (ctx) => ({
      path: `/api/devices/count/FIRMWARE/${await demoProfileId(ctx.db, ctx.ids.tenantId)}`,
    }),
  },
];

const PROFILE_CASES: Case[] = [
  {
    method: 'GET',
    route: '/api/deviceProfile/:deviceProfileId',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({ path: `/api/deviceProfile/${await profile(ctx)}` }),
  },
  {
    method: 'GET',
    route: '/api/deviceProfileInfo/:deviceProfileId',
    statuses: TENANT_READ,
    request: async (ctx) => ({ path: `/api/deviceProfileInfo/${await profile(ctx)}` }),
  },
  {
    method: 'GET',
    route: '/api/deviceProfileInfo/default',
    statuses: EVERY_TENANT_USER,
    request: () => ({ path: '/api/deviceProfileInfo/default' }),
  },
  {
    method: 'POST',
    route: '/api/deviceProfile',
    statuses: ANY_TENANT_ADMIN,
    request: () => ({
      path: '/api/deviceProfile',
      json: { name: unique('Matrix new profile'), type: 'DEFAULT', transportType: 'DEFAULT' },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/deviceProfile/:deviceProfileId',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({ path: `/api/deviceProfile/${await profile(ctx)}` }),
  },
  {
    method: 'POST',
    route: '/api/deviceProfile/:deviceProfileId/default',
    statuses: OWN_TENANT_WRITE,
    // The Demo Tenant's own default, so the row leaves the tenant as it found it.
    request: async (ctx) => ({
      path: `/api/deviceProfile/${await demoProfileId(ctx.db, ctx.ids.tenantId)}/default`,
    }),
  },
  {
    method: 'GET',
    route: '/api/deviceProfile/devices/keys/timeseries',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({
      path: `/api/deviceProfile/devices/keys/timeseries?deviceProfileId=${await profile(ctx)}`,
    }),
  },
  {
    method: 'GET',
    route: '/api/deviceProfile/devices/keys/attributes',
    statuses: ANY_TENANT_ADMIN,
    request: () => ({ path: '/api/deviceProfile/devices/keys/attributes' }),
  },
  {
    method: 'GET',
    route: '/api/deviceProfiles',
    statuses: ANY_TENANT_ADMIN,
    request: () => ({ path: `/api/deviceProfiles?${PAGE}` }),
  },
  {
    method: 'GET',
    route: '/api/deviceProfileInfos',
    statuses: EVERY_TENANT_USER,
    request: () => ({ path: `/api/deviceProfileInfos?${PAGE}&transportType=DEFAULT` }),
  },
];

const ASSET_CASES: Case[] = [
  {
    method: 'GET',
    route: '/api/asset/:assetId',
    statuses: CUSTOMER_A_READ,
    request: async (ctx) => ({ path: `/api/asset/${await asset(ctx)}` }),
  },
  {
    method: 'GET',
    route: '/api/asset/info/:assetId',
    statuses: CUSTOMER_A_READ,
    request: async (ctx) => ({ path: `/api/asset/info/${await asset(ctx)}` }),
  },
  {
    method: 'POST',
    route: '/api/asset',
    target: 'update of an asset of Customer A',
    statuses: CUSTOMER_A_READ,
    request: async (ctx) => ({
      path: '/api/asset',
      json: { id: { entityType: 'ASSET', id: await asset(ctx) }, name: unique('Renamed'), type: 'building' },
    }),
  },
  {
    method: 'POST',
    route: '/api/asset',
    target: 'create',
    statuses: ANY_TENANT_ADMIN,
    request: () => ({ path: '/api/asset', json: { name: unique('Matrix new asset'), type: 'building' } }),
  },
  {
    method: 'DELETE',
    route: '/api/asset/:assetId',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({ path: `/api/asset/${await asset(ctx)}` }),
  },
  {
    method: 'GET',
    route: '/api/tenant/assets',
    statuses: ANY_TENANT_ADMIN,
    request: () => ({ path: `/api/tenant/assets?${PAGE}` }),
  },
  {
    method: 'GET',
    route: '/api/tenant/assetInfos',
    statuses: ANY_TENANT_ADMIN,
    request: () => ({ path: `/api/tenant/assetInfos?${PAGE}` }),
  },
  {
    method: 'GET',
    route: '/api/customer/:customerId/assets',
    statuses: CUSTOMER_A_READ,
    request: (ctx) => ({ path: `/api/customer/${ctx.ids.customerAId}/assets?${PAGE}` }),
  },
  {
    method: 'GET',
    route: '/api/customer/:customerId/assetInfos',
    statuses: CUSTOMER_A_READ,
    request: (ctx) => ({ path: `/api/customer/${ctx.ids.customerAId}/assetInfos?${PAGE}` }),
  },
  {
    method: 'GET',
    route: '/api/assets',
    statuses: EVERY_TENANT_USER,
    request: async (ctx) => ({ path: `/api/assets?assetIds=${await asset(ctx)}` }),
  },
  {
    method: 'POST',
    route: '/api/assets',
    statuses: CUSTOMER_A_READ,
    request: (ctx) => ({
      path: '/api/assets',
      json: { parameters: relatedToCustomerA(ctx), assetTypes: ['building'] },
    }),
  },
  {
    method: 'GET',
    route: '/api/asset/types',
    statuses: EVERY_TENANT_USER,
    request: () => ({ path: '/api/asset/types' }),
  },
  {
    method: 'POST',
    route: '/api/customer/:customerId/asset/:assetId',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({ path: `/api/customer/${ctx.ids.customerAId}/asset/${await asset(ctx)}` }),
  },
  {
    method: 'DELETE',
    route: '/api/customer/asset/:assetId',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({ path: `/api/customer/asset/${await asset(ctx)}` }),
  },
  {
    method: 'POST',
    route: '/api/customer/public/asset/:assetId',
    statuses: OWN_TENANT_WRITE,
    request: async (ctx) => ({ path: `/api/customer/public/asset/${await asset(ctx)}` }),
  },
];

export const DEVICES_CASES: Case[] = [...DEVICE_CASES, ...PROFILE_CASES, ...ASSET_CASES];
