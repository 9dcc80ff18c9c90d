// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the reference's ${metadataKey} pattern syntax, not JS templates
import { randomUUID } from 'node:crypto';
import { type AddressInfo, createServer } from 'node:net';
import { type Channel, type ChannelModel, type ConsumeMessage, connect } from 'amqplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { rabbitMqNode } from './rabbitmq.js';
import { tcpProxy } from './test-proxy.js';

/** The machine's RabbitMQ broker. */
const BROKER = { host: '127.0.0.1', port: 5672, username: 'guest', password: 'guest' };

let connection: ChannelModel;
let channel: Channel;

beforeAll(async () => {
  connection = await connect({
    hostname: BROKER.host,
    port: BROKER.port,
    username: 'guest',
    password: 'guest',
  });
  channel = await connection.createChannel();
});

afterAll(async () => {
  await connection.close();
});

/** A fresh exclusive queue and the next message that lands in it. */
async function testQueue(): Promise<{ name: string; next(): Promise<ConsumeMessage> }> {
  const { queue } = await channel.assertQueue(`meridian-test-${randomUUID()}`, { exclusive: true });
  const received: ConsumeMessage[] = [];
  await channel.consume(queue, (message) => message && received.push(message), { noAck: true });
  return {
    name: queue,
    async next() {
      const until = Date.now() + 5000;
      while (Date.now() < until) {
        const message = received.shift();
        if (message) return message;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`nothing in ${queue}`);
    },
  };
}

describe('rabbitmq', () => {
  it('publishes the message data with the routing key pattern and the named properties', async () => {
    const queue = await testQueue();
    const node = await nodeHarness(
      rabbitMqNode,
      {
        ...rabbitMqNode.defaultConfiguration,
        ...BROKER,
        routingKeyPattern: '${queue}',
        messageProperties: 'PERSISTENT_TEXT_PLAIN',
      },
      {},
    );
    const msg = testMsg({ temperature: 30 }, { metadata: { queue: queue.name } });
    const [out] = await node.run(msg);
    expect(out?.relations).toEqual(['Success']);
    expect(out?.msg).toBe(msg);
    const got = await queue.next();
    expect(got.content.toString('utf8')).toBe('{"temperature":30}');
    expect(got.properties.contentType).toBe('text/plain');
    expect(got.properties.deliveryMode).toBe(2);
    await node.node.destroy?.();
  });

  it('publishes through a named exchange with a key from the data', async () => {
    const queue = await testQueue();
    await channel.bindQueue(queue.name, 'amq.direct', `key-${queue.name}`);
    const node = await nodeHarness(
      rabbitMqNode,
      {
        ...BROKER,
        exchangeNamePattern: '${exchange}',
        routingKeyPattern: 'key-$[target]',
        clientProperties: { app: 'meridian' },
      },
      {},
    );
    const [out] = await node.run(testMsg({ target: queue.name }, { metadata: { exchange: 'amq.direct' } }));
    expect(out?.relations).toEqual(['Success']);
    expect((await queue.next()).content.toString()).toBe(JSON.stringify({ target: queue.name }));
    await node.node.destroy?.();
  });

  it('fails a publish to a missing exchange and keeps working afterwards', async () => {
    const queue = await testQueue();
    const node = await nodeHarness(
      rabbitMqNode,
      { ...BROKER, exchangeNamePattern: '${exchange}', routingKeyPattern: queue.name },
      {},
    );
    await expect(node.run(testMsg({}, { metadata: { exchange: 'no-such-exchange' } }))).rejects.toThrow(
      /no exchange 'no-such-exchange'/,
    );
    const [out] = await node.run(testMsg({ again: true }, { metadata: { exchange: '' } }));
    expect(out?.relations).toEqual(['Success']);
    expect((await queue.next()).content.toString()).toBe('{"again":true}');
    await node.node.destroy?.();
  });

  it('fails clearly when the broker is unreachable or refuses the login', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const refused = await nodeHarness(rabbitMqNode, { ...BROKER, port, connectionTimeout: 1000 }, {});
    await expect(refused.run(testMsg({}))).rejects.toThrow(
      `Failed to connect to RabbitMQ at 127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    const badLogin = await nodeHarness(rabbitMqNode, { ...BROKER, password: 'wrong' }, {});
    await expect(badLogin.run(testMsg({}))).rejects.toThrow(
      /^Failed to connect to RabbitMQ at 127.0.0.1:5672: .*ACCESS_REFUSED/,
    );
    await refused.node.destroy?.();
    await badLogin.node.destroy?.();
  });

  it('opens a lost connection again on the next message only with automaticRecoveryEnabled', async () => {
    const queue = await testQueue();
    const proxy = await tcpProxy(BROKER.host, BROKER.port);
    const settings = { ...BROKER, port: proxy.port, routingKeyPattern: queue.name };
    const recovering = await nodeHarness(rabbitMqNode, { ...settings, automaticRecoveryEnabled: true }, {});
    const fixed = await nodeHarness(rabbitMqNode, { ...settings, automaticRecoveryEnabled: false }, {});
    for (const node of [recovering, fixed])
      expect((await node.run(testMsg({ n: 1 })))[0]?.relations).toEqual(['Success']);
    await queue.next();
    await queue.next();

    proxy.cut();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await recovering.run(testMsg({ n: 2 })))[0]?.relations).toEqual(['Success']);
    expect((await queue.next()).content.toString()).toBe('{"n":2}');
    await expect(fixed.run(testMsg({ n: 3 }))).rejects.toThrow(
      `Connection to RabbitMQ at 127.0.0.1:${proxy.port} was closed`,
    );
    await recovering.node.destroy?.();
    await fixed.node.destroy?.();
    await proxy.close();
  });

  it('refuses unknown message properties and bad numbers', () => {
    expect(() => rabbitMqNode.configure({ messageProperties: 'FANCY' })).toThrow(
      "'messageProperties' must be one of BASIC",
    );
    expect(() => rabbitMqNode.configure({ connectionTimeout: 0 })).toThrow(
      "'connectionTimeout' must be greater than 0",
    );
    expect(() => rabbitMqNode.configure(rabbitMqNode.defaultConfiguration)).not.toThrow();
  });
});
