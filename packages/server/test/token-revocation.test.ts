import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PASSWORD, newCustomer, newTenant, newUser } from './factories.js';
import { DEMO, expectError, startServer, type TestServer } from './helper.js';
import { WsTestClient } from './ws-client.js';

/** Removed or changed users lose their access at once: REST, refresh and open WebSocket sessions. */
let server: TestServer;
let sysadmin: string;

const iatOf = (token: string): number =>
  (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { iat: number }).iat;

beforeAll(async () => {
  server = await startServer({ demo: false });
  sysadmin = (await server.api.login(DEMO.sysadmin.email, DEMO.sysadmin.password)).token;
});
afterAll(async () => {
  await server.close();
});

/** A tenant with an administrator and a customer with a user, all signed in. */
async function world() {
  const tenant = await newTenant(server.store.db);
  const customer = await newCustomer(server.store.db, tenant.id);
  const admin = await newUser(server.store.db, { authority: 'TENANT_ADMIN', tenantId: tenant.id });
  const user = await newUser(server.store.db, {
    authority: 'CUSTOMER_USER',
    tenantId: tenant.id,
    customerId: customer.id,
  });
  const adminPair = await server.api.login(admin.email, DEFAULT_PASSWORD);
  const userPair = await server.api.login(user.email, DEFAULT_PASSWORD);
  return { tenant, customer, admin, user, adminPair, userPair };
}

const expectRevoked = async (pair: { token: string; refreshToken: string }) => {
  expectError(await server.api.get('/api/auth/user', { token: pair.token }), 401, 11);
  expect((await server.api.post('/api/auth/token', { refreshToken: pair.refreshToken })).status).toBe(401);
  await expect(WsTestClient.connect(server.url, pair.token)).rejects.toThrow('HTTP 401');
};

describe('deleting an account revokes its tokens at once', () => {
  it('a deleted user', async () => {
    const { adminPair, user, userPair } = await world();
    expect((await server.api.get('/api/auth/user', { token: userPair.token })).status).toBe(200);
    const ws = await WsTestClient.connect(server.url, userPair.token);
    expect((await server.api.delete(`/api/user/${user.id}`, { token: adminPair.token })).status).toBe(200);
    expect((await ws.closed).code).toBe(1008);
    await expectRevoked(userPair);
  });

  it("a deleted customer's users", async () => {
    const { adminPair, customer, userPair } = await world();
    const ws = await WsTestClient.connect(server.url, userPair.token);
    const res = await server.api.delete(`/api/customer/${customer.id}`, { token: adminPair.token });
    expect(res.status, res.text).toBe(200);
    expect((await ws.closed).code).toBe(1008);
    await expectRevoked(userPair);
  });

  it("a deleted tenant's administrators and customer users", async () => {
    const { tenant, adminPair, userPair } = await world();
    const adminWs = await WsTestClient.connect(server.url, adminPair.token);
    const userWs = await WsTestClient.connect(server.url, userPair.token);
    const res = await server.api.delete(`/api/tenant/${tenant.id}`, { token: sysadmin });
    expect(res.status, res.text).toBe(200);
    expect((await adminWs.closed).code).toBe(1008);
    expect((await userWs.closed).code).toBe(1008);
    await expectRevoked(adminPair);
    await expectRevoked(userPair);
    // A write with the old token is refused, not a 500 on the missing tenant.
    expectError(await server.api.post('/api/device', { name: 'ghost' }, { token: adminPair.token }), 401, 11);
  });

  it('a user deleted behind this node (no credentials row) counts as outdated', async () => {
    const { user, userPair } = await world();
    await server.store.db.deleteFrom('userCredentials').where('userId', '=', user.id).execute();
    // A fresh server on the same store has nothing cached about this user.
    const { TokenOutdating } = await import('../src/auth/token-outdating.js');
    expect(await new TokenOutdating(server.store.db).isOutdated(user.id, iatOf(userPair.token))).toBe(true);
  });
});

describe("a public customer's tokens end with the customer", () => {
  /** A public customer of the world's tenant, with a signed-in public viewer. */
  async function publicViewer(tenantId: string) {
    const customer = await newCustomer(server.store.db, tenantId, undefined, { isPublic: true });
    const res = await server.api.post<{ token: string; refreshToken: string }>('/api/auth/login/public', {
      publicId: customer.id,
    });
    expect(res.status, res.text).toBe(200);
    expect((await server.api.get('/api/auth/user', { token: res.body.token })).status).toBe(200);
    return { customer, pair: res.body, ws: await WsTestClient.connect(server.url, res.body.token) };
  }

  it('deleted itself', async () => {
    const { tenant, adminPair } = await world();
    const { customer, pair, ws } = await publicViewer(tenant.id);
    const res = await server.api.delete(`/api/customer/${customer.id}`, { token: adminPair.token });
    expect(res.status, res.text).toBe(200);
    expect((await ws.closed).code).toBe(1008);
    await expectRevoked(pair);
  });

  it('deleted with its tenant', async () => {
    const { tenant } = await world();
    const { pair, ws } = await publicViewer(tenant.id);
    const res = await server.api.delete(`/api/tenant/${tenant.id}`, { token: sysadmin });
    expect(res.status, res.text).toBe(200);
    expect((await ws.closed).code).toBe(1008);
    await expectRevoked(pair);
  });

  it('deleted behind this node (no customer row) counts as ended', async () => {
    const { tenant, customer: other } = await world();
    const { customer } = await publicViewer(tenant.id);
    await server.store.db.deleteFrom('customer').where('id', '=', customer.id).execute();
    const { TokenOutdating } = await import('../src/auth/token-outdating.js');
    const fresh = new TokenOutdating(server.store.db);
    expect(await fresh.isCustomerRemoved(customer.id)).toBe(true);
    expect(await fresh.isCustomerRemoved(other.id)).toBe(false);
  });
});

describe('open WebSocket sessions close when the user changes', () => {
  it('when the user is disabled', async () => {
    const { adminPair, user, userPair } = await world();
    const ws = await WsTestClient.connect(server.url, userPair.token);
    const res = await server.api.post(
      `/api/user/${user.id}/userCredentialsEnabled?userCredentialsEnabled=false`,
      undefined,
      { token: adminPair.token },
    );
    expect(res.status, res.text).toBe(200);
    expect((await ws.closed).code).toBe(1008);
  });

  it('when the user changes password, while the new pair works', async () => {
    const { userPair } = await world();
    const ws = await WsTestClient.connect(server.url, userPair.token);
    const changed = await server.api.post<{ token: string }>(
      '/api/auth/changePassword',
      { currentPassword: DEFAULT_PASSWORD, newPassword: 'An0ther-Passw0rd!' },
      { token: userPair.token },
    );
    expect(changed.status, changed.text).toBe(200);
    expect((await ws.closed).code).toBe(1008);
    expect((await server.api.get('/api/auth/user', { token: changed.body.token })).status).toBe(200);
  });
});

/** Waits for the next whole second, so that what follows most likely shares one second. */
const startOfNextSecond = () => new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));

describe('a token minted in the same second as a change', () => {
  it('does not survive a password change, and the pair minted after it does', async () => {
    // Retried until login and change fall in one second, the case the reference lets through.
    for (let attempt = 0; attempt < 5; attempt++) {
      const { user } = await world();
      await startOfNextSecond();
      const old = await server.api.login(user.email, DEFAULT_PASSWORD);
      const changed = await server.api.post<{ token: string }>(
        '/api/auth/changePassword',
        { currentPassword: DEFAULT_PASSWORD, newPassword: 'An0ther-Passw0rd!' },
        { token: old.token },
      );
      expect(changed.status, changed.text).toBe(200);
      if (Math.floor(Date.now() / 1000) !== iatOf(old.token)) continue;
      expectError(await server.api.get('/api/auth/user', { token: old.token }), 401, 11);
      expect((await server.api.get('/api/auth/user', { token: changed.body.token })).status).toBe(200);
      return;
    }
    throw new Error('could not place a login and a password change in one second');
  });

  it('does not survive a disable, and a sign-in after re-enabling works', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const { user, adminPair } = await world();
      const setEnabled = (enabled: boolean) =>
        server.api.post(
          `/api/user/${user.id}/userCredentialsEnabled?userCredentialsEnabled=${enabled}`,
          undefined,
          {
            token: adminPair.token,
          },
        );
      await startOfNextSecond();
      const old = await server.api.login(user.email, DEFAULT_PASSWORD);
      const disabled = await setEnabled(false);
      expect(disabled.status, disabled.text).toBe(200);
      if (Math.floor(Date.now() / 1000) !== iatOf(old.token)) continue;
      expectError(await server.api.get('/api/auth/user', { token: old.token }), 401, 11);
      expect((await setEnabled(true)).status).toBe(200);
      const fresh = await server.api.login(user.email, DEFAULT_PASSWORD);
      expect((await server.api.get('/api/auth/user', { token: fresh.token })).status).toBe(200);
      return;
    }
    throw new Error('could not place a login and a disable in one second');
  });
});
