import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newUser, type UserRef } from './factories.js';
import {
  type ApiClient,
  DEMO,
  type DemoIds,
  demoIds,
  expectError,
  expectOk,
  startServer,
  type TestServer,
  type TokenPair,
  type UserJson,
} from './helper.js';
import { sleep } from './mqtt-client.js';

/**
 * Failed sign-ins are throttled per account at one client address and per client address (429,
 * code 33), never per account alone; guesses spread over addresses feed the lockout policy, and a
 * policy lockout ends after SECURITY_USER_LOCKOUT_DURATION, and the system administrator is flagged while
 * signing in with the installed password. The server trusts X-Forwarded-For from the loopback
 * proxy (TRUST_PROXY), so each test signs in from an address of its own.
 */

const LOCKOUT_SECONDS = 2;
let server: TestServer;
let api: ApiClient;
let ids: DemoIds;
let sysadminToken: string;
let tenantToken: string;

beforeAll(async () => {
  server = await startServer({
    env: {
      SECURITY_USER_LOCKOUT_DURATION: String(LOCKOUT_SECONDS),
      SECURITY_LOGIN_FREE_FAILURES_PER_ACCOUNT: '3',
      SECURITY_LOGIN_FREE_FAILURES_PER_ADDRESS: '6',
      SECURITY_LOGIN_THROTTLE_BASE_DELAY: '1000',
      SECURITY_LOGIN_THROTTLE_MAX_DELAY: '2000',
      TRUST_PROXY: 'loopback',
    },
  });
  api = server.api;
  ids = await demoIds(server.store);
  sysadminToken = (await api.login(DEMO.sysadmin.email, DEMO.sysadmin.password)).token;
  tenantToken = (await api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
});

afterAll(async () => {
  await server?.close();
});

afterEach(async () => {
  const settings = { passwordPolicy: { minimumLength: 6 }, maxFailedLoginAttempts: null };
  expectOk(await api.post('/api/admin/securitySettings', settings, { token: sysadminToken }));
});

let lastAddress = 0;
/** A client address no other test signs in from. */
const newAddress = () => `198.51.100.${++lastAddress}`;

const attempt = (username: string, password: string, address: string) =>
  api.post<TokenPair>('/api/auth/login', { username, password }, { headers: { 'x-forwarded-for': address } });

const freshUser = (): Promise<UserRef> =>
  newUser(server.store.db, {
    authority: 'CUSTOMER_USER',
    tenantId: ids.tenantId,
    customerId: ids.customerAId,
  });

const TOO_MANY = /^Too many failed login attempts! Try again in \d+ seconds?\.$/;

describe('login throttling', () => {
  it('answers 429 after the free failures of an account at one address, even to the right password, until the delay passes', async () => {
    const user = await freshUser();
    const address = newAddress();
    for (let i = 0; i < 4; i++) {
      expectError(await attempt(user.email, `wrong-${i}`, address), 401, 10, 'Invalid username or password');
    }
    expectError(await attempt(user.email, user.password, address), 429, 33, TOO_MANY);
    // Whatever the case of the name.
    expectError(await attempt(user.email.toUpperCase(), user.password, address), 429, 33, TOO_MANY);
    await sleep(1100);
    expectOk(await attempt(user.email, user.password, address));
    // A success starts the account's count again.
    expectError(await attempt(user.email, 'wrong-again', address), 401, 10);
    expectOk(await attempt(user.email, user.password, address));
  });

  it('doubles the delay with each further failure', async () => {
    const user = await freshUser();
    const address = newAddress();
    for (let i = 0; i < 4; i++) await attempt(user.email, `wrong-${i}`, address);
    await sleep(1100);
    // The fifth failure blocks for 2000 ms: still refused after 600 ms.
    expectError(await attempt(user.email, 'wrong-5', address), 401, 10);
    await sleep(600);
    expectError(await attempt(user.email, user.password, address), 429, 33, TOO_MANY);
    await sleep(1500);
    expectOk(await attempt(user.email, user.password, address));
  });

  it('throttles an address that guesses at many accounts, unknown ones included', async () => {
    const address = newAddress();
    for (let i = 0; i < 7; i++) {
      expectError(await attempt(`nobody-${i}@example.test`, 'guess', address), 401, 10);
    }
    const user = await freshUser();
    expectError(await attempt(user.email, user.password, address), 429, 33, TOO_MANY);
    expectOk(await attempt(user.email, user.password, newAddress()));
  });

  it('does not let an attacker failing at one address keep the owner at another out', async () => {
    const user = await freshUser();
    const attacker = newAddress();
    const owner = newAddress();
    for (let i = 0; i < 4; i++) await attempt(user.email, `wrong-${i}`, attacker);
    expectError(await attempt(user.email, 'wrong-4', attacker), 429, 33, TOO_MANY);
    expectOk(await attempt(user.email, user.password, owner));
    // The attacker fails once per delay: the owner still signs in, the attacker keeps being slowed.
    await sleep(1100);
    expectError(await attempt(user.email, 'wrong-5', attacker), 401, 10);
    expectOk(await attempt(user.email, user.password, owner));
    expectError(await attempt(user.email, user.password, attacker), 429, 33, TOO_MANY);
    await sleep(1100);
    // The last failure blocked for 2000 ms (doubled), so 1100 ms later the address still waits.
    expectError(await attempt(user.email, 'wrong-6', attacker), 429, 33, TOO_MANY);
    expectOk(await attempt(user.email, user.password, owner));
  });

  it('checks no more passwords of a parallel burst from one address than the free failures allow', async () => {
    const user = await freshUser();
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt(user.email, `burst-${i}`, address)),
    );
    const checked = answers.filter((res) => res.status === 401).length;
    expect(answers.filter((res) => res.status === 429).length + checked).toBe(30);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(4);
  });

  it('counts every failure of a burst spread over many addresses towards the lockout policy', async () => {
    const settings = { passwordPolicy: { minimumLength: 6 }, maxFailedLoginAttempts: 10 };
    expectOk(await api.post('/api/admin/securitySettings', settings, { token: sysadminToken }));
    const user = await freshUser();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(user.email, `burst-${i}`, newAddress())),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(20).fill(401));
    // Each address failed once: only the policy's count over all of them can have locked the
    // account (more than once if a slow run outlasts the 2 s lockout).
    const locked = answers.filter((res) => /locked due to security policy/.test(res.text));
    expect(locked.length).toBeGreaterThanOrEqual(1);
  });

  it('lets parallel sign-ins with the right password all through (scripts sharing an account)', async () => {
    const user = await freshUser();
    const address = newAddress();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => attempt(user.email, user.password, address)),
    );
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200, 200, 200]);
  });
});

describe('lockout expiry', () => {
  const lockPolicy = () =>
    api.post(
      '/api/admin/securitySettings',
      { passwordPolicy: { minimumLength: 6 }, maxFailedLoginAttempts: 1 },
      { token: sysadminToken },
    );

  async function lockOut(user: UserRef, address: string) {
    expectOk(await lockPolicy());
    expectError(await attempt(user.email, 'wrong-1', address), 401, 10, 'Invalid username or password');
    expectError(
      await attempt(user.email, 'wrong-2', address),
      401,
      10,
      'User account is locked due to security policy',
    );
    expectError(await attempt(user.email, user.password, address), 401, 10, 'User account is not active');
  }

  it('re-enables the account on the first sign-in after SECURITY_USER_LOCKOUT_DURATION', async () => {
    const user = await freshUser();
    const address = newAddress();
    await lockOut(user, address);
    await sleep(LOCKOUT_SECONDS * 1000 + 100);
    const { token } = expectOk(await attempt(user.email, user.password, address));
    const me = expectOk(await api.get<UserJson>('/api/auth/user', { token }));
    expect(me.additionalInfo.failedLoginAttempts).toBe(0);
    expect(me.additionalInfo).not.toHaveProperty('lockoutTs');
  });

  it('keeps a user locked out whom an administrator disabled meanwhile', async () => {
    const user = await freshUser();
    const address = newAddress();
    await lockOut(user, address);
    const disable = await api.post(
      `/api/user/${user.id}/userCredentialsEnabled?userCredentialsEnabled=false`,
      undefined,
      { token: tenantToken },
    );
    expect(disable.status).toBe(200);
    await sleep(LOCKOUT_SECONDS * 1000 + 100);
    expectError(await attempt(user.email, user.password, address), 401, 10, 'User account is not active');
  });

  it('does not let a user set the lockout time through their profile', async () => {
    const user = await freshUser();
    const { token } = expectOk(await attempt(user.email, user.password, newAddress()));
    const me = expectOk(await api.get<UserJson>('/api/auth/user', { token }));
    const saved = await api.post<UserJson>(
      '/api/user',
      { ...me, additionalInfo: { ...me.additionalInfo, lockoutTs: 1 } },
      { token },
    );
    expect(expectOk(saved).additionalInfo).not.toHaveProperty('lockoutTs');
  });
});

describe('default system administrator password', () => {
  it('is flagged while the system administrator signs in with it, until the password changes', async () => {
    const address = newAddress();
    const first = expectOk(await attempt(DEMO.sysadmin.email, DEMO.sysadmin.password, address));
    const flagged = expectOk(await api.get<UserJson>('/api/auth/user', { token: first.token }));
    expect(flagged.additionalInfo.defaultPasswordInUse).toBe(true);

    const changed = expectOk(
      await api.post<TokenPair>(
        '/api/auth/changePassword',
        { currentPassword: DEMO.sysadmin.password, newPassword: 'Changed1!' },
        { token: first.token },
      ),
    );
    const cleared = expectOk(await api.get<UserJson>('/api/auth/user', { token: changed.token }));
    expect(cleared.additionalInfo).not.toHaveProperty('defaultPasswordInUse');

    const again = expectOk(await attempt(DEMO.sysadmin.email, 'Changed1!', address));
    const later = expectOk(await api.get<UserJson>('/api/auth/user', { token: again.token }));
    expect(later.additionalInfo).not.toHaveProperty('defaultPasswordInUse');
    // Back to the default (as the recovery command may do): flagged at the next sign-in.
    expectOk(
      await api.post(
        '/api/auth/changePassword',
        { currentPassword: 'Changed1!', newPassword: DEMO.sysadmin.password },
        { token: again.token },
      ),
    );
    const reverted = expectOk(await attempt(DEMO.sysadmin.email, DEMO.sysadmin.password, address));
    sysadminToken = reverted.token;
    const reflagged = expectOk(await api.get<UserJson>('/api/auth/user', { token: reverted.token }));
    expect(reflagged.additionalInfo.defaultPasswordInUse).toBe(true);
  });

  it('is not set for other users', async () => {
    const { token } = expectOk(await attempt(DEMO.tenant.email, DEMO.tenant.password, newAddress()));
    const me = expectOk(await api.get<UserJson>('/api/auth/user', { token }));
    expect(me.additionalInfo).not.toHaveProperty('defaultPasswordInUse');
  });
});
