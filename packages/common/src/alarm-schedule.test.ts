import { describe, expect, it } from 'vitest';
import {
  alarmScheduleTimeRanges,
  dayOfWeekNumber,
  formatTimeOfDay,
  isAlarmScheduleActive,
  type SpecificTimeSchedule,
} from './alarm-schedule.js';
import { DAY_MS, HOUR_MS, MINUTE_MS } from './time.js';

const at = (h: number, m = 0) => h * HOUR_MS + m * MINUTE_MS;
const texts = (startsOn: number, endsOn: number) =>
  alarmScheduleTimeRanges(startsOn, endsOn).map((r) => `${r.start}-${r.end}`);

describe('formatTimeOfDay', () => {
  it('formats HH:mm and drops seconds', () => {
    expect(formatTimeOfDay(0)).toBe('00:00');
    expect(formatTimeOfDay(at(9, 5) + 59_999)).toBe('09:05');
    expect(formatTimeOfDay(at(23, 59))).toBe('23:59');
    expect(formatTimeOfDay(DAY_MS)).toBe('24:00');
  });
});

describe('alarmScheduleTimeRanges', () => {
  it('shows one range when start is before end', () => {
    expect(texts(at(9), at(17, 30))).toEqual(['09:00-17:30']);
    expect(alarmScheduleTimeRanges(at(9), at(17))[0]).toEqual({
      startMs: at(9),
      endMs: at(17),
      start: '09:00',
      end: '17:00',
    });
  });

  it('shows the whole day when both are midnight', () => {
    expect(texts(0, 0)).toEqual(['00:00-24:00']);
  });

  it('wraps midnight when end is before start', () => {
    expect(texts(at(22), at(6))).toEqual(['00:00-06:00', '22:00-24:00']);
  });

  it('wraps when start and end are the same non-midnight minute', () => {
    expect(texts(at(8), at(8))).toEqual(['00:00-08:00', '08:00-24:00']);
  });

  it('compares at minute precision', () => {
    expect(texts(at(8) + 30_000, at(8) + 10_000)).toEqual(['00:00-08:00', '08:00-24:00']);
    expect(texts(at(8), at(8, 1))).toEqual(['08:00-08:01']);
  });

  it('reads a midnight end after a later start as the end of the day', () => {
    expect(texts(at(20), 0)).toEqual(['20:00-24:00']);
    expect(texts(at(20), 30_000)).toEqual(['20:00-24:00']);
  });
});

describe('dayOfWeekNumber', () => {
  it('uses ISO numbers', () => {
    expect(dayOfWeekNumber('MONDAY')).toBe(1);
    expect(dayOfWeekNumber('SUNDAY')).toBe(7);
  });
});

describe('isAlarmScheduleActive', () => {
  // Wednesday 2021-03-17, 08:30 in Berlin (07:30 UTC).
  const wednesday0830Berlin = Date.UTC(2021, 2, 17, 7, 30);
  const workHours: SpecificTimeSchedule = {
    type: 'SPECIFIC_TIME',
    timezone: 'Europe/Berlin',
    daysOfWeek: [1, 2, 3, 4, 5],
    startsOn: at(8),
    endsOn: at(17),
  };

  it('is always active without a schedule or for ANY_TIME', () => {
    expect(isAlarmScheduleActive(null, 0)).toBe(true);
    expect(isAlarmScheduleActive({ type: 'ANY_TIME' }, 0)).toBe(true);
  });

  it('checks weekday and time of day in the schedule zone', () => {
    expect(isAlarmScheduleActive(workHours, wednesday0830Berlin)).toBe(true);
    expect(isAlarmScheduleActive({ ...workHours, timezone: 'UTC' }, wednesday0830Berlin)).toBe(false);
    expect(isAlarmScheduleActive({ ...workHours, daysOfWeek: [6, 7] }, wednesday0830Berlin)).toBe(false);
    expect(isAlarmScheduleActive({ ...workHours, daysOfWeek: [] }, wednesday0830Berlin)).toBe(false);
  });

  it('includes the start and excludes the end', () => {
    expect(isAlarmScheduleActive(workHours, Date.UTC(2021, 2, 17, 7, 0))).toBe(true);
    expect(isAlarmScheduleActive(workHours, Date.UTC(2021, 2, 17, 16, 0))).toBe(false);
    expect(isAlarmScheduleActive(workHours, Date.UTC(2021, 2, 17, 15, 59))).toBe(true);
  });

  it('wraps over midnight and reads endsOn 0 as the end of the day', () => {
    const night = { ...workHours, timezone: 'UTC', startsOn: at(22), endsOn: at(6) };
    expect(isAlarmScheduleActive(night, Date.UTC(2021, 2, 17, 23))).toBe(true);
    expect(isAlarmScheduleActive(night, Date.UTC(2021, 2, 17, 5))).toBe(true);
    expect(isAlarmScheduleActive(night, Date.UTC(2021, 2, 17, 12))).toBe(false);
    const evening = { ...workHours, timezone: 'UTC', startsOn: at(20), endsOn: 0 };
    expect(isAlarmScheduleActive(evening, Date.UTC(2021, 2, 17, 23, 59))).toBe(true);
    expect(isAlarmScheduleActive(evening, Date.UTC(2021, 2, 17, 19))).toBe(false);
  });

  it('compares the ends exactly as the reference does', () => {
    const utc = { ...workHours, timezone: 'UTC' };
    // Equal ends match nothing, midnight to midnight included.
    expect(isAlarmScheduleActive({ ...utc, startsOn: 0, endsOn: 0 }, Date.UTC(2021, 2, 17, 12))).toBe(false);
    expect(isAlarmScheduleActive({ ...utc, startsOn: at(8), endsOn: at(8) }, Date.UTC(2021, 2, 17, 8))).toBe(
      false,
    );
    // A range over midnight excludes its start and midnight itself.
    const night = { ...utc, startsOn: at(22), endsOn: at(6) };
    expect(isAlarmScheduleActive(night, Date.UTC(2021, 2, 17, 22))).toBe(false);
    expect(isAlarmScheduleActive(night, Date.UTC(2021, 2, 17, 22, 0, 0, 1))).toBe(true);
    expect(isAlarmScheduleActive(night, Date.UTC(2021, 2, 17, 0))).toBe(false);
    expect(isAlarmScheduleActive(night, Date.UTC(2021, 2, 17, 0, 0, 0, 1))).toBe(true);
  });

  it('matches every day when all seven are selected, and checks the day in the zone', () => {
    const allDays = { ...workHours, daysOfWeek: [1, 2, 3, 4, 5, 6, 7] };
    expect(isAlarmScheduleActive(allDays, Date.UTC(2021, 2, 20, 8))).toBe(true);
    // Sunday 23:30 in UTC is already Monday 08:30 in Tokyo.
    const tokyoMonday = { ...workHours, timezone: 'Asia/Tokyo', daysOfWeek: [1] };
    expect(isAlarmScheduleActive(tokyoMonday, Date.UTC(2021, 2, 21, 23, 30))).toBe(true);
    expect(isAlarmScheduleActive({ ...tokyoMonday, timezone: 'UTC' }, Date.UTC(2021, 2, 21, 23, 30))).toBe(
      false,
    );
    expect(() => isAlarmScheduleActive({ ...workHours, timezone: 'Not/AZone' }, 0)).toThrow(RangeError);
  });

  it('uses the item of the weekday for CUSTOM schedules', () => {
    const custom = {
      type: 'CUSTOM' as const,
      timezone: 'Europe/Berlin',
      items: [
        { enabled: true, dayOfWeek: 3, startsOn: at(8), endsOn: at(9) },
        { enabled: false, dayOfWeek: 4, startsOn: 0, endsOn: 0 },
      ],
    };
    expect(isAlarmScheduleActive(custom, wednesday0830Berlin)).toBe(true);
    expect(isAlarmScheduleActive(custom, wednesday0830Berlin + 86_400_000)).toBe(false);
    expect(isAlarmScheduleActive(custom, wednesday0830Berlin + 2 * 86_400_000)).toBe(false);
  });
});
