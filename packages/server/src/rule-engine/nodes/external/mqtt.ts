// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the reference's ${metadataKey} pattern syntax, not JS templates

import type { ConfigSchema } from '@meridian/common';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { configBoolean, configInteger, configString } from '../../config.js';
import { clientCredentials, flag, integer, nodeConfigSchema, text } from '../../config-schema.js';
import { defineNode, RuleNodeConfigError } from '../../node.js';
import { processPattern } from '../../services/msg-pattern.js';
import { type ClientCredentials, configCredentials, pemTlsOptions } from './credentials.js';
import { withTimeout } from './with-timeout.js';

export interface MqttConfig {
  topicPattern: string;
  host: string;
  port: number;
  connectTimeoutSec: number;
  clientId: string;
  appendClientIdSuffix: boolean;
  cleanSession: boolean;
  ssl: boolean;
  credentials: ClientCredentials;
}

/** mqtt.js options of a node: MQTT 3.1.1 as the reference's client, reconnecting on its own. */
export function mqttClientOptions(config: MqttConfig, serviceId: string): IClientOptions {
  const clientId =
    config.clientId !== '' && config.appendClientIdSuffix
      ? `${config.clientId}_${serviceId}`
      : config.clientId;
  const credentials = config.credentials;
  return {
    protocol: config.ssl ? 'mqtts' : 'mqtt',
    host: config.host,
    port: config.port,
    protocolVersion: 4,
    clean: config.cleanSession,
    connectTimeout: config.connectTimeoutSec * 1000,
    reconnectPeriod: 5000,
    // While disconnected a message fails rather than piling up in memory.
    queueQoSZero: false,
    ...(clientId !== '' ? { clientId } : {}),
    ...(credentials.type === 'basic'
      ? {
          username: credentials.username,
          ...(credentials.password !== '' ? { password: credentials.password } : {}),
        }
      : {}),
    ...(config.ssl ? pemTlsOptions(credentials) : {}),
  };
}

/**
 * One broker connection per node, kept open and re-established by the client. A message waits for
 * a connection at most `connectTimeoutSec`, and as long again for the broker's PUBACK.
 */
export class MqttPublisher {
  private readonly client: MqttClient;
  private lastError: string | undefined;

  /** `renew` refreshes time-limited options (a SAS token) before each reconnect. */
  constructor(
    options: IClientOptions,
    private readonly address: string,
    private readonly timeoutMs: number,
    renew?: (options: IClientOptions) => void,
  ) {
    this.client = mqtt.connect(options);
    if (renew) this.client.on('reconnect', () => renew(this.client.options));
    // Without a listener an error event would throw; the reason is kept for the next failure.
    this.client.on('error', (error) => {
      this.lastError = error.message;
    });
    this.client.on('connect', () => {
      this.lastError = undefined;
    });
  }

  async publish(topic: string, payload: string): Promise<void> {
    if (!this.client.connected) await this.awaitConnection();
    await withTimeout(
      this.client.publishAsync(topic, payload, { qos: 1, retain: false }),
      this.timeoutMs,
      `Timed out after ${this.timeoutMs} ms waiting for the MQTT broker at ${this.address} to acknowledge`,
    );
  }

  private awaitConnection(): Promise<void> {
    return new Promise((resolve, reject) => {
      const onConnect = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.client.off('connect', onConnect);
        const reason = this.lastError ?? 'no answer';
        reject(new Error(`Not connected to MQTT broker at ${this.address}: ${reason}`));
      }, this.timeoutMs);
      this.client.once('connect', onConnect);
    });
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}

export function configureMqtt(
  raw: Parameters<typeof configString>[0],
  credentialTypes: Parameters<typeof configCredentials>[1],
): MqttConfig {
  const host = configString(raw, 'host', '').trim();
  if (host === '') throw new RuleNodeConfigError("'host' must not be empty");
  const port = configInteger(raw, 'port', 1883);
  if (port < 1 || port > 65535) throw new RuleNodeConfigError("'port' must be between 1 and 65535");
  const connectTimeoutSec = configInteger(raw, 'connectTimeoutSec', 10);
  if (connectTimeoutSec < 1) throw new RuleNodeConfigError("'connectTimeoutSec' must be at least 1");
  const topicPattern = configString(raw, 'topicPattern', 'my-topic');
  if (topicPattern.trim() === '') throw new RuleNodeConfigError("'topicPattern' must not be empty");
  return {
    topicPattern,
    host,
    port,
    connectTimeoutSec,
    clientId: configString(raw, 'clientId', '').trim(),
    appendClientIdSuffix: configBoolean(raw, 'appendClientIdSuffix', false),
    cleanSession: configBoolean(raw, 'cleanSession', true),
    ssl: configBoolean(raw, 'ssl', false),
    credentials: configCredentials(raw, credentialTypes),
  };
}

/**
 * Publishes the message data to an MQTT broker at QoS 1, on a topic made from the message
 * (reference TbMqttNode); the message goes on unchanged with Success once the broker acknowledged.
 */
/** The broker settings the MQTT and Azure IoT Hub nodes share (credentials differ). */
export const MQTT_PROPERTIES: Record<string, ConfigSchema> = {
  topicPattern: text('Topic pattern'),
  host: text('Host'),
  port: integer('Port', { minimum: 1, maximum: 65535 }),
  connectTimeoutSec: integer('Connection timeout (sec)', { minimum: 1, maximum: 200 }),
  clientId: text('Client ID'),
  appendClientIdSuffix: flag('Add Service ID as suffix to Client ID'),
  cleanSession: flag('Clean session'),
  ssl: flag('Enable SSL'),
};

export const mqttNode = defineNode<MqttConfig>({
  clazz: 'org.thingsboard.rule.engine.mqtt.TbMqttNode',
  type: 'EXTERNAL',
  name: 'mqtt',
  description: 'Publish messages to the MQTT broker',
  details:
    'Will publish message payload to the MQTT broker with QoS <b>AT_LEAST_ONCE</b>. ' +
    'The topic is made from the <code>topicPattern</code>: <code>${metadataKey}</code> takes a metadata value ' +
    'and <code>$[dataKey]</code> a value of the message data.',
  relationTypes: ['Success'],
  icon: 'call_split',
  configDirective: 'tbActionNodeMqttConfig',
  defaultConfiguration: {
    topicPattern: 'my-topic',
    port: 1883,
    connectTimeoutSec: 10,
    cleanSession: true,
    ssl: false,
    credentials: { type: 'anonymous' },
  },
  configurationSchema: nodeConfigSchema(
    {
      ...MQTT_PROPERTIES,
      credentials: clientCredentials(['anonymous', 'basic', 'cert.PEM'], ['Anonymous', 'Basic', 'PEM']),
    },
    ['topicPattern'],
  ),
  configure: (raw) => configureMqtt(raw, ['anonymous', 'basic', 'cert.PEM']),
  create(config, { services }) {
    const publisher = new MqttPublisher(
      mqttClientOptions(config, services.serviceId),
      `${config.host}:${config.port}`,
      config.connectTimeoutSec * 1000,
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
