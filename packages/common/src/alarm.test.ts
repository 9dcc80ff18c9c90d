import { describe, expect, it } from 'vitest';
import {
  ALARM_SEVERITY_COLORS,
  ALARM_STATUSES,
  acknowledgedAlarmStatus,
  alarmMatchesSearchStatus,
  alarmQueryToPath,
  alarmStatusesForSearchStatus,
  alarmStatusOf,
  clearedAlarmStatus,
  highestAlarmSeverity,
} from './alarm.js';

describe('alarm severities', () => {
  it('have the spec colours', () => {
    expect(ALARM_SEVERITY_COLORS).toEqual({
      CRITICAL: 'red',
      MAJOR: 'orange',
      MINOR: 'yellow',
      WARNING: 'olive',
      INDETERMINATE: 'green',
    });
  });

  it('find the highest severity', () => {
    expect(highestAlarmSeverity(['WARNING', 'MAJOR', 'MINOR'])).toBe('MAJOR');
    expect(highestAlarmSeverity(['INDETERMINATE', 'CRITICAL'])).toBe('CRITICAL');
    expect(highestAlarmSeverity([])).toBeNull();
  });
});

describe('alarm statuses', () => {
  it('map search statuses to statuses', () => {
    expect(alarmStatusesForSearchStatus('ANY')).toEqual([...ALARM_STATUSES]);
    expect(alarmStatusesForSearchStatus('ACTIVE')).toEqual(['ACTIVE_UNACK', 'ACTIVE_ACK']);
    expect(alarmStatusesForSearchStatus('CLEARED')).toEqual(['CLEARED_UNACK', 'CLEARED_ACK']);
    expect(alarmStatusesForSearchStatus('ACK')).toEqual(['ACTIVE_ACK', 'CLEARED_ACK']);
    expect(alarmStatusesForSearchStatus('UNACK')).toEqual(['ACTIVE_UNACK', 'CLEARED_UNACK']);
    expect(alarmMatchesSearchStatus('CLEARED_ACK', 'UNACK')).toBe(false);
  });

  it('change by acknowledging and clearing', () => {
    expect(alarmStatusOf(true, false)).toBe('ACTIVE_UNACK');
    expect(acknowledgedAlarmStatus('ACTIVE_UNACK')).toBe('ACTIVE_ACK');
    expect(acknowledgedAlarmStatus('CLEARED_UNACK')).toBe('CLEARED_ACK');
    expect(clearedAlarmStatus('ACTIVE_ACK')).toBe('CLEARED_ACK');
    expect(clearedAlarmStatus('ACTIVE_UNACK')).toBe('CLEARED_UNACK');
    expect(clearedAlarmStatus('CLEARED_ACK')).toBe('CLEARED_ACK');
  });
});

describe('alarmQueryToPath', () => {
  const affectedEntityId = { entityType: 'DEVICE' as const, id: 'abc' };

  it('prefers searchStatus over status and adds fetchOriginator', () => {
    expect(
      alarmQueryToPath({
        affectedEntityId,
        pageLink: { pageSize: 10, page: 0, startTime: 5 },
        searchStatus: 'ACTIVE',
        status: 'CLEARED_ACK',
        fetchOriginator: true,
      }),
    ).toBe('DEVICE/abc?pageSize=10&page=0&startTime=5&searchStatus=ACTIVE&fetchOriginator=true');
  });

  it('uses status when no search status is given', () => {
    expect(
      alarmQueryToPath({ affectedEntityId, pageLink: { pageSize: 1, page: 0 }, status: 'ACTIVE_ACK' }),
    ).toBe('DEVICE/abc?pageSize=1&page=0&status=ACTIVE_ACK');
  });
});
