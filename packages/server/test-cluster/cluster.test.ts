import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { partitionOf } from '../src/rule-engine/queue/pack-processor.js';
import { eventually, sleep, TestCluster } from './harness.js';
import { IngestLoad, type IngestResult } from './ingest.js';

/**
 * Issue 13's cluster test: three nodes on a new PostgreSQL database and NATS JetStream, HAProxy
 * in front, all real processes. Each case uses the nodes as a client would, over HTTP, WebSocket
 * and MQTT, and no node is told anything a production node would not be.
 */
const cluster = new TestCluster();
let token = '';
let sysadminToken = '';
let counter = 0;

async function login(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function call<T>(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  bearer = token,
): Promise<T> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-authorization': `Bearer ${bearer}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A new device (through the balancer); `profile` optional. */
async function newDevice(profileId?: string): Promise<{ id: string; token: string }> {
  counter++;
  const accessToken = `CLUSTER_${cluster.name}_${counter}`;
  const device = await call<{ id: { id: string } }>(
    cluster.httpUrl,
    'POST',
    `/api/device?accessToken=${accessToken}`,
    {
      name: `Cluster device ${counter}`,
      ...(profileId ? { deviceProfileId: { entityType: 'DEVICE_PROFILE', id: profileId } } : {}),
    },
  );
  return { id: device.id.id, token: accessToken };
}

async function storedSeqs(deviceId: string, result: IngestResult): Promise<Set<number>> {
  const series = await call<Record<string, { ts: number }[]>>(
    cluster.httpUrl,
    'GET',
    `/api/plugins/telemetry/DEVICE/${deviceId}/values/timeseries?keys=seq&startTs=${result.base}&endTs=${result.base + result.sent + 1}&limit=1000000`,
  );
  return new Set((series.seq ?? []).map((point) => point.ts - result.base));
}

/**
 * Every message the server acknowledged is stored, once the queues caught up: an acknowledged
 * message is in JetStream, and the node that takes over a dead node's partition processes it.
 */
async function expectNoAcknowledgedLoss(devices: { id: string }[], results: IngestResult[]) {
  await waitForEmptyQueues();
  for (const [index, result] of results.entries()) {
    const stored = await storedSeqs((devices[index] as { id: string }).id, result);
    const lost = [...result.acked].filter((seq) => !stored.has(seq));
    expect(result.acked.size).toBeGreaterThan(100);
    expect(lost, `acknowledged but not stored (${result.token})`).toEqual([]);
  }
}

interface ClusterView {
  nodes: { nodeId: string; partitions: string[] }[];
  queues: { queue: string; partitions: number; unowned: number; lag: number }[];
}

async function clusterView(url = cluster.httpUrl): Promise<ClusterView> {
  return call<ClusterView>(url, 'GET', '/api/admin/cluster', undefined, sysadminToken);
}

/** Every partition owned by a live node and nothing waiting in the queues. */
async function waitForEmptyQueues(): Promise<void> {
  await eventually(
    async () => {
      const view = await clusterView();
      return view.queues.every((q) => q.unowned === 0 && q.lag === 0) ? true : undefined;
    },
    60_000,
    'the queues emptying',
  );
}

beforeAll(async () => {
  await cluster.start(3);
  token = await login(cluster.httpUrl, 'tenant@meridian.local', 'tenant');
  sysadminToken = await login(cluster.httpUrl, 'sysadmin@meridian.local', 'sysadmin');
}, 180_000);

afterAll(async () => {
  await cluster.close();
}, 60_000);

describe('a cluster of three nodes behind HAProxy', () => {
  it('lists its nodes on every node', async () => {
    for (const node of cluster.nodes) {
      const view = await eventually(
        async () => {
          const v = await call<{ mode: string; nodes: { nodeId: string }[] }>(
            node.url,
            'GET',
            '/api/admin/cluster',
            undefined,
            sysadminToken,
          );
          return v.nodes.length === 3 ? v : undefined;
        },
        10_000,
        `${node.nodeId} seeing three nodes`,
      );
      expect(view.mode).toBe('CLUSTER');
      expect(view.nodes.map((n) => n.nodeId).sort()).toEqual(['node1', 'node2', 'node3']);
    }
  });

  it('shows telemetry sent to node 1 on a WebSocket of node 2', async () => {
    const [node1, node2] = cluster.nodes as [(typeof cluster.nodes)[0], (typeof cluster.nodes)[0]];
    const device = await newDevice();
    const ws = new WebSocket(`ws://127.0.0.1:${node2.httpPort}/api/ws/plugins/telemetry?token=${token}`);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const update = new Promise<unknown>((resolve) =>
      ws.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as { data?: Record<string, [number, string][]> };
        const points = message.data?.temperature;
        if (points && points.length > 0) resolve(points[0]?.[1]);
      }),
    );
    ws.send(
      JSON.stringify({
        tsSubCmds: [
          {
            entityType: 'DEVICE',
            entityId: device.id,
            scope: 'LATEST_TELEMETRY',
            cmdId: 1,
            keys: 'temperature',
          },
        ],
      }),
    );
    await sleep(500);
    const res = await fetch(`${node1.url}/api/v1/${device.token}/telemetry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ temperature: 21.5 }),
    });
    expect(res.status).toBe(200);
    expect(await update).toBe('21.5');
    ws.close();
  });

  it('sends an RPC through node 3 to a device on node 1 and returns its answer', async () => {
    const node1 = cluster.nodes[0] as (typeof cluster.nodes)[0];
    const node3 = cluster.nodes[2] as (typeof cluster.nodes)[0];
    const device = await newDevice();
    const client = mqtt.connect(`mqtt://127.0.0.1:${node1.mqttPort}`, { username: device.token });
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    await client.subscribeAsync('v1/devices/me/rpc/request/+', { qos: 1 });
    client.on('message', (topic, payload) => {
      const request = JSON.parse(String(payload)) as { method: string; params: { value: number } };
      client.publish(
        topic.replace('request', 'response'),
        JSON.stringify({ method: request.method, doubled: request.params.value * 2 }),
      );
    });
    // The subscription is announced to the other nodes over NATS.
    await sleep(500);
    const answer = await call<unknown>(node3.url, 'POST', `/api/plugins/rpc/twoway/${device.id}`, {
      method: 'double',
      params: { value: 21 },
      timeout: 10_000,
    });
    expect(answer).toEqual({ method: 'double', doubled: 42 });
    await client.endAsync();
  });

  it("answers a device's own RPC from the node that processes its partition", async () => {
    // The root chain answers RPC requests from devices: a transform and the RPC call reply node.
    const chains = await call<{ data: { id: { id: string }; root: boolean }[] }>(
      cluster.httpUrl,
      'GET',
      '/api/ruleChains?pageSize=50&page=0',
    );
    const root = chains.data.find((chain) => chain.root) as { id: { id: string } };
    const metadata = await call<{
      nodes: { name: string }[];
      connections: { fromIndex: number; toIndex: number; type: string }[];
    }>(cluster.httpUrl, 'GET', `/api/ruleChain/${root.id.id}/metadata`);
    const sw = metadata.nodes.findIndex((node) => node.name === 'Message Type Switch');
    metadata.nodes.push(
      {
        type: 'org.thingsboard.rule.engine.transform.TbTransformMsgNode',
        name: 'Pong',
        configuration: {
          jsScript: 'return {msg: {pong: msg.params}, metadata: metadata, msgType: msgType};',
        },
        additionalInfo: { layoutX: 900, layoutY: 400 },
      } as { name: string },
      {
        type: 'org.thingsboard.rule.engine.rpc.TbSendRPCReplyNode',
        name: 'Reply',
        configuration: { requestIdMetaDataAttribute: 'requestId' },
        additionalInfo: { layoutX: 1100, layoutY: 400 },
      } as { name: string },
    );
    const pong = metadata.nodes.length - 2;
    metadata.connections.push(
      { fromIndex: sw, toIndex: pong, type: 'RPC Request from Device' },
      { fromIndex: pong, toIndex: pong + 1, type: 'Success' },
    );
    await call(cluster.httpUrl, 'POST', '/api/ruleChain/metadata', metadata);
    await sleep(500);
    const node1 = cluster.nodes[0] as (typeof cluster.nodes)[0];
    // A device on node 1 whose messages another node processes.
    const view = await clusterView(node1.url);
    const owned = view.nodes.find((n) => n.nodeId === node1.nodeId)?.partitions ?? [];
    let device = await newDevice();
    for (let i = 0; i < 20; i++) {
      const { tenantId } = await call<{ tenantId: { id: string } }>(
        cluster.httpUrl,
        'GET',
        `/api/device/${device.id}`,
      );
      if (!owned.includes(`Main.${partitionOf(`${tenantId.id}:${device.id}`, 10)}`)) break;
      device = await newDevice();
    }
    const client = mqtt.connect(`mqtt://127.0.0.1:${node1.mqttPort}`, { username: device.token });
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    await client.subscribeAsync('v1/devices/me/rpc/response/+', { qos: 1 });
    const response = new Promise<unknown>((resolve) =>
      client.on('message', (topic, payload) => {
        if (topic === 'v1/devices/me/rpc/response/7') resolve(JSON.parse(String(payload)));
      }),
    );
    await client.publishAsync(
      'v1/devices/me/rpc/request/7',
      JSON.stringify({ method: 'ping', params: { a: 1 } }),
      {
        qos: 1,
      },
    );
    expect(await response).toEqual({ pong: { a: 1 } });
    await client.endAsync();
  });

  it('delivers a persistent RPC once, after the nodes restarted while its device was away', async () => {
    const [node1, node2, node3] = cluster.nodes as [
      (typeof cluster.nodes)[0],
      (typeof cluster.nodes)[0],
      (typeof cluster.nodes)[0],
    ];
    const device = await newDevice();
    const { rpcId } = await call<{ rpcId: string }>(
      node1.url,
      'POST',
      `/api/plugins/rpc/oneway/${device.id}`,
      {
        method: 'setMode',
        params: { mode: 'eco' },
        persistent: true,
        timeout: 120_000,
      },
    );
    // Restarted nodes read the open RPCs again: only the device's owner may take this one.
    for (const node of [node2, node3]) {
      await cluster.stop(node);
      await cluster.startNode(node);
    }
    await sleep(2500);
    const client = mqtt.connect(`mqtt://127.0.0.1:${cluster.mqttPort}`, { username: device.token });
    const received: string[] = [];
    client.on('message', (_topic, payload) => received.push(String(payload)));
    await new Promise<void>((resolve) => client.once('connect', () => resolve()));
    await client.subscribeAsync('v1/devices/me/rpc/request/+', { qos: 1 });
    await eventually(
      async () => {
        const rpc = await call<{ status: string }>(cluster.httpUrl, 'GET', `/api/rpc/persistent/${rpcId}`);
        return rpc.status === 'SUCCESSFUL' ? true : undefined;
      },
      10_000,
      'the RPC succeeding',
    );
    await sleep(2000);
    expect(received.map((text) => JSON.parse(text))).toEqual([
      { method: 'setMode', params: { mode: 'eco' } },
    ]);
    await client.endAsync();
  }, 120_000);

  it('raises a device profile alarm once, however many nodes take the device data', async () => {
    const profile = await call<{ id: { id: string } }>(cluster.httpUrl, 'POST', '/api/deviceProfile', {
      name: `Cluster alarm profile ${cluster.name}`,
      type: 'DEFAULT',
      transportType: 'DEFAULT',
      profileData: {
        alarms: [
          {
            id: 'cluster-high-temperature',
            alarmType: 'Cluster High Temperature',
            createRules: {
              CRITICAL: {
                condition: {
                  condition: [
                    {
                      key: { type: 'TIME_SERIES', key: 'temperature' },
                      valueType: 'NUMERIC',
                      predicate: { type: 'NUMERIC', operation: 'GREATER', value: { defaultValue: 50 } },
                    },
                  ],
                  spec: { type: 'SIMPLE' },
                },
              },
            },
            propagate: false,
          },
        ],
      },
    });
    const device = await newDevice(profile.id.id);
    // Every node at once, five rounds: each takes data of the same device.
    for (let round = 0; round < 5; round++) {
      await Promise.all(
        cluster.nodes.map((node, index) =>
          fetch(`${node.url}/api/v1/${device.token}/telemetry`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ temperature: 60 + round * 3 + index }),
          }).then((res) => expect(res.status).toBe(200)),
        ),
      );
    }
    // Processed once the queues are empty: after the previous case restarted nodes, a partition
    // can wait for its lease to move before anything runs, so a fixed pause is not enough.
    await waitForEmptyQueues();
    const alarms = await call<{ data: { type: string; status: string }[] }>(
      cluster.httpUrl,
      'GET',
      `/api/alarm/DEVICE/${device.id}?pageSize=50&page=0`,
    );
    expect(alarms.data.map((a) => [a.type, a.status])).toEqual([
      ['Cluster High Temperature', 'ACTIVE_UNACK'],
    ]);
  });

  it('keeps a device active while it talks to another node, and marks it inactive once when it goes silent', async () => {
    const [node1, node2] = cluster.nodes as [(typeof cluster.nodes)[0], (typeof cluster.nodes)[0]];
    const device = await newDevice();
    await call(cluster.httpUrl, 'POST', `/api/plugins/telemetry/DEVICE/${device.id}/SERVER_SCOPE`, {
      inactivityTimeout: 4000,
    });
    const state = async () => {
      const attributes = await call<{ key: string; value: unknown }[]>(
        cluster.httpUrl,
        'GET',
        `/api/plugins/telemetry/DEVICE/${device.id}/values/attributes/SERVER_SCOPE?keys=active,inactivityAlarmTime`,
      );
      return Object.fromEntries(attributes.map((a) => [a.key, a.value]));
    };
    // Two seconds on node 1, then the device moves to node 2 and talks there for longer than its timeout.
    for (const [node, seconds] of [
      [node1, 2],
      [node2, 7],
    ] as const) {
      const client = mqtt.connect(`mqtt://127.0.0.1:${node.mqttPort}`, { username: device.token });
      await new Promise<void>((resolve) => client.once('connect', () => resolve()));
      for (let i = 0; i < seconds * 2; i++) {
        await client.publishAsync('v1/devices/me/telemetry', JSON.stringify({ i }), { qos: 1 });
        await sleep(500);
      }
      await client.endAsync();
    }
    // Node 1 last saw the device 7 s ago, but heard node 2's activity: nobody marked it inactive.
    expect(await state()).toMatchObject({ active: true });
    expect((await state()).inactivityAlarmTime).toBeUndefined();
    const inactive = await eventually(
      async () => {
        const s = await state();
        return s.active === false ? s : undefined;
      },
      10_000,
      'the device turning inactive',
    );
    const alarmTime = inactive.inactivityAlarmTime;
    await sleep(2500);
    // Marked once: a second node deciding too would have written a later time.
    expect((await state()).inactivityAlarmTime).toBe(alarmTime);
  });

  it("counts a tenant's API usage over every node", async () => {
    const query = await call<{ data: { entityId: { id: string } }[] }>(
      cluster.httpUrl,
      'POST',
      '/api/entitiesQuery/find',
      {
        entityFilter: { type: 'apiUsageState' },
        pageLink: { pageSize: 1, page: 0 },
      },
    );
    const usageId = query.data[0]?.entityId.id as string;
    const device = await newDevice();
    const messages = async () => {
      const series = await call<Record<string, { value: string }[]>>(
        cluster.httpUrl,
        'GET',
        `/api/plugins/telemetry/API_USAGE_STATE/${usageId}/values/timeseries?keys=transportMsgCount`,
      );
      return Number(series.transportMsgCount?.[0]?.value ?? 0);
    };
    // Settled: the counts of earlier cases were shared and written (every second here).
    await sleep(2500);
    const before = await messages();
    for (const node of cluster.nodes) {
      for (let i = 0; i < 4; i++) {
        const res = await fetch(`${node.url}/api/v1/${device.token}/telemetry`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ usage: i }),
        });
        expect(res.status).toBe(200);
      }
    }
    // Each node wrote the whole cluster's count, not only its own four.
    await eventually(
      async () => ((await messages()) === before + 12 ? true : undefined),
      8000,
      'the usage count',
    );
    await sleep(2500);
    expect(await messages()).toBe(before + 12);
  });

  it('throttles sign-ins by the failures counted on every node', async () => {
    const attempt = (url: string, password: string) =>
      fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'customer@meridian.local', password }),
      });
    // Five free failures spread over two nodes; the sixth, on a third node, starts the delay.
    const [node1, node2, node3] = cluster.nodes as [
      (typeof cluster.nodes)[0],
      (typeof cluster.nodes)[0],
      (typeof cluster.nodes)[0],
    ];
    for (const url of [node1.url, node2.url, node1.url, node2.url, node1.url]) {
      expect((await attempt(url, 'wrong')).status).toBe(401);
    }
    await sleep(300);
    expect((await attempt(node3.url, 'wrong')).status).toBe(401);
    await sleep(300);
    expect((await attempt(node1.url, 'customer')).status).toBe(429);
  });

  it('loses no acknowledged message when a node is killed during QoS 1 ingest', async () => {
    const devices = [await newDevice(), await newDevice(), await newDevice()];
    const load = new IngestLoad(
      cluster.mqttPort,
      devices.map((d) => d.token),
    );
    await load.start();
    await sleep(3000);
    const victim = cluster.nodes[1] as (typeof cluster.nodes)[0];
    const node1 = cluster.nodes[0] as (typeof cluster.nodes)[0];
    const before = await clusterView(node1.url);
    const held = before.nodes.find((n) => n.nodeId === victim.nodeId)?.partitions ?? [];
    expect(held.length).toBeGreaterThan(0);
    const killedAt = Date.now();
    await cluster.kill(victim);
    // The dead node's partitions move to the survivors within the lease time and the ack wait.
    await eventually(
      async () => {
        const view = await clusterView(node1.url);
        const owners = view.nodes.filter((n) => n.nodeId !== victim.nodeId).flatMap((n) => n.partitions);
        return held.every((p) => owners.includes(p)) ? true : undefined;
      },
      20_000,
      "the killed node's partitions moving",
    );
    expect(Date.now() - killedAt).toBeLessThan(20_000);
    await sleep(2000);
    const results = await load.stop();
    // The killed node held at least one of the devices, which came back through another node.
    expect(results.some((r) => r.reconnects > 0)).toBe(true);
    await expectNoAcknowledgedLoss(devices, results);
    // The survivors stop listing the killed node within the membership expiry.
    const view = await call<{ nodes: { nodeId: string }[] }>(
      node1.url,
      'GET',
      '/api/admin/cluster',
      undefined,
      sysadminToken,
    );
    expect(view.nodes.map((n) => n.nodeId).sort()).toEqual(['node1', 'node3']);
    await cluster.startNode(victim);
  }, 120_000);

  it('loses nothing in a rolling restart of all three nodes', async () => {
    const devices = [await newDevice(), await newDevice(), await newDevice()];
    const load = new IngestLoad(
      cluster.mqttPort,
      devices.map((d) => d.token),
    );
    await load.start();
    for (const node of cluster.nodes) {
      await sleep(2000);
      await cluster.stop(node);
      await cluster.startNode(node);
    }
    await sleep(2000);
    const results = await load.stop();
    // Every device lost its node at least once on the way.
    for (const result of results) expect(result.reconnects).toBeGreaterThan(0);
    await expectNoAcknowledgedLoss(devices, results);
  }, 240_000);
});
