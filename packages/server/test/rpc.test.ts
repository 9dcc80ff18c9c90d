import { randomBytes } from 'node:crypto';
import { v1 as uuidv1, v4 as uuidv4 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RpcRepo } from '../src/modules/rpc/repo.js';
import { newTenant, newUser, type UserRef } from './factories.js';
import {
  type ApiResponse,
  DEMO,
  type DemoIds,
  demoIds,
  type EntityIdJson,
  expectError,
  expectOk,
  newStoreLocation,
  type PageDataJson,
  startServer,
  type TestServer,
} from './helper.js';

/**
 * Server-side RPC (reference §1.3 RpcV1Controller / RpcV2Controller, §1.4 "RPC"): REST calls
 * answered by a device long-polling the HTTP device API, the v1/v2 failure statuses, persistent
 * RPCs through their lifecycle, the list, deletion, expiry, access and the audit trail.
 */

interface RpcJson {
  id: EntityIdJson;
  createdTime: number;
  tenantId: EntityIdJson;
  deviceId: EntityIdJson;
  expirationTime: number;
  request: {
    id: string;
    oneway: boolean;
    expirationTime: number;
    body: { method: string; params: string };
    persisted: boolean;
    retries: number | null;
    additionalInfo: string | null;
  };
  response: unknown;
  status: string;
  additionalInfo: unknown;
}

interface PolledRpc {
  id: number;
  method: string;
  params: unknown;
}

let server: TestServer;
let ids: DemoIds;
let tenantToken: string;
let customerToken: string;
let customerBToken: string;
let otherTenantToken: string;
let customerBUser: UserRef;

const ta = () => ({ token: tenantToken });
const cu = () => ({ token: customerToken });

beforeAll(async () => {
  server = await startServer();
  ids = await demoIds(server.store);
  const { db } = server.store;
  const otherTenant = await newTenant(db);
  const otherAdmin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: otherTenant.id });
  customerBUser = await newUser(db, {
    authority: 'CUSTOMER_USER',
    tenantId: ids.tenantId,
    customerId: ids.customerBId,
  });
  tenantToken = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
  customerToken = (await server.api.login(DEMO.customer.email, DEMO.customer.password)).token;
  customerBToken = (await server.api.login(customerBUser.email, customerBUser.password)).token;
  otherTenantToken = (await server.api.login(otherAdmin.email, otherAdmin.password)).token;
});

afterAll(async () => {
  await server?.close();
});

interface TestDevice {
  id: string;
  token: string;
}

/** A device of the Demo Tenant with an access token, assigned to Customer A unless told otherwise. */
async function newDevice(assignToCustomerA = true): Promise<TestDevice> {
  const token = `RPC_${randomBytes(8).toString('hex')}`;
  const device = expectOk(
    await server.api.post<{ id: EntityIdJson }>(
      `/api/device?accessToken=${token}`,
      { name: `RPC device ${token}`, type: 'default' },
      ta(),
    ),
  );
  if (assignToCustomerA) {
    expectOk(
      await server.api.post(`/api/customer/${ids.customerAId}/device/${device.id.id}`, undefined, ta()),
    );
  }
  return { id: device.id.id, token };
}

/** The device's long poll for a server-side RPC. */
const poll = (device: TestDevice, timeoutMs = 5000) =>
  server.api.get<PolledRpc>(`/api/v1/${device.token}/rpc?timeout=${timeoutMs}`);

/** The device answers request `requestId` with a JSON text. */
async function answer(device: TestDevice, requestId: number, text: string): Promise<void> {
  const res = await server.api.request('POST', `/api/v1/${device.token}/rpc/${requestId}`, {
    raw: text,
    contentType: 'application/json',
  });
  expect(res.status, res.text).toBe(200);
}

const call = (
  path: string,
  deviceId: string,
  body: Record<string, unknown>,
  options: { token: string } = ta(),
): Promise<ApiResponse> => server.api.post(`${path}/${deviceId}`, body, options);

/** Waits until every status write of persistent RPCs issued so far is stored. */
const settled = () => server.services.rpc.dispatcher.idle();

const getRpc = async (rpcId: string, options = ta()) =>
  expectOk(await server.api.get<RpcJson>(`/api/rpc/persistent/${rpcId}`, options));

const soon = (ms: number) => Date.now() + ms;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('two-way and one-way calls', () => {
  it('v1 two-way: the device long-polls, replies, and the caller gets the reply as JSON', async () => {
    const device = await newDevice();
    const polled = poll(device);
    const reply = call('/api/plugins/rpc/twoway', device.id, {
      method: 'getTemperature',
      params: { unit: 'C' },
    });
    const request = expectOk(await polled);
    expect(request).toEqual({ id: expect.any(Number), method: 'getTemperature', params: expect.any(Object) });
    expect(request.params).toMatchObject({ unit: 'C' });
    await answer(device, request.id, '{"temperature": 21.50, "counter": 12345678901234567890}');
    const res = await reply;
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    // Numbers keep their spelling; the JSON is written compactly.
    expect(res.text).toBe('{"temperature":21.50,"counter":12345678901234567890}');
  });

  it('v2 two-way: a request made before the device polls waits for it', async () => {
    const device = await newDevice();
    const reply = call('/api/rpc/twoway', device.id, { method: 'getState', params: null });
    await sleep(100);
    const request = expectOk(await poll(device));
    expect(request.method).toBe('getState');
    expect(request.params).toBeNull();
    await answer(device, request.id, '"ready"');
    const res = await reply;
    expect(res.status, res.text).toBe(200);
    expect(res.body).toBe('ready');
  });

  it('numbers the requests of a device upwards', async () => {
    const device = await newDevice();
    const first = call('/api/rpc/oneway', device.id, { method: 'a', params: {} });
    const second = call('/api/rpc/oneway', device.id, { method: 'b', params: {} });
    const polledA = expectOk(await poll(device));
    const polledB = expectOk(await poll(device));
    // The two calls race to the server; whichever came first has the lower id and is polled first.
    expect([polledA.method, polledB.method].sort()).toEqual(['a', 'b']);
    expect(polledB.id).toBe(polledA.id + 1);
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
  });

  it('one-way (v1 and v2): 200 with an empty body once the device took the request', async () => {
    const device = await newDevice();
    for (const path of ['/api/plugins/rpc/oneway', '/api/rpc/oneway']) {
      const reply = call(path, device.id, { method: 'setGpio', params: { pin: 7, value: 1 } });
      const request = expectOk(await poll(device));
      expect(request).toMatchObject({ method: 'setGpio', params: { pin: 7, value: 1 } });
      const res = await reply;
      expect(res.status, res.text).toBe(200);
      expect(res.text).toBe('');
    }
  });

  it('takes the body as text/plain too, as the reference reads it as a string', async () => {
    const device = await newDevice();
    const reply = server.api.request('POST', `/api/rpc/oneway/${device.id}`, {
      ...ta(),
      raw: '{"method":"plain","params":1}',
      contentType: 'text/plain',
    });
    expect(expectOk(await poll(device)).method).toBe('plain');
    expect((await reply).status).toBe(200);
  });

  it('customer users call the devices of their customer', async () => {
    const device = await newDevice();
    const reply = call('/api/rpc/twoway', device.id, { method: 'whoami', params: {} }, cu());
    const request = expectOk(await poll(device));
    await answer(device, request.id, '{"ok":true}');
    expect(expectOk(await reply)).toEqual({ ok: true });
  });
});

describe('failures', () => {
  it('v1: 409 when no device session took the request before it expired', async () => {
    const device = await newDevice();
    const started = Date.now();
    const res = await call('/api/plugins/rpc/twoway', device.id, {
      method: 'x',
      params: {},
      expirationTime: soon(400),
    });
    expect(res.status).toBe(409);
    expect(res.text).toBe('');
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
  });

  it('v1: 408 when the device took the request but did not answer in time', async () => {
    const device = await newDevice();
    const reply = call('/api/plugins/rpc/twoway', device.id, {
      method: 'x',
      params: {},
      expirationTime: soon(600),
    });
    expectOk(await poll(device));
    const res = await reply;
    expect(res.status).toBe(408);
    expect(res.text).toBe('');
  });

  it('v1 one-way: 409 without a device session', async () => {
    const device = await newDevice();
    const res = await call('/api/plugins/rpc/oneway', device.id, {
      method: 'x',
      params: {},
      expirationTime: soon(300),
    });
    expect(res.status).toBe(409);
  });

  it('v2: 504 both without a session and without an answer', async () => {
    const device = await newDevice();
    const noSession = await call('/api/rpc/twoway', device.id, {
      method: 'x',
      params: {},
      expirationTime: soon(300),
    });
    expect(noSession.status).toBe(504);
    expect(noSession.text).toBe('');
    const reply = call('/api/rpc/twoway', device.id, { method: 'x', params: {}, expirationTime: soon(600) });
    expectOk(await poll(device));
    expect((await reply).status).toBe(504);
  });

  it('an expiration time in the past times out at once', async () => {
    const device = await newDevice();
    const res = await call('/api/plugins/rpc/twoway', device.id, {
      method: 'x',
      params: {},
      expirationTime: 1000,
    });
    expect(res.status).toBe(408);
  });

  it('406 when the device replies with something that is not JSON', async () => {
    const device = await newDevice();
    const reply = call('/api/rpc/twoway', device.id, { method: 'x', params: {} });
    const request = expectOk(await poll(device));
    // The HTTP device API refuses non-JSON replies itself; MQTT passes them on, as the core does here.
    server.services.rpc.dispatcher.reply(device.id, request.id, 'not json');
    const res = await reply;
    expect(res.status).toBe(406);
    expect(res.text).toBe('');
  });

  it('400 for bodies that are not an RPC request', async () => {
    const device = await newDevice();
    const raw = (text: string) =>
      server.api.request('POST', `/api/rpc/twoway/${device.id}`, {
        ...ta(),
        raw: text,
        contentType: 'application/json',
      });
    expectError(await raw('{"method":'), 400, 31, /^Invalid RPC request: malformed JSON/);
    expectError(await raw('[1,2]'), 400, 31, 'Invalid RPC request: the body must be a JSON object');
    expectError(
      await raw('{"params":{}}'),
      400,
      31,
      "Invalid RPC request: 'method' must be a non-empty string",
    );
    expectError(
      await raw('{"method":7}'),
      400,
      31,
      "Invalid RPC request: 'method' must be a non-empty string",
    );
    expectError(
      await raw('{"method":"m","timeout":-1}'),
      400,
      31,
      "Invalid RPC request: 'timeout' must be a non-negative integer",
    );
    expectError(
      await raw('{"method":"m","persistent":"yes"}'),
      400,
      31,
      "Invalid RPC request: 'persistent' must be true or false",
    );
    expectError(
      await raw('{"method":"m","requestUUID":"nope"}'),
      400,
      31,
      "Invalid RPC request: 'requestUUID' must be a UUID",
    );
    const empty = await server.api.request('POST', `/api/rpc/twoway/${device.id}`, ta());
    expectError(empty, 400, 31);
    expectError(await call('/api/rpc/twoway', 'not-a-uuid', { method: 'm' }), 400, 31);
  });

  it('404 for an unknown device; 403 for devices of others', async () => {
    const body = { method: 'm', params: {}, persistent: true };
    expectError(await call('/api/rpc/oneway', uuidv4(), body), 404, 32);
    const device = await newDevice(false);
    expectError(await call('/api/rpc/oneway', device.id, body, cu()), 403, 20);
    expectError(await call('/api/rpc/oneway', device.id, body, { token: otherTenantToken }), 403, 20);
    const ofCustomerA = await newDevice();
    expectError(await call('/api/rpc/twoway', ofCustomerA.id, body, { token: customerBToken }), 403, 20);
  });
});

describe('persistent RPC', () => {
  it('goes QUEUED → DELIVERED → SUCCESSFUL as the device polls and replies', async () => {
    const device = await newDevice();
    const expirationTime = soon(60_000);
    // Raw text: the stored params keep a 64-bit number as written.
    const res = await server.api.request('POST', `/api/rpc/twoway/${device.id}`, {
      ...ta(),
      raw: `{"method":"setMode","params":{"mode":"eco", "level":12345678901234567890},"persistent":true,"retries":2,"expirationTime":${expirationTime},"additionalInfo":{"note":"from test"}}`,
      contentType: 'application/json',
    });
    const { rpcId } = expectOk(res) as { rpcId: string };
    expect(rpcId).toMatch(/^[0-9a-f-]{36}$/);

    const queued = await getRpc(rpcId);
    expect(queued).toEqual({
      id: { entityType: 'RPC', id: rpcId },
      createdTime: expect.any(Number),
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      deviceId: { entityType: 'DEVICE', id: device.id },
      expirationTime,
      request: {
        id: rpcId,
        tenantId: { entityType: 'TENANT', id: ids.tenantId },
        deviceId: { entityType: 'DEVICE', id: device.id },
        oneway: false,
        expirationTime,
        body: { method: 'setMode', params: '{"mode":"eco","level":12345678901234567890}' },
        persisted: true,
        retries: 2,
        additionalInfo: '{"note":"from test"}',
      },
      response: null,
      status: 'QUEUED',
      additionalInfo: { note: 'from test' },
    });

    const request = expectOk(await poll(device));
    expect(request).toMatchObject({ method: 'setMode', params: { mode: 'eco' } });
    await settled();
    expect((await getRpc(rpcId)).status).toBe('DELIVERED');

    await answer(device, request.id, '{"applied":true}');
    await settled();
    const done = await getRpc(rpcId);
    expect(done.status).toBe('SUCCESSFUL');
    expect(done.response).toEqual({ applied: true });
    // The customer of the device reads it too.
    expect((await getRpc(rpcId, cu())).status).toBe('SUCCESSFUL');
  });

  it('is sent at once to a device that is polling; one-way ends SUCCESSFUL on delivery', async () => {
    const device = await newDevice();
    const polled = poll(device);
    await sleep(100);
    const { rpcId } = expectOk(
      await call('/api/plugins/rpc/oneway', device.id, { method: 'reboot', params: {}, persistent: true }),
    ) as { rpcId: string };
    expect(expectOk(await polled).method).toBe('reboot');
    await settled();
    const rpc = await getRpc(rpcId);
    expect(rpc.status).toBe('SUCCESSFUL');
    expect(rpc.response).toBeNull();
    expect(rpc.request.oneway).toBe(true);
  });

  it('becomes EXPIRED when no device took it in time, TIMEOUT when the device never answered', async () => {
    const device = await newDevice();
    const persistent = async (expiresInMs: number) =>
      (
        expectOk(
          await call('/api/rpc/twoway', device.id, {
            method: 'slow',
            params: {},
            persistent: true,
            expirationTime: soon(expiresInMs),
          }),
        ) as { rpcId: string }
      ).rpcId;
    const never = await persistent(300);
    await sleep(500);
    await settled();
    expect((await getRpc(never)).status).toBe('EXPIRED');

    const unanswered = await persistent(800);
    expectOk(await poll(device));
    await sleep(1000);
    await settled();
    expect((await getRpc(unanswered)).status).toBe('TIMEOUT');
    // An expired RPC is not sent any more.
    const late = await poll(device, 300);
    expect(late.status).toBe(408);
  });

  it('is stored EXPIRED when it arrives after its expiration time', async () => {
    const device = await newDevice();
    const { rpcId } = expectOk(
      await call('/api/rpc/twoway', device.id, {
        method: 'm',
        params: {},
        persistent: true,
        expirationTime: 1000,
      }),
    ) as { rpcId: string };
    expect((await getRpc(rpcId)).status).toBe('EXPIRED');
  });

  it('takes the caller requestUUID as its id, once', async () => {
    const device = await newDevice();
    const requestUUID = uuidv4();
    const body = { method: 'm', params: {}, persistent: true, requestUUID };
    expect(expectOk(await call('/api/rpc/twoway', device.id, body))).toEqual({ rpcId: requestUUID });
    expectError(
      await call('/api/rpc/twoway', device.id, body),
      400,
      31,
      `Invalid RPC request: an RPC with id '${requestUUID}' already exists`,
    );
  });

  it('lists a device’s RPCs with paging, sorting and the rpcStatus filter', async () => {
    const device = await newDevice();
    const created: string[] = [];
    for (const method of ['first', 'second', 'third']) {
      const body = { method, params: {}, persistent: true, expirationTime: soon(60_000) };
      created.push((expectOk(await call('/api/rpc/twoway', device.id, body)) as { rpcId: string }).rpcId);
    }
    const expired = { method: 'old', params: {}, persistent: true, expirationTime: 1000 };
    created.push((expectOk(await call('/api/rpc/twoway', device.id, expired)) as { rpcId: string }).rpcId);

    const list = (query: string, options = ta()) =>
      server.api.get<PageDataJson<RpcJson>>(`/api/rpc/persistent/device/${device.id}?${query}`, options);
    const all = expectOk(await list('pageSize=10&page=0&sortProperty=createdTime&sortOrder=ASC'));
    expect(all.totalElements).toBe(4);
    expect(all.hasNext).toBe(false);
    expect(all.data.map((r) => r.request.body.method)).toEqual(['first', 'second', 'third', 'old']);

    const page = expectOk(await list('pageSize=2&page=1&sortProperty=createdTime&sortOrder=DESC'));
    expect(page).toMatchObject({ totalElements: 4, totalPages: 2, hasNext: false });
    expect(page.data.map((r) => r.request.body.method)).toEqual(['second', 'first']);

    const byRequest = expectOk(await list('pageSize=10&page=0&sortProperty=request&sortOrder=DESC'));
    expect(byRequest.totalElements).toBe(4);
    const queued = expectOk(await list('pageSize=10&page=0&rpcStatus=QUEUED'));
    expect(queued.data.map((r) => r.id.id).sort()).toEqual(created.slice(0, 3).sort());
    const onlyExpired = expectOk(await list('pageSize=10&page=0&rpcStatus=EXPIRED', cu()));
    expect(onlyExpired.data.map((r) => r.id.id)).toEqual([created[3]]);

    expectError(
      await list('pageSize=10&page=0&rpcStatus=DONE'),
      400,
      31,
      "Invalid request: query parameter 'rpcStatus' has unknown RPC status 'DONE'",
    );
    expectError(
      await list('pageSize=10&page=0&sortProperty=method'),
      400,
      31,
      "Invalid sort property 'method'",
    );
    expectError(await list('page=0'), 400, 31);
    expectError(await list('pageSize=10&page=0', { token: customerBToken }), 403, 20);
    expectError(await list('pageSize=10&page=0', { token: otherTenantToken }), 403, 20);
    expectError(
      await server.api.get(`/api/rpc/persistent/device/${uuidv4()}?pageSize=10&page=0`, ta()),
      404,
      32,
    );
  });

  it('is deleted by the tenant administrator and is then no longer sent', async () => {
    const device = await newDevice();
    const { rpcId } = expectOk(
      await call('/api/rpc/twoway', device.id, { method: 'gone', params: {}, persistent: true }),
    ) as { rpcId: string };
    expectError(await server.api.delete(`/api/rpc/persistent/${rpcId}`, cu()), 403, 20);
    expectError(
      await server.api.delete(`/api/rpc/persistent/${rpcId}`, { token: otherTenantToken }),
      403,
      20,
    );
    const res = await server.api.delete(`/api/rpc/persistent/${rpcId}`, ta());
    expect(res.status, res.text).toBe(200);
    expect(res.text).toBe('');
    expectError(await server.api.get(`/api/rpc/persistent/${rpcId}`, ta()), 404, 32);
    expectError(await server.api.delete(`/api/rpc/persistent/${rpcId}`, ta()), 404, 32);
    expect((await poll(device, 300)).status).toBe(408);
  });

  it('is readable only by the device’s tenant and customer', async () => {
    const device = await newDevice();
    const { rpcId } = expectOk(
      await call('/api/rpc/twoway', device.id, { method: 'm', params: {}, persistent: true }),
    ) as { rpcId: string };
    expectError(await server.api.get(`/api/rpc/persistent/${rpcId}`, { token: customerBToken }), 403, 20);
    expectError(await server.api.get(`/api/rpc/persistent/${rpcId}`, { token: otherTenantToken }), 403, 20);
    expectError(await server.api.get(`/api/rpc/persistent/${uuidv4()}`, ta()), 404, 32);
  });
});

describe('audit', () => {
  interface AuditJson {
    entityId: EntityIdJson;
    userName: string;
    actionType: string;
    actionData: Record<string, unknown>;
    actionStatus: string;
    actionFailureDetails: string | null;
  }

  it('records every call as RPC_CALL of the device, failures with the RPC error', async () => {
    const device = await newDevice();
    const reply = call('/api/rpc/twoway', device.id, { method: 'audited', params: { a: 1 } }, cu());
    const request = expectOk(await poll(device));
    await answer(device, request.id, '{}');
    expectOk(await reply);
    await call('/api/plugins/rpc/oneway', device.id, {
      method: 'lost',
      params: null,
      expirationTime: soon(200),
    });

    const logs = expectOk(
      await server.api.get<PageDataJson<AuditJson>>(
        `/api/audit/logs/entity/DEVICE/${device.id}?pageSize=10&page=0&sortProperty=createdTime&sortOrder=ASC`,
        ta(),
      ),
    ).data.filter((entry) => entry.actionType === 'RPC_CALL');
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatchObject({
      userName: DEMO.customer.email,
      actionData: { oneWay: false, method: 'audited', params: '{"a":1}' },
      actionStatus: 'SUCCESS',
    });
    expect(logs[1]).toMatchObject({
      userName: DEMO.tenant.email,
      actionData: { oneWay: true, method: 'lost', params: 'null' },
      actionStatus: 'FAILURE',
      actionFailureDetails: 'RPC Error: NO_ACTIVE_CONNECTION',
    });
  });
});

describe('TTL', () => {
  it('removes RPCs older than their tenant profile rpcTtlDays, and keeps those of tenants without a TTL', async () => {
    const { db } = server.store;
    const profileId = uuidv1();
    await db
      .insertInto('tenantProfile')
      .values({
        id: profileId,
        createdTime: Date.now(),
        name: `RPC TTL ${profileId}`,
        description: null,
        profileData: JSON.stringify({ configuration: { type: 'DEFAULT', rpcTtlDays: 2 } }),
        isDefault: false,
        isolatedTbCore: false,
        isolatedTbRuleEngine: false,
      })
      .execute();
    const tenant = await newTenant(db);
    await db.updateTable('tenant').set({ tenantProfileId: profileId }).where('id', '=', tenant.id).execute();
    const admin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: tenant.id });
    const adminToken = (await server.api.login(admin.email, admin.password)).token;
    const device = expectOk(
      await server.api.post<{ id: EntityIdJson }>(
        '/api/device',
        { name: 'TTL device' },
        { token: adminToken },
      ),
    );
    const demoDevice = await newDevice();
    const day = 86_400_000;
    const row = async (tenantId: string, deviceId: string, ageMs: number) => {
      const id = uuidv1();
      await db
        .insertInto('rpc')
        .values({
          id,
          createdTime: Date.now() - ageMs,
          tenantId,
          deviceId,
          expirationTime: Date.now() - ageMs + 10_000,
          request: JSON.stringify({ oneway: true, body: { method: 'ttl', params: 'null' } }),
          response: null,
          status: 'EXPIRED',
          additionalInfo: null,
        })
        .execute();
      return id;
    };
    const outlived = await row(tenant.id, device.id.id, 3 * day);
    const recent = await row(tenant.id, device.id.id, day);
    const noTtl = await row(ids.tenantId, demoDevice.id, 300 * day);

    const removed = await new RpcRepo(db).deleteOutlived(Date.now());
    expect(removed).toBe(1);
    const left = await db
      .selectFrom('rpc')
      .select('id')
      .where('id', 'in', [outlived, recent, noTtl])
      .execute();
    expect(left.map((r) => r.id).sort()).toEqual([recent, noTtl].sort());
  });
});

describe('restart', () => {
  it('a persistent RPC queued before a restart reaches the device after it', async () => {
    const location = await newStoreLocation({ persistent: true });
    let first: TestServer | undefined;
    let second: TestServer | undefined;
    try {
      first = await startServer({ location });
      const token = (await first.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
      const deviceToken = `RPC_${randomBytes(8).toString('hex')}`;
      const device = expectOk(
        await first.api.post<{ id: EntityIdJson }>(
          `/api/device?accessToken=${deviceToken}`,
          { name: 'Survivor', type: 'default' },
          { token },
        ),
      );
      const { rpcId } = expectOk(
        await first.api.post(
          `/api/rpc/twoway/${device.id.id}`,
          { method: 'afterRestart', params: { x: 1 }, persistent: true },
          { token },
        ),
      ) as { rpcId: string };
      await first.close();
      first = undefined;

      second = await startServer({ location });
      const polled = expectOk(await second.api.get<PolledRpc>(`/api/v1/${deviceToken}/rpc?timeout=5000`));
      expect(polled).toMatchObject({ method: 'afterRestart', params: { x: 1 } });
      const replied = await second.api.request('POST', `/api/v1/${deviceToken}/rpc/${polled.id}`, {
        raw: '{"done":1}',
        contentType: 'application/json',
      });
      expect(replied.status).toBe(200);
      await second.services.rpc.dispatcher.idle();
      const secondToken = (await second.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
      const rpc = expectOk(
        await second.api.get<RpcJson>(`/api/rpc/persistent/${rpcId}`, { token: secondToken }),
      );
      expect(rpc).toMatchObject({ status: 'SUCCESSFUL', response: { done: 1 } });
    } finally {
      await first?.close();
      await second?.close();
      await location.drop();
    }
  });
});
