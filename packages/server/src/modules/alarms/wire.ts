import {
  type Alarm,
  type AlarmInfo,
  type AlarmSeverity,
  type AlarmStatus,
  type EntityType,
  type JsonValue,
  NULL_UUID,
} from '@meridian/common';
import type { Selectable } from 'kysely';
import type { AlarmTable } from '../../db/schema.js';

export type AlarmRow = Selectable<AlarmTable>;

/** A stored alarm with its originator's name, as the list and info queries read it. */
export type AlarmInfoRow = AlarmRow & { originatorName: string | null };

/** The stored relation types: a list of strings, or null. */
export function relationTypesOf(row: Pick<AlarmRow, 'propagateRelationTypes'>): string[] | null {
  const value = row.propagateRelationTypes;
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
}

/** The reference Alarm JSON (§1.5), fields in its order; `name` repeats the type. */
export function alarmToWire(row: AlarmRow): Alarm {
  return {
    id: { entityType: 'ALARM', id: row.id },
    createdTime: row.createdTime,
    tenantId: { entityType: 'TENANT', id: row.tenantId },
    customerId: { entityType: 'CUSTOMER', id: row.customerId ?? NULL_UUID },
    type: row.type,
    originator: { entityType: row.originatorType as EntityType, id: row.originatorId },
    severity: row.severity as AlarmSeverity,
    status: row.status as AlarmStatus,
    startTs: row.startTs,
    endTs: row.endTs,
    ackTs: row.ackTs,
    clearTs: row.clearTs,
    details: (row.details ?? null) as JsonValue,
    propagate: row.propagate,
    propagateToOwner: row.propagateToOwner,
    propagateToTenant: row.propagateToTenant,
    propagateRelationTypes: relationTypesOf(row),
    name: row.type,
  };
}

/** AlarmInfo: the alarm plus its originator's name (null unless the caller asked for it). */
export function alarmInfoToWire(row: AlarmInfoRow): AlarmInfo {
  return { ...alarmToWire(row), originatorName: row.originatorName };
}
