import {
  createDefaultDeviceTransportConfiguration,
  type DeviceData,
  type DeviceTransportType,
  isJsonObject,
  POWER_MODES,
  SNMP_PROTOCOL_VERSIONS,
} from '@meridian/common';
import { badRequest } from '../../http/api-error.js';

const invalid = (field: string, problem: string) =>
  badRequest(`Invalid request: field 'deviceData.transportConfiguration.${field}' ${problem}`);

/** The per-device SNMP settings must say where and how to reach the device. */
function checkSnmp(config: Record<string, unknown>): void {
  if (typeof config.host !== 'string' || config.host.trim() === '')
    throw invalid('host', 'should be specified');
  const port = config.port;
  if (typeof port !== 'number' || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw invalid('port', 'must be a whole number from 1 to 65535');
  }
  if (
    typeof config.protocolVersion !== 'string' ||
    !(SNMP_PROTOCOL_VERSIONS as readonly string[]).includes(config.protocolVersion)
  ) {
    throw invalid('protocolVersion', `must be one of ${SNMP_PROTOCOL_VERSIONS.join(', ')}`);
  }
}

/** CoAP and LwM2M devices may override the power-saving settings of their profile. */
function checkPowerSettings(config: Record<string, unknown>): void {
  const mode = config.powerMode;
  if (mode !== undefined && mode !== null && !(POWER_MODES as readonly unknown[]).includes(mode)) {
    throw invalid('powerMode', `must be one of ${POWER_MODES.join(', ')}`);
  }
  for (const key of ['psmActivityTimer', 'edrxCycle', 'pagingTransmissionWindow']) {
    const value = config[key];
    if (
      value !== undefined &&
      value !== null &&
      (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
    ) {
      throw invalid(key, 'must be a whole number, 0 or more');
    }
  }
}

/**
 * The deviceData to store (reference DeviceServiceImpl.syncDeviceData): the configuration is always
 * DEFAULT, and a transport configuration of another type than the profile's transport is replaced
 * by that transport's defaults. A kept transport configuration is checked.
 */
export function syncDeviceData(input: unknown, transportType: DeviceTransportType): DeviceData {
  const data = isJsonObject(input) ? input : {};
  const given = data.transportConfiguration;
  if (!isJsonObject(given) || given.type !== transportType) {
    return {
      configuration: { type: 'DEFAULT' },
      transportConfiguration: createDefaultDeviceTransportConfiguration(transportType),
    };
  }
  if (transportType === 'SNMP') checkSnmp(given);
  if (transportType === 'COAP' || transportType === 'LWM2M') checkPowerSettings(given);
  return {
    configuration: { type: 'DEFAULT' },
    transportConfiguration: given as unknown as DeviceData['transportConfiguration'],
  };
}
