import net, { type AddressInfo } from 'node:net';
import mqttPacket, { type Packet } from 'mqtt-packet';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ConnectionEvents, KeepAliveTimeoutError, MqttConnection } from './connection.js';
import { PacketTooLargeError } from './packet-reader.js';
import { ReadGate } from './read-gate.js';

/** A connection on a real loopback socket, with what it reported, and the raw client socket. */
async function pair(
  onPacket: ConnectionEvents['onPacket'] = () => undefined,
  connectTimeoutMs = 5000,
  gate?: ReadGate,
) {
  const errors: Error[] = [];
  let reportClosed: () => void = () => {};
  const serverClosed = new Promise<void>((resolve) => {
    reportClosed = resolve;
  });
  const events: ConnectionEvents = {
    onPacket,
    onClose: () => reportClosed(),
    onError: (_connection, error) => errors.push(error),
  };
  let accept: (connection: MqttConnection) => void = () => {};
  const accepted = new Promise<MqttConnection>((resolve) => {
    accept = resolve;
  });
  const listener = net.createServer((socket) =>
    accept(new MqttConnection(socket, events, { maxPacketBytes: 1024, connectTimeoutMs }, gate)),
  );
  servers.push(listener);
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const client = net.connect((listener.address() as AddressInfo).port, '127.0.0.1');
  const received: Packet[] = [];
  const parser = mqttPacket.parser();
  parser.on('packet', (packet) => received.push(packet));
  client.on('data', (chunk) => parser.parse(chunk));
  const clientClosed = new Promise<void>((resolve) => client.on('close', () => resolve()));
  client.on('error', () => {});
  const connection = await accepted;
  return { connection, client, clientClosed, serverClosed, received, errors };
}

let servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  servers = [];
});

const publish = (messageId: number) =>
  mqttPacket.generate({
    cmd: 'publish',
    topic: 't',
    payload: 'x',
    qos: 1,
    messageId,
    dup: false,
    retain: false,
  });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const connect = (keepalive: number) =>
  mqttPacket.generate({
    cmd: 'connect',
    protocolId: 'MQTT',
    protocolVersion: 4,
    clientId: 'c',
    keepalive,
    clean: true,
  });

describe('MQTT connection', () => {
  it('closes a connection that sends no CONNECT within the connect timeout', async () => {
    const { clientClosed, serverClosed, errors } = await pair(undefined, 50);
    await Promise.all([clientClosed, serverClosed]);
    expect(errors[0]).toBeInstanceOf(KeepAliveTimeoutError);
  });

  it('closes a client silent for 1.5 times its keep-alive, and not before', async () => {
    const { client, clientClosed, errors } = await pair((connection, packet) => {
      if (packet.cmd === 'connect') connection.connected(4, packet.keepalive ?? 0);
      return undefined;
    });
    const start = Date.now();
    client.write(connect(1));
    await clientClosed;
    expect(Date.now() - start).toBeGreaterThanOrEqual(1400);
    expect(errors[0]).toBeInstanceOf(KeepAliveTimeoutError);
  });

  it('closes the connection when processing a packet fails, with that error', async () => {
    const failure = new Error('store unavailable');
    const { client, clientClosed, errors } = await pair(() => Promise.reject(failure));
    client.write(connect(0));
    await clientClosed;
    expect(errors).toEqual([failure]);
  });

  it('refuses a packet larger than the limit from its header', async () => {
    const { client, clientClosed, errors } = await pair();
    client.write(Buffer.from([0x30, 0x80, 0x10])); // PUBLISH announcing 2048 bytes
    await clientClosed;
    expect(errors[0]).toBeInstanceOf(PacketTooLargeError);
  });

  it('numbers QoS 1 downlinks and writes them in the client protocol version', async () => {
    const { connection, client, received } = await pair();
    connection.connected(5, 0);
    for (let i = 0; i < 2; i++)
      connection.publish(
        { cmd: 'publish', topic: 't', payload: Buffer.from('x'), qos: 1, dup: false, retain: false },
        () => {},
      );
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The test's parser reads 3.1.1; a v5 publish carries a properties length byte before the payload.
    expect(received.map((packet) => (packet as { messageId?: number }).messageId)).toEqual([1, 2]);
    expect(received.map((packet) => (packet as { payload: Buffer }).payload.toString('hex'))).toEqual([
      '0078',
      '0078',
    ]);
    client.destroy();
  });

  it('hands over every publish that arrived while one was processed, not one per turn', async () => {
    // Processing holds reading; publishes sent meanwhile sit in the socket's buffer, one chunk each.
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const { client } = await pair((_connection, packet) => {
      if (packet.cmd !== 'publish') return undefined;
      started.push(packet.messageId ?? 0);
      return new Promise<void>((resolve) => releases.push(resolve));
    });
    client.write(connect(0));
    client.write(publish(1));
    await vi.waitFor(() => expect(started).toEqual([1]));
    for (const id of [2, 3, 4]) {
      client.write(publish(id));
      await pause(10);
    }
    await pause(200);
    expect(started).toEqual([1]);
    releases[0]?.();
    // One at a time, 2 would start alone and 3 and 4 only once it is released.
    await vi.waitFor(() => expect(started).toEqual([1, 2, 3, 4]), { timeout: 1000 });
    client.destroy();
  });

  it('stops reading a connection whose publishes are done while the shared gate is full, until there is room', async () => {
    const gate = new ReadGate(1);
    const started: string[] = [];
    const releases = new Map<string, () => void>();
    const processing = (name: string) => (_connection: MqttConnection, packet: Packet) => {
      if (packet.cmd !== 'publish') return undefined;
      const id = `${name}${packet.messageId}`;
      started.push(id);
      return new Promise<void>((resolve) => releases.set(id, resolve));
    };
    const a = await pair(processing('a'), 5000, gate);
    const b = await pair(processing('b'), 5000, gate);
    a.client.write(Buffer.concat([connect(0), publish(1)]));
    await vi.waitFor(() => expect(started).toEqual(['a1']));
    // A connection with nothing in process reads whatever the gate holds: the gate bounds what
    // waits, it never keeps a connection from starting.
    b.client.write(Buffer.concat([connect(0), publish(1)]));
    await vi.waitFor(() => expect(started).toEqual(['a1', 'b1']));
    expect(gate.count).toBe(2);
    releases.get('b1')?.();
    await vi.waitFor(() => expect(gate.waiting).toBe(1));
    b.client.write(publish(2));
    await pause(100);
    expect(started).toEqual(['a1', 'b1']);
    releases.get('a1')?.();
    // The room a1 left went to b, which waited longer; now a waits for room.
    await vi.waitFor(() => expect(started).toEqual(['a1', 'b1', 'b2']));
    expect(gate.waiting).toBe(1);
    a.client.write(publish(2));
    await pause(100);
    expect(started).toEqual(['a1', 'b1', 'b2']);
    releases.get('b2')?.();
    await vi.waitFor(() => expect(started).toEqual(['a1', 'b1', 'b2', 'a2']));
    a.client.destroy();
    b.client.destroy();
  });
});
