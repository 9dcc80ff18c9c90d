import {
  ALARM_SEVERITIES,
  ALARM_STATUSES,
  type AlarmSeverity,
  type AlarmStatus,
  ENTITY_TYPES,
  type EntityId,
  isJsonObject,
  type JsonValue,
} from '@meridian/common';
import type { RuleMsg } from '../../message.js';

/** The alarm a message carries when the create alarm node uses the message's alarm data. */
export interface MessageAlarm {
  type: string;
  severity: AlarmSeverity;
  status: AlarmStatus;
  originator: EntityId;
  propagate: boolean;
  propagateRelationTypes: string[] | null;
  details: JsonValue | null;
}

/**
 * Reads the Alarm JSON of a message (reference `useMessageAlarmData`: the payload binds to Alarm).
 * The originator defaults to the message's, the status to ACTIVE_UNACK. A payload that is no alarm
 * is an error naming the field at fault.
 */
export function messageAlarm(msg: RuleMsg): MessageAlarm {
  let data: unknown;
  try {
    data = JSON.parse(msg.data);
  } catch {
    throw new Error('message data is not an alarm: not valid JSON');
  }
  if (!isJsonObject(data as JsonValue)) throw new Error('message data is not an alarm: not a JSON object');
  const alarm = data as Record<string, JsonValue>;
  const type = alarm.type;
  if (typeof type !== 'string' || type.trim() === '') {
    throw new Error("message alarm has no 'type'");
  }
  const severity = alarm.severity;
  if (typeof severity !== 'string' || !(ALARM_SEVERITIES as readonly string[]).includes(severity)) {
    throw new Error(`message alarm 'severity' must be one of ${ALARM_SEVERITIES.join(', ')}`);
  }
  const status = alarm.status ?? 'ACTIVE_UNACK';
  if (typeof status !== 'string' || !(ALARM_STATUSES as readonly string[]).includes(status)) {
    throw new Error(`message alarm 'status' must be one of ${ALARM_STATUSES.join(', ')}`);
  }
  const types = alarm.propagateRelationTypes ?? null;
  if (types !== null && !(Array.isArray(types) && types.every((t) => typeof t === 'string'))) {
    throw new Error("message alarm 'propagateRelationTypes' must be a list of strings");
  }
  return {
    type,
    severity: severity as AlarmSeverity,
    status: status as AlarmStatus,
    originator: originatorOf(alarm.originator, msg),
    propagate: alarm.propagate === true,
    propagateRelationTypes: types as string[] | null,
    details: alarm.details ?? null,
  };
}

function originatorOf(value: JsonValue | undefined, msg: RuleMsg): EntityId {
  if (value === undefined || value === null) return msg.originator;
  if (
    isJsonObject(value) &&
    typeof value.id === 'string' &&
    typeof value.entityType === 'string' &&
    (ENTITY_TYPES as readonly string[]).includes(value.entityType)
  ) {
    return { entityType: value.entityType, id: value.id } as EntityId;
  }
  throw new Error("message alarm 'originator' must be an entity id");
}
