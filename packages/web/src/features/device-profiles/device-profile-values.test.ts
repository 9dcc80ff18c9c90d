import {
  createDefaultDeviceProfileData,
  type DeviceProfile,
  type DeviceProfileAlarm,
} from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { referenceAlarm } from '../../components/device-profile/alarm-rules/reference-alarm.fixture';
import { deviceProfileOfValues, deviceProfileValuesOf } from './device-profile-values';

function profileWith(alarms: DeviceProfileAlarm[] | null): DeviceProfile {
  return {
    id: { entityType: 'DEVICE_PROFILE', id: 'profile-1' },
    createdTime: 1,
    tenantId: { entityType: 'TENANT', id: 'tenant-1' },
    name: 'Thermostats',
    description: null,
    image: null,
    default: false,
    type: 'DEFAULT',
    transportType: 'DEFAULT',
    provisionType: 'DISABLED',
    defaultRuleChainId: null,
    defaultDashboardId: null,
    defaultQueueName: null,
    provisionDeviceKey: null,
    firmwareId: null,
    softwareId: null,
    profileData: { ...createDefaultDeviceProfileData('DEFAULT'), alarms },
  } as DeviceProfile;
}

describe('device profile form values', () => {
  it('keep a stored profile’s alarms byte for byte when saved without alarm edits', () => {
    const profile = profileWith([referenceAlarm()]);
    const stored = JSON.stringify(profile.profileData.alarms);
    const values = structuredClone(deviceProfileValuesOf(profile));
    const saved = deviceProfileOfValues(values, profile);
    expect(JSON.stringify(saved.profileData?.alarms)).toBe(stored);
    expect(
      deviceProfileOfValues(deviceProfileValuesOf(profileWith(null)), profileWith(null)).profileData?.alarms,
    ).toBeNull();
    expect(
      deviceProfileOfValues(deviceProfileValuesOf(profileWith([])), profileWith([])).profileData?.alarms,
    ).toEqual([]);
  });

  it('save the alarms the form changed', () => {
    const profile = profileWith([referenceAlarm()]);
    const values = deviceProfileValuesOf(profile);
    const alarm = values.alarms[0];
    if (!alarm) throw new Error('no alarm');
    alarm.alarmType = 'Too hot';
    const saved = deviceProfileOfValues(values, profile).profileData?.alarms;
    expect(saved?.[0]).toMatchObject({
      id: 'highTemperatureAlarmID',
      alarmType: 'Too hot',
      clearRule: { alarmDetails: expect.any(String) },
    });
    expect(saved?.[0]).not.toBe(profile.profileData.alarms?.[0]);
  });
});

describe('the rule chain and queue of a profile', () => {
  it('round-trips them, and an empty choice stores the root chain and the Main queue', () => {
    const stored = {
      ...profileWith(null),
      defaultRuleChainId: { entityType: 'RULE_CHAIN', id: 'chain-1' },
      defaultQueueName: 'HighPriority',
    } as DeviceProfile;
    const values = deviceProfileValuesOf(stored);
    expect([values.defaultRuleChainId, values.defaultQueueName]).toEqual(['chain-1', 'HighPriority']);
    const saved = deviceProfileOfValues(values, stored);
    expect([saved.defaultRuleChainId, saved.defaultQueueName]).toEqual([
      { entityType: 'RULE_CHAIN', id: 'chain-1' },
      'HighPriority',
    ]);
    const cleared = deviceProfileOfValues(
      { ...values, defaultRuleChainId: '', defaultQueueName: '' },
      stored,
    );
    expect([cleared.defaultRuleChainId, cleared.defaultQueueName]).toEqual([null, null]);
  });
});
