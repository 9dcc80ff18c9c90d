import { DAY_MS, MINUTE_MS } from './time.js';
import { startOfZonedDay, toZonedDateTime } from './zoned-time.js';

/**
 * When an alarm rule is active (spec 2 §3 "Schedule types", §5 "Time-of-day display"). `startsOn` and
 * `endsOn` are milliseconds since midnight in the schedule's time zone.
 */

export const ALARM_SCHEDULE_TYPES = ['ANY_TIME', 'SPECIFIC_TIME', 'CUSTOM'] as const;
export type AlarmScheduleType = (typeof ALARM_SCHEDULE_TYPES)[number];

/** Days of the week; the wire uses their ISO numbers, Monday = 1 … Sunday = 7. */
export const DAYS_OF_WEEK = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
] as const;
export type DayOfWeek = (typeof DAYS_OF_WEEK)[number];

/** ISO number (1–7) of a day of the week. */
export function dayOfWeekNumber(day: DayOfWeek): number {
  return DAYS_OF_WEEK.indexOf(day) + 1;
}

export interface AnyTimeSchedule {
  type: 'ANY_TIME';
}

/** Active on `daysOfWeek` (ISO numbers) between `startsOn` and `endsOn`. */
export interface SpecificTimeSchedule {
  type: 'SPECIFIC_TIME';
  timezone: string;
  daysOfWeek: number[];
  startsOn: number;
  endsOn: number;
}

export interface CustomTimeScheduleItem {
  enabled: boolean;
  dayOfWeek: number;
  startsOn: number;
  endsOn: number;
}

/** One entry per day of the week, each with its own time range. */
export interface CustomTimeSchedule {
  type: 'CUSTOM';
  timezone: string;
  items: CustomTimeScheduleItem[];
}

export type AlarmSchedule = AnyTimeSchedule | SpecificTimeSchedule | CustomTimeSchedule;

/** A displayed time range; `end` may be `24:00`. */
export interface TimeOfDayRange {
  startMs: number;
  endMs: number;
  start: string;
  end: string;
}

/** Formats milliseconds since midnight as `HH:mm` (seconds dropped); a full day is `24:00`. */
export function formatTimeOfDay(msOfDay: number): string {
  const totalMinutes = Math.floor(Math.min(Math.max(msOfDay, 0), DAY_MS) / MINUTE_MS);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

function range(startMs: number, endMs: number): TimeOfDayRange {
  return { startMs, endMs, start: formatTimeOfDay(startMs), end: formatTimeOfDay(endMs) };
}

/**
 * The ranges a schedule's time of day covers, for display (spec 2 §5), compared at minute precision
 * like the reference's `HH:mm` texts:
 * - start before end: one range, start–end;
 * - both midnight: the whole day, 00:00–24:00;
 * - end before (or equal to) start: two ranges wrapping midnight, 00:00–end and start–24:00.
 * An end at midnight after a later start means the end of the day (as the reference server reads
 * `endsOn = 0`), so it gives start–24:00 rather than an empty 00:00–00:00 range.
 */
export function alarmScheduleTimeRanges(startsOn: number, endsOn: number): TimeOfDayRange[] {
  const startMinute = Math.floor(startsOn / MINUTE_MS);
  const endMinute = Math.floor(endsOn / MINUTE_MS);
  if (endMinute === 0) {
    return [range(startMinute === 0 ? 0 : startsOn, DAY_MS)];
  }
  if (startMinute < endMinute) {
    return [range(startsOn, endsOn)];
  }
  return [range(0, endsOn), range(startsOn, DAY_MS)];
}

/** Zone used when a schedule has no time zone. */
export const DEFAULT_ALARM_SCHEDULE_TIMEZONE = 'UTC';

/**
 * The reference's time-of-day test (AlarmRuleState.isActive), comparisons exactly as it makes them:
 * with `startsOn <= endsOn` the range is `[startsOn, endsOn)`, so equal ends (both midnight
 * included) match no time at all; otherwise it wraps over midnight and matches after `startsOn` or
 * strictly between midnight and `endsOn`, which makes an `endsOn` of 0 the end of the day.
 */
function withinTimeOfDay(msOfDay: number, startsOn: number, endsOn: number): boolean {
  if (startsOn <= endsOn) {
    return startsOn <= msOfDay && msOfDay < endsOn;
  }
  return startsOn < msOfDay || (0 < msOfDay && msOfDay < endsOn);
}

/**
 * Whether an alarm rule with this schedule applies to an event at `ts`, as the reference's device
 * profile rule node decides it: always for ANY_TIME; for SPECIFIC_TIME when the zoned weekday is
 * selected (all seven, or the event's day) and the time of day is in range; for CUSTOM when the
 * first item of that weekday is enabled and its range contains the time. Ranges are read by
 * {@link withinTimeOfDay}. Throws RangeError for an unknown time zone.
 */
export function isAlarmScheduleActive(schedule: AlarmSchedule | null | undefined, ts: number): boolean {
  if (!schedule || schedule.type === 'ANY_TIME') {
    return true;
  }
  const timeZone = schedule.timezone || DEFAULT_ALARM_SCHEDULE_TIMEZONE;
  const weekday = toZonedDateTime(ts, timeZone).weekday;
  const msOfDay = ts - startOfZonedDay(ts, timeZone);
  if (schedule.type === 'SPECIFIC_TIME') {
    if (new Set(schedule.daysOfWeek).size !== 7 && !schedule.daysOfWeek.includes(weekday)) {
      return false;
    }
    return withinTimeOfDay(msOfDay, schedule.startsOn, schedule.endsOn);
  }
  const item = schedule.items.find((candidate) => candidate.dayOfWeek === weekday);
  return !!item?.enabled && withinTimeOfDay(msOfDay, item.startsOn, item.endsOn);
}
