import {
  ALARM_SEVERITIES,
  type AlarmCondition,
  type AlarmRule,
  type AlarmSchedule,
  type AlarmSeverity,
  type DeviceProfileAlarm,
} from '@meridian/common';

/**
 * Form values of a device profile's alarm rules (reference console §3.7 "Alarm rules"; wire shape of
 * reference §1.5 DeviceProfileAlarm) and their conversion back to the profile JSON. A rule's
 * condition and schedule stay in their wire shapes here: the condition and schedule dialogs edit
 * them as a whole (see condition-values.ts and schedule-values.ts).
 */

/** One create or clear condition of an alarm: what must hold, when, and what the alarm says. */
export interface AlarmRuleValues {
  condition: AlarmCondition;
  schedule: AlarmSchedule;
  /** The alarm details template; '' for none. */
  alarmDetails: string;
  /** Id of the mobile dashboard showing the alarm, or null. */
  dashboardId: string | null;
}

export interface CreateRuleValues {
  severity: AlarmSeverity;
  rule: AlarmRuleValues;
}

/**
 * One alarm of the profile. The id is `alarmId` because react-hook-form's field arrays use `id`
 * for their own row keys.
 */
export interface AlarmValues {
  alarmId: string;
  alarmType: string;
  createRules: CreateRuleValues[];
  clearRule: AlarmRuleValues | null;
  propagate: boolean;
  propagateToOwner: boolean;
  propagateToTenant: boolean;
  propagateRelationTypes: string[];
}

/** Any form holding the alarm rules under `alarms` (the device profile form and wizard). */
export interface AlarmRulesFormHost {
  alarms: AlarmValues[];
}

/** A random version 4 UUID for a new alarm (the reference console gives new alarms a GUID). */
export function newAlarmId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A rule with no condition yet, active all the time. */
export function newAlarmRuleValues(): AlarmRuleValues {
  return {
    condition: { condition: [], spec: { type: 'SIMPLE' } },
    schedule: { type: 'ANY_TIME' },
    alarmDetails: '',
    dashboardId: null,
  };
}

/** A new alarm: no type yet and one Critical create condition to fill in. */
export function newAlarmValues(): AlarmValues {
  return {
    alarmId: newAlarmId(),
    alarmType: '',
    createRules: [{ severity: 'CRITICAL', rule: newAlarmRuleValues() }],
    clearRule: null,
    propagate: false,
    propagateToOwner: false,
    propagateToTenant: false,
    propagateRelationTypes: [],
  };
}

/** Severities not yet used by a create condition, in severity order (most severe first). */
export function unusedSeverities(rules: readonly { severity: AlarmSeverity }[]): AlarmSeverity[] {
  return ALARM_SEVERITIES.filter((severity) => !rules.some((rule) => rule.severity === severity));
}

function severityRank(severity: string): number {
  const index = (ALARM_SEVERITIES as readonly string[]).indexOf(severity);
  return index < 0 ? ALARM_SEVERITIES.length : index;
}

export function alarmRuleValuesOf(rule: AlarmRule | null | undefined): AlarmRuleValues {
  return {
    condition: {
      condition: rule?.condition?.condition ?? [],
      spec: rule?.condition?.spec ?? { type: 'SIMPLE' },
    },
    schedule: rule?.schedule ?? { type: 'ANY_TIME' },
    alarmDetails: rule?.alarmDetails ?? '',
    dashboardId: rule?.dashboardId?.id ?? null,
  };
}

export function alarmRuleOf(values: AlarmRuleValues): AlarmRule {
  return {
    condition: values.condition,
    schedule: values.schedule,
    alarmDetails: values.alarmDetails.trim().length > 0 ? values.alarmDetails : null,
    dashboardId: values.dashboardId ? { entityType: 'DASHBOARD', id: values.dashboardId } : null,
  };
}

/** Form values of one stored alarm; create conditions sorted most severe first, like the reference. */
export function alarmValuesOf(alarm: DeviceProfileAlarm): AlarmValues {
  const createRules = Object.entries(alarm.createRules ?? {})
    .filter((entry): entry is [AlarmSeverity, AlarmRule] => entry[1] !== undefined && entry[1] !== null)
    .sort(([a], [b]) => severityRank(a) - severityRank(b))
    .map(([severity, rule]) => ({ severity, rule: alarmRuleValuesOf(rule) }));
  return {
    alarmId: alarm.id,
    alarmType: alarm.alarmType ?? '',
    createRules,
    clearRule: alarm.clearRule ? alarmRuleValuesOf(alarm.clearRule) : null,
    propagate: alarm.propagate ?? false,
    propagateToOwner: alarm.propagateToOwner ?? false,
    propagateToTenant: alarm.propagateToTenant ?? false,
    propagateRelationTypes: alarm.propagateRelationTypes ?? [],
  };
}

export function alarmsValuesOf(alarms: readonly DeviceProfileAlarm[] | null | undefined): AlarmValues[] {
  return (alarms ?? []).map(alarmValuesOf);
}

export function alarmOf(values: AlarmValues): DeviceProfileAlarm {
  return {
    id: values.alarmId,
    alarmType: values.alarmType.trim(),
    createRules: Object.fromEntries(
      values.createRules.map((rule) => [rule.severity, alarmRuleOf(rule.rule)]),
    ),
    clearRule: values.clearRule ? alarmRuleOf(values.clearRule) : null,
    propagate: values.propagate,
    propagateToOwner: values.propagateToOwner,
    propagateToTenant: values.propagateToTenant,
    propagateRelationTypes: values.propagate ? values.propagateRelationTypes : [],
  };
}

/** Deep equality of JSON values, ignoring the order of object keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) {
    return true;
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return false;
  }
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameJson(item, b[index]))
    );
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  return (
    keys.length === Object.keys(right).filter((key) => right[key] !== undefined).length &&
    keys.every((key) => sameJson(left[key], right[key]))
  );
}

/**
 * The `profileData.alarms` to save. An alarm whose form values are those of the stored alarm with
 * the same id is saved as stored, so a profile saved without alarm edits (or an imported one) keeps
 * its JSON exactly, fields this form does not know included; when nothing changed at all, the stored
 * list itself (null or []) is returned.
 */
export function alarmsOfValues(
  values: readonly AlarmValues[],
  stored: readonly DeviceProfileAlarm[] | null | undefined,
): DeviceProfileAlarm[] | null {
  const byId = new Map((stored ?? []).map((alarm) => [alarm.id, alarm]));
  const alarms = values.map((alarm) => {
    const original = byId.get(alarm.alarmId);
    return original && sameJson(alarmValuesOf(original), alarm) ? original : alarmOf(alarm);
  });
  if (!stored) {
    return alarms.length > 0 ? alarms : null;
  }
  const unchanged =
    alarms.length === stored.length && alarms.every((alarm, index) => alarm === stored[index]);
  return unchanged ? [...stored] : alarms;
}

/** Error (an i18n key) of an alarm type: required, and unique among the profile's alarms. */
export function alarmTypeError(type: string, index: number, alarms: readonly AlarmValues[]): string | null {
  const trimmed = type.trim();
  if (trimmed.length === 0) {
    return 'device-profile.alarm-rules.alarm-type-required';
  }
  const duplicate = alarms.some((alarm, other) => other !== index && alarm.alarmType.trim() === trimmed);
  return duplicate ? 'device-profile.alarm-rules.alarm-type-unique' : null;
}
