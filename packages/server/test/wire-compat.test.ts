import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, expectError, startServer, type TestServer } from './helper.js';

/** Requests as ThingsBoard's own clients (its Python REST client, scripts) send them. */
let server: TestServer;
let sysadmin: string;
let tenant: string;

beforeAll(async () => {
  server = await startServer();
  sysadmin = (await server.api.login(DEMO.sysadmin.email, DEMO.sysadmin.password)).token;
  tenant = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
});
afterAll(async () => {
  await server.close();
});

describe('boolean query parameters as Spring binds them', () => {
  it.each(['False', 'FALSE', 'false', 'off', 'no', '0'])(
    'creates a user without an activation mail when sendActivationMail=%s',
    async (spelling) => {
      // No mail server is configured: a mail would fail the request.
      const res = await server.api.post(
        `/api/user?sendActivationMail=${spelling}`,
        {
          email: `user-${spelling.toLowerCase()}-${Date.now()}@example.test`,
          authority: 'CUSTOMER_USER',
          customerId: await customerId(),
        },
        { token: tenant },
      );
      expect(res.status, res.text).toBe(200);
    },
  );

  it('reads True as true', async () => {
    const create = async (spelling: string) =>
      server.api.post<{ errorCode?: number }>(
        `/api/user?sendActivationMail=${spelling}`,
        {
          email: `user-${spelling.toLowerCase()}-${Date.now()}@example.test`,
          authority: 'CUSTOMER_USER',
          customerId: await customerId(),
        },
        { token: tenant },
      );
    // True asks for the mail as true does (it fails without a mail server), not a 400 about the
    // parameter, and not a user created without a mail as False does.
    const [asTrue, asCapitalTrue] = [await create('true'), await create('True')];
    expect(asCapitalTrue.text).not.toContain('sendActivationMail');
    expect(asCapitalTrue.status).not.toBe(200);
    expect([asCapitalTrue.status, asCapitalTrue.body.errorCode]).toEqual([
      asTrue.status,
      asTrue.body.errorCode,
    ]);
  });

  it('still refuses what Spring refuses', async () => {
    const res = await server.api.post(
      '/api/user?sendActivationMail=maybe',
      { email: 'maybe@example.test', authority: 'CUSTOMER_USER', customerId: await customerId() },
      { token: tenant },
    );
    expectError(res, 400, 31);
  });
});

let cachedCustomerId: unknown;
async function customerId() {
  if (!cachedCustomerId) {
    const page = await server.api.get<{ data: { id: unknown }[] }>('/api/customers?pageSize=1&page=0', {
      token: tenant,
    });
    cachedCustomerId = page.body.data[0]?.id;
  }
  return cachedCustomerId;
}

describe('additionalInfo takes any JSON value and returns it as stored', () => {
  const values: unknown[] = [
    'a plain string',
    42,
    1.5,
    true,
    [1, 'two', { three: 3 }],
    { nested: { snake_key: [null] } },
    null,
  ];

  it.each(values.map((value) => [JSON.stringify(value), value]))(
    'device additionalInfo %s',
    async (_label, value) => {
      const saved = await server.api.post<{ id: { id: string }; additionalInfo: unknown }>(
        '/api/device',
        { name: `info ${JSON.stringify(value)}`, additionalInfo: value },
        { token: tenant },
      );
      expect(saved.status, saved.text).toBe(200);
      expect(saved.body.additionalInfo).toEqual(value);
      const read = await server.api.get<{ additionalInfo: unknown }>(`/api/device/${saved.body.id.id}`, {
        token: tenant,
      });
      expect(read.body.additionalInfo).toEqual(value);
    },
  );

  it('on assets, customers, entity views, tenants and users', async () => {
    const info = 'described in words';
    const asset = await server.api.post<{ additionalInfo: unknown }>(
      '/api/asset',
      { name: 'a-info', type: 'x', additionalInfo: info },
      { token: tenant },
    );
    expect(asset.body.additionalInfo).toBe(info);
    const customer = await server.api.post<{ additionalInfo: unknown }>(
      '/api/customer',
      { title: 'c-info', additionalInfo: info },
      { token: tenant },
    );
    expect(customer.body.additionalInfo).toBe(info);
    const view = await server.api.post<{ additionalInfo: unknown }>(
      '/api/entityView',
      {
        name: 'v-info',
        type: 'x',
        entityId: asset.status === 200 ? (asset.body as unknown as { id: unknown }).id : null,
        additionalInfo: info,
      },
      { token: tenant },
    );
    expect(view.status, view.text).toBe(200);
    expect(view.body.additionalInfo).toBe(info);
    const tenantSaved = await server.api.post<{ additionalInfo: unknown }>(
      '/api/tenant',
      { title: 't-info', additionalInfo: 7 },
      { token: sysadmin },
    );
    expect(tenantSaved.status, tenantSaved.text).toBe(200);
    expect(tenantSaved.body.additionalInfo).toBe(7);
    const user = await server.api.post<{ id: { id: string }; additionalInfo: unknown }>(
      '/api/user?sendActivationMail=false',
      {
        email: `info-${Date.now()}@example.test`,
        authority: 'CUSTOMER_USER',
        customerId: await customerId(),
        additionalInfo: info,
      },
      { token: tenant },
    );
    expect(user.status, user.text).toBe(200);
    expect(user.body.additionalInfo).toBe(info);
    const read = await server.api.get<{ additionalInfo: unknown }>(`/api/user/${user.body.id.id}`, {
      token: tenant,
    });
    expect(read.status, read.text).toBe(200);
    expect(read.body.additionalInfo).toBe(info);
  });

  it.each([
    ['a string', 'just words'],
    ['a number', 12],
    ['an array', ['a', 2, { b: true }]],
  ])("a user's additionalInfo as %s, on update, in lists and to the user", async (_label, value) => {
    const email = `info-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`;
    const created = await server.api.post<{ additionalInfo: unknown } & Record<string, unknown>>(
      '/api/user?sendActivationMail=false',
      {
        email,
        authority: 'CUSTOMER_USER',
        customerId: await customerId(),
        additionalInfo: { lang: 'de_DE' },
      },
      { token: tenant },
    );
    expect(created.status, created.text).toBe(200);
    const updated = await server.api.post<{ id: { id: string }; additionalInfo: unknown }>(
      '/api/user',
      { ...created.body, additionalInfo: value },
      { token: tenant },
    );
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body.additionalInfo).toEqual(value);
    const id = updated.body.id.id;
    const read = await server.api.get<{ additionalInfo: unknown }>(`/api/user/${id}`, { token: tenant });
    expect(read.body.additionalInfo).toEqual(value);
    const page = await server.api.get<{ data: { id: { id: string }; additionalInfo: unknown }[] }>(
      `/api/customer/${((await customerId()) as { id: string }).id}/users?pageSize=100&page=0&textSearch=${email}`,
      { token: tenant },
    );
    expect(page.body.data.find((row) => row.id.id === id)?.additionalInfo).toEqual(value);
    // The user's own view, signed in with a token (a sign-in itself writes an object, as the reference's does).
    const own = await server.api.get<{ token: string }>(`/api/user/${id}/token`, { token: tenant });
    expect(own.status, own.text).toBe(200);
    const me = await server.api.get<{ additionalInfo: unknown }>('/api/auth/user', { token: own.body.token });
    expect(me.body.additionalInfo).toEqual(value);
  });
});

describe('GET /api/tenant/queues', () => {
  it('lists the rule engine queues', async () => {
    const res = await server.api.get('/api/tenant/queues?serviceType=TB_RULE_ENGINE', { token: tenant });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual(['Main', 'HighPriority', 'SequentialByOriginator']);
  });

  it('has none for other services, refuses unknown ones, and is for tenant administrators', async () => {
    expect((await server.api.get('/api/tenant/queues?serviceType=TB_CORE', { token: tenant })).body).toEqual(
      [],
    );
    expectError(await server.api.get('/api/tenant/queues?serviceType=NOPE', { token: tenant }), 400, 31);
    expectError(
      await server.api.get('/api/tenant/queues?serviceType=TB_RULE_ENGINE', { token: sysadmin }),
      403,
      20,
    );
  });
});
