import { describe, expect, it, vi } from 'vitest';
import { FakeSocketServer } from './fake-socket-server';
import { liveTelemetrySource } from './live-telemetry';
import { TelemetrySocket } from './telemetry-socket';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('liveTelemetrySource', () => {
  it('subscribes a scope or the latest time series and hands on the points of each update', async () => {
    const server = new FakeSocketServer();
    const socket = new TelemetrySocket({
      connect: server.connect,
      url: () => 'ws://x',
      accessToken: async () => 't',
    });
    const live = liveTelemetrySource(socket);
    const device = { entityType: 'DEVICE', id: 'device-1' } as const;
    const attributes = vi.fn();
    const telemetry = vi.fn();
    const stop = live.attributes(device, 'SHARED_SCOPE', attributes);
    live.latestTelemetry(device, telemetry);
    await tick();
    server.accept();
    await tick();
    expect(server.sent()).toEqual({
      attrSubCmds: [{ cmdId: 1, entityType: 'DEVICE', entityId: 'device-1', scope: 'SHARED_SCOPE' }],
      tsSubCmds: [{ cmdId: 2, entityType: 'DEVICE', entityId: 'device-1', timeWindow: 0 }],
    });
    server.reply({ subscriptionId: 2, errorCode: 0, errorMsg: null, data: { t: [[5, '1.5']] } });
    // An update without values (an error) is not handed on.
    server.reply({ subscriptionId: 1, errorCode: 3, errorMsg: 'Unauthorized', data: null });
    expect(telemetry).toHaveBeenCalledWith(new Map([['t', { ts: 5, value: '1.5' }]]));
    expect(attributes).not.toHaveBeenCalled();
    stop();
    await tick();
    expect(server.sent().attrSubCmds).toHaveLength(2);
  });
});
