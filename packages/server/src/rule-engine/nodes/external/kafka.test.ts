// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the reference's ${metadataKey} pattern syntax, not JS templates
import { type AddressInfo, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { type KafkaConfig, kafkaNode } from './kafka.js';

/** No Kafka broker runs on this machine: these tests cover the settings and an unreachable broker. */
describe('kafka', () => {
  it('reads the reference settings and the security properties it can honour', () => {
    expect(kafkaNode.configure(kafkaNode.defaultConfiguration)).toMatchObject({
      topicPattern: 'my-topic',
      brokers: ['localhost:9092'],
      retries: 0,
      acks: -1,
      addMetadataKeyValuesAsKafkaHeaders: false,
      headersEncoding: 'utf8',
    });
    const secured = kafkaNode.configure({
      ...kafkaNode.defaultConfiguration,
      bootstrapServers: 'k1:9093, k2:9093',
      acks: 'all',
      otherProperties: {
        'security.protocol': 'SASL_SSL',
        'sasl.mechanism': 'SCRAM-SHA-512',
        'sasl.jaas.config':
          'org.apache.kafka.common.security.scram.ScramLoginModule required username="meridian" password="s3cret";',
        'request.timeout.ms': '5000',
      },
    }) as KafkaConfig;
    expect(secured.brokers).toEqual(['k1:9093', 'k2:9093']);
    expect(secured.client).toMatchObject({
      ssl: true,
      sasl: { mechanism: 'scram-sha-512', username: 'meridian', password: 's3cret' },
      requestTimeout: 5000,
    });
  });

  it('refuses what it cannot honour, by name', () => {
    const base = kafkaNode.defaultConfiguration;
    expect(() => kafkaNode.configure({ ...base, acks: '2' })).toThrow("'acks' must be one of all, -1, 0, 1");
    expect(() => kafkaNode.configure({ ...base, bootstrapServers: 'no-port' })).toThrow(
      `'bootstrapServers' entry "no-port" must be host:port`,
    );
    expect(() =>
      kafkaNode.configure({ ...base, valueSerializer: 'io.confluent.kafka.serializers.KafkaAvroSerializer' }),
    ).toThrow("'valueSerializer' must be one of");
    expect(() => kafkaNode.configure({ ...base, otherProperties: { 'compression.type': 'lz4' } })).toThrow(
      `'otherProperties' "compression.type" not supported`,
    );
    expect(() =>
      kafkaNode.configure({
        ...base,
        otherProperties: {
          'security.protocol': 'SASL_PLAINTEXT',
          'sasl.mechanism': 'GSSAPI',
          'sasl.jaas.config': 'x username="a" password="b";',
        },
      }),
    ).toThrow("'otherProperties.sasl.mechanism' must be one of PLAIN, SCRAM-SHA-256, SCRAM-SHA-512");
  });

  it('fails a message clearly and quickly when the broker is unreachable', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const node = await nodeHarness(
      kafkaNode,
      {
        ...kafkaNode.defaultConfiguration,
        bootstrapServers: `127.0.0.1:${port}`,
        topicPattern: 'readings-${deviceType}',
      },
      {},
    );
    const started = Date.now();
    await expect(node.run(testMsg({}))).rejects.toThrow(
      new RegExp(
        `^Failed to send to Kafka topic 'readings-default' at 127\\.0\\.0\\.1:${port}: .*ECONNREFUSED`,
      ),
    );
    expect(Date.now() - started).toBeLessThan(5000);
    await node.node.destroy?.();
  });
});
