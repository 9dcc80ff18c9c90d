import {
  createDefaultDeviceProfileTransportConfiguration,
  DEVICE_TRANSPORT_TYPES,
  type DeviceProfileTransportConfiguration,
} from '@meridian/common';
import { describe, expect, it } from 'vitest';
import {
  newLwm2mServerValues,
  powerOf,
  provisionOf,
  provisionValuesOf,
  transportConfigurationOf,
  transportValuesOf,
} from './transport-values';

describe('transport values', () => {
  it('round-trips the default configuration of every transport type', () => {
    for (const type of DEVICE_TRANSPORT_TYPES) {
      const config = createDefaultDeviceProfileTransportConfiguration(type);
      const back = transportConfigurationOf(type, transportValuesOf(config));
      expect(back.type).toBe(type);
      if (type === 'MQTT' || type === 'SNMP' || type === 'DEFAULT') {
        expect(back).toEqual(config);
      }
    }
  });

  it('keeps Protobuf schemas and the compatibility flags of an MQTT profile', () => {
    const config: DeviceProfileTransportConfiguration = {
      type: 'MQTT',
      deviceTelemetryTopic: 'a/+/t',
      deviceAttributesTopic: 'a/+/at',
      transportPayloadTypeConfiguration: {
        transportPayloadType: 'PROTOBUF',
        deviceTelemetryProtoSchema: 'T',
        deviceAttributesProtoSchema: 'A',
        deviceRpcRequestProtoSchema: 'Q',
        deviceRpcResponseProtoSchema: 'R',
        enableCompatibilityWithJsonPayloadFormat: true,
        useJsonPayloadFormatForDefaultDownlinkTopics: true,
      },
    };
    expect(transportConfigurationOf('MQTT', transportValuesOf(config))).toEqual(config);
    const values = transportValuesOf(config);
    values.mqtt.enableCompatibilityWithJsonPayloadFormat = false;
    const out = transportConfigurationOf('MQTT', values);
    expect(out.type === 'MQTT' && out.transportPayloadTypeConfiguration).toMatchObject({
      enableCompatibilityWithJsonPayloadFormat: false,
      useJsonPayloadFormatForDefaultDownlinkTopics: false,
    });
  });

  it('CoAP: Efento devices carry no payload settings; timers follow the power mode', () => {
    const values = transportValuesOf(null);
    values.coap.coapDeviceType = 'EFENTO';
    values.coap.powerMode = 'E_DRX';
    expect(transportConfigurationOf('COAP', values)).toEqual({
      type: 'COAP',
      coapDeviceTypeConfiguration: { coapDeviceType: 'EFENTO' },
      clientSettings: { powerMode: 'E_DRX', edrxCycle: 81000, pagingTransmissionWindow: 10000 },
    });
    expect(
      powerOf({ powerMode: 'PSM', psmActivityTimer: 500, edrxCycle: 1, pagingTransmissionWindow: 2 }),
    ).toEqual({
      powerMode: 'PSM',
      psmActivityTimer: 500,
    });
    expect(
      powerOf({ powerMode: '', psmActivityTimer: 500, edrxCycle: 1, pagingTransmissionWindow: 2 }),
    ).toEqual({
      powerMode: null,
    });
  });

  it('LwM2M: servers, update resources only for the URL strategy, and the observe model', () => {
    const values = transportValuesOf(null);
    values.lwm2m.bootstrap = [newLwm2mServerValues(true)];
    values.lwm2m.fwUpdateStrategy = 2;
    values.lwm2m.fwUpdateResource = 'coap://fw';
    values.lwm2m.swUpdateResource = 'coap://sw';
    values.lwm2m.observeAttrJson =
      '{"observe":["/3_1.0/0/9"],"attribute":[],"telemetry":["/3_1.0/0/9"],"keyName":{"/3_1.0/0/9":"battery"},"attributeLwm2m":{}}';
    const out = transportConfigurationOf('LWM2M', values);
    expect(out).toMatchObject({
      type: 'LWM2M',
      observeAttr: { observe: ['/3_1.0/0/9'], keyName: { '/3_1.0/0/9': 'battery' } },
      bootstrap: [
        { bootstrapServerIs: true, securityMode: 'NO_SEC', port: 5685, binding: 'U', serverId: 111 },
      ],
      clientLwM2mSettings: {
        fwUpdateStrategy: 2,
        fwUpdateResource: 'coap://fw',
        swUpdateStrategy: 1,
        powerMode: 'DRX',
      },
    });
    expect(out.type === 'LWM2M' && out.clientLwM2mSettings).not.toHaveProperty('swUpdateResource');
  });

  it('SNMP: querying frequency only for polling configs; keys and OIDs trimmed', () => {
    const values = transportValuesOf(null);
    values.snmp.communicationConfigs = [
      {
        spec: 'TELEMETRY_QUERYING',
        queryingFrequencyMs: 1000,
        mappings: [{ dataType: 'LONG', key: ' temp ', oid: ' 1.3.6.1 ' }],
      },
      { spec: 'SHARED_ATTRIBUTES_SETTING', queryingFrequencyMs: 1000, mappings: [] },
    ];
    expect(transportConfigurationOf('SNMP', values)).toEqual({
      type: 'SNMP',
      timeoutMs: 500,
      retries: 0,
      communicationConfigs: [
        {
          spec: 'TELEMETRY_QUERYING',
          queryingFrequencyMs: 1000,
          mappings: [{ dataType: 'LONG', key: 'temp', oid: '1.3.6.1' }],
        },
        { spec: 'SHARED_ATTRIBUTES_SETTING', mappings: [] },
      ],
    });
  });

  it('provisioning: key and secret only while enabled', () => {
    expect(provisionOf({ type: 'DISABLED', provisionDeviceKey: 'k', provisionDeviceSecret: 's' })).toEqual({
      provisionType: 'DISABLED',
      provisionDeviceKey: null,
      provisionConfiguration: { type: 'DISABLED', provisionDeviceKey: null, provisionDeviceSecret: null },
    });
    expect(
      provisionOf({
        type: 'CHECK_PRE_PROVISIONED_DEVICES',
        provisionDeviceKey: ' k ',
        provisionDeviceSecret: 's',
      }),
    ).toEqual({
      provisionType: 'CHECK_PRE_PROVISIONED_DEVICES',
      provisionDeviceKey: 'k',
      provisionConfiguration: {
        type: 'CHECK_PRE_PROVISIONED_DEVICES',
        provisionDeviceKey: 'k',
        provisionDeviceSecret: 's',
      },
    });
    expect(provisionValuesOf(null)).toEqual({
      type: 'DISABLED',
      provisionDeviceKey: '',
      provisionDeviceSecret: '',
    });
  });
});
