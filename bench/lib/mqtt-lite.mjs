// A lean MQTT 3.1.1 client over a plain socket (mqtt-packet for the framing), so that one
// benchmark process can drive thousands of connections and tens of thousands of QoS 1 publishes per
// second without the client's own overhead dominating the measurement.
import net from 'node:net';
import mqttPacket from 'mqtt-packet';

/**
 * Connects and resolves once CONNACK arrived (rejects on a refused CONNACK or a socket error).
 * @param {{ port: number, host?: string, username?: string, clientId?: string, keepalive?: number }} options
 */
export function connect(options) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ port: options.port, host: options.host ?? '127.0.0.1' });
    socket.setNoDelay(true);
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    const pending = new Map();
    const listeners = new Set();
    let nextId = 1;
    let connected = false;
    const client = {
      socket,
      /** Publishes; QoS 1 resolves on PUBACK, QoS 0 once written. */
      publish(topic, payload, qos = 1) {
        const messageId = qos > 0 ? nextId : undefined;
        if (qos > 0) nextId = nextId >= 65535 ? 1 : nextId + 1;
        socket.write(
          mqttPacket.generate({ cmd: 'publish', topic, payload, qos, messageId, retain: false, dup: false }),
        );
        if (qos === 0) return Promise.resolve();
        return new Promise((done, fail) => pending.set(messageId, { done, fail }));
      },
      subscribe(topic, qos = 1) {
        const messageId = nextId++;
        socket.write(mqttPacket.generate({ cmd: 'subscribe', messageId, subscriptions: [{ topic, qos }] }));
        return new Promise((done, fail) => pending.set(messageId, { done, fail }));
      },
      onMessage(listener) {
        listeners.add(listener);
      },
      end() {
        return new Promise((done) => {
          if (socket.destroyed) return done();
          socket.once('close', () => done());
          socket.end(mqttPacket.generate({ cmd: 'disconnect' }));
        });
      },
    };
    parser.on('packet', (packet) => {
      if (packet.cmd === 'connack') {
        if (packet.returnCode !== 0) {
          reject(new Error(`CONNACK ${packet.returnCode}`));
          socket.destroy();
          return;
        }
        connected = true;
        resolve(client);
      } else if (packet.cmd === 'puback' || packet.cmd === 'suback') {
        const waiter = pending.get(packet.messageId);
        pending.delete(packet.messageId);
        waiter?.done(packet);
      } else if (packet.cmd === 'publish') {
        if (packet.qos === 1)
          socket.write(mqttPacket.generate({ cmd: 'puback', messageId: packet.messageId }));
        for (const listener of listeners) listener(packet.topic, packet.payload);
      }
    });
    socket.on('data', (chunk) => parser.parse(chunk));
    socket.on('error', (error) => {
      if (!connected) reject(error);
      for (const waiter of pending.values()) waiter.fail(error);
      pending.clear();
    });
    socket.on('close', () => {
      for (const waiter of pending.values()) waiter.fail(new Error('connection closed'));
      pending.clear();
    });
    socket.on('connect', () => {
      socket.write(
        mqttPacket.generate({
          cmd: 'connect',
          protocolId: 'MQTT',
          protocolVersion: 4,
          clean: true,
          clientId: options.clientId ?? `bench-${Math.random().toString(36).slice(2)}`,
          keepalive: options.keepalive ?? 60,
          ...(options.username === undefined ? {} : { username: options.username }),
        }),
      );
    });
  });
}
