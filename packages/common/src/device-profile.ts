import type { DeviceProfileAlarm } from './alarm-rule.js';
import type { DashboardId, DeviceProfileId, OtaPackageId, RuleChainId, TenantId } from './entity-ids.js';
import type { Lwm2mDeviceProfileTransportConfiguration } from './lwm2m.js';
import { createDefaultLwm2mProfileTransportConfiguration } from './lwm2m.js';
import type { SnmpDeviceProfileTransportConfiguration } from './snmp.js';
import { createDefaultSnmpProfileTransportConfiguration } from './snmp.js';
import type {
  CoapDeviceProfileTransportConfiguration,
  DefaultDeviceProfileTransportConfiguration,
  DeviceTransportType,
  MqttDeviceProfileTransportConfiguration,
} from './transport.js';
import {
  createDefaultCoapTransportConfiguration,
  createDefaultMqttTransportConfiguration,
} from './transport.js';

/**
 * Device profiles (spec 2 §3 "Device profile"; reference §1.5 DeviceProfile, §7.2).
 */

/** Profile types. Spec 2 lists DEFAULT and SNMP; the reference backend writes DEFAULT. */
export const DEVICE_PROFILE_TYPES = ['DEFAULT', 'SNMP'] as const;
export type DeviceProfileType = (typeof DEVICE_PROFILE_TYPES)[number];

/** How devices may provision themselves with the profile's provision key and secret. */
export const DEVICE_PROVISION_TYPES = [
  'DISABLED',
  'ALLOW_CREATE_NEW_DEVICES',
  'CHECK_PRE_PROVISIONED_DEVICES',
] as const;
export type DeviceProvisionType = (typeof DEVICE_PROVISION_TYPES)[number];

export type DeviceProfileTransportConfiguration =
  | DefaultDeviceProfileTransportConfiguration
  | MqttDeviceProfileTransportConfiguration
  | CoapDeviceProfileTransportConfiguration
  | Lwm2mDeviceProfileTransportConfiguration
  | SnmpDeviceProfileTransportConfiguration;

export interface DeviceProfileConfiguration {
  type: 'DEFAULT';
}

export interface DeviceProvisionConfiguration {
  type: DeviceProvisionType;
  provisionDeviceSecret: string | null;
  /** Console-side copy of the profile's key; the reference stores it on the profile. */
  provisionDeviceKey?: string | null;
}

/** The `profileData` of a device profile. */
export interface DeviceProfileData {
  configuration: DeviceProfileConfiguration;
  transportConfiguration: DeviceProfileTransportConfiguration;
  provisionConfiguration: DeviceProvisionConfiguration;
  alarms: DeviceProfileAlarm[] | null;
}

/** A device profile (reference §1.5 DeviceProfile). */
export interface DeviceProfile {
  id: DeviceProfileId;
  createdTime: number;
  tenantId: TenantId;
  name: string;
  description: string | null;
  image: string | null;
  /** JSON name of the reference's `isDefault`. */
  default: boolean;
  type: DeviceProfileType;
  transportType: DeviceTransportType;
  provisionType: DeviceProvisionType;
  defaultRuleChainId: RuleChainId | null;
  defaultDashboardId: DashboardId | null;
  defaultQueueName: string | null;
  profileData: DeviceProfileData;
  provisionDeviceKey: string | null;
  firmwareId: OtaPackageId | null;
  softwareId: OtaPackageId | null;
}

/** Short profile info used by pickers (`/api/deviceProfileInfo*`). */
export interface DeviceProfileInfo {
  id: DeviceProfileId;
  name: string;
  image: string | null;
  defaultDashboardId: DashboardId | null;
  type: DeviceProfileType;
  transportType: DeviceTransportType;
}

/** Name and description of the profile every new tenant gets (reference §7.2). */
export const DEFAULT_DEVICE_PROFILE_NAME = 'default';
export const DEFAULT_DEVICE_PROFILE_DESCRIPTION = 'Default device profile';

/** The transport configuration a profile starts with for a transport type (spec 2 §9 defaults). */
export function createDefaultDeviceProfileTransportConfiguration(
  transportType: DeviceTransportType,
): DeviceProfileTransportConfiguration {
  switch (transportType) {
    case 'DEFAULT':
      return { type: 'DEFAULT' };
    case 'MQTT':
      return createDefaultMqttTransportConfiguration();
    case 'COAP':
      return createDefaultCoapTransportConfiguration();
    case 'LWM2M':
      return createDefaultLwm2mProfileTransportConfiguration();
    case 'SNMP':
      return createDefaultSnmpProfileTransportConfiguration();
  }
}

/**
 * `profileData` of a new profile: DEFAULT configuration, the transport's defaults, provisioning
 * disabled, no alarms — as the reference writes for the tenant's `default` profile (reference §7.2).
 */
export function createDefaultDeviceProfileData(
  transportType: DeviceTransportType = 'DEFAULT',
): DeviceProfileData {
  return {
    configuration: { type: 'DEFAULT' },
    transportConfiguration: createDefaultDeviceProfileTransportConfiguration(transportType),
    provisionConfiguration: { type: 'DISABLED', provisionDeviceSecret: null },
    alarms: null,
  };
}
