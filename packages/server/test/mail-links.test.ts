import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser } from './factories.js';
import {
  type ApiClient,
  DEMO,
  type DemoIds,
  demoIds,
  expectOk,
  startServer,
  type TestServer,
  type UserJson,
  uniqueEmail,
} from './helper.js';
import { configureMail, type ReceivedMail, SmtpReceiver } from './smtp.js';

/**
 * Links in mails (password reset, activation) and the activation link an administrator reads come
 * from the configured base URL, not from the request's Host or X-Forwarded-Host, unless the system
 * administrator explicitly allows it (prohibitDifferentUrl false).
 */

let server: TestServer;
let api: ApiClient;
let ids: DemoIds;
let smtp: SmtpReceiver;
let sysadminToken: string;
let tenantToken: string;

const CONFIGURED = 'https://iot.example.test';
const ATTACKER = 'attacker.example.net';
/** What an attacker sends along with a request that makes the server mail a link. */
const poisoned: Record<string, string> = { 'x-forwarded-host': ATTACKER, 'x-forwarded-proto': 'https' };

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

/** Saves the general settings as installed, with the base URL and the given changes. */
async function saveGeneral(changes: Record<string, unknown>): Promise<void> {
  const installed = expectOk(
    await api.get<{ jsonValue: Record<string, unknown> }>('/api/admin/settings/general', {
      token: sysadminToken,
    }),
  );
  const jsonValue = { ...installed.jsonValue, baseUrl: CONFIGURED, ...changes };
  expectOk(await api.post('/api/admin/settings', { key: 'general', jsonValue }, { token: sysadminToken }));
}

function linkIn(mail: ReceivedMail, marker: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.includes(marker));
  if (!link) throw new Error(`no link with ${marker} in mail "${mail.subject}": ${mail.text}`);
  return link;
}

async function resetLinkFor(headers: Record<string, string>): Promise<string> {
  const user = await newUser(server.store.db, {
    authority: 'CUSTOMER_USER',
    tenantId: ids.tenantId,
    customerId: ids.customerAId,
  });
  const res = await api.post('/api/noauth/resetPasswordByEmail', { email: user.email }, { headers });
  expect(res.status).toBe(200);
  return linkIn(await smtp.waitForMail(user.email), '/api/noauth/resetPassword?resetToken=');
}

async function createWithActivationMail(headers: Record<string, string>) {
  const email = uniqueEmail('link');
  const user = expectOk(
    await api.post<UserJson>(
      '/api/user?sendActivationMail=true',
      { email, authority: 'CUSTOMER_USER', customerId: { entityType: 'CUSTOMER', id: ids.customerAId } },
      { token: tenantToken, headers },
    ),
  );
  const mailed = linkIn(await smtp.waitForMail(email), '/api/noauth/activate?activateToken=');
  const read = await api.get(`/api/user/${user.id.id}/activationLink`, { token: tenantToken, headers });
  expect(read.status).toBe(200);
  return { mailed, read: read.text };
}

describe('links in mails with the general settings as installed', () => {
  beforeAll(() => saveGeneral({}));

  it('installs with links bound to the base URL', async () => {
    const general = await api.get<{ jsonValue: Record<string, unknown> }>('/api/admin/settings/general', {
      token: sysadminToken,
    });
    expect(expectOk(general).jsonValue.prohibitDifferentUrl).toBe(true);
  });

  it('puts the configured base URL in a reset link whatever X-Forwarded-Host says', async () => {
    const link = await resetLinkFor(poisoned);
    expect(link).toMatch(new RegExp(`^${CONFIGURED}/api/noauth/resetPassword\\?resetToken=[A-Za-z0-9]{30}$`));
  });

  it('puts the configured base URL in a reset link whatever the Host header says', async () => {
    const link = await resetLinkFor({ host: ATTACKER });
    expect(link.startsWith(`${CONFIGURED}/api/noauth/resetPassword?resetToken=`)).toBe(true);
  });

  it('puts the configured base URL in the activation mail and the activation link', async () => {
    const { mailed, read } = await createWithActivationMail(poisoned);
    expect(mailed).toMatch(new RegExp(`^${CONFIGURED}/api/noauth/activate\\?activateToken=[A-Za-z0-9]{30}$`));
    expect(read).toBe(mailed);
  });

  it('treats general settings without prohibitDifferentUrl as prohibiting', async () => {
    expectOk(
      await api.post(
        '/api/admin/settings',
        { key: 'general', jsonValue: { baseUrl: CONFIGURED } },
        { token: sysadminToken },
      ),
    );
    expect((await resetLinkFor(poisoned)).startsWith(`${CONFIGURED}/`)).toBe(true);
  });
});

describe('links in mails when the administrator allows the request host', () => {
  beforeAll(() => saveGeneral({ prohibitDifferentUrl: false }));

  it('builds the links from X-Forwarded-Host and X-Forwarded-Proto', async () => {
    expect((await resetLinkFor(poisoned)).startsWith(`https://${ATTACKER}/api/noauth/resetPassword?`)).toBe(
      true,
    );
    const { mailed, read } = await createWithActivationMail(poisoned);
    expect(mailed.startsWith(`https://${ATTACKER}/api/noauth/activate?`)).toBe(true);
    expect(read).toBe(mailed);
  });

  it('falls back to the Host header the request came in on', async () => {
    const link = await resetLinkFor({});
    expect(link.startsWith(`${server.url}/api/noauth/resetPassword?`)).toBe(true);
  });
});
