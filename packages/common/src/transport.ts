/**
 * Device transports: payload types, MQTT and CoAP settings of a device profile, and their defaults
 * (spec 2 §3 "Device profile", §9; reference §1.5 `profileData.transportConfiguration`, §4.3).
 */

/** Transport types of a device profile and of a device's transport configuration. */
export const DEVICE_TRANSPORT_TYPES = ['DEFAULT', 'MQTT', 'COAP', 'LWM2M', 'SNMP'] as const;
export type DeviceTransportType = (typeof DEVICE_TRANSPORT_TYPES)[number];

/** Payload encodings a device may use over MQTT or CoAP. */
export const TRANSPORT_PAYLOAD_TYPES = ['JSON', 'PROTOBUF'] as const;
export type TransportPayloadType = (typeof TRANSPORT_PAYLOAD_TYPES)[number];

/** CoAP device flavours: generic devices or Efento sensors (served under `/efento`). */
export const COAP_DEVICE_TYPES = ['DEFAULT', 'EFENTO'] as const;
export type CoapDeviceType = (typeof COAP_DEVICE_TYPES)[number];

/** Power-saving modes of constrained (CoAP / LwM2M) devices. */
export const POWER_MODES = ['PSM', 'DRX', 'E_DRX'] as const;
export type PowerMode = (typeof POWER_MODES)[number];

/** Default MQTT topic devices publish telemetry to. */
export const DEFAULT_MQTT_TELEMETRY_TOPIC = 'v1/devices/me/telemetry';
/** Default MQTT topic devices publish client attributes to (and receive shared attribute updates on). */
export const DEFAULT_MQTT_ATTRIBUTES_TOPIC = 'v1/devices/me/attributes';

/** Default CoAP power mode. */
export const DEFAULT_POWER_MODE: PowerMode = 'DRX';
/**
 * Default PSM activity timer, eDRX cycle and paging transmission window (ms) of CoAP/LwM2M client
 * settings. Spec 2 lists the numbers 10000, 81000 and 10000 without naming them; reference §7.1 names
 * the CoAP `psm_activity_timer` and `paging_transmission_window` as 10000, which leaves 81000 for the
 * eDRX cycle.
 */
export const DEFAULT_PSM_ACTIVITY_TIMER_MS = 10000;
export const DEFAULT_EDRX_CYCLE_MS = 81000;
export const DEFAULT_PAGING_TRANSMISSION_WINDOW_MS = 10000;

export interface JsonTransportPayloadTypeConfiguration {
  transportPayloadType: 'JSON';
  /** The console writes both flags with JSON too (off); the reference only reads them for PROTOBUF. */
  enableCompatibilityWithJsonPayloadFormat?: boolean;
  useJsonPayloadFormatForDefaultDownlinkTopics?: boolean;
}

export interface ProtoTransportPayloadTypeConfiguration {
  transportPayloadType: 'PROTOBUF';
  deviceTelemetryProtoSchema: string;
  deviceAttributesProtoSchema: string;
  deviceRpcRequestProtoSchema: string;
  deviceRpcResponseProtoSchema: string;
  enableCompatibilityWithJsonPayloadFormat?: boolean;
  useJsonPayloadFormatForDefaultDownlinkTopics?: boolean;
}

export type TransportPayloadTypeConfiguration =
  | JsonTransportPayloadTypeConfiguration
  | ProtoTransportPayloadTypeConfiguration;

export interface DefaultDeviceProfileTransportConfiguration {
  type: 'DEFAULT';
}

/** MQTT settings of a profile: topic filters devices publish to and the payload encoding. */
export interface MqttDeviceProfileTransportConfiguration {
  type: 'MQTT';
  deviceTelemetryTopic: string;
  deviceAttributesTopic: string;
  transportPayloadTypeConfiguration: TransportPayloadTypeConfiguration;
}

export interface CoapClientSettings {
  powerMode?: PowerMode | null;
  psmActivityTimer?: number;
  edrxCycle?: number;
  pagingTransmissionWindow?: number;
}

export interface DefaultCoapDeviceTypeConfiguration {
  coapDeviceType: 'DEFAULT';
  transportPayloadTypeConfiguration: TransportPayloadTypeConfiguration;
}

export interface EfentoCoapDeviceTypeConfiguration {
  coapDeviceType: 'EFENTO';
}

export type CoapDeviceTypeConfiguration =
  | DefaultCoapDeviceTypeConfiguration
  | EfentoCoapDeviceTypeConfiguration;

/** CoAP settings of a profile: device flavour with payload encoding, and power-saving settings. */
export interface CoapDeviceProfileTransportConfiguration {
  type: 'COAP';
  coapDeviceTypeConfiguration: CoapDeviceTypeConfiguration;
  clientSettings: CoapClientSettings;
}

/**
 * Sample `.proto` definitions offered when a profile switches to PROTOBUF payloads (spec 2 §3: one
 * each for telemetry, attributes, RPC request and RPC response). Our own examples; devices replace them.
 */
export const SAMPLE_PROTO_SCHEMAS = {
  telemetry: [
    'syntax = "proto3";',
    'package telemetry;',
    '',
    'message SensorReading {',
    '  optional double temperature = 1;',
    '  optional double humidity = 2;',
    '  optional bool active = 3;',
    '}',
  ].join('\n'),
  attributes: [
    'syntax = "proto3";',
    'package attributes;',
    '',
    'message DeviceInfo {',
    '  optional string serialNumber = 1;',
    '  optional string firmwareVersion = 2;',
    '}',
  ].join('\n'),
  rpcRequest: [
    'syntax = "proto3";',
    'package rpc;',
    '',
    'message RpcRequest {',
    '  optional string method = 1;',
    '  optional int32 requestId = 2;',
    '  optional string params = 3;',
    '}',
  ].join('\n'),
  rpcResponse: [
    'syntax = "proto3";',
    'package rpc;',
    '',
    'message RpcResponse {',
    '  optional string payload = 1;',
    '}',
  ].join('\n'),
} as const;

/** Payload settings for a payload type: JSON, or PROTOBUF seeded with {@link SAMPLE_PROTO_SCHEMAS}. */
export function createTransportPayloadTypeConfiguration(
  type: TransportPayloadType,
): TransportPayloadTypeConfiguration {
  if (type === 'JSON') {
    return { transportPayloadType: 'JSON' };
  }
  return {
    transportPayloadType: 'PROTOBUF',
    deviceTelemetryProtoSchema: SAMPLE_PROTO_SCHEMAS.telemetry,
    deviceAttributesProtoSchema: SAMPLE_PROTO_SCHEMAS.attributes,
    deviceRpcRequestProtoSchema: SAMPLE_PROTO_SCHEMAS.rpcRequest,
    deviceRpcResponseProtoSchema: SAMPLE_PROTO_SCHEMAS.rpcResponse,
    enableCompatibilityWithJsonPayloadFormat: false,
    useJsonPayloadFormatForDefaultDownlinkTopics: false,
  };
}

/** MQTT profile defaults (spec 2 §9): the v1 topics, JSON payload, both compatibility flags off. */
export function createDefaultMqttTransportConfiguration(): MqttDeviceProfileTransportConfiguration {
  return {
    type: 'MQTT',
    deviceTelemetryTopic: DEFAULT_MQTT_TELEMETRY_TOPIC,
    deviceAttributesTopic: DEFAULT_MQTT_ATTRIBUTES_TOPIC,
    transportPayloadTypeConfiguration: {
      transportPayloadType: 'JSON',
      enableCompatibilityWithJsonPayloadFormat: false,
      useJsonPayloadFormatForDefaultDownlinkTopics: false,
    },
  };
}

/** CoAP profile defaults (spec 2 §9): device type DEFAULT, JSON payload, power mode DRX. */
export function createDefaultCoapTransportConfiguration(): CoapDeviceProfileTransportConfiguration {
  return {
    type: 'COAP',
    coapDeviceTypeConfiguration: {
      coapDeviceType: 'DEFAULT',
      transportPayloadTypeConfiguration: createTransportPayloadTypeConfiguration('JSON'),
    },
    clientSettings: { powerMode: DEFAULT_POWER_MODE },
  };
}
