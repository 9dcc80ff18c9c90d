import { DEMO, uniqueEmail } from '../helper.js';
import { DASHBOARDS_CASES } from './dashboards.cases.js';
import type { Case } from './matrix.js';
import { ANY_USER, nonPost, PAGE, PUBLIC, SYSADMIN_ONLY } from './matrix.js';

/** Rows of the foundation: auth, users, admin settings, system info, dashboards' foundation routes. */
export const CORE_CASES: Case[] = [
  // Token endpoints: public filters, POST only.
  {
    method: 'POST',
    route: '/api/auth/login',
    statuses: PUBLIC,
    request: () => ({
      path: '/api/auth/login',
      json: { username: DEMO.tenant.email, password: DEMO.tenant.password },
    }),
  },
  ...nonPost('/api/auth/login'),
  {
    method: 'POST',
    route: '/api/auth/login/public',
    statuses: PUBLIC,
    request: (ctx) => ({ path: '/api/auth/login/public', json: { publicId: ctx.publicCustomer.id } }),
  },
  ...nonPost('/api/auth/login/public'),
  {
    method: 'POST',
    route: '/api/auth/token',
    statuses: PUBLIC,
    request: (ctx) => ({ path: '/api/auth/token', json: { refreshToken: ctx.tenantAdminRefreshToken } }),
  },
  ...nonPost('/api/auth/token'),

  // Any signed-in user.
  { method: 'GET', route: '/api/auth/user', statuses: ANY_USER, request: () => ({ path: '/api/auth/user' }) },
  {
    method: 'POST',
    route: '/api/auth/logout',
    statuses: ANY_USER,
    request: () => ({ path: '/api/auth/logout' }),
  },
  {
    method: 'POST',
    route: '/api/auth/changePassword',
    statuses: [401, 400, 400, 400, 400, 400],
    request: () => ({
      path: '/api/auth/changePassword',
      json: { currentPassword: 'not-the-password', newPassword: 'Whatever1!' },
    }),
  },
  {
    method: 'GET',
    route: '/api/edges/enabled',
    statuses: ANY_USER,
    request: () => ({ path: '/api/edges/enabled' }),
  },
  {
    method: 'GET',
    route: '/api/dashboard/serverTime',
    statuses: ANY_USER,
    request: () => ({ path: '/api/dashboard/serverTime' }),
  },
  {
    method: 'GET',
    route: '/api/dashboard/maxDatapointsLimit',
    statuses: ANY_USER,
    request: () => ({ path: '/api/dashboard/maxDatapointsLimit' }),
  },
  {
    method: 'GET',
    route: '/api/system/info',
    statuses: ANY_USER,
    request: () => ({ path: '/api/system/info' }),
  },
  {
    method: 'GET',
    route: '/api/uiSettings/helpBaseUrl',
    statuses: ANY_USER,
    request: () => ({ path: '/api/uiSettings/helpBaseUrl' }),
  },

  // Health checks for load balancers: public; the cluster page: system administrator.
  { method: 'GET', route: '/api/health', statuses: PUBLIC, request: () => ({ path: '/api/health' }) },
  {
    method: 'GET',
    route: '/api/health/ready',
    statuses: PUBLIC,
    request: () => ({ path: '/api/health/ready' }),
  },
  {
    method: 'GET',
    route: '/api/admin/cluster',
    statuses: SYSADMIN_ONLY,
    request: () => ({ path: '/api/admin/cluster' }),
  },

  // No authentication: the token, if any, is ignored.
  {
    method: 'GET',
    route: '/api/noauth/userPasswordPolicy',
    statuses: PUBLIC,
    request: () => ({ path: '/api/noauth/userPasswordPolicy' }),
  },
  {
    method: 'POST',
    route: '/api/noauth/resetPasswordByEmail',
    statuses: PUBLIC,
    request: () => ({ path: '/api/noauth/resetPasswordByEmail', json: { email: 'nobody@example.test' } }),
  },
  {
    method: 'GET',
    route: '/api/noauth/resetPassword',
    statuses: [409, 409, 409, 409, 409, 409],
    request: () => ({ path: '/api/noauth/resetPassword?resetToken=unknownResetToken' }),
  },
  {
    method: 'POST',
    route: '/api/noauth/resetPassword',
    statuses: [400, 400, 400, 400, 400, 400],
    request: () => ({
      path: '/api/noauth/resetPassword',
      json: { resetToken: 'unknown', password: 'Whatever1!' },
    }),
  },
  {
    method: 'GET',
    route: '/api/noauth/activate',
    statuses: [409, 409, 409, 409, 409, 409],
    request: () => ({ path: '/api/noauth/activate?activateToken=unknownActivateToken' }),
  },
  {
    method: 'POST',
    route: '/api/noauth/activate',
    statuses: [400, 400, 400, 400, 400, 400],
    request: () => ({
      path: '/api/noauth/activate',
      json: { activateToken: 'unknown', password: 'Whatever1!' },
    }),
  },
  {
    method: 'POST',
    route: '/api/noauth/oauth2Clients',
    statuses: PUBLIC,
    request: () => ({ path: '/api/noauth/oauth2Clients' }),
  },

  // Users.
  {
    method: 'GET',
    route: '/api/user/:userId',
    target: 'customer user of Customer A',
    statuses: [401, 403, 200, 200, 403, 403],
    request: (ctx) => ({ path: `/api/user/${ctx.ids.customerUserId}` }),
  },
  {
    method: 'GET',
    route: '/api/user/:userId',
    target: 'tenant administrator',
    statuses: [401, 200, 200, 403, 403, 403],
    request: (ctx) => ({ path: `/api/user/${ctx.ids.tenantAdminId}` }),
  },
  {
    method: 'GET',
    route: '/api/user/tokenAccessEnabled',
    statuses: [401, 200, 200, 403, 200, 403],
    request: () => ({ path: '/api/user/tokenAccessEnabled' }),
  },
  {
    method: 'GET',
    route: '/api/user/:userId/token',
    target: 'customer user of Customer A',
    statuses: [401, 403, 200, 403, 403, 403],
    request: (ctx) => ({ path: `/api/user/${ctx.ids.customerUserId}/token` }),
  },
  {
    method: 'GET',
    route: '/api/user/:userId/token',
    target: 'tenant administrator',
    statuses: [401, 200, 403, 403, 403, 403],
    request: (ctx) => ({ path: `/api/user/${ctx.ids.tenantAdminId}/token` }),
  },
  {
    method: 'POST',
    route: '/api/user',
    // A tenant administrator always creates in their own tenant, where Customer A does not exist:
    // the other tenant's administrator gets the 400 of a non-existent customer, which reveals nothing.
    target: 'create a customer user of Customer A',
    statuses: [401, 403, 200, 403, 400, 403],
    request: (ctx) => ({
      path: '/api/user?sendActivationMail=false',
      json: {
        email: uniqueEmail('matrix'),
        authority: 'CUSTOMER_USER',
        tenantId: { entityType: 'TENANT', id: ctx.ids.tenantId },
        customerId: { entityType: 'CUSTOMER', id: ctx.ids.customerAId },
      },
    }),
  },
  {
    method: 'POST',
    route: '/api/user',
    target: 'update the customer user of Customer A',
    statuses: [401, 403, 200, 200, 403, 403],
    request: (ctx) => ({
      path: '/api/user',
      json: {
        id: { entityType: 'USER', id: ctx.ids.customerUserId },
        email: DEMO.customer.email,
        authority: 'CUSTOMER_USER',
        customerId: { entityType: 'CUSTOMER', id: ctx.ids.customerAId },
        firstName: 'Customer',
      },
    }),
  },
  {
    method: 'POST',
    route: '/api/user',
    target: 'update the tenant administrator',
    statuses: [401, 200, 200, 403, 403, 403],
    request: (ctx) => ({
      path: '/api/user',
      json: {
        id: { entityType: 'USER', id: ctx.ids.tenantAdminId },
        email: DEMO.tenant.email,
        authority: 'TENANT_ADMIN',
        firstName: 'Tenant',
      },
    }),
  },
  {
    method: 'POST',
    route: '/api/user/sendActivationMail',
    statuses: [401, 403, 200, 403, 403, 403],
    request: (ctx) => ({
      path: `/api/user/sendActivationMail?email=${encodeURIComponent(ctx.pending.email)}`,
    }),
  },
  {
    method: 'GET',
    route: '/api/user/:userId/activationLink',
    statuses: [401, 403, 200, 403, 403, 403],
    request: (ctx) => ({ path: `/api/user/${ctx.pending.id}/activationLink` }),
  },
  {
    method: 'DELETE',
    route: '/api/user/:userId',
    target: 'a customer user of Customer A',
    statuses: [401, 403, 200, 403, 403, 403],
    request: async (ctx) => ({ path: `/api/user/${(await ctx.freshUser('CUSTOMER_USER')).id}` }),
  },
  {
    method: 'DELETE',
    route: '/api/user/:userId',
    target: 'a tenant administrator',
    statuses: [401, 200, 200, 403, 403, 403],
    request: async (ctx) => ({ path: `/api/user/${(await ctx.freshUser('TENANT_ADMIN')).id}` }),
  },
  {
    method: 'POST',
    route: '/api/user/:userId/userCredentialsEnabled',
    statuses: [401, 403, 200, 403, 403, 403],
    request: async (ctx) => ({
      path: `/api/user/${(await ctx.freshUser('CUSTOMER_USER')).id}/userCredentialsEnabled?userCredentialsEnabled=false`,
    }),
  },
  {
    method: 'GET',
    route: '/api/users',
    statuses: [401, 403, 200, 200, 200, 200],
    request: () => ({ path: `/api/users?${PAGE}` }),
  },
  {
    method: 'GET',
    route: '/api/tenant/:tenantId/users',
    statuses: SYSADMIN_ONLY,
    request: (ctx) => ({ path: `/api/tenant/${ctx.ids.tenantId}/users?${PAGE}` }),
  },
  {
    method: 'GET',
    route: '/api/customer/:customerId/users',
    statuses: [401, 403, 200, 403, 403, 403],
    request: (ctx) => ({ path: `/api/customer/${ctx.ids.customerAId}/users?${PAGE}` }),
  },

  // Dashboards.
  {
    method: 'GET',
    route: '/api/tenant/dashboards',
    statuses: [401, 403, 200, 403, 200, 403],
    request: () => ({ path: `/api/tenant/dashboards?${PAGE}` }),
  },
  {
    method: 'GET',
    route: '/api/customer/:customerId/dashboards',
    statuses: [401, 403, 200, 200, 403, 403],
    request: (ctx) => ({ path: `/api/customer/${ctx.ids.customerAId}/dashboards?${PAGE}` }),
  },
  ...DASHBOARDS_CASES,

  // Administration: the system administrator only.
  {
    method: 'GET',
    route: '/api/admin/settings/:key',
    target: 'general',
    statuses: SYSADMIN_ONLY,
    request: () => ({ path: '/api/admin/settings/general' }),
  },
  {
    method: 'GET',
    route: '/api/admin/settings/:key',
    target: 'mail',
    statuses: SYSADMIN_ONLY,
    request: () => ({ path: '/api/admin/settings/mail' }),
  },
  {
    method: 'POST',
    route: '/api/admin/settings',
    statuses: SYSADMIN_ONLY,
    request: () => ({
      path: '/api/admin/settings',
      json: { key: 'general', jsonValue: { baseUrl: 'http://localhost:8080', prohibitDifferentUrl: false } },
    }),
  },
  {
    method: 'POST',
    route: '/api/admin/settings/testMail',
    statuses: SYSADMIN_ONLY,
    request: (ctx) => ({
      path: '/api/admin/settings/testMail',
      json: { key: 'mail', jsonValue: ctx.smtp.mailSettings() },
    }),
  },
  {
    method: 'GET',
    route: '/api/admin/securitySettings',
    statuses: SYSADMIN_ONLY,
    request: () => ({ path: '/api/admin/securitySettings' }),
  },
  {
    method: 'POST',
    route: '/api/admin/securitySettings',
    statuses: SYSADMIN_ONLY,
    request: () => ({
      path: '/api/admin/securitySettings',
      json: {
        passwordPolicy: { minimumLength: 6 },
        maxFailedLoginAttempts: null,
        userLockoutNotificationEmail: null,
      },
    }),
  },
  {
    method: 'GET',
    route: '/api/admin/updates',
    statuses: SYSADMIN_ONLY,
    request: () => ({ path: '/api/admin/updates' }),
  },
];
