import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, signInCallers } from './callers.js';
import {
  type DemoIds,
  type EntityIdJson,
  expectError,
  expectOk,
  startServer,
  type TestServer,
} from './helper.js';

/**
 * Concurrent dashboard saves (the console's editor): every save increments `version`, a save
 * carrying an older one is refused with 409 VERSION_CONFLICT, a save without it (ThingsBoard 3.3
 * clients) goes through; and only the dashboard's tenant administrator saves it.
 */

interface DashboardJson {
  id: EntityIdJson;
  title: string;
  configuration: Record<string, unknown> | null;
  version: number;
}

let server: TestServer;
let ids: DemoIds;
let tokens: Record<Caller, string>;

beforeAll(async () => {
  server = await startServer();
  ({ ids, tokens } = await signInCallers(server));
});

afterAll(async () => {
  await server?.close();
});

const as = (caller: Caller) => ({ token: tokens[caller] });
let counter = 0;
const uniqueTitle = () => `Versioned ${Date.now().toString(36)}-${++counter}`;

async function save(body: Record<string, unknown>, caller: Caller = 'tenantAdmin') {
  return server.api.post<DashboardJson>('/api/dashboard', body, as(caller));
}

const create = async () => expectOk(await save({ title: uniqueTitle(), configuration: { widgets: {} } }));

describe('dashboard versions', () => {
  it('starts at 1 and increments on every save, also on saves without a version', async () => {
    const created = await create();
    expect(created.version).toBe(1);
    const second = expectOk(await save({ ...created, title: 'Second' }));
    expect(second.version).toBe(2);
    const { version: _v, ...withoutVersion } = second;
    const third = expectOk(await save({ ...withoutVersion, title: 'Third' }));
    expect(third.version).toBe(3);
    const read = expectOk(
      await server.api.get<DashboardJson>(`/api/dashboard/${created.id.id}`, as('tenantAdmin')),
    );
    expect(read).toMatchObject({ title: 'Third', version: 3 });
  });

  it('refuses a save with a stale version and keeps what the other user saved', async () => {
    const created = await create();
    const mine = { ...created, configuration: { widgets: { a: { id: 'a' } } } };
    const theirs = expectOk(await save({ ...created, configuration: { widgets: { b: { id: 'b' } } } }));
    expect(theirs.version).toBe(2);
    const refused = await save(mine);
    const body = expectError(refused, 409, 35, 'The dashboard was already changed by someone else');
    expect(body.status).toBe(409);
    const stored = expectOk(
      await server.api.get<DashboardJson>(`/api/dashboard/${created.id.id}`, as('tenantAdmin')),
    );
    expect(stored.configuration).toEqual({ widgets: { b: { id: 'b' } } });
    expect(stored.version).toBe(2);
    // Overwrite: the same change again with the stored version.
    const overwritten = expectOk(await save({ ...mine, version: stored.version }));
    expect(overwritten).toMatchObject({ version: 3, configuration: mine.configuration });
  });

  it('lets exactly one of two saves of the same version win', async () => {
    const created = await create();
    const results = await Promise.all(['One', 'Two', 'Three'].map((title) => save({ ...created, title })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const stored = expectOk(
      await server.api.get<DashboardJson>(`/api/dashboard/${created.id.id}`, as('tenantAdmin')),
    );
    expect(stored.version).toBe(2);
    const winner = results.find((r) => r.status === 200)?.body as DashboardJson;
    expect(stored.title).toBe(winner.title);
  });

  it('refuses a version that is not a whole number', async () => {
    const created = await create();
    expectError(await save({ ...created, version: 'one' }), 400, 31);
    expectError(await save({ ...created, version: -1 }), 400, 31);
  });

  it('lets no one but the tenant administrator of its tenant save it', async () => {
    const created = await create();
    // Assigned to the customer, whose user then reads it but still cannot save it.
    expectOk(
      await server.api.post(
        `/api/customer/${ids.customerAId}/dashboard/${created.id.id}`,
        null,
        as('tenantAdmin'),
      ),
    );
    expectOk(await server.api.get(`/api/dashboard/${created.id.id}`, as('customerUser')));
    for (const caller of ['customerUser', 'otherCustomerUser', 'otherTenantAdmin', 'sysadmin'] as const) {
      expectError(await save({ ...created, title: `By ${caller}` }, caller), 403, 20);
    }
    const stored = expectOk(
      await server.api.get<DashboardJson>(`/api/dashboard/${created.id.id}`, as('tenantAdmin')),
    );
    expect(stored).toMatchObject({ title: created.title, version: 1 });
  });
});
