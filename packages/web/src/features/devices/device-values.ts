import {
  createDefaultSnmpDeviceTransportConfiguration,
  type DeviceData,
  type DeviceInfo,
  type DeviceTransportConfiguration,
  type DeviceTransportType,
  jsonObjectOrEmpty,
  NULL_UUID,
  type SnmpAuthenticationProtocol,
  type SnmpDeviceTransportConfiguration,
  type SnmpPrivacyProtocol,
  type SnmpProtocolVersion,
} from '@meridian/common';
import type { DeviceDraft } from '../../api/devices';
import { type PowerValues, powerOf } from '../../components/device-profile/transport-values';
import type { PickerOption } from '../../components/entity-table/EntityAutocomplete';

/** A device profile as the pickers hold it: id, name and transport type. */
export interface ProfileOption extends PickerOption {
  transportType: DeviceTransportType;
}

export interface SnmpDeviceValues {
  host: string;
  port: number | null;
  protocolVersion: SnmpProtocolVersion;
  community: string;
  username: string;
  securityName: string;
  contextName: string;
  authenticationProtocol: SnmpAuthenticationProtocol;
  authenticationPassphrase: string;
  privacyProtocol: SnmpPrivacyProtocol;
  privacyPassphrase: string;
  engineId: string;
}

/** Device-level transport settings of every type (power saving for CoAP/LwM2M, SNMP connection). */
export interface DeviceDataValues extends PowerValues {
  snmp: SnmpDeviceValues;
}

/** Values of the device form (reference console §3.6 "Form"). */
export interface DeviceValues {
  name: string;
  label: string;
  deviceProfile: ProfileOption | null;
  gateway: boolean;
  overwriteActivityTime: boolean;
  description: string;
  deviceData: DeviceDataValues;
}

/** Longest device name and label the form accepts. */
export const DEVICE_NAME_MAX_LENGTH = 255;

/** Whether a device or asset is assigned to some customer (public included). */
export function isAssigned(entity: { customerId: { id: string } | null }): boolean {
  return entity.customerId !== null && entity.customerId.id !== NULL_UUID;
}

function snmpValuesOf(config: DeviceTransportConfiguration | undefined): SnmpDeviceValues {
  const snmp: SnmpDeviceTransportConfiguration =
    config?.type === 'SNMP' ? config : createDefaultSnmpDeviceTransportConfiguration();
  return {
    host: snmp.host,
    port: snmp.port,
    protocolVersion: snmp.protocolVersion,
    community: snmp.community ?? '',
    username: snmp.username ?? '',
    securityName: snmp.securityName ?? '',
    contextName: snmp.contextName ?? '',
    authenticationProtocol: snmp.authenticationProtocol ?? 'SHA_512',
    authenticationPassphrase: snmp.authenticationPassphrase ?? '',
    privacyProtocol: snmp.privacyProtocol ?? 'DES',
    privacyPassphrase: snmp.privacyPassphrase ?? '',
    engineId: snmp.engineId ?? '',
  };
}

export function deviceDataValuesOf(config: DeviceTransportConfiguration | undefined): DeviceDataValues {
  const power = config?.type === 'COAP' || config?.type === 'LWM2M' ? config : undefined;
  return {
    powerMode: power?.powerMode ?? '',
    psmActivityTimer: power?.psmActivityTimer ?? null,
    edrxCycle: power?.edrxCycle ?? null,
    pagingTransmissionWindow: power?.pagingTransmissionWindow ?? null,
    snmp: snmpValuesOf(config),
  };
}

/** `deviceData` for a device of a profile with the given transport type, from the form values. */
export function deviceDataOf(transportType: DeviceTransportType, values: DeviceDataValues): DeviceData {
  const configuration = { type: 'DEFAULT' as const };
  switch (transportType) {
    case 'DEFAULT':
    case 'MQTT':
      return { configuration, transportConfiguration: { type: transportType } };
    case 'COAP':
    case 'LWM2M': {
      const { powerMode, ...timers } = powerOf(values);
      return {
        configuration,
        transportConfiguration: { type: transportType, ...(powerMode ? { powerMode, ...timers } : {}) },
      };
    }
    case 'SNMP': {
      const snmp = values.snmp;
      const transport: SnmpDeviceTransportConfiguration = {
        type: 'SNMP',
        host: snmp.host.trim(),
        port: snmp.port ?? 161,
        protocolVersion: snmp.protocolVersion,
      };
      if (snmp.protocolVersion === 'V3') {
        Object.assign(transport, {
          username: snmp.username.trim(),
          securityName: snmp.securityName.trim(),
          contextName: snmp.contextName.trim(),
          authenticationProtocol: snmp.authenticationProtocol,
          authenticationPassphrase: snmp.authenticationPassphrase,
          privacyProtocol: snmp.privacyProtocol,
          privacyPassphrase: snmp.privacyPassphrase,
          engineId: snmp.engineId.trim(),
        });
      } else {
        transport.community = snmp.community.trim();
      }
      return { configuration, transportConfiguration: transport };
    }
  }
}

export function deviceValuesOf(device: DeviceInfo | null): DeviceValues {
  const info = device?.additionalInfo ?? {};
  const transport = device?.deviceData?.transportConfiguration;
  return {
    name: device?.name ?? '',
    label: device?.label ?? '',
    deviceProfile: device
      ? {
          id: device.deviceProfileId.id,
          label: device.deviceProfileName ?? device.type,
          transportType: transport?.type ?? 'DEFAULT',
        }
      : null,
    gateway: info.gateway === true,
    overwriteActivityTime: info.overwriteActivityTime === true,
    description: typeof info.description === 'string' ? info.description : '',
    deviceData: deviceDataValuesOf(transport),
  };
}

/** The device to save: the stored one (if any) with the form's changes; list-only fields are dropped. */
export function deviceOfValues(values: DeviceValues, device: DeviceInfo | null): DeviceDraft {
  const stored: Partial<DeviceInfo> = { ...(device ?? {}) };
  delete stored.customerTitle;
  delete stored.customerIsPublic;
  delete stored.deviceProfileName;
  const profile = values.deviceProfile;
  const label = values.label.trim();
  return {
    ...stored,
    name: values.name.trim(),
    label: label.length > 0 ? label : null,
    ...(profile
      ? {
          deviceProfileId: { entityType: 'DEVICE_PROFILE', id: profile.id },
          type: profile.label,
          deviceData: deviceDataOf(profile.transportType, values.deviceData),
        }
      : {}),
    additionalInfo: {
      ...jsonObjectOrEmpty(device?.additionalInfo),
      gateway: values.gateway,
      overwriteActivityTime: values.gateway && values.overwriteActivityTime,
      description: values.description,
    },
  };
}
