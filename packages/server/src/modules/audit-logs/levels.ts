import type { AuditActionType, EntityType } from '@meridian/common';

/**
 * Which actions the audit log keeps, per entity type (reference `audit-log.logging-level.mask`):
 * OFF keeps nothing, W the writes, RW also the reads. An entity type without a mask is not logged.
 */
export type AuditLogMask = 'OFF' | 'W' | 'RW';

export type AuditLogLevels = Partial<Record<EntityType, AuditLogMask>>;

/** The reference defaults: every listed entity type logs its writes only; tenants and profiles are not listed. */
export const DEFAULT_AUDIT_LOG_LEVELS: Readonly<AuditLogLevels> = {
  DEVICE: 'W',
  ASSET: 'W',
  DASHBOARD: 'W',
  CUSTOMER: 'W',
  USER: 'W',
  RULE_CHAIN: 'W',
  ALARM: 'W',
  ENTITY_VIEW: 'W',
  DEVICE_PROFILE: 'W',
  EDGE: 'W',
  TB_RESOURCE: 'W',
  OTA_PACKAGE: 'W',
};

/** The action types the reference counts as reads (ActionType.isRead). */
const READ_ACTIONS: ReadonlySet<AuditActionType> = new Set(['CREDENTIALS_READ', 'ATTRIBUTES_READ']);

export const isReadAction = (actionType: AuditActionType) => READ_ACTIONS.has(actionType);

/** May an action of this type on an entity of this type be logged under these levels? */
export function auditLogEnabled(
  levels: Readonly<AuditLogLevels>,
  entityType: string,
  actionType: AuditActionType,
): boolean {
  const mask = levels[entityType as EntityType];
  if (mask === undefined || mask === 'OFF') return false;
  return isReadAction(actionType) ? mask === 'RW' : true;
}
