import type { AlarmSeverity } from './alarm.js';
import { ALARM_SEVERITIES } from './alarm.js';
import type { AlarmSchedule } from './alarm-schedule.js';
import type { DashboardId } from './entity-ids.js';
import type { EntityKeyValueType, FilterPredicateValue, KeyFilterPredicate } from './query.js';
import type { TimeUnit } from './time.js';

/**
 * Alarm rules of device profiles (spec 2 §3 "Alarm rule", §5; reference §1.5 DeviceProfileAlarm).
 */

export const ALARM_CONDITION_TYPES = ['SIMPLE', 'DURATION', 'REPEATING'] as const;
export type AlarmConditionType = (typeof ALARM_CONDITION_TYPES)[number];

/** Key types an alarm condition can test. */
export const ALARM_CONDITION_KEY_TYPES = ['ATTRIBUTE', 'TIME_SERIES', 'ENTITY_FIELD', 'CONSTANT'] as const;
export type AlarmConditionKeyType = (typeof ALARM_CONDITION_KEY_TYPES)[number];

export interface AlarmConditionFilterKey {
  type: AlarmConditionKeyType;
  key: string;
}

/** One test of an alarm condition; `value` is the operand of CONSTANT keys. */
export interface AlarmConditionFilter {
  key: AlarmConditionFilterKey;
  valueType: EntityKeyValueType;
  value?: string | number | boolean | null;
  predicate: KeyFilterPredicate;
}

export interface SimpleAlarmConditionSpec {
  type: 'SIMPLE';
}

/** The condition must hold for `predicate` units of time. */
export interface DurationAlarmConditionSpec {
  type: 'DURATION';
  unit: TimeUnit;
  predicate: FilterPredicateValue<number>;
}

/** The condition must hold for `predicate` consecutive events. */
export interface RepeatingAlarmConditionSpec {
  type: 'REPEATING';
  predicate: FilterPredicateValue<number>;
}

export type AlarmConditionSpec =
  | SimpleAlarmConditionSpec
  | DurationAlarmConditionSpec
  | RepeatingAlarmConditionSpec;

export interface AlarmCondition {
  condition: AlarmConditionFilter[];
  spec?: AlarmConditionSpec;
}

export interface AlarmRule {
  condition: AlarmCondition;
  schedule?: AlarmSchedule | null;
  alarmDetails?: string | null;
  dashboardId?: DashboardId | null;
}

/** An alarm definition inside a device profile's `profileData.alarms`. */
export interface DeviceProfileAlarm {
  id: string;
  alarmType: string;
  createRules: Partial<Record<AlarmSeverity, AlarmRule>>;
  clearRule?: AlarmRule | null;
  propagate?: boolean;
  propagateToOwner?: boolean;
  propagateToTenant?: boolean;
  propagateRelationTypes?: string[] | null;
}

/** Form error key set when an alarm rule is invalid (spec 2 §5). */
export const ALARM_RULE_ERROR_KEY = 'alarmRule';
/** Form error key set when a device profile alarm is invalid (spec 2 §5). */
export const DEVICE_PROFILE_ALARM_ERROR_KEY = 'deviceProfileAlarm';

/** An alarm rule is valid only if its condition has at least one condition entry (spec 2 §5). */
export function isAlarmRuleValid(rule: AlarmRule | null | undefined): boolean {
  return (rule?.condition?.condition?.length ?? 0) > 0;
}

/**
 * A device profile alarm is valid only if it has an id, an alarm type and at least one create rule,
 * every create rule is valid, and the clear rule (if any) is valid (spec 2 §5). Create rules must also
 * be keyed by a known severity, since the reference cannot read any other key.
 */
export function isDeviceProfileAlarmValid(alarm: DeviceProfileAlarm | null | undefined): boolean {
  if (!alarm?.id || !alarm.alarmType || !alarm.createRules) {
    return false;
  }
  const entries = Object.entries(alarm.createRules);
  if (entries.length === 0) {
    return false;
  }
  for (const [severity, rule] of entries) {
    if (!(ALARM_SEVERITIES as readonly string[]).includes(severity) || !isAlarmRuleValid(rule)) {
      return false;
    }
  }
  return !alarm.clearRule || isAlarmRuleValid(alarm.clearRule);
}
