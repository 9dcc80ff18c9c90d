import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpReceiver } from '../../packages/server/test/smtp';
import { selectors } from '../../packages/web/src/selectors';
import { launchBrowser, newPage, screenshot, tid } from '../support/browser';
import { api, loginToken, type RunningServer, startServer } from '../support/server';
import { signIn } from '../support/session';

let server: RunningServer;
let browser: Browser;
let smtp: SmtpReceiver;

// Access tokens here live 4 s, so each sysadmin call signs in afresh rather than reuse an old token.
const saveSecuritySettings = async (maxFailedLoginAttempts: number | null) => {
  const sysadmin = await loginToken(server, 'sysadmin@meridian.local', 'sysadmin');
  const saved = await api(server, 'POST', '/api/admin/securitySettings', {
    token: sysadmin,
    body: {
      passwordPolicy: { minimumLength: 6 },
      maxFailedLoginAttempts,
      userLockoutNotificationEmail: null,
    },
  });
  expect(saved.status).toBe(200);
};

beforeAll(async () => {
  // Short-lived access tokens, so the browser has to refresh during the test.
  server = await startServer({ env: { JWT_TOKEN_EXPIRATION_TIME: '4' } });
  browser = await launchBrowser();
  smtp = await SmtpReceiver.start();
  const sysadmin = await loginToken(server, 'sysadmin@meridian.local', 'sysadmin');
  const saved = await api(server, 'POST', '/api/admin/settings', {
    token: sysadmin,
    body: { key: 'mail', jsonValue: smtp.mailSettings() },
  });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await smtp?.close();
  await server?.stop();
});

const linkIn = (text: string) => {
  const match = /https?:\/\/\S+?(?=["\s]|$)/.exec(text);
  if (!match) throw new Error(`no link in mail: ${text}`);
  return match[0];
};

describe('signing in', () => {
  it('a wrong password shows the server message and stays on the login page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await signIn(page, 'tenant@meridian.local', 'wrong-password');
    await page.waitForSelector('text=Invalid username or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'login-wrong-password');
    await context.close();
  });

  it('an invalid email is refused before any call', async () => {
    const { context, page } = await newPage(browser);
    let loginCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/login')) loginCalls++;
    });
    await page.goto(`${server.url}/login`);
    await signIn(page, 'not-an-email', 'x');
    await page.waitForSelector('text=Enter a valid email address.');
    expect(loginCalls).toBe(0);
    await context.close();
  });

  it('locks the account after too many failed attempts', async () => {
    const token = await loginToken(server, 'tenant@meridian.local', 'tenant');
    const created = await api<{ id: { id: string } }>(server, 'POST', '/api/user?sendActivationMail=false', {
      token,
      body: { email: 'lock.me@meridian.local', authority: 'TENANT_ADMIN', firstName: 'Lock' },
    });
    expect(created.status).toBe(200);
    const link = await api<string>(server, 'GET', `/api/user/${created.body.id.id}/activationLink`, {
      token,
    });
    expect(link.status).toBe(200);
    const activateToken = new URL(String(link.body)).searchParams.get('activateToken');
    const activated = await api(server, 'POST', '/api/noauth/activate?sendActivationMail=false', {
      body: { activateToken, password: 'lockme123' },
    });
    expect(activated.status).toBe(200);
    await saveSecuritySettings(2);
    try {
      const { context, page } = await newPage(browser);
      await page.goto(`${server.url}/login`);
      // Each attempt waits for its own answer: a toast of the previous attempt may still show.
      const attempt = async (password: string) => {
        const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/auth/login');
        await signIn(page, 'lock.me@meridian.local', password);
        await answered;
      };
      for (let n = 1; n <= 2; n++) {
        await attempt(`wrong-${n}`);
        await page.waitForSelector('text=Invalid username or password');
      }
      await attempt('wrong-3');
      await page.waitForSelector('text=User account is locked due to security policy');
      await screenshot(page, 'login-locked');
      await attempt('lockme123');
      await page.waitForSelector('text=User account is not active');
      await context.close();
    } finally {
      await saveSecuritySettings(null);
    }
  });

  it('a deep link opened signed out leads back there after signing in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/profile`);
    await page.waitForURL(/\/login$/);
    await signIn(page, 'customer@meridian.local', 'customer');
    await page.waitForSelector(tid(selectors.profile.page));
    expect(new URL(page.url()).pathname).toBe('/profile');
    await expect.poll(() => page.inputValue(tid(selectors.profile.email))).toBe('customer@meridian.local');
    await screenshot(page, 'profile-customer');
    await context.close();
  });

  it('refreshes an expired access token and keeps working', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await signIn(page, 'tenant@meridian.local', 'tenant');
    await page.waitForSelector(tid(selectors.shell.root));
    const firstToken = await page.evaluate(() => localStorage.getItem('jwt_token'));
    const refreshes: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/api/auth/token')) refreshes.push(r.status());
    });
    // Wait (for a state, not a fixed time) until the 4 s access token has expired.
    const exp = await page.evaluate(() => Number(localStorage.getItem('jwt_token_expiration')));
    await page.waitForFunction((e) => Date.now() > e, exp, { timeout: 10_000 });
    await page.click(tid(selectors.shell.userMenuButton));
    await page.click(tid(selectors.shell.userMenuProfile));
    await page.waitForSelector(tid(selectors.profile.page));
    await expect.poll(() => page.inputValue(tid(selectors.profile.email))).toBe('tenant@meridian.local');
    expect(refreshes).toContain(200);
    const secondToken = await page.evaluate(() => localStorage.getItem('jwt_token'));
    expect(secondToken).not.toBe(firstToken);
    await context.close();
  });
});

describe('passwords by mail', () => {
  it('resets a forgotten password through the link in the mail', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.url}/login`);
    await page.click(tid(selectors.login.forgotPassword));
    await page.fill(tid(selectors.resetRequest.email), 'customer@meridian.local');
    await page.click(tid(selectors.resetRequest.submit));
    const mail = await smtp.waitForMail('customer@meridian.local', 10_000);
    const link = linkIn(mail.text);
    expect(link).toContain('/api/noauth/resetPassword?resetToken=');
    await page.goto(link);
    await page.waitForSelector(tid(selectors.resetPassword.card));
    expect(new URL(page.url()).pathname).toBe('/login/resetPassword');
    await page.fill(tid(selectors.resetPassword.newPassword), 'customer-new');
    await page.fill(tid(selectors.resetPassword.newPassword2), 'customer-new');
    await screenshot(page, 'reset-password');
    await page.click(tid(selectors.resetPassword.submit));
    await page.waitForSelector(tid(selectors.shell.root));
    expect(
      (
        await api(server, 'POST', '/api/auth/login', {
          body: { username: 'customer@meridian.local', password: 'customer-new' },
        })
      ).status,
    ).toBe(200);
    await context.close();
  });

  it('activates a new user through the link in the invitation mail', async () => {
    const token = await loginToken(server, 'tenant@meridian.local', 'tenant');
    const created = await api(server, 'POST', '/api/user?sendActivationMail=true', {
      token,
      body: {
        email: 'new.admin@meridian.local',
        authority: 'TENANT_ADMIN',
        firstName: 'New',
        lastName: 'Admin',
      },
    });
    expect(created.status).toBe(200);
    const mail = await smtp.waitForMail('new.admin@meridian.local', 10_000);
    const { context, page } = await newPage(browser);
    await page.goto(linkIn(mail.text));
    await page.waitForSelector(tid(selectors.createPassword.card));
    expect(new URL(page.url()).pathname).toBe('/login/createPassword');
    await page.fill(tid(selectors.createPassword.password), 'welcome1');
    await page.fill(tid(selectors.createPassword.password2), 'welcome2');
    await page.click(tid(selectors.createPassword.submit));
    await page.waitForSelector('text=The two passwords must be the same.');
    await page.fill(tid(selectors.createPassword.password2), 'welcome1');
    await screenshot(page, 'create-password');
    await page.click(tid(selectors.createPassword.submit));
    await page.waitForSelector(tid(selectors.shell.root));
    await expect.poll(() => page.textContent(tid(selectors.shell.userDisplayName))).toBe('New Admin');
    await context.close();
  });
});
