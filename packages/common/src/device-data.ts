import type { Lwm2mDeviceTransportConfiguration } from './lwm2m.js';
import type { SnmpDeviceTransportConfiguration } from './snmp.js';
import { createDefaultSnmpDeviceTransportConfiguration } from './snmp.js';
import type { CoapClientSettings, DeviceTransportType } from './transport.js';

/**
 * A device's own `deviceData` (reference §1.5 Device): a configuration (always DEFAULT) and a
 * transport configuration whose type follows the device profile's transport type.
 */
export interface DefaultDeviceConfiguration {
  type: 'DEFAULT';
}

export interface DefaultDeviceTransportConfiguration {
  type: 'DEFAULT';
}

export interface MqttDeviceTransportConfiguration {
  type: 'MQTT';
}

export interface CoapDeviceTransportConfiguration extends CoapClientSettings {
  type: 'COAP';
}

export type DeviceTransportConfiguration =
  | DefaultDeviceTransportConfiguration
  | MqttDeviceTransportConfiguration
  | CoapDeviceTransportConfiguration
  | Lwm2mDeviceTransportConfiguration
  | SnmpDeviceTransportConfiguration;

export interface DeviceData {
  configuration: DefaultDeviceConfiguration;
  transportConfiguration: DeviceTransportConfiguration;
}

/**
 * The device transport configuration a new device of a given transport type starts with: just the
 * type, except SNMP, which gets the SNMP device defaults (localhost:161, V2C, `public`).
 */
export function createDefaultDeviceTransportConfiguration(
  transportType: DeviceTransportType,
): DeviceTransportConfiguration {
  switch (transportType) {
    case 'SNMP':
      return createDefaultSnmpDeviceTransportConfiguration();
    case 'DEFAULT':
    case 'MQTT':
    case 'COAP':
    case 'LWM2M':
      return { type: transportType };
  }
}

/** `deviceData` for a new device on a profile with the given transport type. */
export function createDefaultDeviceData(transportType: DeviceTransportType = 'DEFAULT'): DeviceData {
  return {
    configuration: { type: 'DEFAULT' },
    transportConfiguration: createDefaultDeviceTransportConfiguration(transportType),
  };
}
