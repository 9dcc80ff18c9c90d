import type { RpcStatus } from '@meridian/common';
import { afterEach, describe, expect, it } from 'vitest';
import type { RpcReplySink, ToDeviceRpc } from '../../transport/core/types.js';
import type { RpcDeliveryChannel } from './delivery-channel.js';
import { RpcDispatcher, type RpcSubmission, replyAsJson } from './dispatcher.js';
import type { RpcStatusWriter } from './repo.js';

/**
 * The dispatcher against a fake session registry: sessions that take (or refuse) RPCs and report
 * deliveries synchronously, as the transport core does, and a status writer that records writes.
 */

const DEVICE = 'device-1';

class FakeChannel implements RpcDeliveryChannel {
  /** What each subscribed session does with an RPC: take it (and report the delivery) or refuse it. */
  sessions: Array<'take' | 'refuse' | 'take-silently'> = [];
  readonly received: ToDeviceRpc[] = [];
  private readonly listeners = new Set<(deviceId: string) => void>();
  sink: RpcReplySink | undefined;

  deliverRpc(deviceId: string, rpc: ToDeviceRpc): boolean {
    for (const session of this.sessions) {
      if (session === 'refuse') continue;
      this.received.push(rpc);
      if (session === 'take') this.sink?.delivered(deviceId, rpc.requestId);
      return true;
    }
    return false;
  }
  hasRpcSubscriber(): boolean {
    return this.sessions.length > 0;
  }
  onRpcSubscribed(listener: (deviceId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  subscribe(session: 'take' | 'refuse' | 'take-silently'): void {
    this.sessions.push(session);
    for (const listener of this.listeners) listener(DEVICE);
  }
}

class RecordingWriter implements RpcStatusWriter {
  readonly writes: Array<{ id: string; status: RpcStatus; response?: string }> = [];
  async setStatus(id: string, status: RpcStatus, response?: string): Promise<void> {
    this.writes.push(response === undefined ? { id, status } : { id, status, response });
  }
  statuses(id: string): RpcStatus[] {
    return this.writes.filter((w) => w.id === id).map((w) => w.status);
  }
}

const silentLog = { warn: () => {} };
const microtasks = () => new Promise<void>((resolve) => setImmediate(resolve));

let dispatcher: RpcDispatcher | undefined;
afterEach(async () => {
  await dispatcher?.close();
  dispatcher = undefined;
});

function setUp(maxRetries = 5) {
  const channel = new FakeChannel();
  const writer = new RecordingWriter();
  const created = new RpcDispatcher(writer, silentLog, { maxRetries });
  channel.sink = created;
  created.attach(channel);
  dispatcher = created;
  return { channel, writer, dispatcher: created };
}

const submission = (overrides: Partial<RpcSubmission> = {}): RpcSubmission => ({
  deviceId: DEVICE,
  method: 'setGpio',
  params: { pin: 7 },
  oneway: false,
  expirationTime: Date.now() + 10_000,
  retries: undefined,
  ...overrides,
});

describe('RpcDispatcher', () => {
  it('sends to a listening session at once and resolves with the reply', async () => {
    const { channel, dispatcher } = setUp();
    channel.subscribe('take');
    const outcome = dispatcher.call(submission());
    expect(channel.received).toHaveLength(1);
    const rpc = channel.received[0] as ToDeviceRpc;
    expect(rpc).toMatchObject({ method: 'setGpio', params: { pin: 7 }, oneway: false });
    dispatcher.reply(DEVICE, rpc.requestId, '{"ok":true}');
    await expect(outcome).resolves.toEqual({ kind: 'replied', payload: '{"ok":true}' });
    expect(dispatcher.pendingCount()).toBe(0);
  });

  it('numbers the requests of each device upwards', async () => {
    const { channel, dispatcher } = setUp();
    channel.subscribe('take');
    void dispatcher.call(submission());
    void dispatcher.call(submission());
    void dispatcher.call(submission({ deviceId: 'device-2' }));
    // The fake listens for every device: device-2 counts from 0 on its own.
    expect(channel.received.map((r) => r.requestId)).toEqual([0, 1, 0]);
    expect(dispatcher.pendingCount(DEVICE)).toBe(2);
    expect(dispatcher.pendingCount('device-2')).toBe(1);
  });

  it('answers a one-way RPC once the device took it', async () => {
    const { channel, dispatcher } = setUp();
    channel.subscribe('take');
    await expect(dispatcher.call(submission({ oneway: true }))).resolves.toEqual({ kind: 'delivered' });
    expect(dispatcher.pendingCount()).toBe(0);
  });

  it('keeps an RPC until a session subscribes, then sends it', async () => {
    const { channel, dispatcher } = setUp();
    const outcome = dispatcher.call(submission({ oneway: true }));
    expect(channel.received).toHaveLength(0);
    channel.subscribe('take');
    await microtasks();
    expect(channel.received).toHaveLength(1);
    await expect(outcome).resolves.toEqual({ kind: 'delivered' });
  });

  it('reports no connection when nobody took the RPC before it expired', async () => {
    const { dispatcher } = setUp();
    const outcome = await dispatcher.call(submission({ expirationTime: Date.now() + 30 }));
    expect(outcome).toEqual({ kind: 'noConnection' });
    expect(dispatcher.pendingCount()).toBe(0);
  });

  it('reports a timeout when the device took the RPC but never answered', async () => {
    const { channel, dispatcher } = setUp();
    channel.subscribe('take');
    const outcome = await dispatcher.call(submission({ expirationTime: Date.now() + 30 }));
    expect(outcome).toEqual({ kind: 'timeout' });
  });

  it('answers an RPC that arrives expired with a timeout without sending it', async () => {
    const { channel, dispatcher } = setUp();
    channel.subscribe('take');
    await expect(dispatcher.call(submission({ expirationTime: Date.now() - 1 }))).resolves.toEqual({
      kind: 'timeout',
    });
    expect(channel.received).toHaveLength(0);
  });

  it('drops replies to unknown or finished requests', async () => {
    const { channel, dispatcher } = setUp();
    channel.subscribe('take');
    const outcome = dispatcher.call(submission());
    const rpc = channel.received[0] as ToDeviceRpc;
    dispatcher.reply(DEVICE, rpc.requestId + 100, '{"stale":true}');
    dispatcher.reply('other-device', rpc.requestId, '{"stale":true}');
    dispatcher.reply(DEVICE, rpc.requestId, '1');
    dispatcher.reply(DEVICE, rpc.requestId, '2');
    await expect(outcome).resolves.toEqual({ kind: 'replied', payload: '1' });
  });

  it('records the lifecycle of a two-way persistent RPC', async () => {
    const { channel, writer, dispatcher } = setUp();
    dispatcher.queuePersistent('p1', submission());
    channel.subscribe('take');
    await microtasks();
    const rpc = channel.received[0] as ToDeviceRpc;
    dispatcher.reply(DEVICE, rpc.requestId, '{"temperature": 21.50}');
    await dispatcher.idle();
    expect(writer.statuses('p1')).toEqual(['DELIVERED', 'SUCCESSFUL']);
    expect(writer.writes.at(-1)).toEqual({
      id: 'p1',
      status: 'SUCCESSFUL',
      response: '{"temperature":21.50}',
    });
  });

  it('marks a persistent RPC SENT when a session took it without confirming, and resends it to the next subscriber', async () => {
    const { channel, writer, dispatcher } = setUp();
    channel.subscribe('take-silently');
    dispatcher.queuePersistent('p2', submission({ oneway: true }));
    expect(channel.received).toHaveLength(1);
    channel.sessions = [];
    channel.subscribe('take');
    await microtasks();
    expect(channel.received).toHaveLength(2);
    expect(channel.received[1]?.requestId).toBe(channel.received[0]?.requestId);
    await dispatcher.idle();
    // One-way: finished as soon as the device has it.
    expect(writer.statuses('p2')).toEqual(['SENT', 'SUCCESSFUL']);
    expect(dispatcher.pendingCount()).toBe(0);
  });

  it('expires a persistent RPC nobody took, and times out one that was taken', async () => {
    const { channel, writer, dispatcher } = setUp();
    dispatcher.queuePersistent('never-taken', submission({ expirationTime: Date.now() + 20 }));
    await new Promise((resolve) => setTimeout(resolve, 60));
    channel.subscribe('take');
    await microtasks();
    dispatcher.queuePersistent('taken', submission({ expirationTime: Date.now() + 20 }));
    await new Promise((resolve) => setTimeout(resolve, 60));
    await dispatcher.idle();
    expect(writer.statuses('never-taken')).toEqual(['EXPIRED']);
    expect(writer.statuses('taken')).toEqual(['DELIVERED', 'TIMEOUT']);
    expect(channel.received).toHaveLength(1);
  });

  it('fails a persistent RPC refused more often than its retries allow', async () => {
    const { channel, writer, dispatcher } = setUp(5);
    dispatcher.queuePersistent('p3', submission({ retries: 2 }));
    for (let i = 0; i < 3; i++) {
      channel.subscribe('refuse');
      await microtasks();
    }
    await dispatcher.idle();
    expect(writer.statuses('p3')).toEqual(['FAILED']);
    expect(JSON.parse(writer.writes.at(-1)?.response ?? 'null')).toEqual({
      error: expect.stringContaining('Retry attempts set: 2'),
    });
    expect(dispatcher.pendingCount()).toBe(0);
  });

  it('caps the retries of a request at the server maximum', async () => {
    const { channel, writer, dispatcher } = setUp(1);
    dispatcher.queuePersistent('p4', submission({ retries: 10 }));
    channel.subscribe('refuse');
    await microtasks();
    await dispatcher.idle();
    expect(writer.statuses('p4')).toEqual([]);
    channel.subscribe('refuse');
    await microtasks();
    await dispatcher.idle();
    expect(writer.statuses('p4')).toEqual(['FAILED']);
  });

  it('sends nothing more for a forgotten (deleted) persistent RPC', async () => {
    const { channel, writer, dispatcher } = setUp();
    dispatcher.queuePersistent('p5', submission());
    dispatcher.forget('p5');
    channel.subscribe('take');
    await microtasks();
    await dispatcher.idle();
    expect(channel.received).toHaveLength(0);
    expect(writer.writes).toEqual([]);
  });

  it('restores open persistent RPCs of a previous run', async () => {
    const { channel, writer, dispatcher } = setUp();
    const row = (id: string, status: RpcStatus, expirationTime: number) => ({
      id,
      createdTime: Date.now() - 1000,
      tenantId: 'tenant',
      deviceId: DEVICE,
      expirationTime,
      request: { oneway: false, body: { method: 'restored', params: '{"a":1}' }, retries: null },
      response: null,
      status,
      additionalInfo: null,
    });
    dispatcher.restore([
      row('queued', 'QUEUED', Date.now() + 10_000),
      row('expired', 'QUEUED', Date.now() - 1),
      row('late', 'DELIVERED', Date.now() - 1),
    ]);
    channel.subscribe('take');
    await microtasks();
    await dispatcher.idle();
    expect(channel.received.map((r) => [r.method, r.params])).toEqual([['restored', { a: 1 }]]);
    expect(writer.statuses('expired')).toEqual(['EXPIRED']);
    expect(writer.statuses('late')).toEqual(['TIMEOUT']);
    expect(writer.statuses('queued')).toEqual(['DELIVERED']);
  });

  it('stores a reply that is not JSON as a JSON string', () => {
    expect(replyAsJson('{"big": 12345678901234567890}')).toBe('{"big":12345678901234567890}');
    expect(replyAsJson('done')).toBe('"done"');
    expect(replyAsJson('')).toBe('null');
  });
});
