import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, expectOk, startServer, type TestServer } from './helper.js';
import { type Message, WsTestClient } from './ws-client.js';

/**
 * Aggregation of the time series a dashboard reads over the WebSocket (reference §3.3): an entity
 * data `historyCmd` and `tsCmd` with `agg`, `interval` and `limit` read buckets (midpoint ts, empty
 * buckets left out, NONE limited to `limit` raw points); a `tsCmd` then sends new points raw, as the
 * reference does; too many buckets are refused.
 */

let server: TestServer;
let token: string;
const clients: WsTestClient[] = [];

beforeAll(async () => {
  server = await startServer();
  token = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});

afterAll(async () => {
  await server?.close();
});

type Point = { ts: number; value: string };
type EntityDataMessage = Message & {
  errorCode: number;
  errorMsg: string | null;
  data: { data: { timeseries: Record<string, Point[]> }[] } | null;
  update: { timeseries: Record<string, Point[]> | null }[] | null;
};

async function connect(): Promise<WsTestClient> {
  const client = await WsTestClient.connect(server.url, token);
  clients.push(client);
  return client;
}

/** A device with `t` = 0..9 at 1 s steps from ts 0, and `s` (a string) at ts 500. */
async function deviceWithSeries(): Promise<string> {
  const device = expectOk(
    await server.api.post<{ id: { id: string } }>(
      '/api/device',
      { name: `Agg Device ${randomBytes(4).toString('hex')}`, type: 'ws-agg' },
      { token },
    ),
  );
  const points = Array.from({ length: 10 }, (_, i) => ({ ts: i * 1000, values: { t: i } }));
  expectOk(
    await server.api.post(
      `/api/plugins/telemetry/DEVICE/${device.id.id}/timeseries/ANY`,
      [...points, { ts: 500, values: { s: 'on' } }],
      { token },
    ),
  );
  return device.id.id;
}

const query = (deviceId: string) => ({
  entityFilter: { type: 'singleEntity', singleEntity: { entityType: 'DEVICE', id: deviceId } },
  pageLink: { pageSize: 1, page: 0 },
});

const seriesOf = (message: EntityDataMessage) => message.data?.data[0]?.timeseries ?? {};

describe('aggregated entity data reads', () => {
  it('groups a historyCmd into buckets of the interval, one point at each bucket midpoint', async () => {
    const deviceId = await deviceWithSeries();
    const client = await connect();
    const history = (cmdId: number, agg: string, extra: Record<string, unknown> = {}) => ({
      cmdId,
      query: query(deviceId),
      historyCmd: { keys: ['t', 's'], startTs: 0, endTs: 10_000, interval: 5000, limit: 2, agg, ...extra },
    });
    client.send({
      entityDataCmds: [
        history(1, 'AVG'),
        history(2, 'MIN'),
        history(3, 'MAX'),
        history(4, 'SUM'),
        history(5, 'COUNT'),
        history(6, 'NONE', { interval: 0 }),
      ],
    });
    const byCmd = async (cmdId: number) => seriesOf(await client.nextFor<EntityDataMessage>(cmdId));
    const values = (points: Point[] | undefined) =>
      (points ?? []).map((p) => [p.ts, p.value]).sort((a, b) => Number(a[0]) - Number(b[0]));
    const avg = await byCmd(1);
    expect(values(avg.t)).toEqual([
      [2500, '2.0'],
      [7500, '7.0'],
    ]);
    // Strings are only counted; an average of no numbers is no point.
    expect(avg.s ?? []).toEqual([]);
    expect(values((await byCmd(2)).t)).toEqual([
      [2500, '0'],
      [7500, '5'],
    ]);
    expect(values((await byCmd(3)).t)).toEqual([
      [2500, '4'],
      [7500, '9'],
    ]);
    expect(values((await byCmd(4)).t)).toEqual([
      [2500, '10'],
      [7500, '35'],
    ]);
    const count = await byCmd(5);
    expect(values(count.t)).toEqual([
      [2500, '5'],
      [7500, '5'],
    ]);
    expect(values(count.s)).toEqual([[2500, '1']]);
    // NONE: the newest `limit` raw points.
    expect(values((await byCmd(6)).t)).toEqual([
      [8000, '8'],
      [9000, '9'],
    ]);
  });

  it('reads a tsCmd window aggregated, then sends new points raw', async () => {
    const deviceId = await deviceWithSeries();
    const client = await connect();
    client.send({
      entityDataCmds: [
        {
          cmdId: 7,
          query: query(deviceId),
          tsCmd: { keys: ['t'], startTs: 0, timeWindow: 20_000, interval: 10_000, limit: 2, agg: 'AVG' },
        },
      ],
    });
    expect(seriesOf(await client.nextFor<EntityDataMessage>(7)).t).toEqual([{ ts: 5000, value: '4.5' }]);
    expectOk(
      await server.api.post(
        `/api/plugins/telemetry/DEVICE/${deviceId}/timeseries/ANY`,
        { ts: 12_000, values: { t: 40 } },
        { token },
      ),
    );
    const update = await client.nextFor<EntityDataMessage>(7);
    expect(update.update?.[0]?.timeseries).toEqual({ t: [{ ts: 12_000, value: '40' }] });
  });

  it('refuses a read of more than 700 buckets', async () => {
    const deviceId = await deviceWithSeries();
    const client = await connect();
    client.send({
      entityDataCmds: [
        {
          cmdId: 8,
          query: query(deviceId),
          historyCmd: {
            keys: ['t'],
            startTs: 0,
            endTs: 90 * 86_400_000,
            interval: 60_000,
            limit: 10,
            agg: 'AVG',
          },
        },
      ],
    });
    const refused = await client.nextFor<EntityDataMessage>(8);
    expect(refused.errorCode).not.toBe(0);
    expect(refused.errorMsg).toContain('Number of intervals is to high');
  });

  it('keeps a 90-day read of ten keys at the downsampled interval within a few hundred points per key', async () => {
    const deviceId = await deviceWithSeries();
    const client = await connect();
    const keys = ['t', ...Array.from({ length: 9 }, (_, i) => `k${i}`)];
    // What the console asks a chart for with aggregation None over 90 days (decision 0028).
    client.send({
      entityDataCmds: [
        {
          cmdId: 9,
          query: query(deviceId),
          historyCmd: {
            keys,
            startTs: 0,
            endTs: 90 * 86_400_000,
            interval: 5 * 3_600_000,
            limit: 432,
            agg: 'AVG',
          },
        },
      ],
    });
    const page = await client.nextFor<EntityDataMessage>(9);
    expect(page.errorCode).toBe(0);
    expect(seriesOf(page).t).toEqual([{ ts: 9_000_000, value: '4.5' }]);
  });
});
