import {
  COAP_DEVICE_TYPES,
  createDefaultDeviceProfileTransportConfiguration,
  DEVICE_PROVISION_TYPES,
  type DeviceProfileAlarm,
  type DeviceProfileData,
  type DeviceProvisionType,
  type DeviceTransportType,
  isDeviceProfileAlarmValid,
  isJsonObject,
  isValidLwm2mPort,
  LWM2M_SECURITY_MODES,
  POWER_MODES,
  SNMP_POLLING_SPEC_TYPES,
  SNMP_SPEC_TYPES,
  TELEMETRY_DATA_TYPES,
  TRANSPORT_PAYLOAD_TYPES,
  validateLwm2mAttributes,
} from '@meridian/common';
import { badRequest } from '../../http/api-error.js';

/**
 * Save-time checks of a device profile's `profileData` (spec 2 §3 "Device profile", §5; reference
 * §1.5 and DeviceProfileServiceImpl's validator). Every failure is a 400 naming the offending field
 * by its JSON path; what is missing is filled with the defaults of the profile's transport.
 */

type Obj = Record<string, unknown>;

const invalid = (path: string, problem: string) => badRequest(`Invalid request: field '${path}' ${problem}`);

function object(value: unknown, path: string): Obj {
  if (!isJsonObject(value)) throw invalid(path, 'must be an object');
  return value;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], path: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw invalid(path, `must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

function text(value: unknown, path: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid(path, 'should be specified');
  return value;
}

function optionalText(value: unknown, path: string): void {
  if (value !== undefined && value !== null && typeof value !== 'string')
    throw invalid(path, 'must be string');
}

function optionalBoolean(value: unknown, path: string): void {
  if (value !== undefined && value !== null && typeof value !== 'boolean')
    throw invalid(path, 'must be boolean');
}

function count(value: unknown, path: string, optional = false): void {
  if (optional && (value === undefined || value === null)) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw invalid(path, 'must be a whole number, 0 or more');
  }
}

function textArray(value: unknown, path: string): void {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    throw invalid(path, 'must be an array of strings');
  }
}

const PROTO_SCHEMAS = [
  ['deviceTelemetryProtoSchema', 'telemetry proto schema'],
  ['deviceAttributesProtoSchema', 'attributes proto schema'],
  ['deviceRpcRequestProtoSchema', 'rpc request proto schema'],
  ['deviceRpcResponseProtoSchema', 'rpc response proto schema'],
] as const;

/** A proto schema must declare proto3 syntax and at least one message (reference validateTransportProtoSchema). */
function checkProtoSchema(schema: string, name: string): void {
  const syntax = /^\s*syntax\s*=\s*"([^"]*)"\s*;/m.exec(schema)?.[1];
  if (syntax !== 'proto3') {
    throw badRequest(
      `[Transport Configuration] invalid schema syntax: ${syntax ?? 'null'} for ${name} provided! Only proto3 allowed!`,
    );
  }
  if (!/\bmessage\s+\w+\s*\{/.test(schema)) {
    throw badRequest(
      `[Transport Configuration] invalid ${name} provided! At least one Message definition should exists!`,
    );
  }
}

function checkPayloadType(value: unknown, path: string): void {
  const config = object(value, path);
  const type = oneOf(config.transportPayloadType, TRANSPORT_PAYLOAD_TYPES, `${path}.transportPayloadType`);
  optionalBoolean(
    config.enableCompatibilityWithJsonPayloadFormat,
    `${path}.enableCompatibilityWithJsonPayloadFormat`,
  );
  optionalBoolean(
    config.useJsonPayloadFormatForDefaultDownlinkTopics,
    `${path}.useJsonPayloadFormatForDefaultDownlinkTopics`,
  );
  if (type !== 'PROTOBUF') return;
  for (const [key, name] of PROTO_SCHEMAS) {
    const schema = config[key];
    // The RPC schemas arrived later in the reference; older clients omit them.
    if ((key === 'deviceRpcRequestProtoSchema' || key === 'deviceRpcResponseProtoSchema') && schema == null)
      continue;
    checkProtoSchema(text(schema, `${path}.${key}`), name);
  }
}

function checkClientSettings(value: unknown, path: string): void {
  if (value === undefined || value === null) return;
  const settings = object(value, path);
  if (settings.powerMode !== undefined && settings.powerMode !== null) {
    oneOf(settings.powerMode, POWER_MODES, `${path}.powerMode`);
  }
  for (const key of ['psmActivityTimer', 'edrxCycle', 'pagingTransmissionWindow']) {
    count(settings[key], `${path}.${key}`, true);
  }
}

function checkLwm2m(config: Obj, path: string): void {
  const observe = object(config.observeAttr, `${path}.observeAttr`);
  for (const key of ['observe', 'attribute', 'telemetry'])
    textArray(observe[key], `${path}.observeAttr.${key}`);
  const keyName = object(observe.keyName, `${path}.observeAttr.keyName`);
  for (const [resource, name] of Object.entries(keyName)) {
    if (typeof name !== 'string') throw invalid(`${path}.observeAttr.keyName.${resource}`, 'must be string');
  }
  const attributes = object(observe.attributeLwm2m ?? {}, `${path}.observeAttr.attributeLwm2m`);
  for (const [resource, values] of Object.entries(attributes)) {
    const where = `${path}.observeAttr.attributeLwm2m.${resource}`;
    const problems = validateLwm2mAttributes(object(values, where) as Record<string, number | string | null>);
    const first = problems[0];
    if (first?.code === 'required') throw invalid(where, 'needs at least one attribute');
    if (first?.code === 'unknownAttribute')
      throw invalid(`${where}.${first.name}`, 'is not a LwM2M attribute');
    if (first?.code === 'notNonNegativeInteger')
      throw invalid(`${where}.${first.name}`, 'must be digits only');
    if (first?.code === 'notANumber') throw invalid(`${where}.${first.name}`, 'must be a number');
  }
  if (!Array.isArray(config.bootstrap)) throw invalid(`${path}.bootstrap`, 'must be an array');
  config.bootstrap.forEach((entry, index) => {
    const where = `${path}.bootstrap[${index}]`;
    const server = object(entry, where);
    text(server.host, `${where}.host`);
    if (typeof server.port !== 'number' || !isValidLwm2mPort(server.port)) {
      throw invalid(`${where}.port`, 'must be a whole number from 0 to 65535');
    }
    oneOf(server.securityMode, LWM2M_SECURITY_MODES, `${where}.securityMode`);
  });
  const settings = object(config.clientLwM2mSettings, `${path}.clientLwM2mSettings`);
  for (const key of ['clientOnlyObserveAfterConnect', 'fwUpdateStrategy', 'swUpdateStrategy']) {
    count(settings[key], `${path}.clientLwM2mSettings.${key}`, true);
  }
  checkClientSettings(settings, `${path}.clientLwM2mSettings`);
  optionalBoolean(
    settings.compositeOperationsSupport,
    `${path}.clientLwM2mSettings.compositeOperationsSupport`,
  );
}

function checkSnmp(config: Obj, path: string): void {
  count(config.timeoutMs, `${path}.timeoutMs`);
  count(config.retries, `${path}.retries`);
  if (!Array.isArray(config.communicationConfigs))
    throw invalid(`${path}.communicationConfigs`, 'must be an array');
  config.communicationConfigs.forEach((entry, index) => {
    const where = `${path}.communicationConfigs[${index}]`;
    const communication = object(entry, where);
    const spec = oneOf(communication.spec, SNMP_SPEC_TYPES, `${where}.spec`);
    if ((SNMP_POLLING_SPEC_TYPES as readonly string[]).includes(spec)) {
      count(communication.queryingFrequencyMs, `${where}.queryingFrequencyMs`);
    }
    if (!Array.isArray(communication.mappings)) throw invalid(`${where}.mappings`, 'must be an array');
    communication.mappings.forEach((mappingEntry, m) => {
      const mapping = object(mappingEntry, `${where}.mappings[${m}]`);
      text(mapping.oid, `${where}.mappings[${m}].oid`);
      text(mapping.key, `${where}.mappings[${m}].key`);
      oneOf(mapping.dataType, TELEMETRY_DATA_TYPES, `${where}.mappings[${m}].dataType`);
    });
  });
}

/** Checks a transport configuration against the profile's transport type; absent means its defaults. */
function transportConfiguration(value: unknown, transportType: DeviceTransportType, path: string): Obj {
  if (value === undefined || value === null) {
    return createDefaultDeviceProfileTransportConfiguration(transportType) as unknown as Obj;
  }
  const config = object(value, path);
  if (config.type !== transportType) {
    throw invalid(`${path}.type`, `must be ${transportType}, the profile's transport type`);
  }
  switch (transportType) {
    case 'DEFAULT':
      break;
    case 'MQTT':
      text(config.deviceTelemetryTopic, `${path}.deviceTelemetryTopic`);
      text(config.deviceAttributesTopic, `${path}.deviceAttributesTopic`);
      checkPayloadType(config.transportPayloadTypeConfiguration, `${path}.transportPayloadTypeConfiguration`);
      break;
    case 'COAP': {
      const where = `${path}.coapDeviceTypeConfiguration`;
      const deviceType = object(config.coapDeviceTypeConfiguration, where);
      const coapType = oneOf(deviceType.coapDeviceType, COAP_DEVICE_TYPES, `${where}.coapDeviceType`);
      if (coapType === 'DEFAULT') {
        checkPayloadType(
          deviceType.transportPayloadTypeConfiguration,
          `${where}.transportPayloadTypeConfiguration`,
        );
      }
      checkClientSettings(config.clientSettings, `${path}.clientSettings`);
      break;
    }
    case 'LWM2M':
      checkLwm2m(config, path);
      break;
    case 'SNMP':
      checkSnmp(config, path);
      break;
  }
  return config;
}

/**
 * Alarm rules (spec 2 §5 and the reference validator): each needs an alarm type, unique within the
 * profile, and must be a valid alarm (id, at least one create rule keyed by a severity, every rule
 * with at least one condition).
 */
function alarms(value: unknown, path: string): DeviceProfileAlarm[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw invalid(path, 'must be an array');
  const types = new Set<string>();
  value.forEach((entry, index) => {
    const alarm = object(entry, `${path}[${index}]`);
    const alarmType = alarm.alarmType;
    if (typeof alarmType !== 'string' || alarmType.trim() === '') {
      throw badRequest('Alarm rule type should be specified!');
    }
    if (types.has(alarmType)) {
      throw badRequest(`Can't create device profile with the same alarm rule types: "${alarmType}"!`);
    }
    types.add(alarmType);
    if (!isDeviceProfileAlarmValid(alarm as unknown as DeviceProfileAlarm)) {
      throw invalid(
        `${path}[${index}]`,
        `('${alarmType}') is not a valid alarm rule: it needs an id, at least one create rule keyed by a severity, and at least one condition in every rule`,
      );
    }
    optionalBoolean(alarm.propagate, `${path}[${index}].propagate`);
  });
  return value as DeviceProfileAlarm[];
}

export interface ProfileSettings {
  transportType: DeviceTransportType;
  provisionType: DeviceProvisionType;
  provisionDeviceKey: string | null;
}

/** The profileData to store for a profile with these settings, or a 400 naming what is wrong. */
export function validateProfileData(input: unknown, settings: ProfileSettings): DeviceProfileData {
  const data = input === undefined || input === null ? {} : object(input, 'profileData');
  const configuration = data.configuration ?? { type: 'DEFAULT' };
  if (object(configuration, 'profileData.configuration').type !== 'DEFAULT') {
    throw invalid('profileData.configuration.type', 'must be DEFAULT');
  }
  const transport = transportConfiguration(
    data.transportConfiguration,
    settings.transportType,
    'profileData.transportConfiguration',
  );
  const provision = object(
    data.provisionConfiguration ?? { type: settings.provisionType, provisionDeviceSecret: null },
    'profileData.provisionConfiguration',
  );
  const provisionType = oneOf(
    provision.type,
    DEVICE_PROVISION_TYPES,
    'profileData.provisionConfiguration.type',
  );
  if (provisionType !== settings.provisionType) {
    throw invalid(
      'profileData.provisionConfiguration.type',
      `must be ${settings.provisionType}, the profile's provision type`,
    );
  }
  optionalText(provision.provisionDeviceSecret, 'profileData.provisionConfiguration.provisionDeviceSecret');
  if (provisionType !== 'DISABLED') {
    if (!settings.provisionDeviceKey?.trim()) throw badRequest('Provision device key should be specified!');
    if (
      typeof provision.provisionDeviceSecret !== 'string' ||
      provision.provisionDeviceSecret.trim() === ''
    ) {
      throw badRequest('Provision device secret should be specified!');
    }
  }
  return {
    ...data,
    configuration: configuration as DeviceProfileData['configuration'],
    transportConfiguration: transport as unknown as DeviceProfileData['transportConfiguration'],
    provisionConfiguration: {
      ...provision,
      type: provisionType,
      provisionDeviceSecret: (provision.provisionDeviceSecret as string | null | undefined) ?? null,
    },
    alarms: alarms(data.alarms, 'profileData.alarms'),
  };
}
