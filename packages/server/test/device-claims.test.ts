import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCustomer, newTenant, newUser } from './factories.js';
import {
  type ApiResponse,
  DEMO,
  type DemoIds,
  demoIds,
  expectError,
  expectOk,
  NULL_UUID,
  startServer,
  type TestServer,
} from './helper.js';

/**
 * Device claiming by users (reference DeviceController claimDevice / reClaimDevice): a device
 * announces a claim over the HTTP device API, a customer user claims it with the secret, the
 * tenant administrator takes it back.
 */

interface DeviceRef {
  id: string;
  name: string;
  token: string;
}

interface DeviceJson {
  id: { id: string };
  name: string;
  customerId: { entityType: string; id: string };
}

interface AuditPage {
  data: { actionType: string; actionStatus: string; customerId: { id: string } }[];
}

const suffix = () => randomBytes(4).toString('hex');

/** A server with the demo tenant, tokens of its administrator and of the user of Customer A. */
async function startWithTokens(env: Record<string, string> = {}) {
  const server = await startServer({ env });
  const tenant = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
  const customer = (await server.api.login(DEMO.customer.email, DEMO.customer.password)).token;
  return { server, tenant, customer, ids: await demoIds(server.store) };
}

async function newDevice(server: TestServer, tenantToken: string): Promise<DeviceRef> {
  const name = `claimable ${suffix()}`;
  const token = `claim-${suffix()}${suffix()}`;
  const res = await server.api.post<DeviceJson>(
    `/api/device?accessToken=${token}`,
    { name },
    { token: tenantToken },
  );
  return { id: expectOk(res).id.id, name, token };
}

/** The device's announcement over the HTTP device API (reference §4.2 `POST /api/v1/{token}/claim`). */
async function announce(server: TestServer, device: DeviceRef, claim?: Record<string, unknown>) {
  const res = await server.api.request('POST', `/api/v1/${device.token}/claim`, {
    raw: claim === undefined ? '' : JSON.stringify(claim),
    contentType: 'application/json',
  });
  expect(res.status, res.text).toBe(200);
}

const claimPath = (device: DeviceRef) => `/api/customer/device/${encodeURIComponent(device.name)}/claim`;

/** Asserts the reference's failed claim: 400 with the bare JSON string. */
function expectRefused(res: ApiResponse, response: 'FAILURE' | 'CLAIMED') {
  expect(res.status, res.text).toBe(400);
  expect(res.headers.get('content-type') ?? '').toContain('application/json');
  expect(res.text).toBe(`"${response}"`);
}

async function customerOf(server: TestServer, tenantToken: string, device: DeviceRef): Promise<string> {
  const res = await server.api.get<DeviceJson>(`/api/device/${device.id}`, { token: tenantToken });
  return expectOk(res).customerId.id;
}

async function auditActions(server: TestServer, tenantToken: string, device: DeviceRef) {
  const res = await server.api.get<AuditPage>(
    `/api/audit/logs/entity/DEVICE/${device.id}?pageSize=50&page=0`,
    {
      token: tenantToken,
    },
  );
  return expectOk(res).data.map((entry) => `${entry.actionType} ${entry.actionStatus}`);
}

describe('with claiming allowed by default', () => {
  let server: TestServer;
  let ta: string;
  let cu: string;
  let ids: DemoIds;

  beforeAll(async () => {
    ({ server, tenant: ta, customer: cu, ids } = await startWithTokens());
  });

  afterAll(async () => {
    await server?.close();
  });

  it('assigns the device to the customer of the user who knows the secret, once', async () => {
    const device = await newDevice(server, ta);
    await announce(server, device, { secretKey: 's3cret', durationMs: 60_000 });

    // A wrong secret fails and uses up the announcement, as in the reference.
    expectRefused(await server.api.post(claimPath(device), { secretKey: 'guess' }, { token: cu }), 'FAILURE');
    expectRefused(
      await server.api.post(claimPath(device), { secretKey: 's3cret' }, { token: cu }),
      'FAILURE',
    );
    expect(await customerOf(server, ta, device)).toBe(NULL_UUID);

    // An expired announcement fails too.
    await announce(server, device, { secretKey: 's3cret', durationMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expectRefused(
      await server.api.post(claimPath(device), { secretKey: 's3cret' }, { token: cu }),
      'FAILURE',
    );

    await announce(server, device, { secretKey: 's3cret', durationMs: 60_000 });
    const res = await server.api.post<{ device: DeviceJson; response: string }>(
      claimPath(device),
      { secretKey: 's3cret' },
      { token: cu },
    );
    const body = expectOk(res);
    expect(Object.keys(body)).toEqual(['device', 'response']);
    expect(body.response).toBe('SUCCESS');
    expect(body.device.id.id).toBe(device.id);
    expect(body.device.customerId).toEqual({ entityType: 'CUSTOMER', id: ids.customerAId });

    // The customer user now sees the device, in its own right and in the customer's list.
    expectOk(await server.api.get(`/api/device/${device.id}`, { token: cu }));
    const list = expectOk(
      await server.api.get<{ data: DeviceJson[] }>(
        `/api/customer/${ids.customerAId}/devices?pageSize=100&page=0`,
        {
          token: cu,
        },
      ),
    );
    expect(list.data.map((d) => d.id.id)).toContain(device.id);
    expect(await auditActions(server, ta, device)).toContain('ASSIGNED_TO_CUSTOMER SUCCESS');

    // The announcement was consumed; the device now belongs to a customer, so it is CLAIMED.
    expectRefused(
      await server.api.post(claimPath(device), { secretKey: 's3cret' }, { token: cu }),
      'CLAIMED',
    );
    // A device that belongs to a customer ignores new announcements.
    await announce(server, device, { secretKey: 'again' });
    expect(server.services.transport.claims.get(device.id)).toBeUndefined();
  });

  it('accepts no body as the empty secret', async () => {
    const device = await newDevice(server, ta);
    await announce(server, device);
    const res = await server.api.request('POST', claimPath(device), { token: cu });
    expect(expectOk(res as ApiResponse<{ response: string }>).response).toBe('SUCCESS');
  });

  it('answers 400 for a secret that is not a string, and 404 for an unknown device', async () => {
    const device = await newDevice(server, ta);
    await announce(server, device, { secretKey: '1' });
    expectError(await server.api.post(claimPath(device), { secretKey: 1 }, { token: cu }), 400, 31);
    expectError(
      await server.api.post(
        '/api/customer/device/no%20such%20device/claim',
        { secretKey: '1' },
        { token: cu },
      ),
      404,
      32,
    );
    // The announcement survives a malformed request.
    expect(server.services.transport.claims.get(device.id)).toBeDefined();
  });

  it('does not let a customer of another tenant claim the device', async () => {
    const { db } = server.store;
    const tenant = await newTenant(db);
    const customer = await newCustomer(db, tenant.id);
    const user = await newUser(db, {
      authority: 'CUSTOMER_USER',
      tenantId: tenant.id,
      customerId: customer.id,
    });
    const other = (await server.api.login(user.email, user.password)).token;
    const device = await newDevice(server, ta);
    await announce(server, device, { secretKey: 'x' });

    expectError(await server.api.post(claimPath(device), { secretKey: 'x' }, { token: other }), 404, 32);
    expect(await customerOf(server, ta, device)).toBe(NULL_UUID);
    // Tenant administrators do not claim: the route is for customer users.
    expectError(await server.api.post(claimPath(device), { secretKey: 'x' }, { token: ta }), 403, 20);
    // The announcement is still there for the right customer.
    expect(
      expectOk(
        await server.api.post<{ response: string }>(claimPath(device), { secretKey: 'x' }, { token: cu }),
      ).response,
    ).toBe('SUCCESS');
  });

  it('claims with the claimingData server attribute when the device announced nothing', async () => {
    const device = await newDevice(server, ta);
    const setClaimingData = async (expirationTime: number) =>
      expectOk(
        await server.api.post(
          `/api/plugins/telemetry/DEVICE/${device.id}/SERVER_SCOPE`,
          { claimingData: { secretKey: 'attr', expirationTime } },
          { token: ta },
        ),
      );
    await setClaimingData(Date.now() - 1000);
    expectRefused(await server.api.post(claimPath(device), { secretKey: 'attr' }, { token: cu }), 'FAILURE');

    await setClaimingData(Date.now() + 60_000);
    expectRefused(await server.api.post(claimPath(device), { secretKey: 'nope' }, { token: cu }), 'FAILURE');
    const res = await server.api.post<{ response: string }>(
      claimPath(device),
      { secretKey: 'attr' },
      { token: cu },
    );
    expect(expectOk(res).response).toBe('SUCCESS');
    const attributes = expectOk(
      await server.api.get<{ key: string }[]>(
        `/api/plugins/telemetry/DEVICE/${device.id}/values/attributes/SERVER_SCOPE`,
        {
          token: ta,
        },
      ),
    );
    expect(attributes.map((a) => a.key)).not.toContain('claimingData');
  });

  it('lets the tenant administrator take the device back, after which it can be claimed again', async () => {
    const device = await newDevice(server, ta);
    await announce(server, device, { secretKey: 'k' });
    expectOk(await server.api.post(claimPath(device), { secretKey: 'k' }, { token: cu }));

    const res = await server.api.delete(claimPath(device), { token: ta });
    expect(res.status, res.text).toBe(200);
    expect(res.text).toBe('');
    expect(await customerOf(server, ta, device)).toBe(NULL_UUID);
    expectError(await server.api.get(`/api/device/${device.id}`, { token: cu }), 403, 20);
    expect(await auditActions(server, ta, device)).toContain('UNASSIGNED_FROM_CUSTOMER SUCCESS');

    // The device announces again (its cached identity knows it has no customer) and is claimed again.
    await announce(server, device, { secretKey: 'k2' });
    expect(
      expectOk(
        await server.api.post<{ response: string }>(claimPath(device), { secretKey: 'k2' }, { token: cu }),
      ).response,
    ).toBe('SUCCESS');
  });

  it('re-claims: 200 for a device without customer, 404 for an unknown one, 403 for another customer', async () => {
    const device = await newDevice(server, ta);
    await announce(server, device, { secretKey: 'open' });
    const res = await server.api.delete(claimPath(device), { token: ta });
    expect(res.status, res.text).toBe(200);
    // The open announcement is dropped with it.
    expect(server.services.transport.claims.get(device.id)).toBeUndefined();
    expectError(
      await server.api.delete('/api/customer/device/no%20such%20device/claim', { token: ta }),
      404,
      32,
    );

    // A customer user may give back only a device of its own customer.
    const otherUser = await newUser(server.store.db, {
      authority: 'CUSTOMER_USER',
      tenantId: ids.tenantId,
      customerId: ids.customerBId,
    });
    const otherCu = (await server.api.login(otherUser.email, otherUser.password)).token;
    await announce(server, device, { secretKey: 'own' });
    expectOk(await server.api.post(claimPath(device), { secretKey: 'own' }, { token: cu }));
    expectError(await server.api.delete(claimPath(device), { token: otherCu }), 403, 20);
    expect(await customerOf(server, ta, device)).toBe(ids.customerAId);
    expect((await server.api.delete(claimPath(device), { token: cu })).status).toBe(200);
    expect(await customerOf(server, ta, device)).toBe(NULL_UUID);
  });
});

describe('with claiming not allowed by default', () => {
  let server: TestServer;
  let ta: string;
  let cu: string;

  beforeAll(async () => {
    ({
      server,
      tenant: ta,
      customer: cu,
    } = await startWithTokens({ SECURITY_CLAIM_ALLOW_CLAIMING_BY_DEFAULT: 'false' }));
  });

  afterAll(async () => {
    await server?.close();
  });

  const setClaimingAllowed = async (device: DeviceRef, allowed: boolean) =>
    expectOk(
      await server.api.post(
        `/api/plugins/telemetry/DEVICE/${device.id}/SERVER_SCOPE`,
        { claimingAllowed: allowed },
        { token: ta },
      ),
    );

  it('needs the claimingAllowed attribute, and re-claiming sets it again', async () => {
    const device = await newDevice(server, ta);
    await announce(server, device, { secretKey: 'k' });
    expectRefused(await server.api.post(claimPath(device), { secretKey: 'k' }, { token: cu }), 'FAILURE');

    await setClaimingAllowed(device, true);
    await announce(server, device, { secretKey: 'k' });
    expect(
      expectOk(
        await server.api.post<{ response: string }>(claimPath(device), { secretKey: 'k' }, { token: cu }),
      ).response,
    ).toBe('SUCCESS');

    expect((await server.api.delete(claimPath(device), { token: ta })).status).toBe(200);
    const attributes = expectOk(
      await server.api.get<{ key: string; value: unknown }[]>(
        `/api/plugins/telemetry/DEVICE/${device.id}/values/attributes/SERVER_SCOPE`,
        { token: ta },
      ),
    );
    expect(attributes.find((a) => a.key === 'claimingAllowed')?.value).toBe(true);
  });
});
