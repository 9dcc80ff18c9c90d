import { describe, expect, it } from 'vitest';
import { createDefaultDeviceData } from './device-data.js';
import {
  createDefaultDeviceProfileData,
  createDefaultDeviceProfileTransportConfiguration,
} from './device-profile.js';
import { normalizeSnmpAuthenticationProtocol } from './snmp.js';
import { createTransportPayloadTypeConfiguration } from './transport.js';

describe('device profile defaults', () => {
  it('writes the profileData of the tenant default profile', () => {
    expect(createDefaultDeviceProfileData()).toEqual({
      configuration: { type: 'DEFAULT' },
      transportConfiguration: { type: 'DEFAULT' },
      provisionConfiguration: { type: 'DISABLED', provisionDeviceSecret: null },
      alarms: null,
    });
  });

  it('uses the v1 MQTT topics, JSON and both compatibility flags off', () => {
    expect(createDefaultDeviceProfileTransportConfiguration('MQTT')).toEqual({
      type: 'MQTT',
      deviceTelemetryTopic: 'v1/devices/me/telemetry',
      deviceAttributesTopic: 'v1/devices/me/attributes',
      transportPayloadTypeConfiguration: {
        transportPayloadType: 'JSON',
        enableCompatibilityWithJsonPayloadFormat: false,
        useJsonPayloadFormatForDefaultDownlinkTopics: false,
      },
    });
  });

  it('uses CoAP device type DEFAULT, JSON and power mode DRX', () => {
    expect(createDefaultDeviceProfileTransportConfiguration('COAP')).toEqual({
      type: 'COAP',
      coapDeviceTypeConfiguration: {
        coapDeviceType: 'DEFAULT',
        transportPayloadTypeConfiguration: { transportPayloadType: 'JSON' },
      },
      clientSettings: { powerMode: 'DRX' },
    });
  });

  it('uses SNMP timeout 500 ms and no retries', () => {
    expect(createDefaultDeviceProfileTransportConfiguration('SNMP')).toEqual({
      type: 'SNMP',
      timeoutMs: 500,
      retries: 0,
      communicationConfigs: [],
    });
  });

  it('seeds PROTOBUF payloads with sample schemas', () => {
    const config = createTransportPayloadTypeConfiguration('PROTOBUF');
    expect(config.transportPayloadType).toBe('PROTOBUF');
    if (config.transportPayloadType === 'PROTOBUF') {
      expect(config.deviceTelemetryProtoSchema).toContain('syntax = "proto3";');
      expect(config.deviceRpcResponseProtoSchema).toContain('message');
    }
  });
});

describe('device data defaults', () => {
  it('gives SNMP devices localhost:161, V2C and community public', () => {
    expect(createDefaultDeviceData('SNMP').transportConfiguration).toEqual({
      type: 'SNMP',
      host: 'localhost',
      port: 161,
      protocolVersion: 'V2C',
      community: 'public',
    });
  });

  it('gives other transports just their type', () => {
    expect(createDefaultDeviceData()).toEqual({
      configuration: { type: 'DEFAULT' },
      transportConfiguration: { type: 'DEFAULT' },
    });
    expect(createDefaultDeviceData('LWM2M').transportConfiguration).toEqual({ type: 'LWM2M' });
  });
});

describe('normalizeSnmpAuthenticationProtocol', () => {
  it('maps the console misspelling to MD5 and rejects unknown values', () => {
    expect(normalizeSnmpAuthenticationProtocol('MD%')).toBe('MD5');
    expect(normalizeSnmpAuthenticationProtocol('SHA_256')).toBe('SHA_256');
    expect(normalizeSnmpAuthenticationProtocol('sha_256')).toBeNull();
  });
});
