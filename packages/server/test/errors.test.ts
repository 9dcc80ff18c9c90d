import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  type ApiResponse,
  DEMO,
  type ErrorBody,
  expectError,
  startServer,
  type TestServer,
} from './helper.js';

const BODY_LIMIT = 1024;
const UNKNOWN_ID = '5b1e7b10-1111-11ee-8888-888888888888';
const NOT_FOUND = "Requested item wasn't found!";
const INDEX_HTML =
  '<!doctype html><html><head><title>Meridian test console</title></head><body></body></html>';

const BIG_JS = `export const lines = [${'"a line of the console",'.repeat(200)}];\n`;

/** A raw GET (fetch would ask for and undo the compression itself). */
function rawGet(
  url: string,
  acceptEncoding?: string,
): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

let server: TestServer;
let api: ApiClient;
let withConsole: TestServer;
let webDir: string;
let sysadminToken: string;
let tenantToken: string;

beforeAll(async () => {
  webDir = await fs.mkdtemp(path.join(os.tmpdir(), 'meridian-web-'));
  await fs.mkdir(path.join(webDir, 'assets'));
  await fs.writeFile(path.join(webDir, 'index.html'), INDEX_HTML);
  await fs.writeFile(path.join(webDir, 'assets', 'app.js'), 'console.log("meridian");\n');
  await fs.writeFile(path.join(webDir, 'assets', 'big.js'), BIG_JS);
  await fs.writeFile(path.join(webDir, 'assets', 'big.js.br'), brotliCompressSync(BIG_JS));
  await fs.writeFile(path.join(webDir, 'assets', 'big.js.gz'), gzipSync(BIG_JS));
  [server, withConsole] = await Promise.all([
    startServer({ env: { HTTP_BODY_LIMIT: String(BODY_LIMIT) } }),
    startServer({ demo: false, env: { WEB_DIR: webDir } }),
  ]);
  api = server.api;
  sysadminToken = (await api.login(DEMO.sysadmin.email, DEMO.sysadmin.password)).token;
  tenantToken = (await api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
});

afterAll(async () => {
  await server?.close();
  await withConsole?.close();
  await fs.rm(webDir, { recursive: true, force: true });
});

describe('unknown paths', () => {
  it.each([
    ['GET', '/api/nothing/here'],
    ['POST', '/api/nothing/here'],
    ['DELETE', '/api/widgetsBundle/abc/nothing'],
    ['GET', '/api'],
    ['GET', '/api/'],
  ])('%s %s is 404 code 32 JSON, with or without a token', async (method, urlPath) => {
    expectError(await api.request(method, urlPath), 404, 32, NOT_FOUND);
    expectError(await api.request(method, urlPath, { token: tenantToken }), 404, 32, NOT_FOUND);
  });

  it('a known path under another method is an error JSON too', async () => {
    const res = await api.request('DELETE', '/api/auth/user', { token: tenantToken });
    expect(res.status).toBeLessThan(500);
    expectError(res, res.status, (res.body as ErrorBody).errorCode);
  });

  it('non-API paths are 404 JSON when there is no console build', async () => {
    expectError(await api.get('/'), 404, 32, NOT_FOUND);
    expectError(await api.get('/dashboards/abc'), 404, 32, NOT_FOUND);
  });
});

describe('console', () => {
  it('serves index.html for the paths the console routes itself', async () => {
    for (const urlPath of ['/', '/dashboards/abc', '/login/resetPassword?resetToken=x']) {
      const res = await withConsole.api.get(urlPath);
      expect(res.status, urlPath).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.text).toBe(INDEX_HTML);
    }
  });

  it('serves the files of the build', async () => {
    const res = await withConsole.api.get('/assets/app.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.text).toBe('console.log("meridian");\n');
  });

  it("sends the build's brotli or gzip copy to a browser that takes it, the plain file to others", async () => {
    const url = `${withConsole.url}/assets/big.js`;
    const br = await rawGet(url, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe(BIG_JS);
    const gz = await rawGet(url, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(BIG_JS);
    const plain = await rawGet(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_JS);
  });

  it('keeps answering JSON for unknown API paths and for other methods than GET', async () => {
    expectError(await withConsole.api.get('/api/unknown'), 404, 32, NOT_FOUND);
    expectError(await withConsole.api.post('/dashboards/abc', {}), 404, 32, NOT_FOUND);
  });
});

describe('bodies', () => {
  it(`refuses a body over HTTP_BODY_LIMIT (${BODY_LIMIT} bytes) with 400 code 31`, async () => {
    const big = { username: 'x'.repeat(BODY_LIMIT), password: 'y' };
    expectError(await api.post('/api/auth/login', big), 400, 31, 'Invalid request body: too large');
    const user = { email: 'big@example.test', authority: 'CUSTOMER_USER', firstName: 'x'.repeat(BODY_LIMIT) };
    expectError(
      await api.post('/api/user', user, { token: tenantToken }),
      400,
      31,
      'Invalid request body: too large',
    );
    // Just under the limit is fine.
    const small = { username: 'x'.repeat(BODY_LIMIT - 100), password: 'y' };
    expectError(await api.post('/api/auth/login', small), 401, 10, 'Invalid username or password');
  });

  it('refuses an unsupported content type with 415 code 31', async () => {
    for (const contentType of ['application/xml', 'application/x-www-form-urlencoded']) {
      const res = await api.request('POST', '/api/user', {
        raw: '<user/>',
        contentType,
        token: tenantToken,
      });
      expectError(res, 415, 31, `Unsupported content type: ${contentType}`);
    }
  });

  it('refuses malformed, empty and non-object JSON with 400 code 31', async () => {
    const post = (raw: string) =>
      api.request('POST', '/api/user', { raw, contentType: 'application/json', token: tenantToken });
    expectError(await post('{"email": '), 400, 31, 'Invalid request body: malformed JSON');
    expectError(await post(''), 400, 31);
    expectError(await post('[]'), 400, 31);
    expectError(await post('"text"'), 400, 31);
    expectError(await api.request('POST', '/api/user', { token: tenantToken }), 400, 31);
  });

  it('names the field of a body of the wrong shape', async () => {
    const res = await api.post(
      '/api/user',
      { email: ['a@b.cd'], authority: 'CUSTOMER_USER' },
      { token: tenantToken },
    );
    expectError(res, 400, 31, /'email'/);
  });
});

describe('path and query parameters', () => {
  it.each([
    ['/api/user/not-a-uuid', 'userId', 'tenant'],
    ['/api/user/123/activationLink', 'userId', 'tenant'],
    ['/api/customer/xyz/users?pageSize=10&page=0', 'customerId', 'tenant'],
    ['/api/customer/xyz/dashboards?pageSize=10&page=0', 'customerId', 'tenant'],
    ['/api/tenant/xyz/users?pageSize=10&page=0', 'tenantId', 'sysadmin'],
  ])('GET %s: a malformed id is 400 code 31 naming %s', async (urlPath, name, who) => {
    const token = who === 'sysadmin' ? sysadminToken : tenantToken;
    expectError(await api.get(urlPath, { token }), 400, 31, new RegExp(`path parameter '${name}'`));
  });

  it('a malformed id in DELETE and POST is 400 too', async () => {
    expectError(await api.delete('/api/user/42', { token: tenantToken }), 400, 31, /'userId'/);
    expectError(
      await api.post('/api/user/42/userCredentialsEnabled', undefined, { token: tenantToken }),
      400,
      31,
      /'userId'/,
    );
  });

  it.each([
    ['GET', `/api/user/${UNKNOWN_ID}`],
    ['DELETE', `/api/user/${UNKNOWN_ID}`],
    ['GET', `/api/user/${UNKNOWN_ID}/activationLink`],
    ['GET', `/api/user/${UNKNOWN_ID}/token`],
    ['POST', `/api/user/${UNKNOWN_ID}/userCredentialsEnabled`],
    ['GET', `/api/customer/${UNKNOWN_ID}/users?pageSize=10&page=0`],
    ['GET', `/api/customer/${UNKNOWN_ID}/dashboards?pageSize=10&page=0`],
  ])('%s %s: an unknown id is 404 code 32', async (method, urlPath) => {
    expectError(await api.request(method, urlPath, { token: tenantToken }), 404, 32, NOT_FOUND);
  });

  it('a malformed URL escape is 400 code 31 JSON', async () => {
    expectError(await api.get('/api/user/%zz', { token: tenantToken }), 400, 31);
  });

  it('a malformed query parameter is 400 code 31 naming it', async () => {
    expectError(
      await api.get('/api/users?pageSize=abc&page=0', { token: tenantToken }),
      400,
      31,
      /'pageSize'/,
    );
    expectError(
      await api.post(
        '/api/user?sendActivationMail=maybe',
        { email: 'q@example.test' },
        { token: tenantToken },
      ),
      400,
      31,
      /'sendActivationMail'/,
    );
  });
});

describe('no 500 for client mistakes', () => {
  const mistakes: [string, string, { json?: unknown; raw?: string; contentType?: string; as?: 'sa' }?][] = [
    ['GET', '/api/users?pageSize=2147483647&page=2147483647'],
    ['GET', '/api/users?pageSize=2147483648&page=0'],
    ['GET', '/api/users?pageSize=10&page=10000000000'],
    ['GET', '/api/users?pageSize=10&page=1e3'],
    ['GET', '/api/users?pageSize=1&pageSize=2&page=0'],
    ['GET', `/api/users?pageSize=10&page=0&textSearch=${'x'.repeat(300)}`],
    ['GET', '/api/users?pageSize=10&page=0&textSearch=%00'],
    ['GET', "/api/users?pageSize=10&page=0&sortProperty=email';drop table tb_user;--"],
    ['GET', '/api/users?pageSize=10&page=0&sortProperty=email&sortOrder=%00'],
    ['GET', '/api/user/%E2%82%AC'],
    ['GET', `/api/user/${UNKNOWN_ID.toUpperCase()}`],
    ['GET', '/api/admin/settings/%E2%82%AC', { as: 'sa' }],
    ['GET', `/api/admin/settings/${'k'.repeat(300)}`, { as: 'sa' }],
    ['POST', '/api/admin/settings', { json: { key: 'mail', jsonValue: [] }, as: 'sa' }],
    [
      'POST',
      '/api/admin/settings',
      { json: { key: 'general', jsonValue: { baseUrl: 'not a url' } }, as: 'sa' },
    ],
    ['POST', '/api/admin/securitySettings', { json: { passwordPolicy: null }, as: 'sa' }],
    ['POST', '/api/admin/securitySettings', { json: { passwordPolicy: { minimumLength: 1e40 } }, as: 'sa' }],
    [
      'POST',
      '/api/user',
      { json: { email: 'a@b.cd', authority: 'CUSTOMER_USER', customerId: { id: 'nope' } } },
    ],
    ['POST', '/api/user', { json: { email: 'a@b.cd', authority: 'TENANT_ADMIN', id: { id: 'nope' } } }],
    ['POST', '/api/user', { json: { email: `${'a'.repeat(300)}@b.cd`, authority: 'TENANT_ADMIN' } }],
    ['POST', '/api/user', { json: { email: 'a\u0000@b.cd', authority: 'TENANT_ADMIN' } }],
    [
      'POST',
      '/api/user?sendActivationMail=false',
      { json: { email: 'a@b.cd', authority: 'TENANT_ADMIN', additionalInfo: [] } },
    ],
    [
      'POST',
      '/api/user',
      { json: { email: 'nul@b.cd', authority: 'TENANT_ADMIN', additionalInfo: { a: 'x\u0000' } } },
    ],
    ['POST', '/api/user', { json: { email: 'nul2@b.cd', authority: 'TENANT_ADMIN', firstName: 'x\u0000' } }],
    [
      'POST',
      '/api/auth/changePassword',
      { json: { currentPassword: 'tenant', newPassword: 'x'.repeat(256) } },
    ],
    ['POST', '/api/auth/changePassword', { json: { currentPassword: 1, newPassword: 2 } }],
    ['POST', '/api/auth/login', { json: { username: 'a\u0000b', password: 'x' } }],
    ['POST', '/api/auth/login', { raw: 'null', contentType: 'application/json' }],
    ['POST', '/api/auth/token', { json: { refreshToken: 'a.b.c' } }],
    ['POST', '/api/auth/login/public', { json: { publicId: ['x'] } }],
    ['POST', '/api/noauth/resetPasswordByEmail', { json: { email: 'x'.repeat(300) } }],
    ['POST', '/api/noauth/resetPasswordByEmail', { json: {} }],
    ['GET', '/api/noauth/resetPassword'],
    ['GET', '/api/noauth/activate?activateToken='],
    ['POST', '/api/noauth/activate', { json: { activateToken: 'x' } }],
    ['POST', '/api/user/sendActivationMail'],
    ['POST', '/api/user/sendActivationMail?email=nobody@example.test'],
  ];

  it.each(mistakes)('%s %s', async (method, urlPath, options = {}) => {
    const token = options.as === 'sa' ? sysadminToken : tenantToken;
    const res: ApiResponse = await api.request(method, urlPath, { ...options, token });
    expect(res.status, res.text).toBeLessThan(500);
    if (res.status >= 400) {
      const body = res.body as ErrorBody;
      expectError(res, res.status, body.errorCode);
      expect([10, 11, 15, 20, 30, 31, 32, 33]).toContain(body.errorCode);
    }
  });

  it('and the server still works afterwards', async () => {
    const res = await api.get('/api/auth/user', { token: tenantToken });
    expect(res.status).toBe(200);
    const count = await server.store.db
      .selectFrom('tbUser')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(count?.n)).toBeGreaterThanOrEqual(3);
  });
});
