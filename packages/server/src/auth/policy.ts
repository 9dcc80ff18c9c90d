import { NULL_UUID } from '@meridian/common';
import { forbidden } from '../http/api-error.js';
import type { Principal } from './principal.js';

/** Operations and resources of the reference permission model (reference §2.5). */
export type Operation =
  | 'ALL'
  | 'CREATE'
  | 'READ'
  | 'WRITE'
  | 'DELETE'
  | 'ASSIGN_TO_CUSTOMER'
  | 'UNASSIGN_FROM_CUSTOMER'
  | 'RPC_CALL'
  | 'READ_CREDENTIALS'
  | 'WRITE_CREDENTIALS'
  | 'READ_ATTRIBUTES'
  | 'WRITE_ATTRIBUTES'
  | 'READ_TELEMETRY'
  | 'WRITE_TELEMETRY'
  | 'CLAIM_DEVICES'
  | 'ASSIGN_TO_TENANT';

export type Resource =
  | 'ADMIN_SETTINGS'
  | 'ALARM'
  | 'DEVICE'
  | 'ASSET'
  | 'CUSTOMER'
  | 'DASHBOARD'
  | 'ENTITY_VIEW'
  | 'TENANT'
  | 'RULE_CHAIN'
  | 'USER'
  | 'WIDGETS_BUNDLE'
  | 'WIDGET_TYPE'
  | 'TENANT_PROFILE'
  | 'DEVICE_PROFILE'
  | 'API_USAGE_STATE'
  | 'TB_RESOURCE'
  | 'OTA_PACKAGE'
  | 'EDGE'
  | 'RPC';

/**
 * The owner fields of the entity an operation touches. Absent tenant/customer is NULL_UUID, as on
 * the wire. `authority` is set for users; `assignedCustomerIds` for dashboards.
 */
export interface Target {
  id?: string;
  tenantId: string;
  customerId?: string;
  authority?: string;
  assignedCustomerIds?: readonly string[];
}

const CUSTOMER_DEVICE_OPERATIONS: ReadonlySet<Operation> = new Set([
  'READ',
  'READ_CREDENTIALS',
  'READ_ATTRIBUTES',
  'READ_TELEMETRY',
  'RPC_CALL',
  'CLAIM_DEVICES',
  'WRITE',
  'WRITE_ATTRIBUTES',
  'WRITE_TELEMETRY',
]);
const CUSTOMER_OWNED: ReadonlySet<Resource> = new Set(['DEVICE', 'ASSET', 'ENTITY_VIEW', 'EDGE']);
const READ_ONLY: ReadonlySet<Operation> = new Set(['READ', 'READ_ATTRIBUTES', 'READ_TELEMETRY']);

function sysAdminMay(operation: Operation, resource: Resource, target: Target | undefined): boolean {
  switch (resource) {
    case 'DASHBOARD':
      // As the reference: system administrators may look at any tenant's dashboards, not change them.
      return operation === 'READ';
    case 'ADMIN_SETTINGS':
    case 'TENANT':
    case 'TENANT_PROFILE':
      return true;
    case 'USER':
      // System administrators manage tenant administrators and themselves, never customer users.
      return target === undefined || target.authority !== 'CUSTOMER_USER';
    case 'WIDGETS_BUNDLE':
    case 'WIDGET_TYPE':
    case 'TB_RESOURCE':
      return target === undefined || target.tenantId === NULL_UUID;
    default:
      return false;
  }
}

function tenantAdminMay(
  principal: Principal,
  operation: Operation,
  resource: Resource,
  target?: Target,
): boolean {
  if (resource === 'ADMIN_SETTINGS' || resource === 'TENANT_PROFILE') return false;
  // The tenant and its API usage state are the platform's to change; the tenant reads them.
  if (resource === 'TENANT' || resource === 'API_USAGE_STATE')
    return READ_ONLY.has(operation) && (!target || target.tenantId === principal.tenantId);
  if (!target) return true;
  if (resource === 'USER' && target.authority === 'SYS_ADMIN') return false;
  // System widgets and resources are readable by every tenant.
  if (
    (resource === 'WIDGETS_BUNDLE' || resource === 'WIDGET_TYPE' || resource === 'TB_RESOURCE') &&
    target.tenantId === NULL_UUID
  ) {
    return operation === 'READ';
  }
  return target.tenantId === principal.tenantId;
}

function customerUserMay(
  principal: Principal,
  operation: Operation,
  resource: Resource,
  target?: Target,
): boolean {
  // System widgets belong to no tenant; customer users read them like their tenant's.
  if ((resource === 'WIDGETS_BUNDLE' || resource === 'WIDGET_TYPE') && target?.tenantId === NULL_UUID) {
    return operation === 'READ';
  }
  const sameTenant = !target || target.tenantId === principal.tenantId;
  if (!sameTenant) return false;
  if (CUSTOMER_OWNED.has(resource)) {
    return (
      CUSTOMER_DEVICE_OPERATIONS.has(operation) && (!target || target.customerId === principal.customerId)
    );
  }
  switch (resource) {
    case 'CUSTOMER':
      return READ_ONLY.has(operation) && (!target || target.id === principal.customerId);
    case 'USER':
      // A customer user reads and edits only their own user.
      return (operation === 'READ' || operation === 'WRITE') && (!target || target.id === principal.userId);
    case 'DASHBOARD':
      return (
        READ_ONLY.has(operation) &&
        (!target || (target.assignedCustomerIds ?? []).includes(principal.customerId))
      );
    case 'ALARM':
      return !target || target.customerId === principal.customerId;
    case 'WIDGETS_BUNDLE':
    case 'WIDGET_TYPE':
      return operation === 'READ';
    case 'DEVICE_PROFILE':
      return operation === 'READ';
    default:
      return false;
  }
}

/**
 * The one access policy: may this principal perform this operation on this resource (and, when
 * given, this particular entity)? Every service calls it before touching tenant data.
 */
export function may(
  principal: Principal,
  operation: Operation,
  resource: Resource,
  target?: Target,
): boolean {
  switch (principal.authority) {
    case 'SYS_ADMIN':
      return sysAdminMay(operation, resource, target);
    case 'TENANT_ADMIN':
      return tenantAdminMay(principal, operation, resource, target);
    case 'CUSTOMER_USER':
      return customerUserMay(principal, operation, resource, target);
    default:
      return false;
  }
}

/** Throws the reference's 403 unless `may` allows every target. */
export function requireAccess(
  principal: Principal,
  operation: Operation,
  resource: Resource,
  ...targets: Target[]
): void {
  const allowed =
    targets.length === 0
      ? may(principal, operation, resource)
      : targets.every((t) => may(principal, operation, resource, t));
  if (!allowed) throw forbidden();
}
