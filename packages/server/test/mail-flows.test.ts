import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser } from './factories.js';
import {
  type ApiClient,
  DEMO,
  type DemoIds,
  demoIds,
  expectError,
  expectOk,
  NULL_UUID,
  startServer,
  type TestServer,
  type TokenPair,
  type UserJson,
  uniqueEmail,
} from './helper.js';
import { configureMail, type ReceivedMail, SmtpReceiver, unusedPort } from './smtp.js';

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
  // Links in mails use the configured base URL; this server's real address makes them followable.
  expectOk(
    await api.post(
      '/api/admin/settings',
      { key: 'general', jsonValue: { baseUrl: server.url, prohibitDifferentUrl: true } },
      { token: sysadminToken },
    ),
  );
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

/** The first link in a mail's text that contains `marker`. */
function linkIn(mail: ReceivedMail, marker: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.includes(marker));
  if (!link) throw new Error(`no link with ${marker} in mail "${mail.subject}": ${mail.text}`);
  return link;
}

describe('password reset by email', () => {
  it('mails a link that leads to the console, sets the new password once, and confirms by mail', async () => {
    const user = await newUser(server.store.db, {
      authority: 'CUSTOMER_USER',
      tenantId: ids.tenantId,
      customerId: ids.customerAId,
    });
    const res = await api.post('/api/noauth/resetPasswordByEmail', { email: user.email });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');

    const mail = await smtp.waitForMail(user.email);
    const link = linkIn(mail, '/api/noauth/resetPassword?resetToken=');
    expect(link).toMatch(
      new RegExp(
        `^${server.url.replaceAll('.', '\\.')}/api/noauth/resetPassword\\?resetToken=[A-Za-z0-9]{30}$`,
      ),
    );
    expect(mail.html).toContain(link);
    const resetToken = new URL(link).searchParams.get('resetToken') ?? '';

    const check = await fetch(link, { redirect: 'manual' });
    expect(check.status).toBe(303);
    expect(check.headers.get('location')).toBe(`/login/resetPassword?resetToken=${resetToken}`);

    const reset = await api.post<TokenPair>('/api/noauth/resetPassword', {
      resetToken,
      password: 'Reset1!pw',
    });
    const pair = expectOk(reset);
    expect(expectOk(await api.get<UserJson>('/api/auth/user', { token: pair.token })).email).toBe(user.email);
    expectOk(await api.post('/api/auth/login', { username: user.email, password: 'Reset1!pw' }));
    expectError(
      await api.post('/api/auth/login', { username: user.email, password: user.password }),
      401,
      10,
      'Invalid username or password',
    );

    const confirmation = await smtp.waitForMail(user.email);
    expect(confirmation.subject).toBe('Your password has been reset');

    // The token is spent.
    const again = await api.get(`/api/noauth/resetPassword?resetToken=${resetToken}`);
    expectError(again, 409, 2);
    expectError(await api.post('/api/noauth/resetPassword', { resetToken, password: 'Reset2!pw' }), 400, 31);
  });

  it('answers 200 for an unknown address and sends nothing', async () => {
    const before = smtp.mails.length;
    const res = await api.post('/api/noauth/resetPasswordByEmail', { email: 'nobody@example.test' });
    expect(res.status).toBe(200);
    expect(res.text).toBe('');
    // The server answers after the mail (if any) was accepted by the receiver.
    expect(smtp.mails.length).toBe(before);
    expect(smtp.mailsTo('nobody@example.test')).toEqual([]);
  });

  it('answers 200 for a user who is not active and sends nothing', async () => {
    const pending = await newUser(server.store.db, {
      authority: 'CUSTOMER_USER',
      tenantId: ids.tenantId,
      customerId: ids.customerAId,
      enabled: false,
    });
    expect((await api.post('/api/noauth/resetPasswordByEmail', { email: pending.email })).status).toBe(200);
    expect(smtp.mailsTo(pending.email)).toEqual([]);
  });

  it('refuses a reset with an unknown token', async () => {
    expectError(await api.get('/api/noauth/resetPassword?resetToken=unknownToken'), 409, 2);
    expectError(
      await api.post('/api/noauth/resetPassword', { resetToken: 'unknownToken', password: 'Whatever1!' }),
      400,
      31,
    );
  });
});

describe('activation', () => {
  it('mails an activation link on user creation; activation sets the password and signs in', async () => {
    const email = uniqueEmail('activate');
    const created = await api.post<UserJson>(
      '/api/user?sendActivationMail=true',
      {
        email,
        authority: 'CUSTOMER_USER',
        customerId: { entityType: 'CUSTOMER', id: ids.customerAId },
        firstName: 'Ada',
      },
      { token: tenantToken },
    );
    const user = expectOk(created);
    expect(user).toMatchObject({
      email,
      authority: 'CUSTOMER_USER',
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      customerId: { entityType: 'CUSTOMER', id: ids.customerAId },
      firstName: 'Ada',
    });

    const mail = await smtp.waitForMail(email);
    const link = linkIn(mail, '/api/noauth/activate?activateToken=');
    expect(link).toMatch(/\/api\/noauth\/activate\?activateToken=[A-Za-z0-9]{30}$/);
    const activateToken = new URL(link).searchParams.get('activateToken') ?? '';

    // Before activation the administrator can read the same link as text.
    const linkRes = await api.get(`/api/user/${user.id.id}/activationLink`, { token: tenantToken });
    expect(linkRes.status).toBe(200);
    expect(linkRes.headers.get('content-type')).toContain('text/plain');
    expect(linkRes.text).toBe(link);

    // Not active yet: no login.
    expectError(
      await api.post('/api/auth/login', { username: email, password: 'Activated1!' }),
      401,
      10,
      'Invalid username or password',
    );

    const check = await fetch(link, { redirect: 'manual' });
    expect(check.status).toBe(303);
    expect(check.headers.get('location')).toBe(`/login/createPassword?activateToken=${activateToken}`);

    const activated = await api.post<TokenPair>('/api/noauth/activate', {
      activateToken,
      password: 'Activated1!',
    });
    const pair = expectOk(activated);
    expect(expectOk(await api.get<UserJson>('/api/auth/user', { token: pair.token })).id.id).toBe(user.id.id);
    expectOk(await api.post('/api/auth/login', { username: email, password: 'Activated1!' }));

    const confirmation = await smtp.waitForMail(email);
    expect(confirmation.subject).toBe('Your account has been activated');

    expectError(
      await api.get(`/api/user/${user.id.id}/activationLink`, { token: tenantToken }),
      400,
      31,
      'User is already activated!',
    );
    expectError(await api.get(`/api/noauth/activate?activateToken=${activateToken}`), 409, 2);
    expectError(await api.post('/api/noauth/activate', { activateToken, password: 'Again1!x' }), 400, 31);
  });

  it('sends no confirmation when activation asks for none', async () => {
    const pending = await newUser(server.store.db, {
      authority: 'CUSTOMER_USER',
      tenantId: ids.tenantId,
      customerId: ids.customerAId,
      enabled: false,
    });
    const res = await api.post('/api/noauth/activate?sendActivationMail=false', {
      activateToken: pending.activateToken,
      password: 'Activated1!',
    });
    expectOk(res);
    expect(smtp.mailsTo(pending.email)).toEqual([]);
  });

  it('creates no mail and keeps the link readable without sendActivationMail', async () => {
    const email = uniqueEmail('quiet');
    const created = await api.post<UserJson>(
      '/api/user?sendActivationMail=false',
      { email, authority: 'CUSTOMER_USER', customerId: { entityType: 'CUSTOMER', id: ids.customerAId } },
      { token: tenantToken },
    );
    const user = expectOk(created);
    expect(smtp.mailsTo(email)).toEqual([]);
    const linkRes = await api.get(`/api/user/${user.id.id}/activationLink`, { token: tenantToken });
    expect(linkRes.text).toMatch(/\/api\/noauth\/activate\?activateToken=[A-Za-z0-9]{30}$/);

    // Sending it later mails the same link.
    const send = await api.post(
      `/api/user/sendActivationMail?email=${encodeURIComponent(email)}`,
      undefined,
      {
        token: tenantToken,
      },
    );
    expect(send.status).toBe(200);
    expect(linkIn(await smtp.waitForMail(email), '/api/noauth/activate')).toBe(linkRes.text);
  });

  it('creates nothing when the activation mail cannot be sent', async () => {
    const deadPort = await unusedPort();
    await configureMail(api, sysadminToken, smtp.mailSettings({ smtpPort: String(deadPort) }));
    try {
      const email = uniqueEmail('unsent');
      const res = await api.post(
        '/api/user?sendActivationMail=true',
        { email, authority: 'CUSTOMER_USER', customerId: { entityType: 'CUSTOMER', id: ids.customerAId } },
        { token: tenantToken },
      );
      expectError(res, 500, 2, /^Unable to send mail/);
      const rows = await server.store.db
        .selectFrom('tbUser')
        .select('id')
        .where('email', '=', email)
        .execute();
      expect(rows).toEqual([]);
      const list = await api.get<{ data: UserJson[] }>(
        `/api/customer/${ids.customerAId}/users?pageSize=100&page=0`,
        { token: tenantToken },
      );
      expect(expectOk(list).data.map((u) => u.email)).not.toContain(email);
    } finally {
      await configureMail(api, sysadminToken, smtp.mailSettings());
    }
  });
});

describe('outgoing mail settings', () => {
  it('send a test mail to the system administrator with the given settings', async () => {
    const res = await api.post(
      '/api/admin/settings/testMail',
      { key: 'mail', jsonValue: smtp.mailSettings() },
      { token: sysadminToken },
    );
    expect(res.status).toBe(200);
    const mail = await smtp.waitForMail(DEMO.sysadmin.email);
    expect(mail.subject).toBe('Meridian test mail');
    expect(mail.from).toBe('noreply@meridian.test');
  });

  it('report an unreachable server on test mail as 500 code 2', async () => {
    const deadPort = await unusedPort();
    const res = await api.post(
      '/api/admin/settings/testMail',
      { key: 'mail', jsonValue: smtp.mailSettings({ smtpPort: String(deadPort) }) },
      { token: sysadminToken },
    );
    expectError(res, 500, 2, /^Unable to send mail/);
  });

  it('never return the mail password, and keep it when saved without one', async () => {
    const secured = await SmtpReceiver.start({ auth: { username: 'mailer', password: 's3cret-pass' } });
    try {
      const saved = await api.post(
        '/api/admin/settings',
        { key: 'mail', jsonValue: secured.mailSettings() },
        { token: sysadminToken },
      );
      const savedBody = expectOk(saved) as { key: string; jsonValue: Record<string, unknown> };
      expect(savedBody.key).toBe('mail');
      expect(savedBody.jsonValue).not.toHaveProperty('password');
      expect(saved.text).not.toContain('s3cret-pass');

      const read = await api.get<{ jsonValue: Record<string, unknown> }>('/api/admin/settings/mail', {
        token: sysadminToken,
      });
      expect(expectOk(read).jsonValue).toMatchObject({ username: 'mailer', smtpPort: String(secured.port) });
      expect(read.body.jsonValue).not.toHaveProperty('password');
      expect(read.text).not.toContain('s3cret-pass');

      // The console saves what it read: no password. The stored one must survive.
      const { password: _password, ...withoutPassword } = secured.mailSettings({ timeout: '9000' });
      expectOk(
        await api.post(
          '/api/admin/settings',
          { key: 'mail', jsonValue: withoutPassword },
          { token: sysadminToken },
        ),
      );
      const row = await server.store.db
        .selectFrom('adminSettings')
        .select('jsonValue')
        .where('key', '=', 'mail')
        .executeTakeFirstOrThrow();
      expect(row.jsonValue).toMatchObject({ password: 's3cret-pass', timeout: '9000' });

      // A mail of a real flow goes out through the authenticating server with the kept password.
      const user = await newUser(server.store.db, {
        authority: 'TENANT_ADMIN',
        tenantId: ids.tenantId,
      });
      expect((await api.post('/api/noauth/resetPasswordByEmail', { email: user.email })).status).toBe(200);
      const mail = await secured.waitForMail(user.email);
      expect(mail.user).toBe('mailer');

      // And so does a test mail sent without a password.
      const test = await api.post(
        '/api/admin/settings/testMail',
        { key: 'mail', jsonValue: withoutPassword },
        { token: sysadminToken },
      );
      expect(test.status).toBe(200);
      expect((await secured.waitForMail(DEMO.sysadmin.email)).user).toBe('mailer');
    } finally {
      await configureMail(api, sysadminToken, smtp.mailSettings());
      await secured.close();
    }
  });

  it('refuse incomplete mail settings and unknown keys', async () => {
    const { smtpHost: _host, ...noHost } = smtp.mailSettings();
    expectError(
      await api.post('/api/admin/settings', { key: 'mail', jsonValue: noHost }, { token: sysadminToken }),
      400,
      31,
      /smtpHost/,
    );
    expectError(
      await api.post(
        '/api/admin/settings',
        { key: 'jwt', jsonValue: { signingKey: 'x' } },
        { token: sysadminToken },
      ),
      400,
      31,
    );
    // Internal keys are not readable either.
    expectError(await api.get('/api/admin/settings/jwt', { token: sysadminToken }), 404, 32);
  });

  it('carry the activation of a tenant administrator created by the system administrator', async () => {
    const email = uniqueEmail('tenant-admin');
    const created = await api.post<UserJson>(
      '/api/user?sendActivationMail=true',
      { email, authority: 'TENANT_ADMIN', tenantId: { entityType: 'TENANT', id: ids.tenantId } },
      { token: sysadminToken },
    );
    const user = expectOk(created);
    expect(user.customerId.id).toBe(NULL_UUID);
    expect(linkIn(await smtp.waitForMail(email), '/api/noauth/activate')).toMatch(/activateToken=/);
  });
});
