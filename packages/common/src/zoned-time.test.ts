import { describe, expect, it } from 'vitest';
import {
  fromWallClock,
  isValidTimeZone,
  startOfZonedDay,
  timeZoneOffsetMs,
  toZonedDateTime,
} from './zoned-time.js';

const HOUR = 3_600_000;

describe('zoned time', () => {
  it('reads calendar fields in a zone', () => {
    // 2021-01-01T00:30:00.250Z is a Friday; in New York it is still Thursday evening.
    const ms = Date.UTC(2021, 0, 1, 0, 30, 0, 250);
    expect(toZonedDateTime(ms, 'UTC')).toEqual({
      year: 2021,
      month: 1,
      day: 1,
      hour: 0,
      minute: 30,
      second: 0,
      millisecond: 250,
      weekday: 5,
    });
    expect(toZonedDateTime(ms, 'America/New_York')).toMatchObject({
      year: 2020,
      month: 12,
      day: 31,
      hour: 19,
      weekday: 4,
    });
  });

  it('knows offsets, including DST', () => {
    expect(timeZoneOffsetMs(Date.UTC(2021, 0, 15), 'Europe/Berlin')).toBe(HOUR);
    expect(timeZoneOffsetMs(Date.UTC(2021, 6, 15), 'Europe/Berlin')).toBe(2 * HOUR);
    expect(timeZoneOffsetMs(Date.UTC(2021, 6, 15), 'Asia/Kolkata')).toBe(5.5 * HOUR);
  });

  it('converts wall-clock times back to instants', () => {
    expect(fromWallClock({ year: 2021, month: 3, day: 28 }, 'Europe/Berlin')).toBe(Date.UTC(2021, 2, 27, 23));
    expect(fromWallClock({ year: 2021, month: 3, day: 28, hour: 12 }, 'Europe/Berlin')).toBe(
      Date.UTC(2021, 2, 28, 10),
    );
    expect(fromWallClock({ year: 2021, month: 1, day: 32 }, 'UTC')).toBe(Date.UTC(2021, 1, 1));
  });

  it('resolves DST gaps after the jump and repeated hours to the earlier instant', () => {
    // Berlin skips 02:00–03:00 on 2021-03-28 and repeats 02:00–03:00 on 2021-10-31.
    expect(fromWallClock({ year: 2021, month: 3, day: 28, hour: 2, minute: 30 }, 'Europe/Berlin')).toBe(
      Date.UTC(2021, 2, 28, 1, 30),
    );
    expect(fromWallClock({ year: 2021, month: 10, day: 31, hour: 2, minute: 30 }, 'Europe/Berlin')).toBe(
      Date.UTC(2021, 9, 31, 0, 30),
    );
  });

  it('finds the start of the zoned day', () => {
    expect(startOfZonedDay(Date.UTC(2021, 0, 1, 3), 'America/New_York')).toBe(Date.UTC(2020, 11, 31, 5));
    expect(startOfZonedDay(Date.UTC(2021, 0, 1, 3), 'UTC')).toBe(Date.UTC(2021, 0, 1));
  });

  it('validates zone names', () => {
    expect(isValidTimeZone('Europe/Kyiv') || isValidTimeZone('Europe/Kiev')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(() => toZonedDateTime(0, 'Mars/Olympus')).toThrow(RangeError);
  });
});
