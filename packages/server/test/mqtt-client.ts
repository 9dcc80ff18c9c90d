import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { expectOk, type TestServer } from './helper.js';

/**
 * Helpers for the MQTT API tests: a real `mqtt` client against the test server's MQTT listener,
 * and waits for messages and for the connection to close.
 */

export interface Received {
  topic: string;
  text: string;
  qos: number;
}

export interface TestDevice {
  client: MqttClient;
  /** Every message the client received, in order. */
  received: Received[];
  /** Resolves with the next message on `topic` (or matching it), from those received after the call. */
  next(topic: string | RegExp, timeoutMs?: number): Promise<Received>;
  /** Resolves when the server closed the connection. */
  closed(timeoutMs?: number): Promise<void>;
  end(): Promise<void>;
}

const matches = (topic: string | RegExp, actual: string) =>
  typeof topic === 'string' ? topic === actual : topic.test(actual);

/** Connects without retrying; rejects with the CONNACK error (e.g. code 5) when refused. */
export function connectDevice(server: TestServer, options: IClientOptions = {}): Promise<TestDevice> {
  const client = mqtt.connect({
    host: '127.0.0.1',
    port: server.services.mqtt.port(),
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    ...options,
  });
  const received: Received[] = [];
  const waiters: { topic: string | RegExp; resolve: (message: Received) => void }[] = [];
  client.on('message', (topic, payload, packet) => {
    const message = { topic, text: payload.toString('utf8'), qos: packet.qos };
    received.push(message);
    const index = waiters.findIndex((waiter) => matches(waiter.topic, topic));
    if (index >= 0) waiters.splice(index, 1)[0]?.resolve(message);
  });
  let closedResolve: () => void = () => {};
  const closedPromise = new Promise<void>((resolve) => {
    closedResolve = resolve;
  });
  client.on('close', () => closedResolve());
  const device: TestDevice = {
    client,
    received,
    next: (topic, timeoutMs = 5000) =>
      new Promise<Received>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no message on ${topic} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          topic,
          resolve: (message) => {
            clearTimeout(timer);
            resolve(message);
          },
        });
      }),
    closed: (timeoutMs = 5000) =>
      Promise.race([
        closedPromise,
        new Promise<void>((_, reject) =>
          setTimeout(() => reject(new Error(`connection still open after ${timeoutMs} ms`)), timeoutMs),
        ),
      ]),
    end: () => client.endAsync(true),
  };
  return new Promise((resolve, reject) => {
    client.once('connect', () => resolve(device));
    client.once('error', (error) => {
      client.end(true);
      reject(error);
    });
  });
}

/** The CONNACK refusal code of a rejected connection. */
export async function connackCode(server: TestServer, options: IClientOptions): Promise<number | undefined> {
  try {
    const device = await connectDevice(server, options);
    await device.end();
    return 0;
  } catch (error) {
    return (error as { code?: number }).code;
  }
}

/** Publishes with QoS 1 and resolves on the PUBACK; rejects when the server closes the connection first. */
export async function acknowledgedWhileOpen(
  device: TestDevice,
  topic: string,
  payload: string,
): Promise<void> {
  const closed = device.closed(10_000).then(() => {
    throw new Error(`connection closed after a publish to ${topic}`);
  });
  await Promise.race([device.client.publishAsync(topic, payload, { qos: 1 }), closed]);
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Replaces the device's credentials with MQTT basic ones, as a tenant administrator does. */
export async function useMqttBasic(
  server: TestServer,
  tenantToken: string,
  deviceId: string,
  basic: { clientId?: string; userName: string; password?: string },
): Promise<void> {
  const auth = { token: tenantToken };
  const creds = expectOk(
    await server.api.get<{ id: { id: string } }>(`/api/device/${deviceId}/credentials`, auth),
  );
  expectOk(
    await server.api.post(
      '/api/device/credentials',
      {
        id: creds.id,
        deviceId: { entityType: 'DEVICE', id: deviceId },
        credentialsType: 'MQTT_BASIC',
        credentialsValue: JSON.stringify(basic),
      },
      auth,
    ),
  );
}
