import { describe, expect, it } from 'vitest';
import {
  type AlarmRule,
  type DeviceProfileAlarm,
  isAlarmRuleValid,
  isDeviceProfileAlarmValid,
} from './alarm-rule.js';

const validRule: AlarmRule = {
  condition: {
    condition: [
      {
        key: { type: 'TIME_SERIES', key: 'temperature' },
        valueType: 'NUMERIC',
        predicate: { type: 'NUMERIC', operation: 'GREATER', value: { defaultValue: 25 } },
      },
    ],
    spec: { type: 'SIMPLE' },
  },
};
const emptyRule: AlarmRule = { condition: { condition: [] } };

const alarm = (overrides: Partial<DeviceProfileAlarm> = {}): DeviceProfileAlarm => ({
  id: 'highTemp',
  alarmType: 'High Temperature',
  createRules: { MAJOR: validRule },
  clearRule: null,
  ...overrides,
});

describe('isAlarmRuleValid', () => {
  it('needs at least one condition entry', () => {
    expect(isAlarmRuleValid(validRule)).toBe(true);
    expect(isAlarmRuleValid(emptyRule)).toBe(false);
    expect(isAlarmRuleValid(null)).toBe(false);
    expect(isAlarmRuleValid({} as AlarmRule)).toBe(false);
  });
});

describe('isDeviceProfileAlarmValid', () => {
  it('accepts a complete alarm', () => {
    expect(isDeviceProfileAlarmValid(alarm())).toBe(true);
    expect(isDeviceProfileAlarmValid(alarm({ clearRule: validRule }))).toBe(true);
  });

  it('needs id, alarm type and at least one create rule', () => {
    expect(isDeviceProfileAlarmValid(alarm({ id: '' }))).toBe(false);
    expect(isDeviceProfileAlarmValid(alarm({ alarmType: '' }))).toBe(false);
    expect(isDeviceProfileAlarmValid(alarm({ createRules: {} }))).toBe(false);
    expect(isDeviceProfileAlarmValid(undefined)).toBe(false);
  });

  it('needs every create rule to be valid', () => {
    expect(isDeviceProfileAlarmValid(alarm({ createRules: { CRITICAL: validRule, MINOR: emptyRule } }))).toBe(
      false,
    );
  });

  it('checks the clear rule only when present', () => {
    expect(isDeviceProfileAlarmValid(alarm({ clearRule: emptyRule }))).toBe(false);
    expect(isDeviceProfileAlarmValid(alarm({ clearRule: undefined }))).toBe(true);
  });

  it('rejects create rules keyed by something other than a severity', () => {
    const createRules = { LOUD: validRule } as unknown as DeviceProfileAlarm['createRules'];
    expect(isDeviceProfileAlarmValid(alarm({ createRules }))).toBe(false);
  });
});
