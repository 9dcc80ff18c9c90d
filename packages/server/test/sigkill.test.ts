import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, DEMO, newStoreLocation, type StoreLocation } from './helper.js';

/**
 * Nothing acknowledged is lost (issue 4): devices publish QoS 1 telemetry while the server process
 * is killed with SIGKILL (no shutdown hook runs); after a restart on the same data, every point
 * whose PUBACK a device received is stored. The server runs as a real child process, from source.
 */

const serverDir = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface Child {
  process: ChildProcess;
  api: ApiClient;
  mqttPort: number;
}

async function startChild(location: StoreLocation): Promise<Child> {
  const [port, mqttPort, coapPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: String(mqttPort),
      COAP_PORT: String(coapPort),
      DATA_DIR: location.dataDir,
      DATABASE_URL: location.databaseUrl ?? '',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready:\n${logs.join('')}`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      logs.push(chunk.toString());
      if (chunk.toString().includes('Meridian is ready at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${logs.join('')}`));
    });
  });
  return { process: child, api: new ApiClient(`http://127.0.0.1:${port}`), mqttPort };
}

function kill(child: Child, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.process.exitCode !== null || child.process.signalCode !== null) return resolve();
    child.process.removeAllListeners('exit');
    child.process.once('exit', () => resolve());
    child.process.kill(signal);
  });
}

const DEVICES = 20;

describe('SIGKILL during MQTT ingestion', () => {
  let location: StoreLocation;
  let child: Child | undefined;

  beforeAll(async () => {
    location = await newStoreLocation({ persistent: true });
  });

  afterAll(async () => {
    if (child) await kill(child, 'SIGKILL');
    await location.drop();
  });

  it('keeps every acknowledged data point', async () => {
    child = await startChild(location);
    const { token } = await child.api.login(DEMO.tenant.email, DEMO.tenant.password);
    const ids: string[] = [];
    for (let i = 0; i < DEVICES; i++) {
      const res = await child.api.post<{ id: { id: string } }>(
        `/api/device?accessToken=sigkill-${i}`,
        { name: `sigkill-${i}`, type: 'default' },
        { token },
      );
      expect(res.status).toBe(200);
      ids.push(res.body.id.id);
    }

    const acked = new Array<number>(DEVICES).fill(0);
    const baseTs = Date.now() - 3_600_000;
    const clients = await Promise.all(
      ids.map(
        (_, i) =>
          new Promise<mqtt.MqttClient>((resolve, reject) => {
            const client = mqtt.connect(`mqtt://127.0.0.1:${child?.mqttPort}`, {
              username: `sigkill-${i}`,
              reconnectPeriod: 0,
              connectTimeout: 10_000,
            });
            client.once('connect', () => resolve(client));
            client.once('error', reject);
          }),
      ),
    );
    let running = true;
    const publishing = clients.map(async (client, i) => {
      let seq = 0;
      while (running) {
        const ts = baseTs + seq++;
        const ok = await new Promise<boolean>((resolve) => {
          client.publish(
            'v1/devices/me/telemetry',
            JSON.stringify({ ts, values: { seq, level: i } }),
            { qos: 1 },
            (err) => resolve(!err),
          );
        });
        if (!ok) return;
        acked[i] = seq;
      }
    });
    // Ingest for a while, then kill the process in the middle of it.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const before = acked.reduce((a, b) => a + b, 0);
    expect(before).toBeGreaterThan(DEVICES * 5);
    await kill(child, 'SIGKILL');
    running = false;
    for (const client of clients) client.end(true);
    await Promise.all(publishing);

    child = await startChild(location);
    const admin = await child.api.login(DEMO.tenant.email, DEMO.tenant.password);
    for (let i = 0; i < DEVICES; i++) {
      const end = baseTs + 10_000_000;
      const res = await child.api.get<Record<string, { value: string }[]>>(
        `/api/plugins/telemetry/DEVICE/${ids[i]}/values/timeseries?keys=seq,level&startTs=${baseTs}&endTs=${end}&interval=${end - baseTs}&agg=COUNT`,
        { token: admin.token },
      );
      expect(res.status).toBe(200);
      // Every acknowledged message is stored (unacknowledged ones may or may not be).
      expect(Number(res.body.seq?.[0]?.value ?? 0)).toBeGreaterThanOrEqual(acked[i] ?? 0);
      expect(Number(res.body.level?.[0]?.value ?? 0)).toBeGreaterThanOrEqual(acked[i] ?? 0);
    }
  }, 120_000);
});
