import type { JsonObject } from '@meridian/common';
import type { KafkaConfig as ClientConfig, IHeaders, Producer, SASLOptions } from 'kafkajs';
import { configBoolean, configInteger, configString, configStringMap } from '../../config.js';
import { choice, flag, integer, nodeConfigSchema, stringMap, text } from '../../config-schema.js';
import { changeMsg } from '../../message.js';
import { defineNode, RuleNodeConfigError } from '../../node.js';
import { processPattern } from '../../services/msg-pattern.js';
import { withTimeout } from './with-timeout.js';

const STRING_SERIALIZER = 'org.apache.kafka.common.serialization.StringSerializer';
/** Serializers that send the message data's text as it is. */
const TEXT_SERIALIZERS = [STRING_SERIALIZER, 'org.apache.kafka.common.serialization.ByteArraySerializer'];
/** Metadata becomes headers named with this prefix (the reference's). */
const HEADER_PREFIX = 'tb_msg_md_';
const CHARSETS: Readonly<Record<string, BufferEncoding>> = {
  'UTF-8': 'utf8',
  'US-ASCII': 'ascii',
  'ISO-8859-1': 'latin1',
  'UTF-16LE': 'utf16le',
};

export interface KafkaConfig {
  topicPattern: string;
  brokers: string[];
  retries: number;
  acks: -1 | 0 | 1;
  addMetadataKeyValuesAsKafkaHeaders: boolean;
  headersEncoding: BufferEncoding;
  client: Pick<ClientConfig, 'ssl' | 'sasl' | 'clientId' | 'requestTimeout' | 'connectionTimeout'>;
}

/** `sasl.jaas.config` of the PLAIN and SCRAM login modules: `... username="u" password="p";`. */
function jaasCredentials(jaas: string): { username: string; password: string } {
  const field = (name: string) => new RegExp(`${name}\\s*=\\s*"([^"]*)"`).exec(jaas)?.[1];
  const username = field('username');
  const password = field('password');
  if (username === undefined || password === undefined) {
    throw new RuleNodeConfigError(
      '\'otherProperties.sasl.jaas.config\' must name username="..." and password="..."',
    );
  }
  return { username, password };
}

/**
 * The Java producer properties of `otherProperties` that mean something to this client: security
 * (TLS, SASL PLAIN / SCRAM), client id and timeouts. Others are refused by name rather than
 * silently ignored.
 */
function clientOptions(properties: Record<string, string>): KafkaConfig['client'] {
  const known = new Set([
    'security.protocol',
    'sasl.mechanism',
    'sasl.jaas.config',
    'client.id',
    'request.timeout.ms',
    'connections.max.idle.ms',
  ]);
  const unknown = Object.keys(properties).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new RuleNodeConfigError(
      `'otherProperties' ${unknown.map((name) => JSON.stringify(name)).join(', ')} not supported; supported: ${[...known].join(', ')}`,
    );
  }
  const protocol = (properties['security.protocol'] ?? 'PLAINTEXT').toUpperCase();
  if (!['PLAINTEXT', 'SSL', 'SASL_PLAINTEXT', 'SASL_SSL'].includes(protocol)) {
    throw new RuleNodeConfigError(
      `'otherProperties.security.protocol' ${JSON.stringify(protocol)} is not supported`,
    );
  }
  const options: KafkaConfig['client'] = { connectionTimeout: 10_000, requestTimeout: 30_000 };
  if (protocol === 'SSL' || protocol === 'SASL_SSL') options.ssl = true;
  if (protocol.startsWith('SASL_')) {
    const mechanism = (properties['sasl.mechanism'] ?? 'PLAIN').toUpperCase();
    const { username, password } = jaasCredentials(properties['sasl.jaas.config'] ?? '');
    const sasl: Record<string, SASLOptions> = {
      PLAIN: { mechanism: 'plain', username, password },
      'SCRAM-SHA-256': { mechanism: 'scram-sha-256', username, password },
      'SCRAM-SHA-512': { mechanism: 'scram-sha-512', username, password },
    };
    const chosen = sasl[mechanism];
    if (!chosen) {
      throw new RuleNodeConfigError(
        `'otherProperties.sasl.mechanism' must be one of ${Object.keys(sasl).join(', ')} (got ${JSON.stringify(mechanism)})`,
      );
    }
    options.sasl = chosen;
  }
  if (properties['client.id']) options.clientId = properties['client.id'];
  if (properties['request.timeout.ms']) {
    const timeout = Number(properties['request.timeout.ms']);
    if (!Number.isInteger(timeout) || timeout <= 0) {
      throw new RuleNodeConfigError("'otherProperties.request.timeout.ms' must be a positive whole number");
    }
    options.requestTimeout = timeout;
  }
  return options;
}

function configure(raw: JsonObject): KafkaConfig {
  const topicPattern = configString(raw, 'topicPattern', 'my-topic');
  if (topicPattern.trim() === '') throw new RuleNodeConfigError("'topicPattern' must not be empty");
  const brokers = configString(raw, 'bootstrapServers', 'localhost:9092')
    .split(',')
    .map((server) => server.trim())
    .filter((server) => server !== '');
  if (brokers.length === 0)
    throw new RuleNodeConfigError("'bootstrapServers' must name at least one host:port");
  for (const broker of brokers) {
    if (!/^[^\s:]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$/.test(broker)) {
      throw new RuleNodeConfigError(`'bootstrapServers' entry ${JSON.stringify(broker)} must be host:port`);
    }
  }
  const acks = configString(raw, 'acks', '-1').trim();
  const acksValue = acks === 'all' || acks === '-1' ? -1 : acks === '0' ? 0 : acks === '1' ? 1 : undefined;
  if (acksValue === undefined) throw new RuleNodeConfigError("'acks' must be one of all, -1, 0, 1");
  for (const key of ['keySerializer', 'valueSerializer']) {
    const serializer = configString(raw, key, STRING_SERIALIZER);
    if (!TEXT_SERIALIZERS.includes(serializer)) {
      throw new RuleNodeConfigError(`'${key}' must be one of ${TEXT_SERIALIZERS.join(', ')}`);
    }
  }
  const retries = configInteger(raw, 'retries', 0);
  if (retries < 0) throw new RuleNodeConfigError("'retries' must not be negative");
  // batchSize, linger and bufferMemory tune the Java producer's batching; this client sends each
  // message as it comes, so they are read (and checked) but change nothing.
  for (const key of ['batchSize', 'linger', 'bufferMemory']) configInteger(raw, key, 0);
  const charset = configString(raw, 'kafkaHeadersCharset', 'UTF-8').toUpperCase();
  const headersEncoding = CHARSETS[charset];
  if (!headersEncoding) {
    throw new RuleNodeConfigError(`'kafkaHeadersCharset' must be one of ${Object.keys(CHARSETS).join(', ')}`);
  }
  return {
    topicPattern,
    brokers,
    retries,
    acks: acksValue,
    addMetadataKeyValuesAsKafkaHeaders: configBoolean(raw, 'addMetadataKeyValuesAsKafkaHeaders', false),
    headersEncoding,
    client: clientOptions(configStringMap(raw, 'otherProperties')),
  };
}

/**
 * Sends the message data to a Kafka topic made from the message (reference TbKafkaNode); the
 * message goes on with the record's `offset`, `partition` and `topic` in its metadata.
 */
export const kafkaNode = defineNode<KafkaConfig>({
  clazz: 'org.thingsboard.rule.engine.kafka.TbKafkaNode',
  type: 'EXTERNAL',
  name: 'kafka',
  description: 'Publish messages to Kafka server',
  details:
    'Will send record via Kafka producer to Kafka server. Outbound message will contain response fields ' +
    '(<code>offset</code>, <code>partition</code>, <code>topic</code>) from the Kafka in the Message Metadata. ' +
    'For example <b>partition</b> field can be accessed with <code>metadata.partition</code>.',
  relationTypes: ['Success'],
  icon: 'call_split',
  configDirective: 'tbActionNodeKafkaConfig',
  defaultConfiguration: {
    topicPattern: 'my-topic',
    bootstrapServers: 'localhost:9092',
    retries: 0,
    batchSize: 16384,
    linger: 0,
    bufferMemory: 33554432,
    acks: '-1',
    keySerializer: STRING_SERIALIZER,
    valueSerializer: STRING_SERIALIZER,
    otherProperties: {},
    addMetadataKeyValuesAsKafkaHeaders: false,
    kafkaHeadersCharset: 'UTF-8',
  },
  configurationSchema: nodeConfigSchema(
    {
      topicPattern: text('Topic pattern'),
      bootstrapServers: text('Bootstrap servers'),
      retries: integer('Automatically retry times if fails', { minimum: 0 }),
      batchSize: integer('Produces batch size in bytes', { minimum: 0 }),
      linger: integer('Time to buffer locally (ms)', { minimum: 0 }),
      bufferMemory: integer('Client buffer max size in bytes', { minimum: 0 }),
      acks: choice('Number of acknowledgments', ['all', '-1', '0', '1'], ['all', '-1', '0', '1']),
      keySerializer: choice('Key serializer', TEXT_SERIALIZERS, TEXT_SERIALIZERS),
      valueSerializer: choice('Value serializer', TEXT_SERIALIZERS, TEXT_SERIALIZERS),
      otherProperties: stringMap('Other properties'),
      addMetadataKeyValuesAsKafkaHeaders: flag(
        'Add Message metadata key-value pairs to Kafka record headers',
      ),
      kafkaHeadersCharset: choice('Charset encoding', Object.keys(CHARSETS), Object.keys(CHARSETS)),
    },
    ['topicPattern', 'bootstrapServers'],
  ),
  configure,
  async create(config, { self }) {
    const { Kafka, logLevel, Partitioners } = await import('kafkajs');
    const kafka = new Kafka({
      clientId: config.client.clientId ?? `meridian-${self.id}`,
      brokers: config.brokers,
      ...config.client,
      retry: { retries: config.retries },
      // kafkajs logs to the console by default; its errors reach the message's Failure instead.
      logLevel: logLevel.NOTHING,
    });
    const producer: Producer = kafka.producer({
      allowAutoTopicCreation: true,
      // Named, so kafkajs does not warn on the console that its default changed in v2.
      createPartitioner: Partitioners.DefaultPartitioner,
    });
    let connecting: Promise<void> | undefined;
    const connected = () => {
      connecting ??= producer.connect().catch((error: unknown) => {
        connecting = undefined;
        throw error;
      });
      return connecting;
    };
    // Bounds one message: connecting, every retry and the broker's acknowledgement.
    const timeoutMs =
      ((config.client.connectionTimeout ?? 10_000) + (config.client.requestTimeout ?? 30_000)) *
      (config.retries + 1);
    return {
      async onMsg(msg) {
        const topic = processPattern(config.topicPattern, msg);
        let headers: IHeaders | undefined;
        if (config.addMetadataKeyValuesAsKafkaHeaders) {
          headers = {};
          for (const [key, value] of Object.entries(msg.metadata)) {
            headers[`${HEADER_PREFIX}${key}`] = Buffer.from(value, config.headersEncoding);
          }
        }
        let sent: Awaited<ReturnType<Producer['send']>>;
        try {
          sent = await withTimeout(
            (async () => {
              await connected();
              return producer.send({
                topic,
                acks: config.acks,
                messages: [{ value: msg.data, ...(headers ? { headers } : {}) }],
              });
            })(),
            timeoutMs,
            `Timed out after ${timeoutMs} ms sending to Kafka at ${config.brokers.join(',')}`,
          );
        } catch (error) {
          const text = error instanceof Error ? error.message : String(error);
          throw new Error(`Failed to send to Kafka topic '${topic}' at ${config.brokers.join(',')}: ${text}`);
        }
        const record = sent[0];
        const metadata = { ...msg.metadata, topic };
        if (record) {
          Object.assign(metadata, {
            offset: record.baseOffset ?? record.offset ?? '',
            partition: String(record.partition),
            topic: record.topicName,
          });
        }
        return { msg: changeMsg(msg, { metadata }), relations: ['Success'] };
      },
      async destroy() {
        await producer.disconnect().catch(() => {});
      },
    };
  },
});
