import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_JSON_DEPTH } from '../src/http/json-depth.js';
import { DEMO, expectError, startServer, storeKind, type TestServer } from './helper.js';

/** `{"a":{"a":…{"a":1}…}}` with `levels` objects inside each other. */
const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};
/** Deep nesting written as text: JSON.stringify of such a value would itself overflow the stack. */
const deepArrayText = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;

const TOO_DEEP = `Invalid request body: JSON nested deeper than ${MAX_JSON_DEPTH} levels`;

describe('JSON nesting limit on request bodies', () => {
  let server: TestServer;
  const broken = vi.fn();
  let tenant: string;
  let customer: string;

  beforeAll(async () => {
    server = await startServer({ onStoreBroken: broken });
    tenant = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
    customer = (await server.api.login(DEMO.customer.email, DEMO.customer.password)).token;
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses a device whose additionalInfo nests too deep, and keeps serving', async () => {
    const res = await server.api.post(
      '/api/device',
      { name: 'deep', additionalInfo: nested(MAX_JSON_DEPTH) },
      { token: tenant },
    );
    expectError(res, 400, 31, TOO_DEEP);
    const within = await server.api.post(
      '/api/device',
      { name: 'deep enough', additionalInfo: nested(MAX_JSON_DEPTH - 2) },
      { token: tenant },
    );
    expect(within.status, within.text).toBe(200);
    expect((await server.api.get('/api/auth/user', { token: tenant })).status).toBe(200);
  });

  it("refuses a customer user's own additionalInfo of 4,400 levels in an 8 KB body", async () => {
    const me = await server.api.get<Record<string, unknown>>('/api/auth/user', { token: customer });
    const raw = `{"id":${JSON.stringify(me.body.id)},"email":${JSON.stringify(me.body.email)},"authority":"CUSTOMER_USER","additionalInfo":${deepArrayText(4400)}}`;
    const res = await server.api.request('POST', '/api/user', {
      token: customer,
      raw,
      contentType: 'application/json',
    });
    expectError(res, 400, 31, TOO_DEEP);
    expect((await server.api.get('/api/auth/user', { token: customer })).status).toBe(200);
    expect((await server.api.get('/api/auth/user', { token: tenant })).status).toBe(200);
  });

  it('counts nesting outside strings only: brackets inside a string value are text', async () => {
    const res = await server.api.post(
      '/api/device',
      { name: 'brackets', label: '['.repeat(200), additionalInfo: { note: '{'.repeat(2000) } },
      { token: tenant },
    );
    expect(res.status, res.text).toBe(200);
  });

  it('refuses deep alarm details', async () => {
    const device = await server.api.post<{ id: unknown }>(
      '/api/device',
      { name: 'alarmed' },
      { token: tenant },
    );
    const raw = `{"type":"deep","originator":${JSON.stringify(device.body.id)},"severity":"MAJOR","details":${deepArrayText(3000)}}`;
    const res = await server.api.request('POST', '/api/alarm', {
      token: tenant,
      raw,
      contentType: 'application/json',
    });
    expectError(res, 400, 31, TOO_DEEP);
    expect(broken).not.toHaveBeenCalled();
  });
});

describe.skipIf(storeKind() !== 'pglite')('an embedded store that breaks', () => {
  it('is reported once, so the server can stop instead of answering 500 for ever', async () => {
    const broken = vi.fn();
    const server = await startServer({ onStoreBroken: broken });
    try {
      // Break the store on purpose, below the HTTP layer that now refuses such values.
      const deep = deepArrayText(4400);
      await expect(sql`select ${deep}::jsonb`.execute(server.store.db)).rejects.toMatchObject({
        name: 'RuntimeError',
      });
      await expect(sql`select 1`.execute(server.store.db)).rejects.toThrow();
      expect(broken).toHaveBeenCalledTimes(1);
      expect(broken.mock.calls[0]?.[0]).toMatchObject({ name: 'RuntimeError' });
    } finally {
      await server.close().catch(() => undefined);
    }
  });
});
