// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the reference's ${metadataKey} pattern syntax, not JS templates

import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { mqttClientOptions, mqttNode } from './mqtt.js';
import { tcpProxy } from './test-proxy.js';

/** The machine's Mosquitto broker (anonymous, plain MQTT). */
const BROKER = { host: '127.0.0.1', port: 1883 };

let subscriber: MqttClient;
const received: { topic: string; payload: string; qos: number }[] = [];

beforeAll(async () => {
  subscriber = await mqtt.connectAsync({ ...BROKER, protocol: 'mqtt', reconnectPeriod: 0 });
  subscriber.on('message', (topic, payload, packet) => {
    received.push({ topic, payload: payload.toString('utf8'), qos: packet.qos });
  });
  await subscriber.subscribeAsync('meridian-test/#', { qos: 1 });
});

afterAll(async () => {
  await subscriber.endAsync(true);
});

async function nextMessage(topic: string, timeoutMs = 5000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const found = received.find((m) => m.topic === topic);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`nothing on ${topic}`);
}

describe('mqtt', () => {
  it('publishes the message data at QoS 1 to the patterned topic of a real broker', async () => {
    const run = `${Date.now()}`;
    const node = await nodeHarness(
      mqttNode,
      {
        ...mqttNode.defaultConfiguration,
        ...BROKER,
        topicPattern: `meridian-test/${run}/\${deviceName}/$[room]`,
      },
      { serviceId: 'test-service' },
    );
    const msg = testMsg({ room: 'hall', temperature: 19.5 });
    const [out] = await node.run(msg);
    expect(out?.relations).toEqual(['Success']);
    expect(out?.msg).toBe(msg);
    const got = await nextMessage(`meridian-test/${run}/Test device/hall`);
    expect(got.payload).toBe('{"room":"hall","temperature":19.5}');
    expect(got.qos).toBe(1);
    await node.node.destroy?.();
  });

  it('fails a message clearly, within the connect timeout, when no broker listens', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const node = await nodeHarness(
      mqttNode,
      { ...mqttNode.defaultConfiguration, host: '127.0.0.1', port, connectTimeoutSec: 1 },
      { serviceId: 'test-service' },
    );
    const started = Date.now();
    await expect(node.run(testMsg({}))).rejects.toThrow(
      `Not connected to MQTT broker at 127.0.0.1:${port}: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    expect(Date.now() - started).toBeLessThan(2500);
    await node.node.destroy?.();
  });

  it('reconnects after the connection is lost; a message meanwhile waits for it', async () => {
    const proxy = await tcpProxy(BROKER.host, BROKER.port);
    const run = `${Date.now()}`;
    const node = await nodeHarness(
      mqttNode,
      {
        ...mqttNode.defaultConfiguration,
        host: '127.0.0.1',
        port: proxy.port,
        topicPattern: `meridian-test/${run}/$[n]`,
      },
      { serviceId: 'test-service' },
    );
    expect((await node.run(testMsg({ n: 1 })))[0]?.relations).toEqual(['Success']);
    proxy.cut();
    // The client's next attempt comes within its 5 s reconnect period, inside the 10 s wait.
    expect((await node.run(testMsg({ n: 2 })))[0]?.relations).toEqual(['Success']);
    expect((await nextMessage(`meridian-test/${run}/2`)).payload).toBe('{"n":2}');
    await node.node.destroy?.();
    await proxy.close();
  }, 20_000);

  it('builds client options from the reference settings', () => {
    const config = mqttNode.configure({
      host: 'broker.example',
      port: '8883',
      topicPattern: 't',
      clientId: 'meridian',
      appendClientIdSuffix: 'true',
      cleanSession: false,
      ssl: true,
      credentials: { type: 'cert.PEM', caCert: 'CA', cert: 'CERT', privateKey: 'KEY', password: '' },
    }) as Parameters<typeof mqttClientOptions>[0];
    expect(mqttClientOptions(config, 'node-1')).toMatchObject({
      protocol: 'mqtts',
      host: 'broker.example',
      port: 8883,
      clientId: 'meridian_node-1',
      clean: false,
      connectTimeout: 10000,
      ca: 'CA',
      cert: 'CERT',
      key: 'KEY',
    });
    const basic = mqttNode.configure({
      host: 'h',
      credentials: { type: 'basic', username: 'u', password: 'p' },
    }) as Parameters<typeof mqttClientOptions>[0];
    expect(mqttClientOptions(basic, 'x')).toMatchObject({
      protocol: 'mqtt',
      port: 1883,
      username: 'u',
      password: 'p',
    });
    expect(mqttClientOptions(basic, 'x').clientId).toBeUndefined();
  });

  it('refuses settings that cannot work', () => {
    expect(() => mqttNode.configure({ ...mqttNode.defaultConfiguration })).toThrow(
      "'host' must not be empty",
    );
    expect(() => mqttNode.configure({ host: 'h', port: 0 })).toThrow("'port' must be between 1 and 65535");
    expect(() => mqttNode.configure({ host: 'h', credentials: { type: 'sas' } })).toThrow(
      `'credentials.type' "sas" is not supported`,
    );
  });
});
