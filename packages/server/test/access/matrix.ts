import type { Db } from '../../src/db/store.js';
import type { CustomerRef, TenantRef, UserRef } from '../factories.js';
import type { DemoIds } from '../helper.js';
import type { SmtpReceiver } from '../smtp.js';

/**
 * Shared vocabulary of the permission matrix (access.test.ts): who calls, what each row expects.
 * Each area keeps its rows in its own `<area>.cases.ts` beside this file.
 */

export type Caller =
  | 'anonymous'
  | 'sysadmin'
  | 'tenantAdmin'
  | 'customerUser'
  | 'otherTenantAdmin'
  | 'otherCustomerUser';

export const CALLERS: readonly Caller[] = [
  'anonymous',
  'sysadmin',
  'tenantAdmin',
  'customerUser',
  'otherTenantAdmin',
  'otherCustomerUser',
];

/** Expected statuses in CALLERS order. */
export type Statuses = readonly [number, number, number, number, number, number];

export interface Ctx {
  /** The store of the server under test, for rows that need a fresh entity of their own. */
  db: Db;
  ids: DemoIds;
  otherTenant: TenantRef;
  publicCustomer: CustomerRef;
  /** A customer user of Customer A who has not activated the account yet. */
  pending: UserRef;
  tenantAdminRefreshToken: string;
  smtp: SmtpReceiver;
  /** A new user of the Demo Tenant (of Customer A for customer users), for requests that consume one. */
  freshUser(authority: 'TENANT_ADMIN' | 'CUSTOMER_USER'): Promise<UserRef>;
}

export interface Case {
  method: string;
  /** The route as registered, e.g. /api/user/:userId. */
  route: string;
  /** Which target, when a route has more than one row. */
  target?: string;
  statuses: Statuses;
  request(
    ctx: Ctx,
    caller: Caller,
  ): Promise<{ path: string; json?: unknown }> | { path: string; json?: unknown };
}

// Columns: no token, system administrator, Demo Tenant administrator, customer user of Customer A,
// administrator of another tenant (TA2), customer user of Customer B of the Demo Tenant (CU2).
//                        anon  SA   TA   CU   TA2  CU2
export const PUBLIC: Statuses = [200, 200, 200, 200, 200, 200];
export const ANY_USER: Statuses = [401, 200, 200, 200, 200, 200];
export const SYSADMIN_ONLY: Statuses = [401, 200, 403, 403, 403, 403];
export const NOT_SUPPORTED: Statuses = [401, 401, 401, 401, 401, 401];
/** A tenant administrator's own data only: other tenants and customers are refused. */
export const TENANT_ADMIN_ONLY: Statuses = [401, 403, 200, 403, 403, 403];

export const PAGE = 'pageSize=50&page=0';
export const nonPost = (route: string): Case[] =>
  ['GET', 'PUT', 'DELETE', 'PATCH'].map((method) => ({
    method,
    route,
    statuses: NOT_SUPPORTED,
    request: () => ({ path: route, ...(method === 'PUT' || method === 'PATCH' ? { json: {} } : {}) }),
  }));
