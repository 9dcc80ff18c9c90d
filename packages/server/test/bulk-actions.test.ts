import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTenant, newUser } from './factories.js';
import {
  DEMO,
  type DemoIds,
  demoIds,
  expectError,
  expectOk,
  startServer,
  type TestServer,
} from './helper.js';

/** Bulk delete, assign and unassign (`/api/entities/bulk/…`): each entity on its own, failures reported. */

interface BulkResult {
  total: number;
  succeeded: number;
  failures: {
    entityId: { entityType: string; id: string };
    status: number;
    errorCode: number;
    message: string;
  }[];
}

let server: TestServer;
let ids: DemoIds;
const tokens: Record<'tenant' | 'customer' | 'otherTenant', string> = {
  tenant: '',
  customer: '',
  otherTenant: '',
};

beforeAll(async () => {
  server = await startServer();
  ids = await demoIds(server.store);
  tokens.tenant = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
  tokens.customer = (await server.api.login(DEMO.customer.email, DEMO.customer.password)).token;
  const other = await newTenant(server.store.db);
  const otherAdmin = await newUser(server.store.db, { authority: 'TENANT_ADMIN', tenantId: other.id });
  tokens.otherTenant = (await server.api.login(otherAdmin.email, otherAdmin.password)).token;
});

afterAll(async () => {
  await server.close();
});

async function newDevice(token = tokens.tenant): Promise<string> {
  const res = await server.api.post<{ id: { id: string } }>(
    '/api/device',
    { name: `Bulk ${randomBytes(4).toString('hex')}`, type: 'default' },
    { token },
  );
  return expectOk(res).id.id;
}

const device = (id: string) => ({ entityType: 'DEVICE', id });
const bulk = (action: string, json: unknown, token = tokens.tenant) =>
  server.api.post<BulkResult>(`/api/entities/bulk/${action}`, json, { token });
const deviceStatus = async (id: string) =>
  (await server.api.get(`/api/device/${id}`, { token: tokens.tenant })).status;

describe('bulk delete', () => {
  it('deletes what the caller may delete and reports every other entity with its error', async () => {
    const mine = [await newDevice(), await newDevice(), await newDevice()];
    const foreign = await newDevice(tokens.otherTenant);
    const missing = randomUUID();
    const result = expectOk(
      await bulk('delete', { entityIds: [...mine, foreign, missing, mine[0] as string].map(device) }),
    );
    expect(result.total).toBe(5);
    expect(result.succeeded).toBe(3);
    for (const id of mine) expect(await deviceStatus(id)).toBe(404);
    const byId = new Map(result.failures.map((f) => [f.entityId.id, f]));
    expect(byId.get(missing)).toMatchObject({ status: 404, errorCode: 32 });
    expect(byId.get(foreign)?.status).toBe(403);
    // The other tenant's device is still there.
    expect((await server.api.get(`/api/device/${foreign}`, { token: tokens.otherTenant })).status).toBe(200);
  });

  it('a customer user may delete nothing: each device is refused, none is gone', async () => {
    const id = await newDevice();
    expectOk(
      await server.api.post(`/api/customer/${ids.customerAId}/device/${id}`, undefined, {
        token: tokens.tenant,
      }),
    );
    const result = expectOk(await bulk('delete', { entityIds: [device(id)] }, tokens.customer));
    expect(result).toMatchObject({ total: 1, succeeded: 0 });
    expect(result.failures[0]?.status).toBe(403);
    expect(await deviceStatus(id)).toBe(200);
  });

  it('reports entity types that cannot be deleted in bulk, and refuses bad bodies', async () => {
    const result = expectOk(
      await bulk('delete', { entityIds: [{ entityType: 'DASHBOARD', id: randomUUID() }] }),
    );
    expect(result.failures[0]).toMatchObject({
      status: 400,
      message: 'Entities of type DASHBOARD cannot be deleted in bulk',
    });
    expectError(await bulk('delete', { entityIds: [] }), 400, 31, /entityIds/);
    expectError(await bulk('delete', { entityIds: [{ entityType: 'DEVICE', id: 'nope' }] }), 400, 31, /id/);
    const tooMany = Array.from({ length: 1001 }, () => device(randomUUID()));
    expectError(await bulk('delete', { entityIds: tooMany }), 400, 31, /entityIds/);
  });
});

describe('bulk assign and unassign', () => {
  it('assigns devices to a customer, whose user then sees them', async () => {
    const [a, b] = [await newDevice(), await newDevice()];
    const result = expectOk(
      await bulk('assign', { customerId: ids.customerAId, entityIds: [device(a), device(b)] }),
    );
    expect(result).toEqual({ total: 2, succeeded: 2, failures: [] });
    for (const id of [a, b]) {
      expect((await server.api.get(`/api/device/${id}`, { token: tokens.customer })).status).toBe(200);
    }
  });

  it('refuses a customer of another tenant for every entity', async () => {
    const id = await newDevice();
    const result = expectOk(
      await bulk('assign', { customerId: ids.customerAId, entityIds: [device(id)] }, tokens.otherTenant),
    );
    expect(result.succeeded).toBe(0);
    expect(result.failures[0]?.status).toBe(403);
  });

  it('unassigns; an entity without a customer is reported with the reference message', async () => {
    const [assigned, free] = [await newDevice(), await newDevice()];
    expectOk(await bulk('assign', { customerId: ids.customerAId, entityIds: [device(assigned)] }));
    const result = expectOk(await bulk('unassign', { entityIds: [device(assigned), device(free)] }));
    expect(result.succeeded).toBe(1);
    expect(result.failures).toEqual([
      expect.objectContaining({
        entityId: device(free),
        status: 400,
        message: "Device isn't assigned to any customer!",
      }),
    ]);
    expect((await server.api.get(`/api/device/${assigned}`, { token: tokens.customer })).status).toBe(403);
  });
});
