import type { DeviceInfo } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { credentialsOf, credentialsValuesOf, mqttBasicProblems } from './credentials-values';
import { deviceDataOf, deviceDataValuesOf, deviceOfValues, deviceValuesOf } from './device-values';

const device: DeviceInfo = {
  id: { entityType: 'DEVICE', id: 'd1' },
  createdTime: 1,
  tenantId: { entityType: 'TENANT', id: 't1' },
  customerId: { entityType: 'CUSTOMER', id: 'c1' },
  name: 'Pump',
  type: 'snmp',
  label: null,
  deviceProfileId: { entityType: 'DEVICE_PROFILE', id: 'p1' },
  deviceData: {
    configuration: { type: 'DEFAULT' },
    transportConfiguration: {
      type: 'SNMP',
      host: '10.0.0.5',
      port: 1161,
      protocolVersion: 'V1',
      community: 'private',
    },
  },
  firmwareId: null,
  softwareId: null,
  additionalInfo: { gateway: true, overwriteActivityTime: true, description: 'x', lastConnectedGateway: 'g' },
  customerTitle: 'A',
  customerIsPublic: false,
  deviceProfileName: 'snmp',
};

describe('device values', () => {
  it('round-trips a device and keeps fields the form does not show', () => {
    const values = deviceValuesOf(device);
    expect(values.deviceProfile).toEqual({ id: 'p1', label: 'snmp', transportType: 'SNMP' });
    expect(values.deviceData.snmp).toMatchObject({
      host: '10.0.0.5',
      port: 1161,
      protocolVersion: 'V1',
      community: 'private',
    });
    const saved = deviceOfValues({ ...values, label: ' L ', gateway: false }, device);
    expect(saved).toMatchObject({
      id: device.id,
      customerId: device.customerId,
      label: 'L',
      additionalInfo: {
        gateway: false,
        overwriteActivityTime: false,
        description: 'x',
        lastConnectedGateway: 'g',
      },
      deviceData: device.deviceData,
    });
    expect(saved).not.toHaveProperty('deviceProfileName');
  });

  it('builds device data per transport: SNMP v3 drops the community; CoAP keeps a chosen power mode', () => {
    const values = deviceDataValuesOf(device.deviceData.transportConfiguration);
    values.snmp.protocolVersion = 'V3';
    values.snmp.username = 'admin';
    const snmp = deviceDataOf('SNMP', values).transportConfiguration;
    expect(snmp).toMatchObject({
      type: 'SNMP',
      protocolVersion: 'V3',
      username: 'admin',
      authenticationProtocol: 'SHA_512',
    });
    expect(snmp).not.toHaveProperty('community');
    expect(deviceDataOf('COAP', { ...values, powerMode: '' }).transportConfiguration).toEqual({
      type: 'COAP',
    });
    expect(
      deviceDataOf('LWM2M', { ...values, powerMode: 'PSM', psmActivityTimer: 9 }).transportConfiguration,
    ).toEqual({
      type: 'LWM2M',
      powerMode: 'PSM',
      psmActivityTimer: 9,
    });
    expect(deviceDataOf('MQTT', values)).toEqual({
      configuration: { type: 'DEFAULT' },
      transportConfiguration: { type: 'MQTT' },
    });
  });

  it('credentials: token id; X.509 and MQTT values with the id left to the server', () => {
    const values = credentialsValuesOf(null);
    expect(credentialsOf({ ...values, accessToken: ' abc ' })).toEqual({
      credentialsType: 'ACCESS_TOKEN',
      credentialsId: 'abc',
      credentialsValue: null,
    });
    expect(credentialsOf({ ...values, credentialsType: 'X509_CERTIFICATE', certificate: 'PEM\n' })).toEqual({
      credentialsType: 'X509_CERTIFICATE',
      credentialsId: null,
      credentialsValue: 'PEM',
    });
    const mqtt = credentialsOf({ ...values, credentialsType: 'MQTT_BASIC', userName: 'u' });
    expect(mqtt.credentialsId).toBeNull();
    expect(JSON.parse(mqtt.credentialsValue ?? '')).toEqual({
      clientId: null,
      userName: 'u',
      password: null,
    });
    const read = credentialsValuesOf({
      credentialsType: 'MQTT_BASIC',
      credentialsId: 'h',
      credentialsValue: '{"clientId":"c","password":"p"}',
    });
    expect(read).toMatchObject({ credentialsType: 'MQTT_BASIC', clientId: 'c', userName: '', password: 'p' });
  });

  it('MQTT basic needs a client id or user name, and a password needs a user name', () => {
    expect(mqttBasicProblems({ clientId: '', userName: '', password: '' })).toEqual({
      clientId: 'device.client-id-or-user-name-required',
      password: null,
    });
    expect(mqttBasicProblems({ clientId: 'c', userName: '', password: 'p' })).toEqual({
      clientId: null,
      password: 'device.password-requires-user-name',
    });
    expect(mqttBasicProblems({ clientId: 'c', userName: 'u', password: 'p' })).toEqual({
      clientId: null,
      password: null,
    });
  });
});
