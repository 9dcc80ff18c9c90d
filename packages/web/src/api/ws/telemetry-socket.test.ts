import type { TelemetrySubscriptionUpdate } from '@meridian/common';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocketServer } from './fake-socket-server';
import { latestPoints } from './latest-values';
import { CLOSE_GRACE_MS, type TelemetrySocket as Socket, TelemetrySocket } from './telemetry-socket';

const DEVICE = { entityType: 'DEVICE', entityId: 'device-1' };

function setup(options: { tokens?: (string | null)[]; maxCommandsPerFrame?: number } = {}) {
  const server = new FakeSocketServer();
  const tokens = [...(options.tokens ?? ['token-1'])];
  const warn = vi.fn();
  const socket = new TelemetrySocket({
    connect: server.connect,
    url: (token) => `ws://console.test/api/ws/plugins/telemetry?token=${token}`,
    accessToken: async () => (tokens.length > 1 ? (tokens.shift() ?? null) : (tokens[0] ?? null)),
    random: () => 0,
    maxCommandsPerFrame: options.maxCommandsPerFrame,
    warn,
  });
  return { server, socket, warn };
}

/** Runs queued microtasks and due timers. */
const settle = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

const update = (subscriptionId: number, data: TelemetrySubscriptionUpdate['data']) => ({
  subscriptionId,
  errorCode: 0,
  errorMsg: null,
  data,
  latestValues: {},
});

async function connected(socket: Socket, server: FakeSocketServer) {
  await settle();
  server.accept();
  await settle();
  expect(socket.getStatus()).toBe('open');
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('TelemetrySocket', () => {
  it('opens only on the first subscription, with the access token in the URL', async () => {
    const { server, socket } = setup();
    await settle();
    expect(server.connections).toHaveLength(0);
    expect(socket.getStatus()).toBe('idle');
    socket.subscribe('attrSubCmds', { ...DEVICE, scope: 'SERVER_SCOPE' }, () => undefined);
    await settle();
    expect(server.connections).toHaveLength(1);
    expect(server.last.url).toBe('ws://console.test/api/ws/plugins/telemetry?token=token-1');
    expect(socket.getStatus()).toBe('connecting');
    // Nothing is sent before the handshake completes.
    expect(server.last.frames).toEqual([]);
    server.accept();
    await settle();
    expect(server.last.frames).toEqual([{ attrSubCmds: [{ cmdId: 1, ...DEVICE, scope: 'SERVER_SCOPE' }] }]);
  });

  it('sends the commands of one task in frames filled in the spec order, capped per frame', async () => {
    const { server, socket } = setup({ maxCommandsPerFrame: 2 });
    socket.subscribe('attrSubCmds', DEVICE, () => undefined);
    await connected(socket, server);
    server.last.frames.length = 0;
    const query = { entityFilter: { type: 'entityType', entityType: 'DEVICE' } } as never;
    socket.subscribe('entityCountCmds', { query }, () => undefined);
    socket.subscribe('entityDataCmds', { query }, () => undefined);
    socket.subscribe('tsSubCmds', { ...DEVICE, timeWindow: 0 }, () => undefined);
    socket.subscribe('historyCmds', { ...DEVICE, keys: 't', startTs: 1, endTs: 2 }, () => undefined);
    socket.subscribe('attrSubCmds', { ...DEVICE, scope: 'SHARED_SCOPE' }, () => undefined);
    await settle();
    expect(server.last.frames).toEqual([
      {
        attrSubCmds: [{ cmdId: 6, ...DEVICE, scope: 'SHARED_SCOPE' }],
        tsSubCmds: [{ cmdId: 4, ...DEVICE, timeWindow: 0 }],
      },
      {
        historyCmds: [{ cmdId: 5, ...DEVICE, keys: 't', startTs: 1, endTs: 2 }],
        entityDataCmds: [{ cmdId: 3, query }],
      },
      { entityCountCmds: [{ cmdId: 2, query }] },
    ]);
  });

  it('routes v1 replies by subscriptionId and v2 replies by cmdId', async () => {
    const { server, socket, warn } = setup();
    const first = vi.fn();
    const second = vi.fn();
    const count = vi.fn();
    socket.subscribe('attrSubCmds', DEVICE, first);
    socket.subscribe('tsSubCmds', { ...DEVICE, timeWindow: 0 }, second);
    socket.subscribe('entityCountCmds', { query: {} as never }, count);
    await connected(socket, server);

    server.reply(update(2, { temperature: [[1000, '21.5']] }));
    server.reply({ cmdId: 3, cmdUpdateType: 'COUNT_DATA', errorCode: 0, errorMsg: null, count: 7 });
    server.reply(update(1, { active: [[900, 'true']] }));
    expect(second).toHaveBeenCalledTimes(1);
    expect(second.mock.calls[0]?.[0]).toMatchObject({ data: { temperature: [[1000, '21.5']] } });
    expect(count).toHaveBeenCalledWith(expect.objectContaining({ count: 7 }));
    expect(first).toHaveBeenCalledTimes(1);

    // Error replies reach their subscription; unknown ids and non-JSON text are reported, not routed.
    server.reply({ subscriptionId: 1, errorCode: 34, errorMsg: 'Too many updates!', data: null });
    expect(first).toHaveBeenLastCalledWith(expect.objectContaining({ errorCode: 34 }));
    server.reply({ subscriptionId: 0, errorCode: 2, errorMsg: 'Failed to parse websocket command!' });
    server.last.handlers.onMessage('not json');
    expect(warn).toHaveBeenCalledTimes(2);
    expect(first).toHaveBeenCalledTimes(2);
  });

  it('unsubscribes v1 with the same command flagged, v2 through its unsubscribe list', async () => {
    const { server, socket } = setup();
    const stopAttributes = socket.subscribe(
      'attrSubCmds',
      { ...DEVICE, scope: 'CLIENT_SCOPE' },
      () => undefined,
    );
    const stopData = socket.subscribe('entityDataCmds', { query: {} as never }, () => undefined);
    socket.subscribe('tsSubCmds', DEVICE, () => undefined);
    await connected(socket, server);
    server.last.frames.length = 0;
    stopAttributes();
    stopData();
    stopData();
    await settle();
    expect(server.last.frames).toEqual([
      {
        attrSubCmds: [{ cmdId: 1, ...DEVICE, scope: 'CLIENT_SCOPE', unsubscribe: true }],
        entityDataUnsubscribeCmds: [{ cmdId: 2 }],
      },
    ]);
    expect(socket.size).toBe(1);
  });

  it('sends nothing for a subscription ended before its command went out', async () => {
    const { server, socket } = setup();
    socket.subscribe('tsSubCmds', DEVICE, () => undefined);
    await connected(socket, server);
    server.last.frames.length = 0;
    const stop = socket.subscribe('attrSubCmds', DEVICE, () => undefined);
    stop();
    await settle();
    expect(server.last.frames).toEqual([]);
  });

  it('closes a grace period after the last subscription ends, unless a new one comes', async () => {
    const { server, socket } = setup();
    const stop = socket.subscribe('attrSubCmds', DEVICE, () => undefined);
    await connected(socket, server);
    stop();
    await settle(CLOSE_GRACE_MS - 100);
    expect(server.last.closedByClient).toBeNull();
    const stopAgain = socket.subscribe('attrSubCmds', DEVICE, () => undefined);
    await settle(CLOSE_GRACE_MS * 2);
    expect(server.last.closedByClient).toBeNull();
    expect(server.connections).toHaveLength(1);
    stopAgain();
    await settle(CLOSE_GRACE_MS);
    expect(server.last.closedByClient).toEqual({ code: 1000 });
    expect(socket.getStatus()).toBe('idle');
    // The closed connection's own close event changes nothing; the next subscription reconnects.
    server.drop(1000);
    await settle(60_000);
    expect(server.connections).toHaveLength(1);
    socket.subscribe('tsSubCmds', DEVICE, () => undefined);
    await settle();
    expect(server.connections).toHaveLength(2);
  });

  it('a one-shot history command ends with its reply', async () => {
    const { server, socket } = setup();
    const reply = vi.fn();
    socket.subscribe('historyCmds', { ...DEVICE, keys: 'temperature', startTs: 0, endTs: 10 }, reply);
    await connected(socket, server);
    server.reply(update(1, { temperature: [[5, '20']] }));
    server.reply(update(1, { temperature: [[6, '21']] }));
    expect(reply).toHaveBeenCalledTimes(1);
    expect(socket.size).toBe(0);
    await settle(CLOSE_GRACE_MS);
    expect(server.last.closedByClient).toEqual({ code: 1000 });
  });

  it('reconnects with back-off and the current token, then subscribes everything again', async () => {
    const { server, socket } = setup({ tokens: ['token-1', 'token-2', 'token-3'] });
    const attributes = vi.fn();
    socket.subscribe('attrSubCmds', { ...DEVICE, scope: 'SERVER_SCOPE' }, attributes);
    const stop = socket.subscribe('tsSubCmds', { ...DEVICE, timeWindow: 0 }, () => undefined);
    socket.subscribe('entityCountCmds', { query: {} as never }, () => undefined);
    await connected(socket, server);
    stop();
    await settle();

    server.drop();
    expect(socket.getStatus()).toBe('reconnecting');
    await settle(999);
    expect(server.connections).toHaveLength(1);
    await settle(1);
    expect(server.connections).toHaveLength(2);
    expect(server.last.url).toContain('token=token-2');
    // The handshake fails: the next attempt waits twice as long.
    server.drop();
    await settle(1999);
    expect(server.connections).toHaveLength(2);
    await settle(1);
    expect(server.connections).toHaveLength(3);
    expect(server.last.url).toContain('token=token-3');
    server.accept();
    await settle();
    // Only the live subscriptions, with their cmdIds, so replies still find them.
    expect(server.sent()).toEqual({
      attrSubCmds: [{ cmdId: 1, ...DEVICE, scope: 'SERVER_SCOPE' }],
      entityCountCmds: [{ cmdId: 3, query: {} }],
    });
    server.reply(update(1, { active: [[1, 'true']] }));
    expect(attributes).toHaveBeenCalledTimes(1);

    // A successful open resets the back-off.
    server.drop();
    await settle(1000);
    expect(server.connections).toHaveLength(4);
  });

  it('stops reconnecting when the last subscription ends while disconnected', async () => {
    const { server, socket } = setup();
    const stop = socket.subscribe('attrSubCmds', DEVICE, () => undefined);
    await connected(socket, server);
    server.drop();
    stop();
    expect(socket.getStatus()).toBe('idle');
    await settle(60_000);
    expect(server.connections).toHaveLength(1);
  });

  it('does not connect without a session, and dispose ends everything', async () => {
    const signedOut = setup({ tokens: [null] });
    signedOut.socket.subscribe('attrSubCmds', DEVICE, () => undefined);
    await settle();
    expect(signedOut.server.connections).toHaveLength(0);
    expect(signedOut.socket.getStatus()).toBe('idle');

    const { server, socket } = setup();
    const statuses: string[] = [];
    socket.subscribeStatus(() => statuses.push(socket.getStatus()));
    socket.subscribe('attrSubCmds', DEVICE, () => undefined);
    await connected(socket, server);
    socket.dispose();
    expect(server.last.closedByClient).toEqual({ code: 1000 });
    expect(statuses).toEqual(['connecting', 'open', 'idle']);
    socket.subscribe('attrSubCmds', DEVICE, () => undefined);
    await settle(60_000);
    expect(server.connections).toHaveLength(1);
  });
});

describe('latestPoints', () => {
  it('takes the newest string point of each key and skips empty lists and errors', () => {
    const points = latestPoints({
      subscriptionId: 1,
      errorCode: 0,
      errorMsg: null,
      data: {
        temperature: [
          [2000, '22.0'],
          [1000, '21.5'],
        ],
        humidity: [],
      },
    });
    expect([...points]).toEqual([['temperature', { ts: 2000, value: '22.0' }]]);
    expect(latestPoints({ subscriptionId: 1, errorCode: 3, errorMsg: 'Unauthorized', data: null }).size).toBe(
      0,
    );
  });
});
