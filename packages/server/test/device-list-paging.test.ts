import { sql } from 'kysely';
import { v1 as uuidv1 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_SEARCH_COUNT_LIMIT } from '../src/modules/devices/repo.js';
import { newCustomer, newTenant, newUser, type TenantRef } from './factories.js';
import {
  DEMO,
  type DemoIds,
  demoIds,
  type EntityIdJson,
  expectOk,
  type PageDataJson,
  startServer,
  type TestServer,
} from './helper.js';

/**
 * How the device lists page, sort and count (modules/devices/repo.ts, migration 0004,
 * docs/decisions/0006-device-list-counts.md): the page is picked from `device` alone and joined
 * afterwards, a tenant's total comes from the trigger-kept `device_count`, and a text search is
 * counted exactly up to EXACT_SEARCH_COUNT_LIMIT matches.
 */

interface DeviceInfoJson {
  id: EntityIdJson;
  createdTime: number;
  tenantId: EntityIdJson;
  name: string;
  label: string | null;
  customerTitle: string | null;
  deviceProfileName: string;
}
type Page = PageDataJson<DeviceInfoJson>;

let server: TestServer;
let ids: DemoIds;
let sysadminToken: string;
let tenantToken: string;

beforeAll(async () => {
  server = await startServer();
  ids = await demoIds(server.store);
  sysadminToken = (await server.api.login(DEMO.sysadmin.email, DEMO.sysadmin.password)).token;
  tenantToken = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
});

afterAll(async () => {
  await server?.close();
});

/** A tenant of its own with an administrator's token, so its lists hold only what a test puts there. */
async function tenantWithAdmin(): Promise<{ tenant: TenantRef; token: string }> {
  const { db } = server.store;
  const tenant = await newTenant(db);
  const admin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: tenant.id });
  return { tenant, token: (await server.api.login(admin.email, admin.password)).token };
}

interface SeedDevice {
  name: string;
  createdTime?: number;
  label?: string | null;
  customerId?: string | null;
}

/** Inserts devices in one statement, as a bulk load would (the count trigger sees many rows at once). */
async function seedDevices(tenantId: string, devices: readonly SeedDevice[]): Promise<string[]> {
  const { db } = server.store;
  const profile = await db
    .selectFrom('deviceProfile')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('isDefault', '=', true)
    .executeTakeFirstOrThrow();
  const rows = devices.map((device, i) => ({
    id: uuidv1(),
    createdTime: device.createdTime ?? 1_600_000_000_000 + i,
    tenantId,
    customerId: device.customerId ?? null,
    deviceProfileId: profile.id,
    name: device.name,
    type: 'default',
    label: device.label ?? null,
  }));
  for (let start = 0; start < rows.length; start += 1000) {
    await db
      .insertInto('device')
      .values(rows.slice(start, start + 1000))
      .execute();
  }
  return rows.map((row) => row.id);
}

const list = async (token: string, query: string, endpoint = 'deviceInfos') =>
  expectOk(await server.api.get<Page>(`/api/tenant/${endpoint}?${query}`, { token }));

/** totalElements of the tenant's whole list, read on a page that does not end the list. */
const listedTotal = async (token: string) => (await list(token, 'pageSize=1&page=0')).totalElements;

const storedCount = async (tenantId: string) =>
  Number(
    (
      await server.store.db
        .selectFrom('device')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('tenantId', '=', tenantId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("a tenant's device total", () => {
  it('follows creates, bulk inserts, deletes and moves between tenants', async () => {
    const other = await tenantWithAdmin();
    const before = await listedTotal(tenantToken);
    expect(before).toBe(await storedCount(ids.tenantId));
    expect(before).toBeGreaterThan(1);

    const created: string[] = [];
    for (let i = 0; i < 3; i++) {
      const device = expectOk(
        await server.api.post<{ id: EntityIdJson }>(
          '/api/device',
          { name: `Counted ${uuidv1()}` },
          { token: tenantToken },
        ),
      );
      created.push(device.id.id);
    }
    expect(await listedTotal(tenantToken)).toBe(before + 3);

    await seedDevices(ids.tenantId, [{ name: `Bulk ${uuidv1()}` }, { name: `Bulk ${uuidv1()}` }]);
    expect(await listedTotal(tenantToken)).toBe(before + 5);

    expect((await server.api.delete(`/api/device/${created[0]}`, { token: tenantToken })).status).toBe(200);
    expect(await listedTotal(tenantToken)).toBe(before + 4);

    await seedDevices(other.tenant.id, [{ name: 'Resident 1' }, { name: 'Resident 2' }]);
    expect(await listedTotal(other.token)).toBe(2);
    expectOk(
      await server.api.post(`/api/tenant/${other.tenant.id}/device/${created[1]}`, undefined, {
        token: tenantToken,
      }),
    );
    expect(await listedTotal(tenantToken)).toBe(before + 3);
    expect(await listedTotal(other.token)).toBe(3);
    expect(await listedTotal(tenantToken)).toBe(await storedCount(ids.tenantId));
    expect(await listedTotal(other.token)).toBe(await storedCount(other.tenant.id));
  });

  it('goes with its tenant, and a tenant without devices lists none', async () => {
    const doomed = await tenantWithAdmin();
    expect(await list(doomed.token, 'pageSize=1&page=0')).toEqual({
      data: [],
      totalPages: 0,
      totalElements: 0,
      hasNext: false,
    });
    await seedDevices(doomed.tenant.id, [{ name: 'A' }, { name: 'B' }, { name: 'C' }]);
    expect(await listedTotal(doomed.token)).toBe(3);
    expect(
      (await server.api.delete(`/api/tenant/${doomed.tenant.id}`, { token: sysadminToken })).status,
    ).toBe(200);
    const left = await sql<{ n: number }>`
      select count(*)::int as n from device_count where tenant_id = ${doomed.tenant.id}
    `.execute(server.store.db);
    expect(left.rows[0]?.n).toBe(0);
  });
});

describe('device list pages', () => {
  let own: { tenant: TenantRef; token: string };
  let customerTitles: Record<string, string>;
  /** The seeded devices as the lists should show them (names as in another tenant, on purpose). */
  let expected: {
    id: string;
    name: string;
    createdTime: number;
    label: string | null;
    customer: string | null;
  }[];

  beforeAll(async () => {
    own = await tenantWithAdmin();
    const { db } = server.store;
    const north = await newCustomer(db, own.tenant.id, 'North');
    const south = await newCustomer(db, own.tenant.id, 'South');
    customerTitles = { [north.id]: 'North', [south.id]: 'South' };
    // Lower case, so the order is the same under every collation a store may have.
    const names = ['delta', 'alpha', 'charlie', 'echo', 'bravo', 'foxtrot 50%', 'golf'];
    const seeds = names.map((name, i) => ({
      name,
      // Creation order differs from name order, and two devices share a creation time.
      createdTime: 1_700_000_000_000 + ((i * 3) % 7) * 1000 - (i === 6 ? 3000 : 0),
      label: `L${(i * 5) % 7}`,
      customerId: i % 3 === 0 ? north.id : i % 3 === 1 ? south.id : null,
    }));
    const seeded = await seedDevices(own.tenant.id, seeds);
    expected = seeds.map((seed, i) => ({
      id: seeded[i] as string,
      name: seed.name,
      createdTime: seed.createdTime,
      label: seed.label,
      customer: seed.customerId,
    }));
    // The same names in the demo tenant must not leak into this tenant's name-sorted pages.
    await seedDevices(
      ids.tenantId,
      names.map((name) => ({ name })),
    );
  });

  const byKey =
    (key: (d: (typeof expected)[number]) => string | number | null, desc: boolean) =>
    (a: (typeof expected)[number], b: (typeof expected)[number]) => {
      const ka = key(a);
      const kb = key(b);
      let order = ka === kb ? 0 : ka === null ? -1 : kb === null ? 1 : ka < kb ? -1 : 1;
      if (order === 0) order = a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
      return desc ? -order : order;
    };

  /** Reads every page of a sort and checks each page's rows and counters. */
  async function checkAllPages(sort: string, order: string[], endpoint: string) {
    const pageSize = 3;
    const seen: string[] = [];
    for (let page = 0; page * pageSize < order.length; page++) {
      const body = await list(own.token, `pageSize=${pageSize}&page=${page}${sort}`, endpoint);
      expect(body.totalElements, `${sort} page ${page}`).toBe(order.length);
      expect(body.totalPages).toBe(Math.ceil(order.length / pageSize));
      expect(body.hasNext).toBe((page + 1) * pageSize < order.length);
      expect(body.data.every((d) => d.tenantId.id === own.tenant.id)).toBe(true);
      seen.push(...body.data.map((d) => d.id.id));
    }
    expect(seen, sort).toEqual(order);
  }

  it('hold every device once, in the order of each sort, on both list endpoints', async () => {
    const idsOf = (sorted: typeof expected) => sorted.map((d) => d.id);
    const sorts: [string, typeof expected][] = [
      ['', [...expected].sort(byKey((d) => d.id, false))],
      ['&sortProperty=name&sortOrder=ASC', [...expected].sort(byKey((d) => d.name, false))],
      ['&sortProperty=name&sortOrder=DESC', [...expected].sort(byKey((d) => d.name, true))],
      ['&sortProperty=createdTime&sortOrder=ASC', [...expected].sort(byKey((d) => d.createdTime, false))],
      ['&sortProperty=createdTime&sortOrder=DESC', [...expected].sort(byKey((d) => d.createdTime, true))],
      ['&sortProperty=label&sortOrder=DESC', [...expected].sort(byKey((d) => d.label, true))],
      [
        '&sortProperty=customerTitle&sortOrder=ASC',
        // PostgreSQL puts NULLs last in ascending order.
        [...expected].sort(
          byKey((d) => (d.customer ? (customerTitles[d.customer] as string) : '\uffff'), false),
        ),
      ],
    ];
    for (const [sort, sorted] of sorts) {
      await checkAllPages(sort, idsOf(sorted), 'deviceInfos');
      await checkAllPages(sort, idsOf(sorted), 'devices');
    }
  });

  it('past the end are empty and still count every device', async () => {
    for (const sort of ['', '&sortProperty=name', '&sortProperty=createdTime&sortOrder=DESC']) {
      expect(await list(own.token, `pageSize=3&page=5${sort}`)).toEqual({
        data: [],
        totalPages: 3,
        totalElements: 7,
        hasNext: false,
      });
    }
  });

  it('search names case-insensitively, wildcards taken literally, with exact totals', async () => {
    const body = await list(own.token, 'pageSize=1&page=0&sortProperty=name&textSearch=A');
    expect(body.totalElements).toBe(expected.filter((d) => /a/i.test(d.name)).length);
    expect(body.hasNext).toBe(true);
    const percent = await list(own.token, `pageSize=5&page=0&textSearch=${encodeURIComponent('0%')}`);
    expect(percent.data.map((d) => d.name)).toEqual(['foxtrot 50%']);
    expect(percent.totalElements).toBe(1);
    const customerPage = expectOk(
      await server.api.get<Page>(
        `/api/customer/${expected.find((d) => d.customer)?.customer}/deviceInfos?pageSize=1&page=0`,
        { token: own.token },
      ),
    );
    const customerId = expected.find((d) => d.customer)?.customer;
    expect(customerPage.totalElements).toBe(expected.filter((d) => d.customer === customerId).length);
  });
});

describe('a text search with many matches', () => {
  it(`counts up to ${EXACT_SEARCH_COUNT_LIMIT} matches exactly, and estimates above, never below what it saw`, async () => {
    const own = await tenantWithAdmin();
    const many = Array.from({ length: EXACT_SEARCH_COUNT_LIMIT + 1000 }, (_, i) => ({
      name: `Probe ${String(i).padStart(5, '0')}`,
    }));
    await seedDevices(own.tenant.id, [...many, { name: 'Unrelated 1' }, { name: 'Unrelated 2' }]);
    // Statistics that promise more matches than there are: the count at the limit must not use
    // them, the estimate above it does. (No autovacuum may refresh them during the test.)
    await sql`alter table device set (autovacuum_enabled = false)`.execute(server.store.db);
    await sql`analyze device`.execute(server.store.db);
    await server.store.db
      .deleteFrom('device')
      .where('tenantId', '=', own.tenant.id)
      .where('name', '>=', `Probe ${String(EXACT_SEARCH_COUNT_LIMIT).padStart(5, '0')}`)
      .where('name', 'like', 'Probe %')
      .execute();
    const pageSize = 10;
    const search = (page: number) =>
      list(own.token, `pageSize=${pageSize}&page=${page}&sortProperty=name&textSearch=probe`);

    const exact = await search(0);
    expect(exact).toMatchObject({
      totalElements: EXACT_SEARCH_COUNT_LIMIT,
      totalPages: EXACT_SEARCH_COUNT_LIMIT / pageSize,
      hasNext: true,
    });
    expect(exact.data.map((d) => d.name)).toEqual(many.slice(0, pageSize).map((d) => d.name));
    const last = await search(EXACT_SEARCH_COUNT_LIMIT / pageSize - 1);
    expect(last).toMatchObject({ totalElements: EXACT_SEARCH_COUNT_LIMIT, hasNext: false });
    expect(last.data).toHaveLength(pageSize);

    await seedDevices(own.tenant.id, [{ name: 'Probe 99999' }]);
    const matches = EXACT_SEARCH_COUNT_LIMIT + 1;
    const estimated = await search(0);
    expect(estimated.hasNext).toBe(true);
    // The statistics still count the 1,000 deleted probes: the estimate is above the real number.
    expect(estimated.totalElements).toBeGreaterThan(matches);
    expect(estimated.totalElements).toBeLessThanOrEqual(EXACT_SEARCH_COUNT_LIMIT + 1000 + 2);
    expect(estimated.totalPages).toBe(Math.ceil(estimated.totalElements / pageSize));
    // Deep in the list the total is at least what the page proves to exist.
    const deep = await search(EXACT_SEARCH_COUNT_LIMIT / pageSize - 1);
    expect(deep.hasNext).toBe(true);
    expect(deep.totalElements).toBeGreaterThanOrEqual(matches);
    // The page that ends the list knows the exact total.
    const end = await search(EXACT_SEARCH_COUNT_LIMIT / pageSize);
    expect(end).toMatchObject({ totalElements: matches, hasNext: false });
    expect(end.data.map((d) => d.name)).toEqual(['Probe 99999']);
    // Past the end, no more than the rows before the page can exist.
    const past = await search(1000);
    expect(past.data).toEqual([]);
    expect(past.hasNext).toBe(false);
    expect(past.totalElements).toBeGreaterThanOrEqual(matches);
    expect(past.totalElements).toBeLessThanOrEqual(1000 * pageSize);
    // Unfiltered, the tenant's list stays exact.
    expect(await listedTotal(own.token)).toBe(matches + 2);
  });

  it("never counts or shows another tenant's devices", async () => {
    const own = await tenantWithAdmin();
    const stranger = await tenantWithAdmin();
    await seedDevices(
      stranger.tenant.id,
      Array.from({ length: 30 }, (_, i) => ({ name: `Shared ${i}` })),
    );
    await seedDevices(own.tenant.id, [{ name: 'Shared 1' }, { name: 'Shared 2' }]);
    for (const sort of ['&sortProperty=name', '&sortProperty=createdTime&sortOrder=DESC', '']) {
      const body = await list(own.token, `pageSize=1&page=0&textSearch=shared${sort}`);
      expect(body.totalElements).toBe(2);
      expect(body.data.every((d) => d.tenantId.id === own.tenant.id)).toBe(true);
      const all = await list(own.token, `pageSize=100&page=0${sort}`, 'devices');
      expect(all.data.map((d) => d.name).sort()).toEqual(['Shared 1', 'Shared 2']);
    }
    expect(await listedTotal(own.token)).toBe(2);
  });
});

describe('a text search sorted by name', () => {
  /** Every matching name of the tenant in both name orders, read page by page. */
  async function searchedNames(token: string, text: string, order: 'ASC' | 'DESC') {
    const names: string[] = [];
    for (let page = 0; page < 20; page++) {
      const body = await list(
        token,
        `pageSize=2&page=${page}&sortProperty=name&sortOrder=${order}&textSearch=${encodeURIComponent(text)}`,
        'devices',
      );
      names.push(...body.data.map((d) => d.name));
      if (!body.hasNext) {
        expect(body.totalElements).toBe(names.length);
        return names;
      }
    }
    throw new Error('more pages than expected');
  }

  async function expectMatches(token: string, text: string, all: readonly string[]) {
    const matching = all.filter((name) => name.toLowerCase().includes(text.toLowerCase())).sort();
    expect(await searchedNames(token, text, 'ASC'), `${text} ASC`).toEqual(matching);
    expect(await searchedNames(token, text, 'DESC'), `${text} DESC`).toEqual([...matching].reverse());
  }

  it('finds every match after inserts, renames, moves and deletes (the walk starts at a bound kept by triggers)', async () => {
    const own = await tenantWithAdmin();
    const other = await tenantWithAdmin();
    // Lower case, so the order is the same under every collation a store may have.
    const names = [
      'aaa gateway 1',
      'bbb gateway 2',
      'ccc sensor 3',
      'ddd sensor 4',
      'eee meter 5',
      'fff sensor 6',
    ];
    const [first, , , , meter, last] = await seedDevices(
      own.tenant.id,
      names.map((name) => ({ name })),
    );
    const texts = ['SENSOR', 'sensor 4', 'gateway', 'meter', 'zzz', 'nso', 'se', ''];
    for (const text of texts) await expectMatches(own.token, text, names);

    // A rename to a name before (and after) every bound the tenant had.
    const { db } = server.store;
    await db
      .updateTable('device')
      .set({ name: '000 sensor 0' })
      .where('id', '=', meter as string)
      .execute();
    await db
      .updateTable('device')
      .set({ name: 'zzz gateway 9' })
      .where('id', '=', first as string)
      .execute();
    let current = [
      'zzz gateway 9',
      'bbb gateway 2',
      'ccc sensor 3',
      'ddd sensor 4',
      '000 sensor 0',
      'fff sensor 6',
    ];
    for (const text of texts) await expectMatches(own.token, text, current);

    // A device created through the API, one moved in from another tenant, one deleted.
    expectOk(await server.api.post('/api/device', { name: 'AAA Sensor new' }, { token: own.token }));
    const [moved] = await seedDevices(other.tenant.id, [{ name: '!!! sensor moved' }]);
    expectOk(
      await server.api.post(`/api/tenant/${own.tenant.id}/device/${moved}`, undefined, {
        token: other.token,
      }),
    );
    expect((await server.api.delete(`/api/device/${last}`, { token: own.token })).status).toBe(200);
    current = [...current.filter((name) => name !== 'fff sensor 6'), 'AAA Sensor new', '!!! sensor moved'];
    for (const text of [...texts, 'aaa', 'moved']) await expectMatches(own.token, text, current);
    await expectMatches(other.token, 'sensor', []);
  });
});
