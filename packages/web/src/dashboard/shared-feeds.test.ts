import type { DataKey } from '@meridian/common';
import { describe, expect, it, vi } from 'vitest';
import { FakeSocketServer } from '../api/ws/fake-socket-server';
import { TelemetrySocket } from '../api/ws/telemetry-socket';
import type { FeedContext } from './datasource-feeds';
import type { AliasEntity } from './runtime/alias-resolution';
import type { EntityValues } from './runtime/widget-data';
import { startSharedEntityFeed } from './shared-feeds';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const DEVICE: AliasEntity = { id: { entityType: 'DEVICE', id: 'd1' }, name: 'T1', label: '' };
const temperature = { name: 'temperature', type: 'timeseries', label: 'Temperature' } as DataKey;
const humidity = { name: 'humidity', type: 'timeseries', label: 'Humidity' } as DataKey;

/** A widget's side of a feed: the values it last got for datasource 0. */
function widget(socket: TelemetrySocket) {
  let values: EntityValues[] = [];
  const context: FeedContext = {
    socket,
    sandbox: () => {
      throw new Error('no scripts here');
    },
    mode: 'latest',
    window: { kind: 'realtime', timewindowMs: 60_000 },
    sinceTs: () => 0,
    update: (_index, change) => {
      values = change(values);
    },
    fail: vi.fn(),
  };
  return { context, latest: () => values[0]?.latest[0]?.value };
}

function latestUpdate(cmdId: number, value: string) {
  return {
    cmdId,
    cmdUpdateType: 'ENTITY_DATA',
    errorCode: 0,
    errorMsg: null,
    data: null,
    update: [
      {
        entityId: DEVICE.id,
        latest: { TIME_SERIES: { temperature: { ts: 1, value } } },
        timeseries: {},
      },
    ],
  };
}

describe('shared entity feeds', () => {
  it('subscribes once for widgets on the same keys and ends with the last of them', async () => {
    const server = new FakeSocketServer();
    const socket = new TelemetrySocket({
      connect: server.connect,
      url: () => 'ws://x',
      accessToken: async () => 't',
    });
    const first = widget(socket);
    const second = widget(socket);
    const stopFirst = startSharedEntityFeed(first.context, 0, [DEVICE], [temperature]);
    await tick();
    server.accept();
    await tick();
    server.reply(latestUpdate(1, '21'));
    expect(first.latest()).toBe('21');
    // A widget that comes later gets the values so far at once, from the same subscription.
    const stopSecond = startSharedEntityFeed(second.context, 0, [DEVICE], [temperature]);
    expect(second.latest()).toBe('21');
    server.reply(latestUpdate(1, '22'));
    expect([first.latest(), second.latest()]).toEqual(['22', '22']);
    // Other keys are another subscription.
    const stopOther = startSharedEntityFeed(widget(socket).context, 0, [DEVICE], [humidity]);
    await tick();
    expect(server.sent().entityDataCmds).toHaveLength(2);
    stopFirst();
    await tick();
    expect(server.sent().entityDataUnsubscribeCmds ?? []).toHaveLength(0);
    server.reply(latestUpdate(1, '23'));
    expect(second.latest()).toBe('23');
    stopSecond();
    stopOther();
    await tick();
    expect(server.sent().entityDataUnsubscribeCmds).toHaveLength(2);
  });
});
