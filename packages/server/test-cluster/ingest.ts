import mqtt, { type MqttClient } from 'mqtt';
import { sleep } from './harness.js';

/** What a device's publisher saw: the sequence numbers the server acknowledged (PUBACK). */
export interface IngestResult {
  token: string;
  base: number;
  acked: Set<number>;
  sent: number;
  /** Times the client connected again after losing its node. */
  reconnects: number;
}

/**
 * Devices publishing QoS 1 telemetry through the load balancer, one point a message stamped
 * `base + seq`, so that every acknowledged message can be looked for in the database afterwards.
 * The clients reconnect (through the balancer, to whichever node is up) when their node goes.
 */
export class IngestLoad {
  private readonly clients: MqttClient[] = [];
  private readonly results: IngestResult[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly mqttPort: number,
    private readonly tokens: readonly string[],
    private readonly intervalMs = 10,
  ) {}

  async start(): Promise<void> {
    const base = Date.now() - 3_600_000;
    for (const token of this.tokens) {
      const client = mqtt.connect(`mqtt://127.0.0.1:${this.mqttPort}`, {
        username: token,
        reconnectPeriod: 300,
        connectTimeout: 5000,
        keepalive: 10,
      });
      await new Promise<void>((resolve, reject) => {
        client.once('connect', () => resolve());
        client.once('error', reject);
      });
      const result: IngestResult = { token, base, acked: new Set(), sent: 0, reconnects: 0 };
      // Errors while a node is down are expected: the client reconnects.
      client.on('error', () => {});
      client.on('connect', () => result.reconnects++);
      this.clients.push(client);
      this.results.push(result);
    }
    this.timer = setInterval(() => {
      this.clients.forEach((client, index) => {
        const result = this.results[index] as IngestResult;
        const seq = result.sent++;
        const body = JSON.stringify({ ts: result.base + seq, values: { seq } });
        client.publish('v1/devices/me/telemetry', body, { qos: 1 }, (error) => {
          if (!error) result.acked.add(seq);
        });
      });
    }, this.intervalMs);
  }

  /** Stops publishing, lets what is in flight be acknowledged, and disconnects. */
  async stop(): Promise<IngestResult[]> {
    clearInterval(this.timer);
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && this.results.some((r) => r.acked.size < r.sent)) await sleep(200);
    await Promise.all(this.clients.map((client) => client.endAsync(true)));
    return this.results;
  }
}
