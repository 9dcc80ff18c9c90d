import { createHmac } from 'node:crypto';
import type { JsonObject } from '@meridian/common';
import type { IClientOptions } from 'mqtt';
import { configObject, configString } from '../../config.js';
import { clientCredentials, nodeConfigSchema } from '../../config-schema.js';
import { defineNode, RuleNodeConfigError } from '../../node.js';
import { processPattern } from '../../services/msg-pattern.js';
import { configureMqtt, MQTT_PROPERTIES, type MqttConfig, MqttPublisher, mqttClientOptions } from './mqtt.js';

/** The IoT Hub MQTT API version the reference's client names in its user name. */
const API_VERSION = '2018-06-30';
/** How long a generated SAS token is valid (the reference's one year); renewed on every reconnect. */
const SAS_TOKEN_VALID_SECS = 365 * 24 * 60 * 60;

export interface AzureIotHubConfig extends MqttConfig {
  /** The device's shared access key (base64), when the device authenticates with SAS. */
  sas?: { sasKey: string; caCert: string };
}

/**
 * A device SAS token for IoT Hub: HMAC-SHA256 with the device key over the URL-encoded resource
 * URI and the expiry (seconds since the epoch).
 */
export function sasToken(host: string, deviceId: string, sasKey: string, expiry: number): string {
  const resourceUri = encodeURIComponent(`${host.toLowerCase()}/devices/${deviceId}`);
  const signature = createHmac('sha256', Buffer.from(sasKey, 'base64'))
    .update(`${resourceUri}\n${expiry}`)
    .digest('base64');
  return `SharedAccessSignature sr=${resourceUri}&sig=${encodeURIComponent(signature)}&se=${expiry}`;
}

function configure(raw: JsonObject): AzureIotHubConfig {
  const credentials = configObject(raw, 'credentials') ?? { type: 'sas' };
  const type = configString(credentials, 'type', 'sas');
  if (type !== 'sas' && type !== 'cert.PEM') {
    throw new RuleNodeConfigError(
      `'credentials.type' ${JSON.stringify(type)} is not supported; use one of sas, cert.PEM`,
    );
  }
  const isSas = type === 'sas';
  const base = configureMqtt(
    {
      ...raw,
      port: raw.port ?? 8883,
      ssl: raw.ssl ?? true,
      credentials: isSas ? { type: 'anonymous' } : credentials,
    },
    // 'anonymous' stands for SAS here: the SAS key is read below.
    isSas ? ['anonymous'] : ['cert.PEM'],
  );
  if (base.clientId === '')
    throw new RuleNodeConfigError("'clientId' (the IoT Hub device id) must not be empty");
  if (!isSas) return base;
  const sasKey = configString(credentials, 'sasKey', '').trim();
  if (sasKey === '' || Buffer.from(sasKey, 'base64').length === 0) {
    throw new RuleNodeConfigError("'credentials.sasKey' must be the device's base64 shared access key");
  }
  return { ...base, sas: { sasKey, caCert: configString(credentials, 'caCert', '') } };
}

/** The MQTT options IoT Hub expects of a device: its id as client id and the hub-scoped user name. */
export function azureClientOptions(config: AzureIotHubConfig, now: () => number): IClientOptions {
  const options = mqttClientOptions({ ...config, appendClientIdSuffix: false }, '');
  options.username = `${config.host}/${config.clientId}/?api-version=${API_VERSION}`;
  if (config.sas) {
    const expiry = Math.floor(now() / 1000) + SAS_TOKEN_VALID_SECS;
    options.password = sasToken(config.host, config.clientId, config.sas.sasKey, expiry);
    if (config.sas.caCert !== '') options.ca = config.sas.caCert;
  }
  return options;
}

/**
 * Publishes the message data to Azure IoT Hub as a device, over MQTT (reference
 * TbAzureIotHubNode): the device's SAS key or its PEM certificate authenticates it.
 */
export const azureIotHubNode = defineNode<AzureIotHubConfig>({
  clazz: 'org.thingsboard.rule.engine.mqtt.azure.TbAzureIotHubNode',
  type: 'EXTERNAL',
  name: 'azure iot hub',
  description: 'Publish messages to the Azure IoT Hub',
  details:
    'Will publish message payload to the Azure IoT Hub with QoS <b>AT_LEAST_ONCE</b>, as the device named by ' +
    '<code>clientId</code>. The topic is made from the <code>topicPattern</code>.',
  relationTypes: ['Success'],
  icon: 'call_split',
  configDirective: 'tbActionNodeAzureIotHubConfig',
  defaultConfiguration: {
    topicPattern: 'devices/<device_id>/messages/events/',
    host: '<iot-hub-name>.azure-devices.net',
    port: 8883,
    connectTimeoutSec: 10,
    cleanSession: true,
    ssl: true,
    credentials: { type: 'sas', sasKey: '', caCert: null, caCertFileName: null },
  },
  configurationSchema: nodeConfigSchema(
    {
      ...MQTT_PROPERTIES,
      credentials: clientCredentials(['sas', 'cert.PEM'], ['Shared Access Signature', 'PEM']),
    },
    ['topicPattern', 'host'],
  ),
  configure,
  create(config, { services }) {
    const publisher = new MqttPublisher(
      azureClientOptions(config, services.now),
      `${config.host}:${config.port}`,
      config.connectTimeoutSec * 1000,
      (options) => {
        if (config.sas) options.password = azureClientOptions(config, services.now).password;
      },
    );
    return {
      async onMsg(msg) {
        await publisher.publish(processPattern(config.topicPattern, msg), msg.data);
        return { msg, relations: ['Success'] };
      },
      destroy: () => publisher.close(),
    };
  },
});
