import { NULL_UUID } from '@meridian/common';
import { sql } from 'kysely';
import type { Resource, Target } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import { ENTITY_TABLES, type QueryableEntityType } from './entity-tables.js';
import { and, col, FALSE, type Sql, textParam, uuidParam } from './sql-parts.js';

/**
 * Which rows of an entity table a caller may read, as SQL. This is the READ rule of the access
 * policy (`auth/policy.ts`) for lists: whatever the entity filter selects, only these rows come
 * back. `read-scope.test.ts` checks every scope against `may(principal, 'READ', …)`.
 */
export type ReadScope =
  /** Nothing. */
  | 'none'
  /** The caller's own tenant (tenant rows). */
  | 'own-tenant'
  /** Everything of the caller's tenant. */
  | 'tenant'
  /** Entities of the caller's tenant assigned to the caller's customer. */
  | 'customer-owned'
  /** The caller's own customer. */
  | 'own-customer'
  /** The caller's own user. */
  | 'own-user'
  /** Dashboards of the caller's tenant assigned to the caller's customer. */
  | 'assigned-dashboard';

/** The policy resource of each queryable entity type. */
export const RESOURCE_OF_TYPE: Readonly<Record<QueryableEntityType, Resource>> = {
  TENANT: 'TENANT',
  CUSTOMER: 'CUSTOMER',
  USER: 'USER',
  DASHBOARD: 'DASHBOARD',
  ASSET: 'ASSET',
  DEVICE: 'DEVICE',
  ENTITY_VIEW: 'ENTITY_VIEW',
  API_USAGE_STATE: 'API_USAGE_STATE',
};

export function readScope(principal: Principal, type: QueryableEntityType): ReadScope {
  if (principal.authority === 'TENANT_ADMIN') return type === 'TENANT' ? 'own-tenant' : 'tenant';
  if (principal.authority !== 'CUSTOMER_USER' || principal.customerId === NULL_UUID) return 'none';
  switch (type) {
    case 'DEVICE':
    case 'ASSET':
    case 'ENTITY_VIEW':
      return 'customer-owned';
    case 'CUSTOMER':
      return 'own-customer';
    case 'USER':
      return 'own-user';
    case 'DASHBOARD':
      return 'assigned-dashboard';
    case 'TENANT':
    case 'API_USAGE_STATE':
      return 'none';
  }
}

/** The scope as a condition on the entity table aliased `alias`. */
export function readScopeSql(principal: Principal, type: QueryableEntityType, alias: string): Sql {
  const scope = readScope(principal, type);
  if (scope === 'none') return FALSE;
  const tenant = sql`${col(alias, ENTITY_TABLES[type].tenantColumn)} = ${uuidParam(principal.tenantId)}`;
  switch (scope) {
    case 'own-tenant':
    case 'tenant':
      return tenant;
    case 'customer-owned':
      return and([tenant, sql`${col(alias, 'customer_id')} = ${uuidParam(principal.customerId)}`]);
    case 'own-customer':
      return and([tenant, sql`${col(alias, 'id')} = ${uuidParam(principal.customerId)}`]);
    case 'own-user':
      return and([tenant, sql`${col(alias, 'id')} = ${uuidParam(principal.userId)}`]);
    case 'assigned-dashboard':
      return and([
        tenant,
        sql`${col(alias, 'assigned_customers')} @> jsonb_build_array(jsonb_build_object('customerId', jsonb_build_object('id', ${textParam(principal.customerId)})))`,
      ]);
  }
}

/**
 * The same scope evaluated on an entity's owner fields (NULL_UUID for "none"), for the test that
 * holds the SQL to the policy.
 */
export function readScopeAllows(principal: Principal, type: QueryableEntityType, target: Target): boolean {
  const scope = readScope(principal, type);
  if (scope === 'none' || target.tenantId !== principal.tenantId) return false;
  switch (scope) {
    case 'own-tenant':
    case 'tenant':
      return true;
    case 'customer-owned':
      return target.customerId === principal.customerId;
    case 'own-customer':
      return target.id === principal.customerId;
    case 'own-user':
      return target.id === principal.userId;
    case 'assigned-dashboard':
      return (target.assignedCustomerIds ?? []).includes(principal.customerId);
  }
}
