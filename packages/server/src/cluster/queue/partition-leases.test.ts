import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { afterEach, describe, expect, it } from 'vitest';
import { rendezvousOwner } from '../ownership.js';
import { FakeCluster } from './fake-members.js';
import { leaseKey, PartitionLeases, type PartitionRef, queueToken } from './partition-leases.js';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const TTL = 1500;
const QUEUES = [
  { name: 'Main', partitions: 6 },
  { name: 'High Priority', partitions: 3 },
];
const ALL = QUEUES.flatMap((q) =>
  Array.from({ length: q.partitions }, (_, partition) => `${q.name}/${partition}`),
);

const name = (ref: PartitionRef) => `${ref.queue}/${ref.partition}`;

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - start;
}

describe('PartitionLeases', () => {
  const connections: NatsConnection[] = [];
  const nodes: PartitionLeases[] = [];
  let bucket = '';

  const node = async (cluster: FakeCluster, nodeId: string) => {
    const nc = await connect({ servers: NATS_URL });
    connections.push(nc);
    const leases = new PartitionLeases(nc, cluster.member(nodeId), QUEUES, { bucket, ttlMs: TTL });
    nodes.push(leases);
    return leases;
  };

  afterEach(async () => {
    for (const leases of nodes.splice(0)) leases.abandon();
    const nc = connections[0];
    if (nc) await (await jetstreamManager(nc)).streams.delete(`KV_${bucket}`).catch(() => {});
    await Promise.all(connections.splice(0).map((c) => c.close()));
  });

  it('escapes queue names into distinct subject tokens', () => {
    expect(queueToken('Main')).toBe('Main');
    expect(queueToken('High Priority')).not.toBe(queueToken('High_Priority'));
    expect(queueToken('a.b')).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(leaseKey({ queue: 'High Priority', partition: 2 })).toBe('High_20_Priority.2');
  });

  it('splits the partitions by rendezvous hashing, each held by one node, and moves them on leave', async () => {
    bucket = `test_leases_${Date.now()}_split`;
    const cluster = new FakeCluster();
    cluster.set(['n1', 'n2']);
    const [n1, n2] = [await node(cluster, 'n1'), await node(cluster, 'n2')];
    const events: string[] = [];
    n1.subscribe({ acquired: (ref, { clean }) => events.push(`+${name(ref)}${clean ? ' clean' : ''}`) });
    n2.subscribe({
      releasing: async (ref) => {
        events.push(`releasing ${name(ref)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      },
      released: (ref) => events.push(`-${name(ref)}`),
    });
    await Promise.all([n1.start(), n2.start()]);
    await until(() => n1.owned().length + n2.owned().length === ALL.length, 5000);

    const owned1 = n1.owned().map(name);
    const owned2 = n2.owned().map(name);
    expect([...owned1, ...owned2].sort()).toEqual([...ALL].sort());
    expect(owned1.filter((p) => owned2.includes(p))).toEqual([]);
    for (const ref of n1.owned()) expect(rendezvousOwner(leaseKey(ref), ['n1', 'n2'])).toBe('n1');
    expect(owned1.length).toBeGreaterThan(0);
    expect(owned2.length).toBeGreaterThan(0);
    expect(await n2.ownerOf(n2.owned()[0] as PartitionRef)).toBe('n2');

    // n2 leaves the membership: it hands its partitions over, n1 takes them without waiting for a TTL.
    events.length = 0;
    cluster.set(['n1']);
    const took = await until(() => n1.owned().length === ALL.length && n2.owned().length === 0, 5000);
    expect(took).toBeLessThan(TTL);
    for (const p of owned2) {
      expect(events).toContain(`+${p} clean`);
      expect(events.indexOf(`releasing ${p}`)).toBeLessThan(events.indexOf(`-${p}`));
      expect(events.indexOf(`-${p}`)).toBeLessThan(events.indexOf(`+${p} clean`));
    }
  });

  it("takes over a dead node's partitions once its leases expire, as not cleanly released", async () => {
    bucket = `test_leases_${Date.now()}_crash`;
    const cluster = new FakeCluster();
    cluster.set(['n1', 'n2']);
    const [n1, n2] = [await node(cluster, 'n1'), await node(cluster, 'n2')];
    const acquired: { p: string; clean: boolean }[] = [];
    n1.subscribe({ acquired: (ref, { clean }) => acquired.push({ p: name(ref), clean }) });
    await Promise.all([n1.start(), n2.start()]);
    await until(() => n1.owned().length + n2.owned().length === ALL.length, 5000);
    const owned2 = n2.owned().map(name);
    expect(acquired.every((a) => !a.clean)).toBe(true);

    acquired.length = 0;
    n2.abandon();
    cluster.set(['n1']);
    const took = await until(() => n1.owned().length === ALL.length, 4 * TTL);
    // Not before the dead node's keys expired.
    expect(took).toBeGreaterThan(TTL / 2);
    expect(acquired.map((a) => a.p).sort()).toEqual([...owned2].sort());
    expect(acquired.every((a) => !a.clean)).toBe(true);
  });

  it('drops a partition whose key another node overwrote, and claims nothing while not a live node', async () => {
    bucket = `test_leases_${Date.now()}_lost`;
    const cluster = new FakeCluster();
    cluster.set(['n1']);
    const n1 = await node(cluster, 'n1');
    const lost: string[] = [];
    n1.subscribe({ lost: (ref) => lost.push(name(ref)) });
    await n1.start();
    await until(() => n1.owned().length === ALL.length, 5000);
    const ref = { queue: 'Main', partition: 0 };
    expect(n1.valid(ref)).toBe(true);
    const kv = await n1.openBucket();
    await kv.put(leaseKey(ref), 'intruder');
    await until(() => lost.includes('Main/0'), 2 * TTL);
    expect(n1.valid(ref)).toBe(false);
    expect(n1.owned().map(name)).not.toContain('Main/0');

    cluster.set([]);
    await until(() => n1.owned().length === 0, 5000);
  });
  it("times its leases by the existing bucket's TTL, not the one asked for", async () => {
    bucket = `test_leases_${Date.now()}_ttl`;
    const cluster = new FakeCluster();
    cluster.set(['n1']);
    const first = await node(cluster, 'n1');
    await first.openBucket();
    const nc = await connect({ servers: NATS_URL });
    connections.push(nc);
    const second = new PartitionLeases(nc, cluster.member('n2'), QUEUES, { bucket, ttlMs: 4 * TTL });
    await second.openBucket();
    expect(second.ttlMs).toBe(4 * TTL);
    expect(second.leaseTtlMs).toBe(TTL);
  });
});
