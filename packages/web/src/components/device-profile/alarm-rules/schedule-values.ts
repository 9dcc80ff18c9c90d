import {
  type AlarmSchedule,
  type AlarmScheduleType,
  DAYS_OF_WEEK,
  DEFAULT_ALARM_SCHEDULE_TIMEZONE,
  formatTimeOfDay,
  HOUR_MS,
  MINUTE_MS,
} from '@meridian/common';

/**
 * Values of the alarm schedule dialog (reference console §3.7; wire shape reference §1.5 "schedule"):
 * the schedule type, its time zone, the days and hours of a specific-time schedule and the seven
 * days of a custom one. Times of day are `HH:mm` texts, stored as milliseconds since midnight.
 */

export interface CustomDayValues {
  enabled: boolean;
  startsOn: string;
  endsOn: string;
}

export interface ScheduleValues {
  type: AlarmScheduleType;
  timezone: string;
  /** SPECIFIC_TIME: selected days, Monday first. */
  days: boolean[];
  startsOn: string;
  endsOn: string;
  /** CUSTOM: one entry per day, Monday first. */
  items: CustomDayValues[];
}

/** The browser's time zone, the default of new schedules. */
export function browserTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || DEFAULT_ALARM_SCHEDULE_TIMEZONE;
}

/** Whether `zone` is a time zone the platform knows. */
export function isValidTimezone(zone: string): boolean {
  if (zone.trim() === '') {
    return false;
  }
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Milliseconds since midnight of an `HH:mm` text, or null when it is not one. */
export function parseTimeOfDay(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) {
    return null;
  }
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) {
    return null;
  }
  return hours * HOUR_MS + minutes * MINUTE_MS;
}

/** `HH:mm` of milliseconds since midnight; a full day (24:00) shows as 00:00, as the wire reads it. */
export function timeOfDayText(ms: number): string {
  const text = formatTimeOfDay(ms);
  return text === '24:00' ? '00:00' : text;
}

const WHOLE_DAY = { startsOn: '00:00', endsOn: '00:00' };

/** Dialog values of a stored schedule; the parts of the other types get their defaults. */
export function scheduleValuesOf(
  schedule: AlarmSchedule | null | undefined,
  defaultTimezone: string = browserTimezone(),
): ScheduleValues {
  const values: ScheduleValues = {
    type: schedule?.type ?? 'ANY_TIME',
    timezone: defaultTimezone,
    days: DAYS_OF_WEEK.map(() => true),
    ...WHOLE_DAY,
    items: DAYS_OF_WEEK.map(() => ({ enabled: true, ...WHOLE_DAY })),
  };
  if (schedule?.type === 'SPECIFIC_TIME') {
    values.timezone = schedule.timezone || defaultTimezone;
    values.days = DAYS_OF_WEEK.map((_day, index) => schedule.daysOfWeek.includes(index + 1));
    values.startsOn = timeOfDayText(schedule.startsOn);
    values.endsOn = timeOfDayText(schedule.endsOn);
  } else if (schedule?.type === 'CUSTOM') {
    values.timezone = schedule.timezone || defaultTimezone;
    values.items = DAYS_OF_WEEK.map((_day, index) => {
      const item = schedule.items.find((candidate) => candidate.dayOfWeek === index + 1);
      return item
        ? {
            enabled: item.enabled,
            startsOn: timeOfDayText(item.startsOn),
            endsOn: timeOfDayText(item.endsOn),
          }
        : { enabled: false, ...WHOLE_DAY };
    });
  }
  return values;
}

/** The schedule to store; times that do not parse count as midnight (the dialog rejects them first). */
export function scheduleOf(values: ScheduleValues): AlarmSchedule {
  const time = (text: string) => parseTimeOfDay(text) ?? 0;
  if (values.type === 'SPECIFIC_TIME') {
    return {
      type: 'SPECIFIC_TIME',
      timezone: values.timezone.trim(),
      daysOfWeek: values.days.flatMap((selected, index) => (selected ? [index + 1] : [])),
      startsOn: time(values.startsOn),
      endsOn: time(values.endsOn),
    };
  }
  if (values.type === 'CUSTOM') {
    return {
      type: 'CUSTOM',
      timezone: values.timezone.trim(),
      items: values.items.map((item, index) => ({
        enabled: item.enabled,
        dayOfWeek: index + 1,
        startsOn: time(item.startsOn),
        endsOn: time(item.endsOn),
      })),
    };
  }
  return { type: 'ANY_TIME' };
}

/** Error (an i18n key) of an `HH:mm` field, or true. */
export function timeOfDayRule(text: string): string | true {
  return parseTimeOfDay(text) !== null || 'device-profile.alarm-rules.time-invalid';
}

export function timezoneRule(zone: string): string | true {
  return isValidTimezone(zone) || 'device-profile.alarm-rules.timezone-invalid';
}
