import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import dgram from 'node:dgram';
import net from 'node:net';
import path from 'node:path';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';

/**
 * A real cluster on this machine for the cluster test: a new PostgreSQL database, the machine's
 * NATS, N Meridian nodes as processes of the built server, and HAProxy with the shipped
 * `deploy/haproxy.cfg` in front of them.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const mainJs = path.join(root, 'packages/server/dist/main.js');
const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';
const natsUrl = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';

export async function freeTcpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function freeUdpPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

export interface ClusterNodeProcess {
  nodeId: string;
  httpPort: number;
  mqttPort: number;
  coapPort: number;
  url: string;
  process: ChildProcess | undefined;
  output: string[];
}

export class TestCluster {
  readonly nodes: ClusterNodeProcess[] = [];
  readonly name = `test_${randomBytes(4).toString('hex')}`;
  private readonly database = `meridian_cluster_${randomBytes(4).toString('hex')}`;
  private haproxy: ChildProcess | undefined;
  httpUrl = '';
  mqttPort = 0;

  get databaseUrl(): string {
    const url = new URL(adminUrl);
    url.pathname = `/${this.database}`;
    return url.toString();
  }

  async start(size: number): Promise<void> {
    await this.admin(`create database ${this.database}`);
    for (let i = 1; i <= size; i++) {
      const httpPort = await freeTcpPort();
      this.nodes.push({
        nodeId: `node${i}`,
        httpPort,
        mqttPort: await freeTcpPort(),
        coapPort: await freeUdpPort(),
        url: `http://127.0.0.1:${httpPort}`,
        process: undefined,
        output: [],
      });
    }
    // All at once, as an operator's supervisor would: the nodes install the new database in turn.
    await Promise.all(this.nodes.map((node) => this.startNode(node)));
    await this.startHaproxy();
  }

  async startNode(node: ClusterNodeProcess): Promise<void> {
    const child = spawn(process.execPath, [mainJs], {
      env: {
        ...process.env,
        DATABASE_URL: this.databaseUrl,
        NATS_URL: natsUrl,
        CLUSTER_NAME: this.name,
        NODE_ID: node.nodeId,
        HOST: '127.0.0.1',
        PORT: String(node.httpPort),
        MQTT_PORT: String(node.mqttPort),
        COAP_PORT: String(node.coapPort),
        LOG_LEVEL: 'warn',
        // Device state moves in seconds rather than minutes, so the test can watch it.
        DEFAULT_STATE_CHECK_INTERVAL: '1',
        TB_TRANSPORT_SESSIONS_REPORT_TIMEOUT: '1000',
        USAGE_STATS_REPORT_INTERVAL: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    node.process = child;
    node.output = [];
    const keep = (chunk: Buffer) => {
      node.output.push(chunk.toString());
      if (node.output.length > 200) node.output.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    await this.waitReady(node, 60_000);
  }

  /** Resolves once the node answers its readiness check; rejects with its output when it died. */
  async waitReady(node: ClusterNodeProcess, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (node.process?.exitCode !== null && node.process?.exitCode !== undefined)
        throw new Error(`${node.nodeId} exited (${node.process.exitCode}):\n${node.output.join('')}`);
      try {
        const res = await fetch(`${node.url}/api/health/ready`);
        if (res.status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    throw new Error(`${node.nodeId} not ready within ${timeoutMs} ms:\n${node.output.join('')}`);
  }

  /** SIGKILL: the node gets no chance to finish anything. */
  async kill(node: ClusterNodeProcess): Promise<void> {
    await this.signal(node, 'SIGKILL');
  }

  /** SIGTERM: the node shuts down in order, as a rolling restart does. */
  async stop(node: ClusterNodeProcess): Promise<void> {
    await this.signal(node, 'SIGTERM');
  }

  async close(): Promise<void> {
    this.haproxy?.kill('SIGKILL');
    await Promise.all(this.nodes.map((node) => this.signal(node, 'SIGKILL')));
    await this.admin(`drop database if exists ${this.database} with (force)`).catch(() => {});
    await this.dropStreams().catch(() => {});
  }

  /** The cluster's rule engine stream and partition lease bucket stay in NATS: removed here. */
  private async dropStreams(): Promise<void> {
    const nats = await connect({ servers: natsUrl });
    try {
      const jsm = await jetstreamManager(nats);
      for (const stream of [`${this.name}_rule_engine`, `KV_${this.name}_partitions`]) {
        await jsm.streams.delete(stream).catch(() => false);
      }
    } finally {
      await nats.close();
    }
  }

  private async signal(node: ClusterNodeProcess, signal: NodeJS.Signals): Promise<void> {
    const child = node.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }

  private async startHaproxy(): Promise<void> {
    const httpPort = await freeTcpPort();
    this.mqttPort = await freeTcpPort();
    const env: Record<string, string> = {
      MERIDIAN_HTTP_BIND: `127.0.0.1:${httpPort}`,
      MERIDIAN_MQTT_BIND: `127.0.0.1:${this.mqttPort}`,
    };
    this.nodes.forEach((node, index) => {
      env[`MERIDIAN_NODE${index + 1}_HOST`] = '127.0.0.1';
      env[`MERIDIAN_NODE${index + 1}_HTTP_PORT`] = String(node.httpPort);
      env[`MERIDIAN_NODE${index + 1}_MQTT_PORT`] = String(node.mqttPort);
    });
    const output: string[] = [];
    this.haproxy = spawn('haproxy', ['-db', '-f', path.join(root, 'deploy/haproxy.cfg')], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.haproxy.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    this.httpUrl = `http://127.0.0.1:${httpPort}`;
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${this.httpUrl}/api/health/ready`)).status === 200) return;
      } catch {
        // not listening yet
      }
      await sleep(200);
    }
    throw new Error(`HAProxy did not start:\n${output.join('')}`);
  }

  private async admin(statement: string): Promise<void> {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a value other than undefined, at most `timeoutMs`. */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await sleep(200);
  }
  throw new Error(`${what} did not happen within ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
}
