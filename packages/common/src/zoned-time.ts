/**
 * Wall-clock time in an IANA time zone, built on `Intl.DateTimeFormat` so it runs in browsers and
 * Node alike. Used by quick intervals and alarm schedules, which are defined in calendar terms.
 */

/** Calendar fields of an instant in a zone; `weekday` is ISO (Monday = 1 … Sunday = 7). */
export interface ZonedDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
  weekday: number;
}

/** A wall-clock time to convert back to an instant; omitted fields are 0. Overflowing fields roll over. */
export interface WallClockTime {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
  millisecond?: number;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let result = formatters.get(timeZone);
  if (!result) {
    result = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, result);
  }
  return result;
}

/** True when the runtime knows the IANA zone name. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The runtime's own zone (the browser's zone in the console). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Calendar fields of `ms` in `timeZone`. Throws RangeError for an unknown zone. */
export function toZonedDateTime(ms: number, timeZone: string): ZonedDateTime {
  const fields: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(ms))) {
    fields[part.type] = part.value;
  }
  return {
    year: Number(fields.year),
    month: Number(fields.month),
    day: Number(fields.day),
    hour: Number(fields.hour),
    minute: Number(fields.minute),
    second: Number(fields.second),
    millisecond: ((ms % 1000) + 1000) % 1000,
    weekday: WEEKDAYS.indexOf(fields.weekday ?? '') + 1,
  };
}

/** Offset of the zone from UTC at instant `ms`, in ms (positive east of Greenwich). */
export function timeZoneOffsetMs(ms: number, timeZone: string): number {
  const z = toZonedDateTime(ms, timeZone);
  return Date.UTC(z.year, z.month - 1, z.day, z.hour, z.minute, z.second, z.millisecond) - ms;
}

/**
 * The instant of a wall-clock time in a zone. For a time skipped by a DST jump the result lies just
 * after the gap; for a repeated time it is the earlier of the two instants.
 */
export function fromWallClock(time: WallClockTime, timeZone: string): number {
  const asUtc = Date.UTC(
    time.year,
    time.month - 1,
    time.day,
    time.hour ?? 0,
    time.minute ?? 0,
    time.second ?? 0,
    time.millisecond ?? 0,
  );
  const before = asUtc - timeZoneOffsetMs(asUtc - 86_400_000, timeZone);
  const after = asUtc - timeZoneOffsetMs(asUtc + 86_400_000, timeZone);
  const candidates = [before, after]
    .filter((ms) => timeZoneOffsetMs(ms, timeZone) === asUtc - ms)
    .sort((a, b) => a - b);
  // No candidate matches inside a DST gap: the later offset places the time after the jump.
  return candidates[0] ?? Math.max(before, after);
}

/** Midnight at the start of the zoned day containing `ms`. */
export function startOfZonedDay(ms: number, timeZone: string): number {
  const z = toZonedDateTime(ms, timeZone);
  return fromWallClock({ year: z.year, month: z.month, day: z.day }, timeZone);
}
