// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the reference's ${metadataKey} pattern syntax, not JS templates
import type { JsonObject } from '@meridian/common';
import type { ChannelModel, ConfirmChannel, Options } from 'amqplib';
import { configBoolean, configInteger, configString, configStringMap } from '../../config.js';
import { flag, integer, nodeConfigSchema, optionalText, stringMap, text } from '../../config-schema.js';
import { defineNode, RuleNodeConfigError } from '../../node.js';
import { processPattern } from '../../services/msg-pattern.js';
import { withTimeout } from './with-timeout.js';

/**
 * The Java client's predefined message properties (com.rabbitmq.client.MessageProperties) the
 * reference offers by name: content type and delivery mode (1 transient, 2 persistent).
 */
const MESSAGE_PROPERTIES: Readonly<Record<string, Options.Publish>> = {
  BASIC: { contentType: 'application/octet-stream', deliveryMode: 1, priority: 0 },
  TEXT_PLAIN: { contentType: 'text/plain', deliveryMode: 1, priority: 0 },
  MINIMAL_BASIC: {},
  MINIMAL_PERSISTENT_BASIC: { deliveryMode: 2 },
  PERSISTENT_BASIC: { contentType: 'application/octet-stream', deliveryMode: 2, priority: 0 },
  PERSISTENT_TEXT_PLAIN: { contentType: 'text/plain', deliveryMode: 2, priority: 0 },
};

export interface RabbitMqConfig {
  exchangeNamePattern: string;
  routingKeyPattern: string;
  messageProperties: Options.Publish;
  host: string;
  port: number;
  virtualHost: string;
  username: string;
  password: string;
  automaticRecoveryEnabled: boolean;
  connectionTimeout: number;
  handshakeTimeout: number;
  clientProperties: Record<string, string>;
}

function positive(raw: JsonObject, key: string, fallback: number): number {
  const value = configInteger(raw, key, fallback);
  if (value <= 0) throw new RuleNodeConfigError(`'${key}' must be greater than 0`);
  return value;
}

function configure(raw: JsonObject): RabbitMqConfig {
  const propertiesName = configString(raw, 'messageProperties', '').trim();
  const messageProperties = propertiesName === '' ? {} : MESSAGE_PROPERTIES[propertiesName];
  if (messageProperties === undefined) {
    throw new RuleNodeConfigError(
      `'messageProperties' must be one of ${Object.keys(MESSAGE_PROPERTIES).join(', ')} (got ${JSON.stringify(propertiesName)})`,
    );
  }
  const host = configString(raw, 'host', 'localhost').trim();
  if (host === '') throw new RuleNodeConfigError("'host' must not be empty");
  const port = configInteger(raw, 'port', 5672);
  if (port < 1 || port > 65535) throw new RuleNodeConfigError("'port' must be between 1 and 65535");
  return {
    exchangeNamePattern: configString(raw, 'exchangeNamePattern', ''),
    routingKeyPattern: configString(raw, 'routingKeyPattern', ''),
    messageProperties,
    host,
    port,
    virtualHost: configString(raw, 'virtualHost', '/') || '/',
    username: configString(raw, 'username', 'guest'),
    password: configString(raw, 'password', 'guest'),
    automaticRecoveryEnabled: configBoolean(raw, 'automaticRecoveryEnabled', false),
    connectionTimeout: positive(raw, 'connectionTimeout', 60000),
    handshakeTimeout: positive(raw, 'handshakeTimeout', 10000),
    clientProperties: configStringMap(raw, 'clientProperties'),
  };
}

/**
 * One AMQP connection and confirm channel per node, opened on the first message. A channel the
 * broker closed (e.g. after a publish to a missing exchange) is opened again by the next message.
 * A lost connection is opened again by the next message when `automaticRecoveryEnabled`;
 * otherwise every message reports the loss, as the reference's client without recovery does,
 * until the chain is restarted.
 */
class RabbitMqPublisher {
  private connecting: Promise<ChannelModel> | undefined;
  private opening: Promise<ConfirmChannel> | undefined;
  private lost: string | undefined;
  private closed = false;

  constructor(private readonly config: RabbitMqConfig) {}

  private get address(): string {
    return `${this.config.host}:${this.config.port}`;
  }

  private connection(): Promise<ChannelModel> {
    if (this.lost !== undefined && !this.config.automaticRecoveryEnabled) {
      return Promise.reject(new Error(this.lost));
    }
    this.connecting ??= this.connect().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  private channel(): Promise<ConfirmChannel> {
    this.opening ??= this.connection()
      .then(async (connection) => {
        const channel = await connection.createConfirmChannel();
        // The broker's reason for closing the channel is better than the confirm's "channel closed".
        channel.on('error', (error: Error) => channelErrors.set(channel, error.message));
        channel.on('close', () => {
          this.opening = undefined;
        });
        return channel;
      })
      .catch((error: unknown) => {
        this.opening = undefined;
        throw error;
      });
    return this.opening;
  }

  private async connect(): Promise<ChannelModel> {
    const { config } = this;
    const { connect } = await import('amqplib');
    const connecting = connect(
      {
        protocol: 'amqp',
        hostname: config.host,
        port: config.port,
        vhost: config.virtualHost,
        username: config.username,
        password: config.password,
      },
      { timeout: config.connectionTimeout, clientProperties: config.clientProperties },
    );
    let connection: ChannelModel;
    try {
      // The socket timeout bounds the TCP connect; the handshake gets its own time on top.
      connection = await withTimeout(
        connecting,
        config.connectionTimeout + config.handshakeTimeout,
        'timed out opening the connection',
      );
    } catch (error) {
      connecting.then((late) => late.close()).catch(() => {});
      throw new Error(`Failed to connect to RabbitMQ at ${this.address}: ${reason(error)}`);
    }
    if (this.closed) {
      await connection.close();
      throw new Error('The node was stopped');
    }
    connection.on('error', () => {});
    connection.on('close', (error?: Error) => {
      this.connecting = undefined;
      this.opening = undefined;
      if (!this.closed) {
        this.lost = `Connection to RabbitMQ at ${this.address} was closed${error ? `: ${error.message}` : ''}`;
      }
    });
    this.lost = undefined;
    return connection;
  }

  async publish(exchange: string, routingKey: string, payload: string): Promise<void> {
    const channel = await this.channel();
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        channel.publish(
          exchange,
          routingKey,
          Buffer.from(payload, 'utf8'),
          this.config.messageProperties,
          (error) => {
            if (!error) return resolve();
            // The channel's error event may come just after the refused confirm.
            setImmediate(() => {
              const why = channelErrors.get(channel) ?? reason(error);
              reject(new Error(`RabbitMQ did not accept the message: ${why}`));
            });
          },
        );
      }),
      this.config.connectionTimeout,
      `Timed out waiting for RabbitMQ at ${this.address} to confirm the message`,
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    const connection = await this.connecting?.catch(() => undefined);
    await connection?.close().catch(() => {});
  }
}

const channelErrors = new WeakMap<ConfirmChannel, string>();

function reason(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/**
 * Publishes the message data to a RabbitMQ exchange with a routing key made from the message
 * (reference TbRabbitMqNode); the message goes on unchanged with Success once the broker
 * confirmed it.
 */
export const rabbitMqNode = defineNode<RabbitMqConfig>({
  clazz: 'org.thingsboard.rule.engine.rabbitmq.TbRabbitMqNode',
  type: 'EXTERNAL',
  name: 'rabbitmq',
  description: 'Publish messages to the RabbitMQ',
  details:
    'Will publish message payload to RabbitMQ queue. The exchange and routing key are made from their patterns: ' +
    '<code>${metadataKey}</code> takes a metadata value and <code>$[dataKey]</code> a value of the message data.',
  relationTypes: ['Success'],
  icon: 'call_split',
  configDirective: 'tbActionNodeRabbitMqConfig',
  defaultConfiguration: {
    exchangeNamePattern: null,
    routingKeyPattern: null,
    messageProperties: null,
    host: 'localhost',
    port: 5672,
    virtualHost: '/',
    username: 'guest',
    password: 'guest',
    automaticRecoveryEnabled: false,
    connectionTimeout: 60000,
    handshakeTimeout: 10000,
    clientProperties: {},
  },
  configurationSchema: nodeConfigSchema(
    {
      exchangeNamePattern: optionalText('Exchange name pattern'),
      routingKeyPattern: optionalText('Routing key pattern'),
      messageProperties: {
        type: ['string', 'null'],
        title: 'Message properties',
        enum: [null, ...Object.keys(MESSAGE_PROPERTIES)],
        enumNames: ['', ...Object.keys(MESSAGE_PROPERTIES)],
      },
      host: text('Host'),
      port: integer('Port', { minimum: 1, maximum: 65535 }),
      virtualHost: text('Virtual host'),
      username: text('Username'),
      password: text('Password'),
      automaticRecoveryEnabled: flag('Automatic recovery'),
      connectionTimeout: integer('Connection timeout (ms)', { minimum: 1 }),
      handshakeTimeout: integer('Handshake timeout (ms)', { minimum: 1 }),
      clientProperties: stringMap('Client properties'),
    },
    ['host', 'port'],
  ),
  configure,
  create(config) {
    const publisher = new RabbitMqPublisher(config);
    return {
      async onMsg(msg) {
        await publisher.publish(
          processPattern(config.exchangeNamePattern, msg),
          processPattern(config.routingKeyPattern, msg),
          msg.data,
        );
        return { msg, relations: ['Success'] };
      },
      destroy: () => publisher.close(),
    };
  },
});
