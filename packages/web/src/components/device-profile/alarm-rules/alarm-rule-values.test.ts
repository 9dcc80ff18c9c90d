import { describe, expect, it } from 'vitest';
import {
  alarmOf,
  alarmsOfValues,
  alarmsValuesOf,
  alarmTypeError,
  alarmValuesOf,
  newAlarmId,
  newAlarmValues,
  sameJson,
  unusedSeverities,
} from './alarm-rule-values';
import { referenceAlarm } from './reference-alarm.fixture';

describe('alarm rule form values', () => {
  it('show create conditions most severe first and read what the reference leaves out', () => {
    const values = alarmValuesOf(referenceAlarm());
    expect(values.createRules.map((rule) => rule.severity)).toEqual(['CRITICAL', 'MAJOR']);
    expect(values.createRules[1]?.rule).toMatchObject({
      schedule: { type: 'ANY_TIME' },
      alarmDetails: referenceAlarm().clearRule?.alarmDetails,
      dashboardId: null,
    });
    expect(values.createRules[1]?.rule.alarmDetails).toMatch(/^Current temperature = \$\{temperature\}$/);
    expect(values.createRules[0]?.rule.dashboardId).toBe('9a4c7c00-1dd2-11b2-8080-808080808080');
    expect(values.propagateRelationTypes).toEqual([]);
    expect(values.alarmId).toBe('highTemperatureAlarmID');
  });

  it('convert only the alarms that changed and keep the others as stored', () => {
    const untouched = referenceAlarm();
    const edited = { ...referenceAlarm(), id: 'second', alarmType: 'Second' };
    const values = alarmsValuesOf([untouched, edited]);
    const second = values[1];
    if (!second) throw new Error('no second alarm');
    second.alarmType = '  Overheating ';
    second.propagate = true;
    second.propagateRelationTypes = ['Contains'];
    second.createRules = second.createRules.filter((rule) => rule.severity === 'CRITICAL');
    second.clearRule = null;
    const saved = alarmsOfValues(values, [untouched, edited]);
    expect(saved?.[0]).toBe(untouched);
    expect(saved?.[1]).toEqual({
      id: 'second',
      alarmType: 'Overheating',
      createRules: { CRITICAL: edited.createRules.CRITICAL },
      clearRule: null,
      propagate: true,
      propagateToOwner: false,
      propagateToTenant: false,
      propagateRelationTypes: ['Contains'],
    });
  });

  it('build a new alarm with a Critical create condition, a rule without filters and a fresh id', () => {
    const alarm = newAlarmValues();
    alarm.alarmType = 'Leak';
    expect(alarmOf(alarm)).toEqual({
      id: alarm.alarmId,
      alarmType: 'Leak',
      createRules: {
        CRITICAL: {
          condition: { condition: [], spec: { type: 'SIMPLE' } },
          schedule: { type: 'ANY_TIME' },
          alarmDetails: null,
          dashboardId: null,
        },
      },
      clearRule: null,
      propagate: false,
      propagateToOwner: false,
      propagateToTenant: false,
      propagateRelationTypes: [],
    });
    expect(newAlarmId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newAlarmId()).not.toBe(newAlarmId());
    expect(alarmsOfValues([alarm], null)).toHaveLength(1);
    expect(alarmsOfValues([], undefined)).toBeNull();
  });

  it('offer the severities no create condition uses yet, most severe first', () => {
    expect(unusedSeverities([{ severity: 'MAJOR' }, { severity: 'CRITICAL' }])).toEqual([
      'MINOR',
      'WARNING',
      'INDETERMINATE',
    ]);
  });

  it('require an alarm type that no other alarm of the profile has', () => {
    const alarms = [
      { ...newAlarmValues(), alarmType: 'Leak' },
      { ...newAlarmValues(), alarmType: 'Leak ' },
    ];
    expect(alarmTypeError(' ', 0, alarms)).toBe('device-profile.alarm-rules.alarm-type-required');
    expect(alarmTypeError('Leak', 0, alarms)).toBe('device-profile.alarm-rules.alarm-type-unique');
    expect(alarmTypeError('Fire', 0, alarms)).toBeNull();
  });

  it('compare JSON regardless of key order and undefined members', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1, d: undefined })).toBe(true);
    expect(sameJson({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
    expect(sameJson(null, {})).toBe(false);
  });
});
