import { jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { afterEach, describe, expect, it } from 'vitest';
import { partitionOf } from '../../rule-engine/queue/pack-processor.js';
import type { QueueConfig } from '../../rule-engine/queue/queue-config.js';
import { FakeCluster } from './fake-members.js';
import { JetStreamQueues } from './jetstream-queues.js';

const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const TTL = 1500;
// With the node ids below, rendezvous hashing gives each node three partitions.
const PARTITIONS = 6;

const queue = (overrides: Partial<QueueConfig>): QueueConfig => ({
  name: 'Main',
  partitions: PARTITIONS,
  packSize: 10,
  submitStrategy: 'SEQUENTIAL_BY_ORIGINATOR',
  batchSize: 10,
  processingStrategy: 'RETRY_FAILED_AND_TIMED_OUT',
  retries: 0,
  failurePercentage: 0,
  pauseBetweenRetriesMs: 20,
  maxPauseBetweenRetriesMs: 20,
  packProcessingTimeoutMs: 1000,
  ...overrides,
});

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));
const decode = (payload: Uint8Array) =>
  JSON.parse(new TextDecoder().decode(payload)) as { key: string; i: number };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await sleep(50);
  }
  return Date.now() - start;
}

/**
 * At least once and in order per key: message i of a key is handled for the first time only after
 * message i - 1 of that key was; a later repeat of an older message (a redelivery) is allowed.
 */
function expectInOrder(handled: { key: string; i: number }[], keys: string[], count: number): void {
  for (const key of keys) {
    const seq = handled.filter((h) => h.key === key).map((h) => h.i);
    const seen = new Set<number>();
    for (const i of seq) {
      if (!seen.has(i)) expect(i === 0 || seen.has(i - 1), `${key}: ${seq.join(',')}`).toBe(true);
      seen.add(i);
    }
    expect(seen.size, `${key}: ${seq.join(',')}`).toBe(count);
  }
}

describe('JetStreamQueues', () => {
  const connections: NatsConnection[] = [];
  const nodes: JetStreamQueues[] = [];
  let names = { stream: '', bucket: '', prefix: '' };

  const fresh = (label: string) => {
    const id = `${Date.now()}_${label}`;
    names = { stream: `TEST_RE_${id}`, bucket: `test_re_${id}`, prefix: `test.re.${id}` };
  };

  const node = async (cluster: FakeCluster, nodeId: string, queues: QueueConfig[], ackWaitMs?: number) => {
    const nc = await connect({ servers: NATS_URL });
    connections.push(nc);
    const q = new JetStreamQueues(nc, cluster.member(nodeId), queues, {
      stream: names.stream,
      subjectPrefix: names.prefix,
      leases: { bucket: names.bucket, ttlMs: TTL },
      ...(ackWaitMs ? { ackWaitMs } : {}),
    });
    nodes.push(q);
    return { q, nc };
  };

  afterEach(async () => {
    for (const q of nodes.splice(0)) q.abandon();
    const nc = connections.find((c) => !c.isClosed());
    if (nc) {
      const jsm = await jetstreamManager(nc);
      await jsm.streams.delete(names.stream).catch(() => {});
      await jsm.streams.delete(`KV_${names.bucket}`).catch(() => {});
    }
    await Promise.all(connections.splice(0).map((c) => c.close()));
  });

  it('resolves publish once the message is stored, then hands its payload to the handler', async () => {
    fresh('publish');
    const cluster = new FakeCluster();
    cluster.set(['node-a']);
    const { q, nc } = await node(cluster, 'node-a', [queue({})]);
    await q.publish('Main', 'tenant:device', encode({ key: 'tenant:device', i: 0 }));

    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(names.stream);
    expect(info.state.messages).toBe(1);
    expect(info.config.storage).toBe('file');
    const partition = partitionOf('tenant:device', PARTITIONS);
    const status = await q.status();
    expect(status.find((s) => s.partition === partition)).toMatchObject({
      queue: 'Main',
      owner: null,
      pending: 1,
    });
    await expect(q.publish('Nope', 'k', encode({}))).rejects.toThrow(/Unknown rule engine queue/);

    const handled: { queue: string; value: unknown }[] = [];
    await q.start(async (queueName, payload) => {
      handled.push({ queue: queueName, value: decode(payload) });
    });
    await until(() => handled.length === 1, 5000);
    expect(handled[0]).toEqual({ queue: 'Main', value: { key: 'tenant:device', i: 0 } });
    await until(async () => (await q.status()).every((s) => s.owner === 'node-a' && s.pending === 0), 5000);
    // Acknowledged messages leave the work-queue stream.
    expect((await jsm.streams.info(names.stream)).state.messages).toBe(0);
  });

  it('splits the partitions between two nodes and moves them on a clean close, in order per key', async () => {
    fresh('close');
    const cluster = new FakeCluster();
    cluster.set(['node-a', 'node-b']);
    const queues = [queue({})];
    const [a, b] = [await node(cluster, 'node-a', queues), await node(cluster, 'node-b', queues)];
    const handled: { key: string; i: number; node: string }[] = [];
    const handler = (nodeId: string) => async (_queue: string, payload: Uint8Array) => {
      await sleep(2);
      handled.push({ ...decode(payload), node: nodeId });
    };
    await Promise.all([a.q.start(handler('node-a')), b.q.start(handler('node-b'))]);
    await until(() => a.q.leases.owned().length + b.q.leases.owned().length === PARTITIONS, 5000);
    const ownedA = a.q.leases.owned().map((r) => r.partition);
    const ownedB = b.q.leases.owned().map((r) => r.partition);
    expect(ownedA.filter((p) => ownedB.includes(p))).toEqual([]);
    expect(ownedA.length).toBeGreaterThan(0);
    expect(ownedB.length).toBeGreaterThan(0);

    const keys = Array.from({ length: 12 }, (_, k) => `tenant:device-${k}`);
    const count = 40;
    const publishing = (async () => {
      for (let i = 0; i < count; i++) {
        await Promise.all(keys.map((key) => a.q.publish('Main', key, encode({ key, i }))));
        if (i === 10) {
          // n2 leaves while messages flow (once it has handled some, however loaded the machine);
          // it hands its partitions over cleanly.
          await until(() => handled.some((h) => h.node === 'node-b'), 10_000);
          cluster.set(['node-a']);
          void b.q.close();
        }
      }
    })();
    await publishing;
    const took = await until(() => a.q.leases.owned().length === PARTITIONS, 5000);
    expect(took).toBeLessThan(TTL);
    await until(() => new Set(handled.map((h) => `${h.key}/${h.i}`)).size === keys.length * count, 10_000);
    expectInOrder(handled, keys, count);
    expect(handled.some((h) => h.node === 'node-b')).toBe(true);
    // Every message of a partition n2 gave away, handled by n1 after the move, came after n2's.
    for (const key of keys) {
      const seq = handled.filter((h) => h.key === key);
      const firstOnA = seq.findIndex((h) => h.node === 'node-a');
      if (firstOnA >= 0) expect(seq.slice(firstOnA).every((h) => h.node === 'node-a')).toBe(true);
    }
    await until(async () => (await a.q.status()).every((s) => s.owner === 'node-a' && s.pending === 0), 5000);
  });

  it("takes over a crashed node's partitions after its leases and ack wait expire, in order per key", async () => {
    fresh('crash');
    const cluster = new FakeCluster();
    cluster.set(['node-a', 'node-b']);
    const queues = [queue({})];
    const [a, b] = [await node(cluster, 'node-a', queues), await node(cluster, 'node-b', queues)];
    const handled: { key: string; i: number; node: string }[] = [];
    let crashed = false;
    const handler = (nodeId: string) => async (_queue: string, payload: Uint8Array) => {
      await sleep(5);
      // A dead node does nothing more.
      if (nodeId === 'node-b' && crashed) return new Promise<void>(() => {});
      handled.push({ ...decode(payload), node: nodeId });
    };
    await Promise.all([a.q.start(handler('node-a')), b.q.start(handler('node-b'))]);
    await until(() => a.q.leases.owned().length + b.q.leases.owned().length === PARTITIONS, 5000);
    const ownedB = b.q.leases.owned().map((r) => r.partition);

    const keys = Array.from({ length: 12 }, (_, k) => `tenant:device-${k}`);
    const movedKeys = keys.filter((key) => ownedB.includes(partitionOf(key, PARTITIONS)));
    expect(movedKeys.length).toBeGreaterThan(0);
    const count = 30;
    let crashedAt = 0;
    for (let i = 0; i < count; i++) {
      await Promise.all(keys.map((key) => a.q.publish('Main', key, encode({ key, i }))));
      if (i === 10) {
        // Crash only once node-b is mid-stream on each of its keys, so the takeover is observable
        // however slowly a loaded machine lets node-b consume.
        await until(
          () => movedKeys.every((key) => handled.some((h) => h.key === key && h.node === 'node-b')),
          10_000,
        );
        crashed = true;
        crashedAt = Date.now();
        b.q.abandon();
        await b.nc.close();
        cluster.set(['node-a']);
      }
    }
    await until(() => a.q.leases.owned().length === PARTITIONS, 3 * TTL);
    await until(() => new Set(handled.map((h) => `${h.key}/${h.i}`)).size === keys.length * count, 10_000);
    // Lease expiry, then the ack wait of what the dead node held: bounded by a few TTLs.
    expect(Date.now() - crashedAt).toBeLessThan(5 * TTL);
    expectInOrder(handled, keys, count);
    for (const key of movedKeys) {
      expect(handled.some((h) => h.key === key && h.node === 'node-b')).toBe(true);
      expect(handled.some((h) => h.key === key && h.node === 'node-a')).toBe(true);
    }
    await until(async () => (await a.q.status()).every((s) => s.owner === 'node-a' && s.pending === 0), 5000);
  });

  it('retries a failing message by the processing strategy, and acknowledges what it gives up', async () => {
    fresh('retry');
    const cluster = new FakeCluster();
    cluster.set(['node-a']);
    const queues = [
      queue({ name: 'Retry', partitions: 2, processingStrategy: 'RETRY_FAILED', retries: 3 }),
      queue({ name: 'Skip', partitions: 2, processingStrategy: 'SKIP_ALL_FAILURES', retries: 3 }),
    ];
    const { q } = await node(cluster, 'node-a', queues);
    const attempts = new Map<string, number>();
    const succeeded: string[] = [];
    await q.start(async (queueName, payload) => {
      const { key, i } = decode(payload);
      const id = `${queueName}/${key}/${i}`;
      const attempt = (attempts.get(id) ?? 0) + 1;
      attempts.set(id, attempt);
      if (key === 'flaky' && attempt < 3) throw new Error('not yet');
      if (key === 'broken') throw new Error('never');
      succeeded.push(id);
    });
    for (const name of ['Retry', 'Skip']) {
      for (const key of ['flaky', 'broken', 'fine']) await q.publish(name, key, encode({ key, i: 0 }));
    }
    await until(async () => (await q.status()).every((s) => s.pending === 0), 5000);
    // RETRY_FAILED: the flaky one succeeds on its third attempt; the broken one is given up after
    // the first attempt and 3 retries, then acknowledged.
    expect(attempts.get('Retry/flaky/0')).toBe(3);
    expect(attempts.get('Retry/broken/0')).toBe(4);
    expect(attempts.get('Retry/fine/0')).toBe(1);
    // SKIP_ALL_FAILURES: one attempt each.
    expect(attempts.get('Skip/flaky/0')).toBe(1);
    expect(attempts.get('Skip/broken/0')).toBe(1);
    expect(succeeded.sort()).toEqual(['Retry/fine/0', 'Retry/flaky/0', 'Skip/fine/0']);
  });
  it('keeps the order when a partition taken from a dead node moves on before its messages came back', async () => {
    fresh('moveon');
    const cluster = new FakeCluster();
    cluster.set(['node-a', 'node-b']);
    // An ack wait longer than the lease: the dead node's messages are due only after the take-over.
    const ackWait = 2 * TTL;
    const queues = [queue({})];
    const [a, b] = [
      await node(cluster, 'node-a', queues, ackWait),
      await node(cluster, 'node-b', queues, ackWait),
    ];
    const handled: { key: string; i: number; node: string }[] = [];
    let crashed = false;
    const handler = (nodeId: string) => async (_queue: string, payload: Uint8Array) => {
      await sleep(5);
      if (nodeId === 'node-b/1' && crashed) return new Promise<void>(() => {});
      handled.push({ ...decode(payload), node: nodeId });
    };
    await Promise.all([a.q.start(handler('node-a')), b.q.start(handler('node-b/1'))]);
    await until(() => a.q.leases.owned().length + b.q.leases.owned().length === PARTITIONS, 5000);
    const keys = Array.from({ length: 12 }, (_, k) => `tenant:device-${k}`);
    const publish = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        await Promise.all(keys.map((key) => a.q.publish('Main', key, encode({ key, i }))));
      }
    };
    await publish(0, 10);
    crashed = true;
    b.q.abandon();
    await b.nc.close();
    cluster.set(['node-a']);
    await publish(10, 20);
    // node-a takes the dead node's partitions and waits for their messages to be due again...
    await until(() => a.q.leases.owned().length === PARTITIONS, 3 * TTL);
    // ...when node-b comes back and is given them again: node-a hands them over only once it is safe.
    const restarted = await node(cluster, 'node-b', queues, ackWait);
    await restarted.q.start(handler('node-b/2'));
    cluster.set(['node-a', 'node-b']);
    await publish(20, 30);
    await until(() => new Set(handled.map((h) => `${h.key}/${h.i}`)).size === keys.length * 30, 12_000);
    expectInOrder(handled, keys, 30);
    expect(handled.some((h) => h.node === 'node-b/2')).toBe(true);
  });

  it('hands a message still being retried over to the next owner, which retries it', async () => {
    fresh('handback');
    const cluster = new FakeCluster();
    cluster.set(['node-a', 'node-b']);
    // One partition, retried forever: only a hand-over ends the retries on the first owner.
    const queues = [queue({ name: 'Retry', partitions: 1, processingStrategy: 'RETRY_FAILED', retries: 0 })];
    const [a, b] = [await node(cluster, 'node-a', queues), await node(cluster, 'node-b', queues)];
    const attempts: string[] = [];
    let owner = '';
    const handler = (nodeId: string) => async (_queue: string, payload: Uint8Array) => {
      const { key, i } = decode(payload);
      attempts.push(`${nodeId}:${key}/${i}`);
      if (nodeId === owner) throw new Error('this node cannot');
    };
    await Promise.all([a.q.start(handler('node-a')), b.q.start(handler('node-b'))]);
    await until(() => a.q.leases.owned().length + b.q.leases.owned().length === 1, 5000);
    const [first, next] = a.q.leases.owned().length === 1 ? [a, b] : [b, a];
    owner = first === a ? 'node-a' : 'node-b';
    const other = owner === 'node-a' ? 'node-b' : 'node-a';

    await first.q.publish('Retry', 'k', encode({ key: 'k', i: 0 }));
    await until(() => attempts.filter((x) => x === `${owner}:k/0`).length >= 3, 5000);
    cluster.set([other]);
    const closing = Date.now();
    await first.q.close();
    // The attempt under way, then the fetch in flight: bounded by the pack timeout and a fetch expiry.
    expect(Date.now() - closing).toBeLessThan(2500);
    await until(() => attempts.includes(`${other}:k/0`), 5000);
    await until(async () => (await next.q.status()).every((s) => s.owner === other && s.pending === 0), 5000);
    expect(attempts.filter((x) => x === `${other}:k/0`)).toHaveLength(1);
  });

  it('keeps a message whose processing outlasts the ack wait from being redelivered', async () => {
    fresh('slow');
    const cluster = new FakeCluster();
    cluster.set(['node-a']);
    const { q, nc } = await node(cluster, 'node-a', [queue({ packProcessingTimeoutMs: 10_000 })]);
    const started: number[] = [];
    let finished = 0;
    await q.start(async (_queue, payload) => {
      started.push(decode(payload).i);
      // Twice the ack wait (four fifths of the lease TTL).
      await sleep(2 * TTL);
      finished++;
    });
    await q.publish('Main', 'slow', encode({ key: 'slow', i: 0 }));
    await until(() => finished === 1, 3 * TTL + 1000);
    await until(async () => (await q.status()).every((s) => s.pending === 0), 2000);
    expect(started).toEqual([0]);
    const durable = `${names.stream}_Main_${partitionOf('slow', PARTITIONS)}`;
    const info = await (await jetstreamManager(nc)).consumers.info(names.stream, durable);
    expect(info.delivered.consumer_seq).toBe(1);
  });
});
