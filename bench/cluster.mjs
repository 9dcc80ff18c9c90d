// Cluster mode (issue 13) on this machine: PostgreSQL, the machine's NATS JetStream, and 1, 2 and 3
// Meridian nodes as processes. Run after `npm run build`:
//   node bench/cluster.mjs [1 2 3]
// Env: DEVICES (300), DURATION_S (20), WARMUP_S (3), IN_FLIGHT (per connection, 8), NATS_URL.
// For each cluster size: QoS 1 MQTT ingest (3 data points a message, device i on node i mod N,
// through the default root chain on the JetStream queues), acknowledged messages/s, the CPU of all
// nodes and CPU per message; every acknowledged point of a device sample stored once the queues
// are empty. With three nodes also: publish on node 1 to a WebSocket on node 2 (200 msg/s, p50/p99),
// and how long the partitions of a node take to move after SIGKILL and after SIGTERM.
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import WebSocket from 'ws';
import { startServer } from '../scripts/run-server.mjs';
import {
  ADMIN_PG_URL,
  api,
  busyCores,
  cpuSeconds,
  createDevices,
  login,
  machine,
  machineJiffies,
  percentile,
} from './lib/fleet.mjs';
import { connectDevices, missingPoints, startPublishing } from './lib/ingest-load.mjs';
import { connect } from './lib/mqtt-lite.mjs';

const DEVICES = Number(process.env.DEVICES ?? 300);
const DURATION_S = Number(process.env.DURATION_S ?? 20);
const WARMUP_S = Number(process.env.WARMUP_S ?? 3);
const IN_FLIGHT = Number(process.env.IN_FLIGHT ?? 8);
const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const sizes = process.argv.slice(2).length > 0 ? process.argv.slice(2).map(Number) : [1, 2, 3];

async function admin(statement) {
  const client = new pg.Client({ connectionString: ADMIN_PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function startCluster(size) {
  const name = `bench_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_PG_URL);
  url.pathname = `/${name}`;
  const env = (i) => ({ DATABASE_URL: url.toString(), NATS_URL, CLUSTER_NAME: name, NODE_ID: `node${i}` });
  // The first node installs the database; the others join it.
  const nodes = [await startServer({ env: env(1), timeoutMs: 60000 })];
  nodes.push(
    ...(await Promise.all(
      Array.from({ length: size - 1 }, (_, i) => startServer({ env: env(i + 2), timeoutMs: 60000 })),
    )),
  );
  const token = await login(nodes[0].url);
  const sysadmin = await login(nodes[0].url, 'sysadmin@meridian.local', 'sysadmin');
  return {
    name,
    nodes,
    token,
    sysadmin,
    view: (node = nodes[0]) => api(node.url, sysadmin, 'GET', '/api/admin/cluster'),
    async stop() {
      await Promise.all(nodes.filter((node) => !node.killed).map((node) => node.stop()));
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      const { connect: natsConnect } = await import('@nats-io/transport-node');
      const { jetstreamManager } = await import('@nats-io/jetstream');
      const nc = await natsConnect({ servers: NATS_URL });
      const jsm = await jetstreamManager(nc);
      for (const stream of [`${name}_rule_engine`, `KV_${name}_partitions`])
        await jsm.streams.delete(stream).catch(() => {});
      await nc.close();
    },
  };
}

async function waitForEmptyQueues(cluster, node, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const view = await cluster.view(node);
    if (view.queues.every((q) => q.unowned === 0 && q.lag === 0)) return;
    await sleep(250);
  }
  throw new Error('the queues did not empty');
}

async function ingest(cluster) {
  const { nodes, token } = cluster;
  const ids = await createDevices(nodes[0].url, token, DEVICES);
  const clients = await connectDevices(DEVICES, (k) => nodes[k % nodes.length].mqttPort);
  const load = startPublishing(clients, IN_FLIGHT);
  const loadStarted = performance.now();
  await sleep(WARMUP_S * 1000);
  const startTotal = load.total;
  const cpu = () => nodes.reduce((sum, node) => sum + cpuSeconds(node.pid), 0);
  const startCpu = cpu();
  const startMachine = machineJiffies();
  const started = performance.now();
  await sleep(DURATION_S * 1000);
  const elapsed = (performance.now() - started) / 1000;
  const messages = load.total - startTotal;
  const nodeCores = (cpu() - startCpu) / elapsed;
  const machineCores = busyCores(startMachine, machineJiffies());
  await load.stop();
  const drainStarted = performance.now();
  await waitForEmptyQueues(cluster);
  const drainS = (performance.now() - drainStarted) / 1000;
  // Acknowledged means stored in JetStream; processed (saved by the root chain) is what the nodes keep up with.
  const processedRate = load.total / ((performance.now() - loadStarted) / 1000);
  const { verified, lost } = await missingPoints(nodes[0].url, token, ids, load);
  await Promise.all(clients.map((c) => c.end()));
  return {
    rate: messages / elapsed,
    processedRate,
    nodeCores,
    machineCores,
    cpuUsPerMsg: (nodeCores * 1e6) / (messages / elapsed),
    drainS,
    verified,
    lost,
    ids,
  };
}

/** Publish on node 1, WebSocket subscription on node 2: send time in the value, latency at arrival. */
async function crossNodeLatency(cluster, deviceId) {
  const [node1, node2] = cluster.nodes;
  const ws = new WebSocket(`ws://127.0.0.1:${node2.port}/api/ws/plugins/telemetry?token=${cluster.token}`);
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const latencies = [];
  ws.on('message', (raw) => {
    const points = JSON.parse(String(raw)).data?.sent;
    for (const [, value] of points ?? []) {
      const sent = Number(value);
      if (sent > 0) latencies.push(Date.now() - sent);
    }
  });
  ws.send(
    JSON.stringify({
      tsSubCmds: [
        { entityType: 'DEVICE', entityId: deviceId, scope: 'LATEST_TELEMETRY', cmdId: 1, keys: 'sent' },
      ],
    }),
  );
  await sleep(1000);
  const client = await connect({ port: node1.mqttPort, username: 'bench-0', clientId: 'bench-latency' });
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    client.publish('v1/devices/me/telemetry', `{"sent":${Date.now()}}`, 1);
    await sleep(5);
  }
  await sleep(1000);
  await client.end();
  ws.close();
  latencies.sort((a, b) => a - b);
  return { count: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

/** Time until no partition is held by `leaving` and every partition has an owner, seen from `observer`. */
async function moveTime(cluster, leaving, observer, how) {
  const leavingId = `node${cluster.nodes.indexOf(leaving) + 1}`;
  const started = performance.now();
  if (how === 'SIGKILL') {
    process.kill(leaving.pid, 'SIGKILL');
    leaving.killed = true;
  } else {
    await leaving.stop();
    leaving.killed = true;
  }
  for (;;) {
    const view = await cluster.view(observer);
    const stillThere = view.nodes.some((n) => n.nodeId === leavingId && n.partitions.length > 0);
    if (!stillThere && view.queues.every((q) => q.unowned === 0)) return (performance.now() - started) / 1000;
    await sleep(100);
  }
}

console.log(`machine: ${machine()}`);
console.log(
  `${DEVICES} devices, ${IN_FLIGHT} QoS 1 publishes in flight each, 3 data points a message, through the root chain on JetStream`,
);
for (const size of sizes) {
  const cluster = await startCluster(size);
  try {
    const r = await ingest(cluster);
    console.log(
      `${size} node(s): ${Math.round(r.rate)} msg/s acknowledged, ${Math.round(r.processedRate)} msg/s processed end to end, nodes' CPU ${r.nodeCores.toFixed(2)} cores (${Math.round(r.cpuUsPerMsg)} µs a message), ` +
        `machine ${r.machineCores.toFixed(2)} cores incl. PostgreSQL, NATS and the load; queues empty ${r.drainS.toFixed(1)} s after the load stopped; ` +
        `${r.verified} devices checked, ${r.lost} acknowledged points missing`,
    );
    if (size === 3) {
      const latency = await crossNodeLatency(cluster, r.ids.get(0));
      console.log(
        `publish on node 1 → WebSocket on node 2: ${latency.count} updates, p50 ${latency.p50} ms, p99 ${latency.p99} ms`,
      );
      const killed = await moveTime(cluster, cluster.nodes[2], cluster.nodes[0], 'SIGKILL');
      console.log(`partitions of a node killed with SIGKILL owned again after ${killed.toFixed(1)} s`);
      const stopped = await moveTime(cluster, cluster.nodes[1], cluster.nodes[0], 'SIGTERM');
      console.log(`partitions of a node stopped with SIGTERM owned again after ${stopped.toFixed(1)} s`);
    }
  } finally {
    await cluster.stop();
  }
}
