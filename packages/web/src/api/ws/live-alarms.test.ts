import { DAY_MS } from '@meridian/common';
import { describe, expect, it, vi } from 'vitest';
import { FakeSocketServer } from './fake-socket-server';
import { liveAlarmSource } from './live-alarms';
import { TelemetrySocket } from './telemetry-socket';

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

const DEVICE = { entityType: 'DEVICE', id: 'device-1' } as const;
const CUSTOMER = { entityType: 'CUSTOMER', id: 'customer-1' } as const;

/** An ALARM_DATA reply to command `cmdId`: a page, changed alarms, or an error. */
const reply = (cmdId: number, fields: { data?: object; update?: object[]; errorCode?: number }) => ({
  cmdId,
  cmdUpdateType: 'ALARM_DATA',
  errorCode: fields.errorCode ?? 0,
  errorMsg: fields.errorCode ? 'Failed to fetch data!' : null,
  data: fields.data ?? null,
  update: fields.update ?? null,
  allowedEntities: 10000,
  totalEntities: 1,
});
const page = { data: [], totalPages: 0, totalElements: 0, hasNext: false };

function setup() {
  const server = new FakeSocketServer();
  const socket = new TelemetrySocket({
    connect: server.connect,
    url: () => 'ws://x',
    accessToken: async () => 't',
  });
  return { server, socket, live: liveAlarmSource(socket) };
}

describe('liveAlarmSource', () => {
  it('subscribes an alarm data query of the entity and the window, propagated alarms included', async () => {
    const { server, live } = setup();
    live.alarmChanges(DEVICE, { kind: 'last', durationMs: 30 * DAY_MS }, () => undefined);
    live.alarmChanges(CUSTOMER, { kind: 'fixed', startTimeMs: 1000, endTimeMs: 5000 }, () => undefined);
    await tick();
    server.accept();
    await tick();
    expect(server.sent()).toEqual({
      alarmDataCmds: [
        {
          cmdId: 1,
          query: {
            entityFilter: { type: 'singleEntity', singleEntity: DEVICE },
            // A "last" window rolls with the server's clock.
            pageLink: { page: 0, pageSize: 1, searchPropagatedAlarms: true, timeWindow: 30 * DAY_MS },
          },
        },
        {
          cmdId: 2,
          query: {
            entityFilter: { type: 'singleEntity', singleEntity: CUSTOMER },
            pageLink: { page: 0, pageSize: 1, searchPropagatedAlarms: true, startTs: 1000, endTs: 5000 },
          },
        },
      ],
    });
  });

  it('reports every reply after the first page as a change, and unsubscribes when stopped', async () => {
    const { server, socket, live } = setup();
    const onChange = vi.fn();
    const stop = live.alarmChanges(DEVICE, { kind: 'last', durationMs: DAY_MS }, onChange);
    await tick();
    server.accept();
    await tick();

    // An error before the first page is not a change, nor is the first page: the alarms already there.
    server.reply(reply(1, { errorCode: 1 }));
    server.reply(reply(1, { data: page }));
    expect(onChange).not.toHaveBeenCalled();

    server.reply(reply(1, { update: [{ id: { entityType: 'ALARM', id: 'alarm-1' } }] }));
    expect(onChange).toHaveBeenCalledTimes(1);
    server.reply(reply(1, { data: page }));
    expect(onChange).toHaveBeenCalledTimes(2);
    server.reply(reply(1, { errorCode: 1 }));
    expect(onChange).toHaveBeenCalledTimes(2);

    stop();
    await tick();
    expect(server.sent().alarmDataUnsubscribeCmds).toEqual([{ cmdId: 1 }]);
    expect(socket.size).toBe(0);
    server.reply(reply(1, { data: page }));
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
