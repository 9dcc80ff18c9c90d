import { randomBytes } from 'node:crypto';
import { v1 as uuidv1 } from 'uuid';
import type { Db } from '../../src/db/store.js';
import { newCustomer, newTenant } from '../factories.js';
import { type Case, PAGE, type Statuses, SYSADMIN_ONLY } from './matrix.js';

/** Rows of tenants, tenant profiles and customers. */

//                                          anon  SA   TA   CU   TA2  CU2
const OWN_TENANT: Statuses = [401, 200, 200, 403, 403, 403];
const CUSTOMER_A_READ: Statuses = [401, 403, 200, 200, 403, 403];
const CUSTOMER_A_WRITE: Statuses = [401, 403, 200, 403, 403, 403];
const ANY_TENANT_ADMIN: Statuses = [401, 403, 200, 403, 200, 403];

const unique = (prefix: string) => `${prefix} ${randomBytes(4).toString('hex')}`;

async function defaultTenantProfileId(db: Db): Promise<string> {
  const row = await db
    .selectFrom('tenantProfile')
    .select('id')
    .where('isDefault', '=', true)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A tenant profile nobody uses, for rows that delete one. */
async function freshTenantProfile(db: Db): Promise<string> {
  const id = uuidv1();
  await db
    .insertInto('tenantProfile')
    .values({
      id,
      createdTime: Date.now(),
      name: unique('Matrix profile'),
      profileData: JSON.stringify({ configuration: { type: 'DEFAULT' } }),
      isDefault: false,
      isolatedTbCore: false,
      isolatedTbRuleEngine: false,
    })
    .execute();
  return id;
}

export const TENANCY_CASES: Case[] = [
  // Rule engine queue names: any tenant administrator, for its own device profiles.
  {
    method: 'GET',
    route: '/api/tenant/queues',
    statuses: ANY_TENANT_ADMIN,
    request: () => ({ path: '/api/tenant/queues?serviceType=TB_RULE_ENGINE' }),
  },
  // Tenants: system administrators manage them; a tenant administrator reads its own.
  {
    method: 'GET',
    route: '/api/tenant/:tenantId',
    statuses: OWN_TENANT,
    request: (ctx) => ({ path: `/api/tenant/${ctx.ids.tenantId}` }),
  },
  {
    method: 'GET',
    route: '/api/tenant/info/:tenantId',
    statuses: OWN_TENANT,
    request: (ctx) => ({ path: `/api/tenant/info/${ctx.ids.tenantId}` }),
  },
  {
    method: 'POST',
    route: '/api/tenant',
    statuses: SYSADMIN_ONLY,
    request: () => ({ path: '/api/tenant', json: { title: unique('Matrix tenant') } }),
  },
  {
    method: 'DELETE',
    route: '/api/tenant/:tenantId',
    statuses: SYSADMIN_ONLY,
    request: async (ctx) => ({ path: `/api/tenant/${(await newTenant(ctx.db)).id}` }),
  },
  {
    method: 'GET',
    route: '/api/tenants',
    statuses: SYSADMIN_ONLY,
    request: () => ({ path: `/api/tenants?${PAGE}` }),
  },
  {
    method: 'GET',
    route: '/api/tenantInfos',
    statuses: SYSADMIN_ONLY,
    request: () => ({ path: `/api/tenantInfos?${PAGE}` }),
  },

  // Tenant profiles: system administrators only.
  {
    method: 'GET',
    route: '/api/tenantProfile/:tenantProfileId',
    statuses: SYSADMIN_ONLY,
    request: async (ctx) => ({ path: `/api/tenantProfile/${await defaultTenantProfileId(ctx.db)}` }),
  },
  {
    method: 'GET',
    route: '/api/tenantProfileInfo/default',
    statuses: SYSADMIN_ONLY,
    request: () => ({ path: '/api/tenantProfileInfo/default' }),
  },
  {
    method: 'GET',
    route: '/api/tenantProfileInfo/:tenantProfileId',
    statuses: SYSADMIN_ONLY,
    request: async (ctx) => ({ path: `/api/tenantProfileInfo/${await defaultTenantProfileId(ctx.db)}` }),
  },
  {
    method: 'POST',
    route: '/api/tenantProfile',
    statuses: SYSADMIN_ONLY,
    request: () => ({
      path: '/api/tenantProfile',
      json: { name: unique('Matrix profile'), profileData: { configuration: { type: 'DEFAULT' } } },
    }),
  },
  {
    method: 'DELETE',
    route: '/api/tenantProfile/:tenantProfileId',
    statuses: SYSADMIN_ONLY,
    request: async (ctx) => ({ path: `/api/tenantProfile/${await freshTenantProfile(ctx.db)}` }),
  },
  {
    method: 'POST',
    route: '/api/tenantProfile/:tenantProfileId/default',
    statuses: SYSADMIN_ONLY,
    request: async (ctx) => ({
      path: `/api/tenantProfile/${await defaultTenantProfileId(ctx.db)}/default`,
    }),
  },
  {
    method: 'GET',
    route: '/api/tenantProfiles',
    statuses: SYSADMIN_ONLY,
    request: () => ({ path: `/api/tenantProfiles?${PAGE}` }),
  },
  {
    method: 'GET',
    route: '/api/tenantProfileInfos',
    statuses: SYSADMIN_ONLY,
    request: () => ({ path: `/api/tenantProfileInfos?${PAGE}` }),
  },

  // Customers: the tenant administrator manages them; a customer user reads its own.
  {
    method: 'GET',
    route: '/api/customer/:customerId',
    statuses: CUSTOMER_A_READ,
    request: (ctx) => ({ path: `/api/customer/${ctx.ids.customerAId}` }),
  },
  {
    method: 'GET',
    route: '/api/customer/:customerId/shortInfo',
    statuses: CUSTOMER_A_READ,
    request: (ctx) => ({ path: `/api/customer/${ctx.ids.customerAId}/shortInfo` }),
  },
  {
    method: 'GET',
    route: '/api/customer/:customerId/title',
    statuses: CUSTOMER_A_READ,
    request: (ctx) => ({ path: `/api/customer/${ctx.ids.customerAId}/title` }),
  },
  {
    method: 'POST',
    route: '/api/customer',
    target: 'update Customer A',
    statuses: CUSTOMER_A_WRITE,
    request: (ctx) => ({
      path: '/api/customer',
      json: { id: { entityType: 'CUSTOMER', id: ctx.ids.customerAId }, title: 'Customer A' },
    }),
  },
  {
    method: 'POST',
    route: '/api/customer',
    target: 'create',
    statuses: ANY_TENANT_ADMIN,
    request: () => ({ path: '/api/customer', json: { title: unique('Matrix customer') } }),
  },
  {
    method: 'DELETE',
    route: '/api/customer/:customerId',
    statuses: CUSTOMER_A_WRITE,
    request: async (ctx) => ({ path: `/api/customer/${(await newCustomer(ctx.db, ctx.ids.tenantId)).id}` }),
  },
  {
    method: 'GET',
    route: '/api/customers',
    statuses: ANY_TENANT_ADMIN,
    request: () => ({ path: `/api/customers?${PAGE}` }),
  },
  {
    method: 'GET',
    route: '/api/tenant/customers',
    statuses: [401, 403, 200, 403, 404, 403],
    request: () => ({ path: `/api/tenant/customers?customerTitle=${encodeURIComponent('Customer B')}` }),
  },
];
