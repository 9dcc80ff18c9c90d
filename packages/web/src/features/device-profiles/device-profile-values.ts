import { createDefaultDeviceProfileData, type DeviceProfile } from '@meridian/common';
import type { DeviceProfileDraft } from '../../api/device-profiles';
import {
  type AlarmRulesFormHost,
  alarmsOfValues,
  alarmsValuesOf,
} from '../../components/device-profile/alarm-rules/alarm-rule-values';
import {
  provisionOf,
  provisionValuesOf,
  type TransportFormHost,
  transportConfigurationOf,
  transportValuesOf,
} from '../../components/device-profile/transport-values';

/** Values of the device profile form: details, transport configuration, alarm rules and provisioning. */
export interface DeviceProfileValues extends TransportFormHost, AlarmRulesFormHost {
  name: string;
  description: string;
  defaultDashboardId: string | null;
  /** The chain and queue of the profile's devices; '' for the root chain and the Main queue. */
  defaultRuleChainId: string;
  defaultQueueName: string;
}

/** Longest profile name the form accepts. */
export const DEVICE_PROFILE_NAME_MAX_LENGTH = 255;

export function deviceProfileValuesOf(profile: DeviceProfile | null): DeviceProfileValues {
  return {
    name: profile?.name ?? '',
    description: profile?.description ?? '',
    defaultDashboardId: profile?.defaultDashboardId?.id ?? null,
    defaultRuleChainId: profile?.defaultRuleChainId?.id ?? '',
    defaultQueueName: profile?.defaultQueueName ?? '',
    transportType: profile?.transportType ?? 'DEFAULT',
    transport: transportValuesOf(profile?.profileData.transportConfiguration),
    provision: provisionValuesOf(profile),
    alarms: alarmsValuesOf(profile?.profileData.alarms),
  };
}

/**
 * The profile to save: the stored one (if any) with the form's changes. Profile data the form does
 * not show is kept, and so is every stored alarm the form did not change (see alarmsOfValues).
 */
export function deviceProfileOfValues(
  values: DeviceProfileValues,
  profile: DeviceProfile | null,
): DeviceProfileDraft {
  const { provisionConfiguration, ...provision } = provisionOf(values.provision);
  const base = profile?.profileData ?? createDefaultDeviceProfileData(values.transportType);
  const description = values.description.trim();
  return {
    ...(profile ?? {
      type: 'DEFAULT',
      image: null,
      defaultRuleChainId: null,
      defaultQueueName: null,
      firmwareId: null,
      softwareId: null,
    }),
    name: values.name.trim(),
    description: description.length > 0 ? description : null,
    defaultDashboardId: values.defaultDashboardId
      ? { entityType: 'DASHBOARD', id: values.defaultDashboardId }
      : null,
    defaultRuleChainId: values.defaultRuleChainId
      ? { entityType: 'RULE_CHAIN', id: values.defaultRuleChainId }
      : null,
    defaultQueueName: values.defaultQueueName || null,
    transportType: values.transportType,
    ...provision,
    profileData: {
      ...base,
      transportConfiguration: transportConfigurationOf(values.transportType, values.transport),
      provisionConfiguration,
      alarms: alarmsOfValues(values.alarms, profile?.profileData.alarms),
    },
  };
}

/** A profile as exported to a JSON file: without id, creation time, tenant or default flag. */
export function exportedDeviceProfile(
  profile: DeviceProfile,
): Omit<DeviceProfile, 'id' | 'createdTime' | 'tenantId' | 'default'> {
  const { id: _id, createdTime: _createdTime, tenantId: _tenantId, default: _default, ...rest } = profile;
  return rest;
}

/** Reads an exported profile file; null when it is not one. */
export function parseImportedDeviceProfile(text: string): DeviceProfileDraft | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return null;
  }
  const record = value as Partial<DeviceProfile>;
  if (typeof record.name !== 'string' || !record.name || !record.profileData || !record.transportType) {
    return null;
  }
  const { id: _id, createdTime: _createdTime, tenantId: _tenantId, default: _default, ...rest } = record;
  return { ...rest, name: record.name };
}
