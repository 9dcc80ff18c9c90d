import type { AuditActionStatus, AuditActionType, AuditLog } from '@meridian/common';

const ACTION_TYPE_KEYS: Record<AuditActionType, string> = {
  ADDED: 'audit.type-added',
  DELETED: 'audit.type-deleted',
  UPDATED: 'audit.type-updated',
  ATTRIBUTES_UPDATED: 'audit.type-attributes-updated',
  ATTRIBUTES_DELETED: 'audit.type-attributes-deleted',
  TIMESERIES_UPDATED: 'audit.type-timeseries-updated',
  TIMESERIES_DELETED: 'audit.type-timeseries-deleted',
  RPC_CALL: 'audit.type-rpc-call',
  CREDENTIALS_UPDATED: 'audit.type-credentials-updated',
  ASSIGNED_TO_CUSTOMER: 'audit.type-assigned-to-customer',
  UNASSIGNED_FROM_CUSTOMER: 'audit.type-unassigned-from-customer',
  ACTIVATED: 'audit.type-activated',
  SUSPENDED: 'audit.type-suspended',
  CREDENTIALS_READ: 'audit.type-credentials-read',
  ATTRIBUTES_READ: 'audit.type-attributes-read',
  RELATION_ADD_OR_UPDATE: 'audit.type-relation-add-or-update',
  RELATION_DELETED: 'audit.type-relation-delete',
  RELATIONS_DELETED: 'audit.type-relations-delete',
  ALARM_ACK: 'audit.type-alarm-ack',
  ALARM_CLEAR: 'audit.type-alarm-clear',
  ALARM_DELETE: 'audit.type-alarm-delete',
  LOGIN: 'audit.type-login',
  LOGOUT: 'audit.type-logout',
  LOCKOUT: 'audit.type-lockout',
  ASSIGNED_FROM_TENANT: 'audit.type-assigned-from-tenant',
  ASSIGNED_TO_TENANT: 'audit.type-assigned-to-tenant',
  PROVISION_SUCCESS: 'audit.type-provision-success',
  PROVISION_FAILURE: 'audit.type-provision-failure',
  ASSIGNED_TO_EDGE: 'audit.type-assigned-to-edge',
  UNASSIGNED_FROM_EDGE: 'audit.type-unassigned-from-edge',
};

const STATUS_KEYS: Record<AuditActionStatus, string> = {
  SUCCESS: 'audit.status-success',
  FAILURE: 'audit.status-failure',
};

/** The translated action type of an entry; an unknown type as it came. */
export function auditTypeLabel(t: (key: string) => string, type: string): string {
  const key = (ACTION_TYPE_KEYS as Record<string, string | undefined>)[type];
  return key ? t(key) : type;
}

/** The translated status of an entry. */
export function auditStatusLabel(t: (key: string) => string, log: AuditLog): string {
  const key = (STATUS_KEYS as Record<string, string | undefined>)[log.actionStatus];
  return key ? t(key) : log.actionStatus;
}
