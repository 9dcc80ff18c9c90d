import type { AuditLogId, CustomerId, TenantId, UserId } from './entity-ids.js';
import type { EntityId } from './entity-types.js';
import type { JsonValue } from './json.js';

/** Audit log entries (reference §1.5 AuditLog, ActionType). */

export const AUDIT_ACTION_TYPES = [
  'ADDED',
  'DELETED',
  'UPDATED',
  'ATTRIBUTES_UPDATED',
  'ATTRIBUTES_DELETED',
  'TIMESERIES_UPDATED',
  'TIMESERIES_DELETED',
  'RPC_CALL',
  'CREDENTIALS_UPDATED',
  'ASSIGNED_TO_CUSTOMER',
  'UNASSIGNED_FROM_CUSTOMER',
  'ACTIVATED',
  'SUSPENDED',
  'CREDENTIALS_READ',
  'ATTRIBUTES_READ',
  'RELATION_ADD_OR_UPDATE',
  'RELATION_DELETED',
  'RELATIONS_DELETED',
  'ALARM_ACK',
  'ALARM_CLEAR',
  'ALARM_DELETE',
  'LOGIN',
  'LOGOUT',
  'LOCKOUT',
  'ASSIGNED_FROM_TENANT',
  'ASSIGNED_TO_TENANT',
  'PROVISION_SUCCESS',
  'PROVISION_FAILURE',
  'ASSIGNED_TO_EDGE',
  'UNASSIGNED_FROM_EDGE',
] as const;
export type AuditActionType = (typeof AUDIT_ACTION_TYPES)[number];

export const AUDIT_ACTION_STATUSES = ['SUCCESS', 'FAILURE'] as const;
export type AuditActionStatus = (typeof AUDIT_ACTION_STATUSES)[number];

/** An audit log entry (reference §1.5 AuditLog). */
export interface AuditLog {
  id: AuditLogId;
  createdTime: number;
  tenantId: TenantId;
  customerId: CustomerId;
  entityId: EntityId;
  entityName: string;
  userId: UserId;
  userName: string;
  actionType: AuditActionType;
  actionData: JsonValue;
  actionStatus: AuditActionStatus;
  actionFailureDetails: string | null;
}
