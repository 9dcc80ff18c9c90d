import { HOUR_MS } from './time.js';
import type { FixedWindow, QuickTimeInterval } from './timewindow.js';
import { fromWallClock, toZonedDateTime, type ZonedDateTime } from './zoned-time.js';

/**
 * Calendar ranges of quick intervals (spec 2 §4, §9) in a time zone. Ranges are half-open:
 * `endTimeMs` is the first instant after the range (for "so far" intervals: now).
 */

/** The calendar unit a quick interval spans and moves by. */
export type QuickIntervalUnit = 'hour' | 'day' | 'week' | 'month' | 'year';

/** The calendar unit of a quick interval: its length, and the step it moves back by. */
export function quickIntervalUnit(interval: QuickTimeInterval): QuickIntervalUnit {
  switch (interval) {
    case 'CURRENT_HOUR':
      return 'hour';
    case 'YESTERDAY':
    case 'DAY_BEFORE_YESTERDAY':
    case 'THIS_DAY_LAST_WEEK':
    case 'CURRENT_DAY':
    case 'CURRENT_DAY_SO_FAR':
      return 'day';
    case 'PREVIOUS_WEEK':
    case 'PREVIOUS_WEEK_ISO':
    case 'CURRENT_WEEK':
    case 'CURRENT_WEEK_ISO':
    case 'CURRENT_WEEK_SO_FAR':
    case 'CURRENT_WEEK_ISO_SO_FAR':
      return 'week';
    case 'PREVIOUS_MONTH':
    case 'CURRENT_MONTH':
    case 'CURRENT_MONTH_SO_FAR':
      return 'month';
    case 'PREVIOUS_YEAR':
    case 'CURRENT_YEAR':
    case 'CURRENT_YEAR_SO_FAR':
      return 'year';
  }
}

/** True for the intervals that end at the current time. */
export function isSoFarQuickInterval(interval: QuickTimeInterval): boolean {
  return interval.endsWith('_SO_FAR');
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** `now` moved back by `units` calendar units (wall clock; day of month clamped for months/years). */
function shiftBack(nowMs: number, unit: QuickIntervalUnit, units: number, timeZone: string): number {
  if (units === 0) {
    return nowMs;
  }
  if (unit === 'hour') {
    return nowMs - units * HOUR_MS;
  }
  const z = toZonedDateTime(nowMs, timeZone);
  let { year, month, day } = z;
  if (unit === 'day' || unit === 'week') {
    day -= units * (unit === 'week' ? 7 : 1);
  } else {
    const totalMonths = year * 12 + (month - 1) - units * (unit === 'year' ? 12 : 1);
    year = Math.floor(totalMonths / 12);
    month = (totalMonths % 12) + 1;
    day = Math.min(day, daysInMonth(year, month));
  }
  return fromWallClock(
    { year, month, day, hour: z.hour, minute: z.minute, second: z.second, millisecond: z.millisecond },
    timeZone,
  );
}

function dayStart(z: ZonedDateTime, dayOffset: number, timeZone: string): number {
  return fromWallClock({ year: z.year, month: z.month, day: z.day + dayOffset }, timeZone);
}

/** Days from the start of the week: Sunday-based for plain weeks, Monday-based for ISO weeks. */
function daysIntoWeek(z: ZonedDateTime, iso: boolean): number {
  return iso ? z.weekday - 1 : z.weekday % 7;
}

/**
 * The range a quick interval covers at `nowMs` in `timeZone`, optionally moved back by `unitsBack`
 * calendar units (spec 2 §4: shifting a quick interval to the previous interval moves it back by one
 * unit; the unit is {@link quickIntervalUnit}). Plain weeks start on Sunday, ISO weeks on Monday.
 */
export function quickIntervalRange(
  interval: QuickTimeInterval,
  nowMs: number,
  timeZone: string,
  unitsBack = 0,
): FixedWindow {
  const now = shiftBack(nowMs, quickIntervalUnit(interval), unitsBack, timeZone);
  const z = toZonedDateTime(now, timeZone);
  const range = (startTimeMs: number, endTimeMs: number): FixedWindow => ({
    startTimeMs,
    endTimeMs: isSoFarQuickInterval(interval) ? now : endTimeMs,
  });
  const week = (iso: boolean, weeksBack: number) => {
    const offset = -daysIntoWeek(z, iso) - 7 * weeksBack;
    return range(dayStart(z, offset, timeZone), dayStart(z, offset + 7, timeZone));
  };
  const month = (monthsBack: number) =>
    range(
      fromWallClock({ year: z.year, month: z.month - monthsBack, day: 1 }, timeZone),
      fromWallClock({ year: z.year, month: z.month - monthsBack + 1, day: 1 }, timeZone),
    );
  const year = (yearsBack: number) =>
    range(
      fromWallClock({ year: z.year - yearsBack, month: 1, day: 1 }, timeZone),
      fromWallClock({ year: z.year - yearsBack + 1, month: 1, day: 1 }, timeZone),
    );
  switch (interval) {
    case 'CURRENT_HOUR': {
      const start = fromWallClock({ year: z.year, month: z.month, day: z.day, hour: z.hour }, timeZone);
      return range(start, start + HOUR_MS);
    }
    case 'CURRENT_DAY':
    case 'CURRENT_DAY_SO_FAR':
      return range(dayStart(z, 0, timeZone), dayStart(z, 1, timeZone));
    case 'YESTERDAY':
      return range(dayStart(z, -1, timeZone), dayStart(z, 0, timeZone));
    case 'DAY_BEFORE_YESTERDAY':
      return range(dayStart(z, -2, timeZone), dayStart(z, -1, timeZone));
    case 'THIS_DAY_LAST_WEEK':
      return range(dayStart(z, -7, timeZone), dayStart(z, -6, timeZone));
    case 'CURRENT_WEEK':
    case 'CURRENT_WEEK_SO_FAR':
      return week(false, 0);
    case 'CURRENT_WEEK_ISO':
    case 'CURRENT_WEEK_ISO_SO_FAR':
      return week(true, 0);
    case 'PREVIOUS_WEEK':
      return week(false, 1);
    case 'PREVIOUS_WEEK_ISO':
      return week(true, 1);
    case 'CURRENT_MONTH':
    case 'CURRENT_MONTH_SO_FAR':
      return month(0);
    case 'PREVIOUS_MONTH':
      return month(1);
    case 'CURRENT_YEAR':
    case 'CURRENT_YEAR_SO_FAR':
      return year(0);
    case 'PREVIOUS_YEAR':
      return year(1);
  }
}
