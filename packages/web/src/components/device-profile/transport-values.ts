import {
  type CoapDeviceProfileTransportConfiguration,
  type CoapDeviceType,
  createDefaultDeviceProfileTransportConfiguration,
  createTransportPayloadTypeConfiguration,
  DEFAULT_EDRX_CYCLE_MS,
  DEFAULT_PAGING_TRANSMISSION_WINDOW_MS,
  DEFAULT_PSM_ACTIVITY_TIMER_MS,
  type DeviceProfile,
  type DeviceProfileTransportConfiguration,
  type DeviceProvisionType,
  type DeviceTransportType,
  LWM2M_SERVER_PORT,
  type Lwm2mBindingMode,
  type Lwm2mDeviceProfileTransportConfiguration,
  type Lwm2mSecurityMode,
  type Lwm2mServerSecurityConfig,
  type MqttDeviceProfileTransportConfiguration,
  type PowerMode,
  SAMPLE_PROTO_SCHEMAS,
  SNMP_POLLING_SPEC_TYPES,
  type SnmpCommunicationConfig,
  type SnmpDeviceProfileTransportConfiguration,
  type SnmpSpecType,
  type TelemetryDataType,
  type TransportPayloadType,
  type TransportPayloadTypeConfiguration,
} from '@meridian/common';

/**
 * Form values of a device profile's transport configuration and provisioning, kept per transport
 * type so switching types in the form does not lose what was typed, and converted back to the wire
 * shapes of reference §1.5 on save.
 */

export interface PayloadValues {
  payloadType: TransportPayloadType;
  telemetrySchema: string;
  attributesSchema: string;
  rpcRequestSchema: string;
  rpcResponseSchema: string;
  enableCompatibilityWithJsonPayloadFormat: boolean;
  useJsonPayloadFormatForDefaultDownlinkTopics: boolean;
}

/** Power-saving settings; '' in `powerMode` means none set. Timers in ms. */
export interface PowerValues {
  powerMode: PowerMode | '';
  psmActivityTimer: number | null;
  edrxCycle: number | null;
  pagingTransmissionWindow: number | null;
}

export interface MqttValues extends PayloadValues {
  deviceTelemetryTopic: string;
  deviceAttributesTopic: string;
}

export interface CoapValues extends PayloadValues, PowerValues {
  coapDeviceType: CoapDeviceType;
}

export interface Lwm2mServerValues {
  bootstrapServerIs: boolean;
  securityMode: Lwm2mSecurityMode;
  serverId: number | null;
  host: string;
  port: number | null;
  clientHoldOffTime: number | null;
  bootstrapServerAccountTimeout: number | null;
  serverPublicKey: string;
  lifetime: number | null;
  defaultMinPeriod: number | null;
  binding: Lwm2mBindingMode;
  notifIfDisabled: boolean;
}

export interface Lwm2mValues extends PowerValues {
  fwUpdateStrategy: number;
  swUpdateStrategy: number;
  fwUpdateResource: string;
  swUpdateResource: string;
  clientOnlyObserveAfterConnect: boolean;
  compositeOperationsSupport: boolean;
  bootstrapServerUpdateEnable: boolean;
  bootstrap: Lwm2mServerValues[];
  /** The observe / attribute / telemetry model as JSON text. */
  observeAttrJson: string;
}

export interface SnmpMappingValues {
  dataType: TelemetryDataType;
  key: string;
  oid: string;
}

export interface SnmpConfigValues {
  spec: SnmpSpecType;
  queryingFrequencyMs: number | null;
  mappings: SnmpMappingValues[];
}

export interface SnmpValues {
  timeoutMs: number | null;
  retries: number | null;
  communicationConfigs: SnmpConfigValues[];
}

export interface TransportValues {
  mqtt: MqttValues;
  coap: CoapValues;
  lwm2m: Lwm2mValues;
  snmp: SnmpValues;
}

export interface ProvisionValues {
  type: DeviceProvisionType;
  provisionDeviceKey: string;
  provisionDeviceSecret: string;
}

/** What a form holding a transport configuration and provisioning has at its root. */
export interface TransportFormHost {
  transportType: DeviceTransportType;
  transport: TransportValues;
  provision: ProvisionValues;
}

/** Default querying frequency of a new SNMP polling config, ms. */
export const DEFAULT_SNMP_QUERYING_FREQUENCY_MS = 5000;

/** LwM2M firmware and software update strategies the profile can choose from. */
export const LWM2M_FW_UPDATE_STRATEGIES = [1, 2, 3] as const;
export const LWM2M_SW_UPDATE_STRATEGIES = [1, 2] as const;
/** Strategy 2 downloads the package from a URL resource. */
export const LWM2M_URL_UPDATE_STRATEGY = 2;

function payloadValuesOf(config: TransportPayloadTypeConfiguration | undefined): PayloadValues {
  const proto = config?.transportPayloadType === 'PROTOBUF' ? config : null;
  return {
    payloadType: config?.transportPayloadType ?? 'JSON',
    telemetrySchema: proto?.deviceTelemetryProtoSchema ?? SAMPLE_PROTO_SCHEMAS.telemetry,
    attributesSchema: proto?.deviceAttributesProtoSchema ?? SAMPLE_PROTO_SCHEMAS.attributes,
    rpcRequestSchema: proto?.deviceRpcRequestProtoSchema ?? SAMPLE_PROTO_SCHEMAS.rpcRequest,
    rpcResponseSchema: proto?.deviceRpcResponseProtoSchema ?? SAMPLE_PROTO_SCHEMAS.rpcResponse,
    enableCompatibilityWithJsonPayloadFormat: config?.enableCompatibilityWithJsonPayloadFormat === true,
    useJsonPayloadFormatForDefaultDownlinkTopics:
      config?.useJsonPayloadFormatForDefaultDownlinkTopics === true,
  };
}

/** Payload settings for the wire; MQTT writes both compatibility flags (off) with JSON too (spec 2 §9). */
function payloadOf(values: PayloadValues, mqtt: boolean): TransportPayloadTypeConfiguration {
  if (values.payloadType === 'JSON') {
    return mqtt
      ? {
          transportPayloadType: 'JSON',
          enableCompatibilityWithJsonPayloadFormat: false,
          useJsonPayloadFormatForDefaultDownlinkTopics: false,
        }
      : createTransportPayloadTypeConfiguration('JSON');
  }
  return {
    transportPayloadType: 'PROTOBUF',
    deviceTelemetryProtoSchema: values.telemetrySchema,
    deviceAttributesProtoSchema: values.attributesSchema,
    deviceRpcRequestProtoSchema: values.rpcRequestSchema,
    deviceRpcResponseProtoSchema: values.rpcResponseSchema,
    enableCompatibilityWithJsonPayloadFormat: values.enableCompatibilityWithJsonPayloadFormat,
    useJsonPayloadFormatForDefaultDownlinkTopics:
      values.enableCompatibilityWithJsonPayloadFormat && values.useJsonPayloadFormatForDefaultDownlinkTopics,
  };
}

function powerValuesOf(
  settings:
    | {
        powerMode?: PowerMode | null;
        psmActivityTimer?: number;
        edrxCycle?: number;
        pagingTransmissionWindow?: number;
      }
    | undefined,
): PowerValues {
  return {
    powerMode: settings?.powerMode ?? '',
    psmActivityTimer: settings?.psmActivityTimer ?? DEFAULT_PSM_ACTIVITY_TIMER_MS,
    edrxCycle: settings?.edrxCycle ?? DEFAULT_EDRX_CYCLE_MS,
    pagingTransmissionWindow: settings?.pagingTransmissionWindow ?? DEFAULT_PAGING_TRANSMISSION_WINDOW_MS,
  };
}

/** The power settings for the wire: timers only for the mode that uses them. */
export function powerOf(values: PowerValues): {
  powerMode: PowerMode | null;
  psmActivityTimer?: number;
  edrxCycle?: number;
  pagingTransmissionWindow?: number;
} {
  const mode = values.powerMode === '' ? null : values.powerMode;
  const result: ReturnType<typeof powerOf> = { powerMode: mode };
  if (mode === 'PSM' && values.psmActivityTimer !== null) {
    result.psmActivityTimer = values.psmActivityTimer;
  }
  if (mode === 'E_DRX') {
    if (values.edrxCycle !== null) {
      result.edrxCycle = values.edrxCycle;
    }
    if (values.pagingTransmissionWindow !== null) {
      result.pagingTransmissionWindow = values.pagingTransmissionWindow;
    }
  }
  return result;
}

function serverValuesOf(server: Lwm2mServerSecurityConfig): Lwm2mServerValues {
  return {
    bootstrapServerIs: server.bootstrapServerIs === true,
    securityMode: server.securityMode,
    serverId: server.serverId ?? null,
    host: server.host,
    port: server.port,
    clientHoldOffTime: server.clientHoldOffTime ?? null,
    bootstrapServerAccountTimeout: server.bootstrapServerAccountTimeout ?? null,
    serverPublicKey: server.serverPublicKey ?? '',
    lifetime: server.lifetime ?? null,
    defaultMinPeriod: server.defaultMinPeriod ?? null,
    binding: server.binding ?? 'U',
    notifIfDisabled: server.notifIfDisabled === true,
  };
}

/** A new LwM2M server entry: the LwM2M server port, no security, binding U. */
export function newLwm2mServerValues(bootstrap: boolean): Lwm2mServerValues {
  return {
    bootstrapServerIs: bootstrap,
    securityMode: 'NO_SEC',
    serverId: bootstrap ? 111 : 123,
    host: '0.0.0.0',
    port: LWM2M_SERVER_PORT,
    clientHoldOffTime: 1,
    bootstrapServerAccountTimeout: 0,
    serverPublicKey: '',
    lifetime: 300,
    defaultMinPeriod: 1,
    binding: 'U',
    notifIfDisabled: true,
  };
}

function serverOf(values: Lwm2mServerValues): Lwm2mServerSecurityConfig {
  const server: Lwm2mServerSecurityConfig = {
    host: values.host.trim(),
    port: values.port ?? LWM2M_SERVER_PORT,
    securityMode: values.securityMode,
    bootstrapServerIs: values.bootstrapServerIs,
    binding: values.binding,
    notifIfDisabled: values.notifIfDisabled,
  };
  if (values.securityMode !== 'NO_SEC' && values.serverPublicKey.trim()) {
    server.serverPublicKey = values.serverPublicKey.trim();
  }
  const numbers = [
    'serverId',
    'clientHoldOffTime',
    'bootstrapServerAccountTimeout',
    'lifetime',
    'defaultMinPeriod',
  ] as const;
  for (const key of numbers) {
    const value = values[key];
    if (value !== null) {
      server[key] = value;
    }
  }
  return server;
}

/** Form values of every transport type; the profile's own type is filled from its configuration. */
export function transportValuesOf(
  config: DeviceProfileTransportConfiguration | null | undefined,
): TransportValues {
  const mqtt = (
    config?.type === 'MQTT' ? config : createDefaultDeviceProfileTransportConfiguration('MQTT')
  ) as MqttDeviceProfileTransportConfiguration;
  const coap = (
    config?.type === 'COAP' ? config : createDefaultDeviceProfileTransportConfiguration('COAP')
  ) as CoapDeviceProfileTransportConfiguration;
  const lwm2m = (
    config?.type === 'LWM2M' ? config : createDefaultDeviceProfileTransportConfiguration('LWM2M')
  ) as Lwm2mDeviceProfileTransportConfiguration;
  const snmp = (
    config?.type === 'SNMP' ? config : createDefaultDeviceProfileTransportConfiguration('SNMP')
  ) as SnmpDeviceProfileTransportConfiguration;
  const coapType = coap.coapDeviceTypeConfiguration;
  return {
    mqtt: {
      deviceTelemetryTopic: mqtt.deviceTelemetryTopic,
      deviceAttributesTopic: mqtt.deviceAttributesTopic,
      ...payloadValuesOf(mqtt.transportPayloadTypeConfiguration),
    },
    coap: {
      coapDeviceType: coapType.coapDeviceType,
      ...payloadValuesOf(
        coapType.coapDeviceType === 'DEFAULT' ? coapType.transportPayloadTypeConfiguration : undefined,
      ),
      ...powerValuesOf(coap.clientSettings),
    },
    lwm2m: {
      fwUpdateStrategy: lwm2m.clientLwM2mSettings.fwUpdateStrategy,
      swUpdateStrategy: lwm2m.clientLwM2mSettings.swUpdateStrategy,
      fwUpdateResource: lwm2m.clientLwM2mSettings.fwUpdateResource ?? '',
      swUpdateResource: lwm2m.clientLwM2mSettings.swUpdateResource ?? '',
      clientOnlyObserveAfterConnect: lwm2m.clientLwM2mSettings.clientOnlyObserveAfterConnect !== 2,
      compositeOperationsSupport: lwm2m.clientLwM2mSettings.compositeOperationsSupport === true,
      bootstrapServerUpdateEnable: lwm2m.bootstrapServerUpdateEnable === true,
      bootstrap: lwm2m.bootstrap.map(serverValuesOf),
      observeAttrJson: JSON.stringify(lwm2m.observeAttr, null, 2),
      ...powerValuesOf(lwm2m.clientLwM2mSettings),
    },
    snmp: {
      timeoutMs: snmp.timeoutMs,
      retries: snmp.retries,
      communicationConfigs: snmp.communicationConfigs.map((item) => ({
        spec: item.spec,
        queryingFrequencyMs: item.queryingFrequencyMs ?? null,
        mappings: item.mappings.map((mapping) => ({ ...mapping })),
      })),
    },
  };
}

/** True when a config of this spec type polls the device and so has a querying frequency. */
export function isPollingSpec(spec: SnmpSpecType): boolean {
  return (SNMP_POLLING_SPEC_TYPES as readonly SnmpSpecType[]).includes(spec);
}

/** Parses the LwM2M observe model text; null when it is not a JSON object. */
export function parseObserveAttr(
  text: string,
): Lwm2mDeviceProfileTransportConfiguration['observeAttr'] | null {
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Lwm2mDeviceProfileTransportConfiguration['observeAttr'])
      : null;
  } catch {
    return null;
  }
}

/** The wire transport configuration of the chosen type, built from the form values. */
export function transportConfigurationOf(
  type: DeviceTransportType,
  values: TransportValues,
): DeviceProfileTransportConfiguration {
  switch (type) {
    case 'DEFAULT':
      return { type: 'DEFAULT' };
    case 'MQTT':
      return {
        type: 'MQTT',
        deviceTelemetryTopic: values.mqtt.deviceTelemetryTopic.trim(),
        deviceAttributesTopic: values.mqtt.deviceAttributesTopic.trim(),
        transportPayloadTypeConfiguration: payloadOf(values.mqtt, true),
      };
    case 'COAP':
      return {
        type: 'COAP',
        coapDeviceTypeConfiguration:
          values.coap.coapDeviceType === 'EFENTO'
            ? { coapDeviceType: 'EFENTO' }
            : { coapDeviceType: 'DEFAULT', transportPayloadTypeConfiguration: payloadOf(values.coap, false) },
        clientSettings: powerOf(values.coap),
      };
    case 'LWM2M': {
      const lwm2m = values.lwm2m;
      const defaults = createDefaultDeviceProfileTransportConfiguration(
        'LWM2M',
      ) as Lwm2mDeviceProfileTransportConfiguration;
      const settings: Lwm2mDeviceProfileTransportConfiguration['clientLwM2mSettings'] = {
        clientOnlyObserveAfterConnect: lwm2m.clientOnlyObserveAfterConnect ? 1 : 2,
        fwUpdateStrategy: lwm2m.fwUpdateStrategy,
        swUpdateStrategy: lwm2m.swUpdateStrategy,
        compositeOperationsSupport: lwm2m.compositeOperationsSupport,
        ...powerOf(lwm2m),
      };
      if (lwm2m.fwUpdateStrategy === LWM2M_URL_UPDATE_STRATEGY && lwm2m.fwUpdateResource.trim()) {
        settings.fwUpdateResource = lwm2m.fwUpdateResource.trim();
      }
      if (lwm2m.swUpdateStrategy === LWM2M_URL_UPDATE_STRATEGY && lwm2m.swUpdateResource.trim()) {
        settings.swUpdateResource = lwm2m.swUpdateResource.trim();
      }
      return {
        type: 'LWM2M',
        observeAttr: parseObserveAttr(lwm2m.observeAttrJson) ?? defaults.observeAttr,
        bootstrap: lwm2m.bootstrap.map(serverOf),
        clientLwM2mSettings: settings,
        bootstrapServerUpdateEnable: lwm2m.bootstrapServerUpdateEnable,
      };
    }
    case 'SNMP':
      return {
        type: 'SNMP',
        timeoutMs: values.snmp.timeoutMs ?? 0,
        retries: values.snmp.retries ?? 0,
        communicationConfigs: values.snmp.communicationConfigs.map((item): SnmpCommunicationConfig => {
          const config: SnmpCommunicationConfig = {
            spec: item.spec,
            mappings: item.mappings.map((mapping) => ({
              dataType: mapping.dataType,
              key: mapping.key.trim(),
              oid: mapping.oid.trim(),
            })),
          };
          if (isPollingSpec(item.spec)) {
            config.queryingFrequencyMs = item.queryingFrequencyMs ?? DEFAULT_SNMP_QUERYING_FREQUENCY_MS;
          }
          return config;
        }),
      };
  }
}

export function provisionValuesOf(
  profile: Pick<DeviceProfile, 'provisionType' | 'provisionDeviceKey' | 'profileData'> | null,
): ProvisionValues {
  return {
    type: profile?.provisionType ?? 'DISABLED',
    provisionDeviceKey: profile?.provisionDeviceKey ?? '',
    provisionDeviceSecret: profile?.profileData.provisionConfiguration.provisionDeviceSecret ?? '',
  };
}

/** Provisioning for the wire: key and secret only when provisioning is enabled. */
export function provisionOf(values: ProvisionValues): Pick<
  DeviceProfile,
  'provisionType' | 'provisionDeviceKey'
> & {
  provisionConfiguration: DeviceProfile['profileData']['provisionConfiguration'];
} {
  const enabled = values.type !== 'DISABLED';
  const key = enabled ? values.provisionDeviceKey.trim() : null;
  const secret = enabled ? values.provisionDeviceSecret.trim() : null;
  return {
    provisionType: values.type,
    provisionDeviceKey: key,
    provisionConfiguration: { type: values.type, provisionDeviceSecret: secret, provisionDeviceKey: key },
  };
}
