import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newUser, type UserRef } from './factories.js';
import {
  type ApiClient,
  DEMO,
  type DemoIds,
  decodeJwt,
  demoIds,
  expectError,
  expectOk,
  startServer,
  type TestServer,
  type TokenPair,
  type UserJson,
  waitForSecondAfter,
} from './helper.js';
import { configureMail, SmtpReceiver } from './smtp.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_SECURITY = {
  passwordPolicy: { minimumLength: 6 },
  maxFailedLoginAttempts: null,
  userLockoutNotificationEmail: null,
};

let server: TestServer;
let api: ApiClient;
let ids: DemoIds;
let smtp: SmtpReceiver;
let sysadminToken: string;
let tenantToken: string;

beforeAll(async () => {
  [server, smtp] = await Promise.all([startServer(), SmtpReceiver.start()]);
  api = server.api;
  ids = await demoIds(server.store);
  sysadminToken = (await api.login(DEMO.sysadmin.email, DEMO.sysadmin.password)).token;
  tenantToken = (await api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
  await configureMail(api, sysadminToken, smtp.mailSettings());
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

afterEach(async () => {
  expectOk(await api.post('/api/admin/securitySettings', DEFAULT_SECURITY, { token: sysadminToken }));
});

async function setSecurity(settings: Record<string, unknown>) {
  const body = { ...DEFAULT_SECURITY, ...settings };
  expectOk(await api.post('/api/admin/securitySettings', body, { token: sysadminToken }));
}

/** A fresh customer user of Customer A with the default password. */
const freshUser = (): Promise<UserRef> =>
  newUser(server.store.db, {
    authority: 'CUSTOMER_USER',
    tenantId: ids.tenantId,
    customerId: ids.customerAId,
  });

const changePassword = (token: string, currentPassword: string, newPassword: string) =>
  api.post<TokenPair>('/api/auth/changePassword', { currentPassword, newPassword }, { token });

describe('POST /api/auth/changePassword', () => {
  it('refuses a wrong current password', async () => {
    const user = await freshUser();
    const { token } = await api.login(user.email, user.password);
    expectError(
      await changePassword(token, 'not-my-password', 'Another1!'),
      400,
      31,
      "Current password doesn't match!",
    );
  });

  it('refuses the same password', async () => {
    const user = await freshUser();
    const { token } = await api.login(user.email, user.password);
    expectError(
      await changePassword(token, user.password, user.password),
      400,
      31,
      'New password should be different from existing!',
    );
  });

  it('applies the default policy of at least six characters', async () => {
    const user = await freshUser();
    const { token } = await api.login(user.email, user.password);
    expectError(
      await changePassword(token, user.password, 'abc'),
      400,
      31,
      'Password must be 6 or more characters in length.',
    );
  });

  it('names every rule of the password policy that a new password breaks', async () => {
    await setSecurity({ passwordPolicy: { minimumLength: 8, minimumDigits: 1 } });
    const user = await freshUser();
    const { token } = await api.login(user.email, user.password);
    expectError(
      await changePassword(token, user.password, 'abcdef'),
      400,
      31,
      'Password must be 8 or more characters in length.\nPassword must contain 1 or more digit characters.',
    );
    expectError(
      await changePassword(token, user.password, 'abcdefgh'),
      400,
      31,
      'Password must contain 1 or more digit characters.',
    );
    expectOk(await changePassword(token, user.password, 'abcdefg1'));
  });

  it('returns a new pair, outdates the old tokens and changes the login password', async () => {
    const user = await freshUser();
    const old = await api.login(user.email, user.password);
    // Outdating compares whole seconds like the reference: a token issued in the same second as the
    // change stays valid. Change the password in a later second than the old token's iat.
    await waitForSecondAfter(decodeJwt(old.token).payload.iat as number);

    const res = await changePassword(old.token, user.password, 'Changed1!');
    const pair = expectOk(res);
    expect(Object.keys(pair).sort()).toEqual(['refreshToken', 'token']);

    expectError(await api.get('/api/auth/user', { token: old.token }), 401, 11, 'Token has expired');
    expectError(await api.post('/api/auth/token', { refreshToken: old.refreshToken }), 401, 10);
    const me = expectOk(await api.get<UserJson>('/api/auth/user', { token: pair.token }));
    expect(me.id.id).toBe(user.id);
    expectOk(await api.post('/api/auth/token', { refreshToken: pair.refreshToken }));

    expectError(
      await api.post('/api/auth/login', { username: user.email, password: user.password }),
      401,
      10,
      'Invalid username or password',
    );
    expectOk(await api.post('/api/auth/login', { username: user.email, password: 'Changed1!' }));
  });

  it('refuses a password used within the reuse period, and allows it without one', async () => {
    await setSecurity({ passwordPolicy: { minimumLength: 6, passwordReuseFrequencyDays: 30 } });
    const user = await freshUser();
    let { token } = await api.login(user.email, user.password);
    ({ token } = expectOk(await changePassword(token, user.password, 'Second1!')));
    ({ token } = expectOk(await changePassword(token, 'Second1!', 'Third1!')));
    expectError(
      await changePassword(token, 'Third1!', 'Second1!'),
      400,
      31,
      'Password was already used for the last 30 days',
    );
    // The history never leaves the server.
    const me = expectOk(await api.get<UserJson>('/api/auth/user', { token }));
    expect(me.additionalInfo).not.toHaveProperty('userPasswordHistory');

    await setSecurity({ passwordPolicy: { minimumLength: 6 } });
    expectOk(await changePassword(token, 'Third1!', 'Second1!'));
  });
});

describe('password policy settings', () => {
  it('are public through GET /api/noauth/userPasswordPolicy and follow the security settings', async () => {
    expect(expectOk(await api.get('/api/noauth/userPasswordPolicy'))).toEqual({ minimumLength: 6 });
    const policy = {
      minimumLength: 10,
      minimumUppercaseLetters: 1,
      minimumLowercaseLetters: 1,
      minimumDigits: 2,
      minimumSpecialCharacters: 1,
      allowWhitespaces: false,
      passwordExpirationPeriodDays: 90,
      passwordReuseFrequencyDays: 10,
    };
    await setSecurity({ passwordPolicy: policy, maxFailedLoginAttempts: 5 });
    expect(expectOk(await api.get('/api/noauth/userPasswordPolicy'))).toEqual(policy);
    const stored = expectOk(await api.get('/api/admin/securitySettings', { token: sysadminToken }));
    expect(stored).toEqual({
      passwordPolicy: policy,
      maxFailedLoginAttempts: 5,
      userLockoutNotificationEmail: null,
    });
  });

  it('reject a malformed policy', async () => {
    const res = await api.post(
      '/api/admin/securitySettings',
      { passwordPolicy: { minimumLength: -1 } },
      { token: sysadminToken },
    );
    expectError(res, 400, 31, /minimumLength/);
  });
});

describe('lockout', () => {
  const attempt = (user: UserRef, password: string) =>
    api.post<TokenPair>('/api/auth/login', { username: user.email, password });

  it('locks the account after maxFailedLoginAttempts, mails the notification address, and an admin unlocks it', async () => {
    await setSecurity({ maxFailedLoginAttempts: 2, userLockoutNotificationEmail: 'security@meridian.test' });
    const user = await freshUser();

    expectError(await attempt(user, 'wrong-1'), 401, 10, 'Invalid username or password');
    expectError(await attempt(user, 'wrong-2'), 401, 10, 'Invalid username or password');
    expectError(await attempt(user, 'wrong-3'), 401, 10, 'User account is locked due to security policy');
    expectError(await attempt(user, user.password), 401, 10, 'User account is not active');

    const mail = await smtp.waitForMail('security@meridian.test');
    expect(mail.subject).toContain(user.email);
    expect(mail.text).toContain(user.email);

    const unlock = await api.post(
      `/api/user/${user.id}/userCredentialsEnabled?userCredentialsEnabled=true`,
      undefined,
      {
        token: tenantToken,
      },
    );
    expect(unlock.status).toBe(200);
    const { token } = expectOk(await attempt(user, user.password));
    const me = expectOk(await api.get<UserJson>(`/api/user/${user.id}`, { token }));
    expect(me.additionalInfo.failedLoginAttempts).toBe(0);
    // Only one notification per lockout.
    expect(smtp.mailsTo('security@meridian.test')).toHaveLength(1);
  });

  it('locks without a notification when no address is set', async () => {
    await setSecurity({ maxFailedLoginAttempts: 1 });
    const user = await freshUser();
    const mailsBefore = smtp.mails.length;
    expectError(await attempt(user, 'wrong-1'), 401, 10, 'Invalid username or password');
    expectError(await attempt(user, 'wrong-2'), 401, 10, 'User account is locked due to security policy');
    expectError(await attempt(user, user.password), 401, 10, 'User account is not active');
    expect(smtp.mails.length).toBe(mailsBefore);
  });

  it('resets the failure count on a successful login', async () => {
    await setSecurity({ maxFailedLoginAttempts: 2 });
    const user = await freshUser();
    for (let round = 0; round < 2; round++) {
      expectError(await attempt(user, 'wrong-a'), 401, 10, 'Invalid username or password');
      expectError(await attempt(user, 'wrong-b'), 401, 10, 'Invalid username or password');
      expectOk(await attempt(user, user.password));
    }
  });

  it('never locks without maxFailedLoginAttempts', async () => {
    const user = await freshUser();
    for (let i = 0; i < 5; i++) {
      expectError(await attempt(user, `wrong-${i}`), 401, 10, 'Invalid username or password');
    }
    expectOk(await attempt(user, user.password));
  });

  it('is what disabling credentials does too, and only an admin of the user can undo it', async () => {
    const user = await freshUser();
    const disable = await api.post(
      `/api/user/${user.id}/userCredentialsEnabled?userCredentialsEnabled=false`,
      undefined,
      {
        token: tenantToken,
      },
    );
    expect(disable.status).toBe(200);
    expectError(await attempt(user, user.password), 401, 10, 'User account is not active');
    // The system administrator does not manage customer users.
    const bySysadmin = await api.post(`/api/user/${user.id}/userCredentialsEnabled`, undefined, {
      token: sysadminToken,
    });
    expectError(bySysadmin, 403, 20, "You don't have permission to perform this operation!");
    expectError(await attempt(user, user.password), 401, 10, 'User account is not active');
    // Without the parameter the credentials are enabled (its default is true).
    const enable = await api.post(`/api/user/${user.id}/userCredentialsEnabled`, undefined, {
      token: tenantToken,
    });
    expect(enable.status).toBe(200);
    expectOk(await attempt(user, user.password));
  });

  it('lets the system administrator re-enable a tenant administrator', async () => {
    await setSecurity({ maxFailedLoginAttempts: 1 });
    const admin = await newUser(server.store.db, { authority: 'TENANT_ADMIN', tenantId: ids.tenantId });
    await attempt(admin, 'wrong-1');
    expectError(
      await api.post<TokenPair>('/api/auth/login', { username: admin.email, password: 'wrong-2' }),
      401,
      10,
      'User account is locked due to security policy',
    );
    const enable = await api.post(
      `/api/user/${admin.id}/userCredentialsEnabled?userCredentialsEnabled=true`,
      undefined,
      {
        token: sysadminToken,
      },
    );
    expect(enable.status).toBe(200);
    expectOk(await attempt(admin, admin.password));
  });
});

describe('password expiry', () => {
  const ageCredentials = (user: UserRef, ageMs: number) =>
    server.store.db
      .updateTable('userCredentials')
      .set({ passwordChangedTs: Date.now() - ageMs })
      .where('userId', '=', user.id)
      .execute();

  it('answers 401 code 15 with a reset token that sets a new password', async () => {
    await setSecurity({ passwordPolicy: { minimumLength: 6, passwordExpirationPeriodDays: 1 } });
    const user = await freshUser();
    await ageCredentials(user, 2 * DAY_MS);

    const res = await api.post('/api/auth/login', { username: user.email, password: user.password });
    const error = expectError(res, 401, 15, 'User password expired!');
    expect(error.resetToken).toMatch(/^[A-Za-z0-9]{30}$/);
    // A wrong password is still just a wrong password.
    expectError(
      await api.post('/api/auth/login', { username: user.email, password: 'wrong' }),
      401,
      10,
      'Invalid username or password',
    );

    const check = await api.get(`/api/noauth/resetPassword?resetToken=${error.resetToken}`);
    expect(check.status).toBe(303);
    const reset = await api.post<TokenPair>('/api/noauth/resetPassword', {
      resetToken: error.resetToken,
      password: 'Renewed1!',
    });
    const pair = expectOk(reset);
    expect(expectOk(await api.get<UserJson>('/api/auth/user', { token: pair.token })).id.id).toBe(user.id);

    expectOk(await api.post('/api/auth/login', { username: user.email, password: 'Renewed1!' }));
    expectError(
      await api.post('/api/auth/login', { username: user.email, password: user.password }),
      401,
      10,
      'Invalid username or password',
    );
    expectError(
      await api.post('/api/noauth/resetPassword', { resetToken: error.resetToken, password: 'Again1!x' }),
      400,
      31,
    );
  });

  it('applies the policy to the new password', async () => {
    await setSecurity({ passwordPolicy: { minimumLength: 8, passwordExpirationPeriodDays: 1 } });
    const user = await freshUser();
    await ageCredentials(user, 2 * DAY_MS);
    const { resetToken } = expectError(
      await api.post('/api/auth/login', { username: user.email, password: user.password }),
      401,
      15,
    );
    expectError(
      await api.post('/api/noauth/resetPassword', { resetToken, password: 'short' }),
      400,
      31,
      'Password must be 8 or more characters in length.',
    );
  });

  it('does not expire a password younger than the period, nor any password without one', async () => {
    const user = await freshUser();
    await ageCredentials(user, 400 * DAY_MS);
    expectOk(await api.post('/api/auth/login', { username: user.email, password: user.password }));
    await setSecurity({ passwordPolicy: { minimumLength: 6, passwordExpirationPeriodDays: 1 } });
    await ageCredentials(user, DAY_MS / 2);
    expectOk(await api.post('/api/auth/login', { username: user.email, password: user.password }));
  });
});
