import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JwtService } from '../src/auth/jwt.js';
import { type CustomerRef, newCustomer, newUser } from './factories.js';
import {
  type ApiClient,
  DEMO,
  type DemoIds,
  decodeJwt,
  demoIds,
  expectError,
  expectOk,
  jwtHeaderText,
  NULL_UUID,
  startServer,
  type TestServer,
  type TokenPair,
  type UserJson,
} from './helper.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let server: TestServer;
let api: ApiClient;
let ids: DemoIds;
let publicCustomer: CustomerRef;
let privateCustomer: CustomerRef;

beforeAll(async () => {
  server = await startServer();
  api = server.api;
  ids = await demoIds(server.store);
  publicCustomer = await newCustomer(server.store.db, ids.tenantId, 'Public', { isPublic: true });
  privateCustomer = await newCustomer(server.store.db, ids.tenantId, 'Private');
});

afterAll(async () => {
  await server?.close();
});

/** A JwtService holding the signing key the server generated and stored at first start. */
async function serverJwt(overrides: { tokenExpirationSec?: number; signingKey?: string } = {}) {
  const storedKey = await server.services.admin.jwtSigningKey(() => {
    throw new Error('the server should have stored its signing key');
  });
  return new JwtService({
    signingKey: overrides.signingKey ?? storedKey,
    issuer: 'thingsboard.io',
    tokenExpirationSec: overrides.tokenExpirationSec ?? 9000,
    refreshTokenExpirationSec: 604800,
  });
}

const tenantAdminSubject = () => ({
  userId: ids.tenantAdminId,
  email: DEMO.tenant.email,
  authority: 'TENANT_ADMIN',
  tenantId: ids.tenantId,
  customerId: null,
  firstName: 'Tenant',
  lastName: null,
  enabled: true,
  isPublic: false,
});

describe('POST /api/auth/login', () => {
  it('returns a token pair whose access token carries the reference claims', async () => {
    const before = Math.floor(Date.now() / 1000);
    const res = await api.post<TokenPair>('/api/auth/login', {
      username: DEMO.tenant.email,
      password: DEMO.tenant.password,
    });
    const after = Math.floor(Date.now() / 1000);
    const pair = expectOk(res);
    expect(Object.keys(pair).sort()).toEqual(['refreshToken', 'token']);

    expect(jwtHeaderText(pair.token)).toBe('{"alg":"HS512"}');
    const { payload } = decodeJwt(pair.token);
    expect(payload).toEqual({
      sub: DEMO.tenant.email,
      scopes: ['TENANT_ADMIN'],
      userId: ids.tenantAdminId,
      firstName: 'Tenant',
      lastName: null,
      enabled: true,
      isPublic: false,
      tenantId: ids.tenantId,
      customerId: NULL_UUID,
      iss: 'thingsboard.io',
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    const iat = payload.iat as number;
    expect(Number.isInteger(iat)).toBe(true);
    expect(iat).toBeGreaterThanOrEqual(before);
    expect(iat).toBeLessThanOrEqual(after);
    expect((payload.exp as number) - iat).toBe(9000);
  });

  it('returns a refresh token with only the refresh claims and a random jti', async () => {
    const first = await api.login(DEMO.tenant.email, DEMO.tenant.password);
    const second = await api.login(DEMO.tenant.email, DEMO.tenant.password);
    expect(jwtHeaderText(first.refreshToken)).toBe('{"alg":"HS512"}');
    const { payload } = decodeJwt(first.refreshToken);
    expect(payload).toEqual({
      sub: DEMO.tenant.email,
      scopes: ['REFRESH_TOKEN'],
      userId: ids.tenantAdminId,
      isPublic: false,
      iss: 'thingsboard.io',
      jti: expect.stringMatching(UUID),
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    expect((payload.exp as number) - (payload.iat as number)).toBe(604800);
    expect(decodeJwt(second.refreshToken).payload.jti).not.toBe(payload.jti);
  });

  it('puts the customer into a customer user token and NULL_UUID owners into a system administrator token', async () => {
    const customer = decodeJwt((await api.login(DEMO.customer.email, DEMO.customer.password)).token);
    expect(customer.payload).toMatchObject({
      sub: DEMO.customer.email,
      scopes: ['CUSTOMER_USER'],
      userId: ids.customerUserId,
      tenantId: ids.tenantId,
      customerId: ids.customerAId,
      firstName: 'Customer',
      isPublic: false,
    });
    const sysadmin = decodeJwt((await api.login(DEMO.sysadmin.email, DEMO.sysadmin.password)).token);
    expect(sysadmin.payload).toMatchObject({
      sub: DEMO.sysadmin.email,
      scopes: ['SYS_ADMIN'],
      userId: ids.sysadminId,
      tenantId: NULL_UUID,
      customerId: NULL_UUID,
    });
  });

  it('rejects a wrong password and an unknown user alike', async () => {
    const wrong = await api.post('/api/auth/login', { username: DEMO.tenant.email, password: 'nope' });
    expectError(wrong, 401, 10, 'Invalid username or password');
    const unknown = await api.post('/api/auth/login', { username: 'nobody@example.test', password: 'nope' });
    expectError(unknown, 401, 10, 'Invalid username or password');
  });

  it.each([
    ['an empty body', {}],
    ['no password', { username: DEMO.tenant.email }],
    ['no username', { password: DEMO.tenant.password }],
    ['an empty password', { username: DEMO.tenant.email, password: '' }],
    ['a numeric username', { username: 42, password: 'x' }],
  ])('fails authentication for %s', async (_label, body) => {
    expectError(await api.post('/api/auth/login', body), 401, 10, 'Authentication failed');
  });

  it.each(['/api/auth/login', '/api/auth/login/public', '/api/auth/token'])(
    'answers other methods than POST on %s with "Authentication method not supported"',
    async (path) => {
      for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
        const res = await api.request(
          method,
          path,
          method === 'GET' || method === 'DELETE' ? {} : { json: {} },
        );
        expectError(res, 401, 10, 'Authentication method not supported');
      }
      expect((await api.head(path)).status).toBe(401);
    },
  );

  it('answers malformed JSON with 400 code 31', async () => {
    const res = await api.request('POST', '/api/auth/login', {
      raw: '{"username": "tenant@meridian.local", ',
      contentType: 'application/json',
    });
    expectError(res, 400, 31);
  });
});

describe('access tokens', () => {
  it('are required on /api/auth/user', async () => {
    expectError(await api.get('/api/auth/user'), 401, 10, 'Authentication failed');
  });

  it.each([
    ['garbage', 'not-a-jwt'],
    ['a truncated token', 'eyJhbGciOiJIUzUxMiJ9.eyJzdWIiOiJ4In0'],
    ['an unsigned token', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4Iiwic2NvcGVzIjpbIlNZU19BRE1JTiJdfQ.'],
  ])('reject %s with 401 code 10', async (_label, token) => {
    expectError(await api.get('/api/auth/user', { token }), 401, 10);
  });

  it('reject a token signed with another key', async () => {
    const foreign = await serverJwt({ signingKey: Buffer.from('another-signing-key').toString('base64') });
    const { token } = await foreign.issuePair(tenantAdminSubject());
    expectError(await api.get('/api/auth/user', { token }), 401, 10);
  });

  it('reject an expired token with 401 code 11 "Token has expired"', async () => {
    // Minted with the server's own stored key: the same key with a normal lifetime is accepted.
    const valid = await (await serverJwt()).issuePair(tenantAdminSubject());
    expectOk(await api.get('/api/auth/user', { token: valid.token }));
    const expired = await (await serverJwt({ tokenExpirationSec: 0 })).issuePair(tenantAdminSubject());
    expectError(await api.get('/api/auth/user', { token: expired.token }), 401, 11, 'Token has expired');
  });

  it('are read from Authorization when X-Authorization is absent, and X-Authorization wins', async () => {
    const { token } = await api.login(DEMO.tenant.email, DEMO.tenant.password);
    const viaAuthorization = await api.get<UserJson>('/api/auth/user', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(expectOk(viaAuthorization).email).toBe(DEMO.tenant.email);
    const bothHeaders = await api.get('/api/auth/user', {
      headers: { 'x-authorization': 'Bearer garbage', authorization: `Bearer ${token}` },
    });
    expectError(bothHeaders, 401, 10);
  });

  it('lose the first seven characters of the header whatever they are, like the reference', async () => {
    const { token } = await api.login(DEMO.tenant.email, DEMO.tenant.password);
    const res = await api.get<UserJson>('/api/auth/user', {
      headers: { 'x-authorization': `Token: ${token}` },
    });
    expect(expectOk(res).email).toBe(DEMO.tenant.email);
  });

  it('are not accepted when they are refresh tokens', async () => {
    const { refreshToken } = await api.login(DEMO.tenant.email, DEMO.tenant.password);
    expectError(await api.get('/api/auth/user', { token: refreshToken }), 401, 10);
  });

  it('stay valid after logout, which answers 200', async () => {
    const { token } = await api.login(DEMO.tenant.email, DEMO.tenant.password);
    const res = await api.post('/api/auth/logout', undefined, { token });
    expect(res.status).toBe(200);
    expectOk(await api.get('/api/auth/user', { token }));
  });
});

describe('POST /api/auth/token', () => {
  it('exchanges a refresh token for a new working pair', async () => {
    const first = await api.login(DEMO.customer.email, DEMO.customer.password);
    const res = await api.post<TokenPair>('/api/auth/token', { refreshToken: first.refreshToken });
    const pair = expectOk(res);
    expect(Object.keys(pair).sort()).toEqual(['refreshToken', 'token']);
    expect(pair.refreshToken).not.toBe(first.refreshToken);
    expect(decodeJwt(pair.token).payload).toMatchObject({
      sub: DEMO.customer.email,
      scopes: ['CUSTOMER_USER'],
      customerId: ids.customerAId,
    });
    const me = await api.get<UserJson>('/api/auth/user', { token: pair.token });
    expect(expectOk(me).id.id).toBe(ids.customerUserId);
    // The new refresh token refreshes again.
    expectOk(await api.post('/api/auth/token', { refreshToken: pair.refreshToken }));
  });

  it('refuses an access token, garbage and a missing field with 401 code 10', async () => {
    const { token } = await api.login(DEMO.customer.email, DEMO.customer.password);
    expectError(await api.post('/api/auth/token', { refreshToken: token }), 401, 10);
    expectError(await api.post('/api/auth/token', { refreshToken: 'garbage' }), 401, 10);
    expectError(await api.post('/api/auth/token', {}), 401, 10, 'Authentication failed');
  });

  it('refuses the refresh token of a disabled or deleted user', async () => {
    const { db } = server.store;
    const user = await newUser(db, {
      authority: 'CUSTOMER_USER',
      tenantId: ids.tenantId,
      customerId: ids.customerAId,
    });
    const pair = await api.login(user.email, user.password);
    await db.updateTable('userCredentials').set({ enabled: false }).where('userId', '=', user.id).execute();
    expectError(
      await api.post('/api/auth/token', { refreshToken: pair.refreshToken }),
      401,
      10,
      'User account is not active',
    );
    await db.deleteFrom('tbUser').where('id', '=', user.id).execute();
    expectError(await api.post('/api/auth/token', { refreshToken: pair.refreshToken }), 401, 10);
  });
});

describe('GET /api/auth/user', () => {
  it('returns the User JSON of a tenant administrator', async () => {
    const { token } = await api.login(DEMO.tenant.email, DEMO.tenant.password);
    const user = expectOk(await api.get<UserJson>('/api/auth/user', { token }));
    expect(user).toEqual({
      id: { entityType: 'USER', id: ids.tenantAdminId },
      createdTime: expect.any(Number),
      additionalInfo: expect.any(Object),
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      customerId: { entityType: 'CUSTOMER', id: NULL_UUID },
      email: DEMO.tenant.email,
      name: DEMO.tenant.email,
      authority: 'TENANT_ADMIN',
      firstName: 'Tenant',
      lastName: null,
    });
    // A successful login resets the failure counter and records its time; hashes never leave.
    expect(user.additionalInfo).toMatchObject({ failedLoginAttempts: 0, lastLoginTs: expect.any(Number) });
    expect(user.additionalInfo).not.toHaveProperty('userPasswordHistory');
  });

  it('returns NULL_UUID owners for the system administrator and the customer for a customer user', async () => {
    const sa = await api.login(DEMO.sysadmin.email, DEMO.sysadmin.password);
    const sysadmin = expectOk(await api.get<UserJson>('/api/auth/user', { token: sa.token }));
    expect(sysadmin).toMatchObject({
      authority: 'SYS_ADMIN',
      tenantId: { entityType: 'TENANT', id: NULL_UUID },
      customerId: { entityType: 'CUSTOMER', id: NULL_UUID },
    });
    const cu = await api.login(DEMO.customer.email, DEMO.customer.password);
    const customer = expectOk(await api.get<UserJson>('/api/auth/user', { token: cu.token }));
    expect(customer).toMatchObject({
      authority: 'CUSTOMER_USER',
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      customerId: { entityType: 'CUSTOMER', id: ids.customerAId },
    });
  });
});

describe('POST /api/auth/login/public', () => {
  it('signs in as the public customer with a synthetic customer user', async () => {
    const res = await api.post<TokenPair>('/api/auth/login/public', { publicId: publicCustomer.id });
    const pair = expectOk(res);
    expect(jwtHeaderText(pair.token)).toBe('{"alg":"HS512"}');
    const { payload } = decodeJwt(pair.token);
    expect(payload).toEqual({
      sub: publicCustomer.id,
      scopes: ['CUSTOMER_USER'],
      userId: NULL_UUID,
      firstName: 'Public',
      lastName: 'Public',
      enabled: true,
      isPublic: true,
      tenantId: ids.tenantId,
      customerId: publicCustomer.id,
      iss: 'thingsboard.io',
      iat: expect.any(Number),
      exp: expect.any(Number),
    });
    expect(decodeJwt(pair.refreshToken).payload).toMatchObject({
      sub: publicCustomer.id,
      scopes: ['REFRESH_TOKEN'],
      userId: NULL_UUID,
      isPublic: true,
    });

    const me = expectOk(await api.get<UserJson>('/api/auth/user', { token: pair.token }));
    expect(me).toMatchObject({
      id: { entityType: 'USER', id: NULL_UUID },
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      customerId: { entityType: 'CUSTOMER', id: publicCustomer.id },
      authority: 'CUSTOMER_USER',
      email: publicCustomer.id,
      name: publicCustomer.id,
      firstName: 'Public',
      lastName: 'Public',
    });

    const refreshed = expectOk(
      await api.post<TokenPair>('/api/auth/token', { refreshToken: pair.refreshToken }),
    );
    expect(decodeJwt(refreshed.token).payload).toMatchObject({ isPublic: true, sub: publicCustomer.id });
  });

  it('refuses a customer that is not public, an unknown id and a malformed id', async () => {
    expectError(
      await api.post('/api/auth/login/public', { publicId: privateCustomer.id }),
      401,
      10,
      'Invalid username or password',
    );
    expectError(
      await api.post('/api/auth/login/public', { publicId: '6f7c2a10-0000-11ee-8000-000000000000' }),
      401,
      10,
    );
    expectError(await api.post('/api/auth/login/public', { publicId: 'not-a-uuid' }), 401, 10);
    expectError(await api.post('/api/auth/login/public', {}), 401, 10, 'Authentication failed');
  });

  it('stops refreshing once the customer is no longer public', async () => {
    const customer = await newCustomer(server.store.db, ids.tenantId, 'Briefly public', { isPublic: true });
    const pair = expectOk(await api.post<TokenPair>('/api/auth/login/public', { publicId: customer.id }));
    await server.store.db
      .updateTable('customer')
      .set({ additionalInfo: '{}' })
      .where('id', '=', customer.id)
      .execute();
    expectError(await api.post('/api/auth/token', { refreshToken: pair.refreshToken }), 401, 10);
  });
});
