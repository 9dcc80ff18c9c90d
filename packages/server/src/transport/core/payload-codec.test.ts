import {
  createDefaultCoapTransportConfiguration,
  createDefaultDeviceProfileData,
  createTransportPayloadTypeConfiguration,
} from '@meridian/common';
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { stringifyLossless } from '../../telemetry/json-lossless.js';
import { TelemetryInputError } from '../../telemetry/values.js';
import { PayloadCodec } from './payload-codec.js';
import type { DeviceIdentity } from './types.js';

// Inner comes first: the reference reads with the last top-level message.
const TELEMETRY_SCHEMA = `syntax = "proto3";
package t;
message Inner { bool ok = 1; }
message Reading {
  optional double temperature = 1;
  int64 counter = 2;
  string device_name = 3;
  Inner inner = 4;
  repeated sint64 samples = 5;
}`;

function mqttDevice(payload: 'JSON' | 'PROTOBUF', compatible = false): DeviceIdentity {
  const profileData = createDefaultDeviceProfileData('MQTT');
  const transport = profileData.transportConfiguration;
  if (transport.type !== 'MQTT') throw new Error('expected MQTT');
  const config = createTransportPayloadTypeConfiguration(payload);
  if (config.transportPayloadType === 'PROTOBUF') {
    config.deviceTelemetryProtoSchema = TELEMETRY_SCHEMA;
    config.enableCompatibilityWithJsonPayloadFormat = compatible;
  }
  transport.transportPayloadTypeConfiguration = config;
  return {
    tenantId: 't',
    customerId: null,
    deviceId: 'd',
    deviceName: 'D',
    deviceType: 'default',
    deviceProfileId: 'p',
    profileData,
    provisionType: 'DISABLED',
    gateway: false,
    ruleChainId: null,
    queueName: null,
  };
}

const readingType = protobuf.parse(TELEMETRY_SCHEMA).root.lookupType('t.Reading');
const encode = (object: Record<string, unknown>) =>
  readingType.encode(readingType.fromObject(object)).finish();
const text = (value: Parameters<typeof stringifyLossless>[0]) => stringifyLossless(value);

describe('PayloadCodec', () => {
  const codec = new PayloadCodec();

  it('reads JSON text and bytes, keeping number literals', () => {
    const device = mqttDevice('JSON');
    expect(text(codec.decode(device, 'MQTT', 'telemetry', '{"a":9223372036854775807}'))).toBe(
      '{"a":9223372036854775807}',
    );
    expect(text(codec.decode(device, 'MQTT', 'telemetry', Buffer.from('[1.50]')))).toBe('[1.50]');
  });

  it('rejects what is not JSON with a clear TelemetryInputError', () => {
    const device = mqttDevice('JSON');
    expect(() => codec.decode(device, 'MQTT', 'telemetry', '{"a":')).toThrow(TelemetryInputError);
    expect(() => codec.decode(device, 'MQTT', 'telemetry', '{"a":')).toThrow(/Invalid JSON payload/);
    expect(() => codec.decode(device, 'MQTT', 'telemetry', Buffer.from([0xff, 0xfe]))).toThrow(/not UTF-8/);
  });

  it("decodes protobuf with the profile's telemetry schema, 64-bit integers exact", () => {
    const device = mqttDevice('PROTOBUF');
    const payload = encode({
      temperature: 21.5,
      counter: '9223372036854775807',
      deviceName: 'x',
      inner: { ok: true },
      samples: ['-9007199254740993', '2'],
    });
    expect(text(codec.decode(device, 'MQTT', 'telemetry', payload))).toBe(
      '{"samples":[-9007199254740993,2],"counter":9223372036854775807,"deviceName":"x","inner":{"ok":true},"temperature":21.5}',
    );
  });

  it('includes scalar defaults but not unset optional fields, like the reference printer', () => {
    const device = mqttDevice('PROTOBUF');
    expect(text(codec.decode(device, 'MQTT', 'telemetry', encode({})))).toBe(
      '{"samples":[],"counter":0,"deviceName":"","inner":null}',
    );
  });

  it('falls back to JSON only when the profile allows it, and obeys a forced format', () => {
    const json = Buffer.from('{"temperature":1}');
    expect(() => codec.decode(mqttDevice('PROTOBUF'), 'MQTT', 'telemetry', json)).toThrow(
      TelemetryInputError,
    );
    expect(text(codec.decode(mqttDevice('PROTOBUF', true), 'MQTT', 'telemetry', json))).toBe(
      '{"temperature":1}',
    );
    expect(text(codec.decode(mqttDevice('PROTOBUF'), 'MQTT', 'telemetry', json, 'JSON'))).toBe(
      '{"temperature":1}',
    );
    const proto = encode({ temperature: 2 });
    expect(() => codec.decode(mqttDevice('JSON'), 'MQTT', 'telemetry', proto, 'PROTOBUF')).toThrow(
      'The device profile defines no protobuf schema for telemetry',
    );
    // A forced format is never second-guessed, even where the profile allows JSON.
    expect(() => codec.decode(mqttDevice('PROTOBUF', true), 'MQTT', 'telemetry', json, 'PROTOBUF')).toThrow(
      TelemetryInputError,
    );
  });

  it('uses JSON on HTTP and on transports the profile does not configure', () => {
    const device = mqttDevice('PROTOBUF');
    expect(text(codec.decode(device, 'HTTP', 'telemetry', '{"a":1}'))).toBe('{"a":1}');
    expect(text(codec.decode(device, 'COAP', 'telemetry', '{"a":1}'))).toBe('{"a":1}');
    const coap = {
      ...device,
      profileData: {
        ...device.profileData,
        transportConfiguration: createDefaultCoapTransportConfiguration(),
      },
    };
    expect(text(codec.decode(coap, 'COAP', 'attributes', '{"b":2}'))).toBe('{"b":2}');
  });

  it('reads attribute requests and client RPCs as AttributesRequest and RpcRequest', () => {
    const device = mqttDevice('PROTOBUF');
    // As ThingsBoard's transport.proto declares them (TransportApiProtos).
    const root = protobuf.parse(`syntax = "proto3";
      message AttributesRequest { string clientKeys = 1; string sharedKeys = 2; }
      message RpcRequest { string method = 1; string params = 2; }`).root;
    const request = root.lookupType('AttributesRequest');
    const asRequest = (object: Record<string, unknown>) =>
      codec.decode(device, 'MQTT', 'attributesRequest', request.encode(request.fromObject(object)).finish());
    expect(text(asRequest({ clientKeys: 'a,b', sharedKeys: 'c' }))).toBe(
      '{"clientKeys":"a,b","sharedKeys":"c"}',
    );
    expect(text(asRequest({ sharedKeys: 'c' }))).toBe('{"sharedKeys":"c"}');
    expect(text(asRequest({}))).toBe('{}');

    const rpc = root.lookupType('RpcRequest');
    const asRpc = (object: Record<string, unknown>) =>
      codec.decode(device, 'MQTT', 'clientRpc', rpc.encode(rpc.fromObject(object)).finish());
    expect(text(asRpc({ method: 'getTime', params: '{"x":1}' }))).toBe(
      '{"method":"getTime","params":{"x":1}}',
    );
    // params is JSON text: a JSON string or number stays one; no params is JSON null.
    expect(text(asRpc({ method: 'echo', params: '"hi"' }))).toBe('{"method":"echo","params":"hi"}');
    expect(text(asRpc({ method: 'n', params: '12345678901234567890' }))).toBe(
      '{"method":"n","params":12345678901234567890}',
    );
    expect(text(asRpc({ method: 'ping' }))).toBe('{"method":"ping","params":null}');
    expect(() => asRpc({ method: 'bad', params: '{oops' })).toThrow(TelemetryInputError);
  });

  it('uses the last top-level message of a profile schema, like the reference', () => {
    const device = mqttDevice('PROTOBUF');
    const transport = device.profileData.transportConfiguration;
    if (
      transport.type !== 'MQTT' ||
      transport.transportPayloadTypeConfiguration.transportPayloadType !== 'PROTOBUF'
    )
      throw new Error('expected an MQTT PROTOBUF profile');
    const schema = `syntax = "proto3";
      package two;
      message First { string name = 1; }
      message Second { int32 level = 1; }`;
    transport.transportPayloadTypeConfiguration.deviceAttributesProtoSchema = schema;
    const second = protobuf.parse(schema).root.lookupType('two.Second');
    const bytes = second.encode(second.fromObject({ level: 7 })).finish();
    expect(text(codec.decode(device, 'MQTT', 'attributes', bytes))).toBe('{"level":7}');
  });

  it('reports a broken schema or undecodable bytes clearly', () => {
    const device = mqttDevice('PROTOBUF');
    const transport = device.profileData.transportConfiguration;
    if (
      transport.type === 'MQTT' &&
      transport.transportPayloadTypeConfiguration.transportPayloadType === 'PROTOBUF'
    )
      transport.transportPayloadTypeConfiguration.deviceTelemetryProtoSchema = 'message {';
    expect(() => codec.decode(device, 'MQTT', 'telemetry', Buffer.from([1]))).toThrow(
      /Invalid protobuf schema/,
    );
    expect(() =>
      codec.decode(mqttDevice('PROTOBUF'), 'MQTT', 'telemetry', Buffer.from([0x0a, 0xff])),
    ).toThrow(/Failed to decode protobuf payload as Reading/);
  });
});
