import type { AlarmSchedule } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import {
  isValidTimezone,
  parseTimeOfDay,
  scheduleOf,
  scheduleValuesOf,
  timeOfDayRule,
  timeOfDayText,
} from './schedule-values';

describe('alarm schedule dialog values', () => {
  it('round-trip a specific-time schedule through HH:mm texts and day checkboxes', () => {
    const schedule: AlarmSchedule = {
      type: 'SPECIFIC_TIME',
      timezone: 'Europe/Berlin',
      daysOfWeek: [1, 5, 7],
      startsOn: 9 * 3_600_000,
      endsOn: 17 * 3_600_000 + 30 * 60_000,
    };
    const values = scheduleValuesOf(schedule, 'UTC');
    expect(values).toMatchObject({
      type: 'SPECIFIC_TIME',
      timezone: 'Europe/Berlin',
      days: [true, false, false, false, true, false, true],
      startsOn: '09:00',
      endsOn: '17:30',
    });
    expect(scheduleOf(values)).toEqual(schedule);
  });

  it('round-trip a custom schedule, filling the days it does not list as disabled', () => {
    const schedule: AlarmSchedule = {
      type: 'CUSTOM',
      timezone: 'UTC',
      items: [{ enabled: true, dayOfWeek: 3, startsOn: 22 * 3_600_000, endsOn: 6 * 3_600_000 }],
    };
    const values = scheduleValuesOf(schedule, 'UTC');
    expect(values.items[2]).toEqual({ enabled: true, startsOn: '22:00', endsOn: '06:00' });
    expect(values.items[0]).toEqual({ enabled: false, startsOn: '00:00', endsOn: '00:00' });
    const saved = scheduleOf(values);
    expect(saved.type === 'CUSTOM' && saved.items).toHaveLength(7);
    expect(saved.type === 'CUSTOM' && saved.items[2]).toEqual({
      enabled: true,
      dayOfWeek: 3,
      startsOn: 22 * 3_600_000,
      endsOn: 6 * 3_600_000,
    });
  });

  it('start new schedules in the given zone, all days, the whole day', () => {
    const values = scheduleValuesOf(null, 'America/New_York');
    expect(values.type).toBe('ANY_TIME');
    values.type = 'SPECIFIC_TIME';
    expect(scheduleOf(values)).toEqual({
      type: 'SPECIFIC_TIME',
      timezone: 'America/New_York',
      daysOfWeek: [1, 2, 3, 4, 5, 6, 7],
      startsOn: 0,
      endsOn: 0,
    });
    expect(scheduleOf({ ...values, type: 'ANY_TIME' })).toEqual({ type: 'ANY_TIME' });
  });

  it('read and check times of day and time zones', () => {
    expect(parseTimeOfDay('7:05')).toBe(7 * 3_600_000 + 5 * 60_000);
    expect(parseTimeOfDay('24:00')).toBeNull();
    expect(parseTimeOfDay('12:60')).toBeNull();
    expect(parseTimeOfDay('')).toBeNull();
    expect(timeOfDayRule('08:00')).toBe(true);
    expect(timeOfDayRule('8')).toBe('device-profile.alarm-rules.time-invalid');
    expect(timeOfDayText(86_400_000)).toBe('00:00');
    expect(timeOfDayText(61_000)).toBe('00:01');
    expect(isValidTimezone('Europe/Berlin')).toBe(true);
    expect(isValidTimezone('Mars/Olympus')).toBe(false);
    expect(isValidTimezone('')).toBe(false);
  });
});
