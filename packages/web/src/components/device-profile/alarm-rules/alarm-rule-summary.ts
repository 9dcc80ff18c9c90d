import {
  type AlarmCondition,
  type AlarmConditionFilter,
  type AlarmConditionSpec,
  type AlarmSchedule,
  alarmScheduleTimeRanges,
  DAYS_OF_WEEK,
  type EntityKeyValueType,
  type FilterPredicateValue,
  type KeyFilterPredicate,
} from '@meridian/common';
import type { TFunction } from 'i18next';

/**
 * Readable one-line texts of alarm rule parts (reference console §3.7), shown in the editor next to
 * their edit buttons: "temperature > 30 and humidity < 20", "for 5 minutes", "Active at a specific
 * time: Mon, Fri 09:00–18:00 (Europe/Berlin)". Every word comes from the i18n messages under
 * the device profile's alarm-rules group.
 */

/** Formats DATE_TIME operands: the console's shared formatter in the user's language. */
export type DateTimeText = (epochMs: number) => string;

function operandText(
  operand: FilterPredicateValue<unknown> | null | undefined,
  valueType: EntityKeyValueType,
  t: TFunction,
  dateTime?: DateTimeText,
): string {
  const dynamic = operand?.dynamicValue;
  if (dynamic?.sourceType && dynamic.sourceAttribute) {
    return t('device-profile.alarm-rules.dynamic-value-text', {
      source: t(`device-profile.alarm-rules.dynamic-source-names.${dynamic.sourceType}`),
      attribute: dynamic.sourceAttribute,
    });
  }
  const value = operand?.defaultValue;
  if (valueType === 'STRING') {
    return `“${String(value ?? '')}”`;
  }
  if (valueType === 'DATE_TIME' && typeof value === 'number' && dateTime) {
    return dateTime(value);
  }
  return String(value ?? '');
}

function predicateText(
  key: string,
  predicate: KeyFilterPredicate,
  valueType: EntityKeyValueType,
  t: TFunction,
  nested: boolean,
  dateTime: DateTimeText,
): string {
  if (predicate.type === 'COMPLEX') {
    const joiner = ` ${t(`device-profile.alarm-rules.complex-operations.${predicate.operation}`)} `;
    const text = (predicate.predicates ?? [])
      .map((child) => predicateText(key, child, valueType, t, true, dateTime))
      .join(joiner);
    return nested ? `(${text})` : text;
  }
  const operation = t(`device-profile.alarm-rules.summary-operations.${predicate.operation}`);
  const value = operandText(predicate.value, valueType, t, dateTime);
  const ignoreCase =
    predicate.type === 'STRING' && predicate.ignoreCase
      ? ` ${t('device-profile.alarm-rules.ignore-case-suffix')}`
      : '';
  return `${key} ${operation} ${value}${ignoreCase}`;
}

/** One key filter, e.g. `temperature > 30`; `grouped` puts complex predicates in parentheses. */
export function filterText(
  filter: AlarmConditionFilter,
  t: TFunction,
  dateTime: DateTimeText,
  grouped = false,
): string {
  return predicateText(filter.key.key, filter.predicate, filter.valueType, t, grouped, dateTime);
}

/** All key filters of a condition, joined by "and"; '' when there are none. */
export function conditionText(
  condition: AlarmCondition | null | undefined,
  t: TFunction,
  dateTime: DateTimeText,
): string {
  const filters = condition?.condition ?? [];
  return filters
    .map((filter) => filterText(filter, t, dateTime, filters.length > 1))
    .join(` ${t('device-profile.alarm-rules.complex-operations.AND')} `);
}

/** The condition type: "Simple", "for 5 minutes", "on 3 events in a row". */
export function specText(spec: AlarmConditionSpec | null | undefined, t: TFunction): string {
  if (spec?.type === 'DURATION' || spec?.type === 'REPEATING') {
    const dynamic = spec.predicate?.dynamicValue;
    const count = Number(spec.predicate?.defaultValue ?? 0);
    const amount =
      spec.type === 'DURATION'
        ? t('device-profile.alarm-rules.duration-text', { count, unit: spec.unit })
        : t('device-profile.alarm-rules.repeating-text', { count });
    if (dynamic?.sourceType && dynamic.sourceAttribute) {
      return t('device-profile.alarm-rules.dynamic-spec-text', {
        value: operandText(spec.predicate, 'NUMERIC', t),
        fallback: amount,
      });
    }
    return amount;
  }
  return t('device-profile.alarm-rules.condition-types.SIMPLE');
}

function rangesText(startsOn: number, endsOn: number): string {
  return alarmScheduleTimeRanges(startsOn, endsOn)
    .map((range) => `${range.start}–${range.end}`)
    .join(', ');
}

/** When the rule is active: all the time, on some days between two times, or per day. */
export function scheduleText(schedule: AlarmSchedule | null | undefined, t: TFunction): string {
  if (!schedule || schedule.type === 'ANY_TIME') {
    return t('device-profile.alarm-rules.schedule-types.ANY_TIME');
  }
  const day = (dayOfWeek: number) =>
    t(`device-profile.alarm-rules.days-short.${DAYS_OF_WEEK[dayOfWeek - 1] ?? 'MONDAY'}`);
  if (schedule.type === 'SPECIFIC_TIME') {
    const days = [...schedule.daysOfWeek].sort((a, b) => a - b).map(day);
    return t('device-profile.alarm-rules.specific-time-text', {
      days: days.length > 0 ? days.join(', ') : t('device-profile.alarm-rules.no-days'),
      hours: rangesText(schedule.startsOn, schedule.endsOn),
      timezone: schedule.timezone,
    });
  }
  const items = [...schedule.items]
    .filter((item) => item.enabled)
    .sort((a, b) => a.dayOfWeek - b.dayOfWeek)
    .map((item) => `${day(item.dayOfWeek)} ${rangesText(item.startsOn, item.endsOn)}`);
  return t('device-profile.alarm-rules.custom-text', {
    days: items.length > 0 ? items.join('; ') : t('device-profile.alarm-rules.no-days'),
    timezone: schedule.timezone,
  });
}
