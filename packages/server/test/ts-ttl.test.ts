import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { monthPartition } from '../src/telemetry/partitions.js';
import { DEMO, type DemoIds, demoIds, expectOk, startServer, type TestServer } from './helper.js';

/**
 * The time-series TTL clean-up (reference `sql.ttl.ts`): points older than the TTL of their
 * owner (customer, else tenant, else system) go; whole month partitions go once older than every TTL.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

interface Fixture {
  server: TestServer;
  ids: DemoIds;
  token: string;
  /** Tenant attributes are the system administrator's to write (reference §2.5). */
  sysadmin: { token: string };
}

let current: TestServer | undefined;

afterEach(async () => {
  await current?.close();
  current = undefined;
});

async function fixture(systemTtlSec = 0): Promise<Fixture> {
  const server = await startServer({
    env: { SQL_TTL_TS_TS_KEY_VALUE_TTL: String(systemTtlSec), SQL_TTL_TS_EXECUTION_INTERVAL: '0' },
  });
  current = server;
  const { token } = await server.api.login(DEMO.tenant.email, DEMO.tenant.password);
  const sysadmin = await server.api.login(DEMO.sysadmin.email, DEMO.sysadmin.password);
  return { server, ids: await demoIds(server.store), token, sysadmin: { token: sysadmin.token } };
}

const entityPath = (type: string, id: string) => `/api/plugins/telemetry/${type}/${id}`;

async function newEntity(f: Fixture, kind: 'device' | 'asset', customerId?: string): Promise<string> {
  const body = { name: `TTL ${kind} ${randomBytes(4).toString('hex')}`, type: 'default' };
  const created = expectOk(await f.server.api.post<{ id: { id: string } }>(`/api/${kind}`, body, f)).id.id;
  if (customerId)
    expectOk(await f.server.api.post(`/api/customer/${customerId}/${kind}/${created}`, undefined, f));
  return created;
}

/** Points of key `t` at the given ages (ms before now). */
async function savePoints(f: Fixture, type: string, id: string, ages: number[]): Promise<void> {
  const now = Date.now();
  const body = ages.map((age, i) => ({ ts: now - age, values: { t: i } }));
  expectOk(await f.server.api.post(`${entityPath(type, id)}/timeseries/ANY`, body, f));
}

async function setTtl(f: Fixture, type: string, id: string, ttlSec: number): Promise<void> {
  const as = type === 'TENANT' ? f.sysadmin : f;
  expectOk(await f.server.api.post(`${entityPath(type, id)}/attributes/SERVER_SCOPE`, { TTL: ttlSec }, as));
}

async function pointCount(f: Fixture, type: string, id: string): Promise<number> {
  const query = `keys=t&startTs=0&endTs=${Date.now() + DAY}&limit=1000`;
  const series = expectOk(
    await f.server.api.get<Record<string, unknown[]>>(
      `${entityPath(type, id)}/values/timeseries?${query}`,
      f,
    ),
  );
  return series.t?.length ?? 0;
}

describe('time-series TTL clean-up', () => {
  it('keeps every point while no TTL is set', async () => {
    const f = await fixture();
    const device = await newEntity(f, 'device');
    await savePoints(f, 'DEVICE', device, [400 * DAY, HOUR, 0]);
    expect(await f.server.services.tsTtl.runOnce()).toEqual({ deletedPoints: 0, droppedPartitions: [] });
    expect(await pointCount(f, 'DEVICE', device)).toBe(3);
  });

  it('applies the system TTL to every owner', async () => {
    const f = await fixture((2 * DAY) / 1000);
    const device = await newEntity(f, 'device');
    const asset = await newEntity(f, 'asset', f.ids.customerAId);
    await savePoints(f, 'DEVICE', device, [3 * DAY, DAY, 0]);
    await savePoints(f, 'ASSET', asset, [30 * DAY, 5 * DAY, HOUR]);
    const outcome = await f.server.services.tsTtl.runOnce();
    expect(outcome.deletedPoints).toBe(3);
    expect(await pointCount(f, 'DEVICE', device)).toBe(2);
    expect(await pointCount(f, 'ASSET', asset)).toBe(1);
  });

  it("follows the tenant's TTL, overridden by a customer's own, and keeps points of a customer with TTL 0", async () => {
    const f = await fixture();
    const tenantDevice = await newEntity(f, 'device');
    const deviceOfA = await newEntity(f, 'device', f.ids.customerAId);
    const deviceOfB = await newEntity(f, 'device', f.ids.customerBId);
    await setTtl(f, 'TENANT', f.ids.tenantId, (10 * DAY) / 1000);
    await setTtl(f, 'CUSTOMER', f.ids.customerAId, DAY / 1000);
    await setTtl(f, 'CUSTOMER', f.ids.customerBId, 0);
    const ages = [20 * DAY, 5 * DAY, 2 * HOUR];
    for (const id of [tenantDevice, deviceOfA, deviceOfB]) await savePoints(f, 'DEVICE', id, ages);
    await savePoints(f, 'CUSTOMER', f.ids.customerAId, ages);

    const outcome = await f.server.services.tsTtl.runOnce();

    expect(await pointCount(f, 'DEVICE', tenantDevice)).toBe(2);
    expect(await pointCount(f, 'DEVICE', deviceOfA)).toBe(1);
    expect(await pointCount(f, 'CUSTOMER', f.ids.customerAId)).toBe(1);
    expect(await pointCount(f, 'DEVICE', deviceOfB)).toBe(3);
    expect(outcome).toEqual({ deletedPoints: 5, droppedPartitions: [] });
    // The latest value stays, as in the reference.
    const latest = expectOk(
      await f.server.api.get<Record<string, unknown[]>>(
        `${entityPath('DEVICE', deviceOfA)}/values/timeseries?keys=t`,
        f,
      ),
    );
    expect(latest.t).toHaveLength(1);
  });

  it('drops a month partition older than every TTL, and none while an owner keeps points for ever', async () => {
    const f = await fixture((30 * DAY) / 1000);
    const { db } = f.server.store;
    const old = monthPartition(Date.now(), -3);
    await sql`create table ${sql.table(old.name)} partition of ts_kv
      for values from (${sql.lit(old.from)}) to (${sql.lit(old.to)})`.execute(db);
    const device = await newEntity(f, 'device');
    await savePoints(f, 'DEVICE', device, [Date.now() - (old.from + DAY), 0]);
    const partitionExists = async () =>
      (
        await sql<{ n: number }>`select count(*)::int as n from pg_class where relname = ${old.name}`.execute(
          db,
        )
      ).rows[0]?.n === 1;

    await setTtl(f, 'CUSTOMER', f.ids.customerBId, 0);
    expect((await f.server.services.tsTtl.runOnce()).droppedPartitions).toEqual([]);
    expect(await partitionExists()).toBe(true);

    await setTtl(f, 'CUSTOMER', f.ids.customerBId, (60 * DAY) / 1000);
    const outcome = await f.server.services.tsTtl.runOnce();
    expect(outcome.droppedPartitions).toEqual([old.name]);
    expect(await partitionExists()).toBe(false);
    expect(await pointCount(f, 'DEVICE', device)).toBe(1);
  });
});
