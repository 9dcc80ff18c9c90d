import { describe, expect, it } from 'vitest';
import { dashboardSelectors } from '../../packages/web/src/dashboard/selectors';
import { selectors } from '../../packages/web/src/selectors';
import { screenshot, tid } from '../support/browser';
import { menuPaths, openSignedIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

const suite = useServerAndBrowser();

// Spec 1 §2 "Menus per authority", limited to the pages Meridian has today; items of pages that do
// not exist yet are hidden rather than dead links.
const cases = [
  {
    who: 'sysadmin',
    email: 'sysadmin@meridian.local',
    password: 'sysadmin',
    menu: [
      '/home',
      '/tenants',
      '/tenantProfiles',
      '/widgets-bundles',
      '/settings/general',
      '/settings/outgoing-mail',
      '/settings/security-settings',
    ],
    authority: 'System administrator',
  },
  {
    who: 'tenant',
    email: 'tenant@meridian.local',
    password: 'tenant',
    menu: [
      '/home',
      '/ruleChains',
      '/customers',
      '/assets',
      '/devices',
      '/deviceProfiles',
      '/entityViews',
      '/widgets-bundles',
      '/dashboards',
      '/auditLogs',
      '/usage',
    ],
    authority: 'Tenant administrator',
  },
  {
    who: 'customer',
    email: 'customer@meridian.local',
    password: 'customer',
    menu: ['/home', '/assets', '/devices', '/entityViews', '/dashboards'],
    authority: 'Customer',
  },
];

describe('each demo user signs in and sees the menu of their authority', () => {
  for (const c of cases) {
    it(`${c.who}`, async () => {
      const { context, page } = await openSignedIn(suite.browser, suite.server, c.email, c.password);
      expect(new URL(page.url()).pathname).toBe('/home');
      expect(await menuPaths(page)).toEqual(c.menu);
      await expect.poll(() => page.textContent(tid(selectors.shell.userAuthority))).toBe(c.authority);
      expect(await page.title()).toMatch(/^Meridian/);
      await screenshot(page, `home-${c.who}`);
      await context.close();
    });
  }

  it('Home shows the demo tenant\u2019s home dashboard to its administrator, the shortcuts to the customer', async () => {
    const tenant = await openSignedIn(suite.browser, suite.server, 'tenant@meridian.local', 'tenant');
    await tenant.page.waitForSelector(tid(selectors.home.dashboard));
    await expect.poll(() => tenant.page.textContent(tid(dashboardSelectors.title))).toBe('Demo devices');
    await expect
      .poll(() => tenant.page.textContent(tid(dashboardSelectors.widget('devices'))))
      .toContain('Thermostat T1');
    await tenant.page.waitForSelector(`${tid(dashboardSelectors.widget('gauge'))} canvas`);
    await tenant.context.close();
    // Customer A has no home dashboard: its user gets the shortcuts.
    const customer = await openSignedIn(suite.browser, suite.server, 'customer@meridian.local', 'customer');
    await customer.page.waitForSelector(tid(selectors.home.section('devices')));
    expect(await customer.page.locator(tid(selectors.home.dashboard)).count()).toBe(0);
    await customer.context.close();
  });

  it('the sysadmin settings pages load their stored values', async () => {
    const { context, page } = await openSignedIn(
      suite.browser,
      suite.server,
      'sysadmin@meridian.local',
      'sysadmin',
    );
    await menuPaths(page); // expands the settings group
    await page.click(tid(selectors.menu.link('/settings/general')));
    await page.waitForSelector(tid(selectors.generalSettings.page));
    await expect
      .poll(() => page.inputValue(tid(selectors.generalSettings.baseUrl)))
      .toMatch(/^http:\/\/localhost:/);
    await page.click(tid(selectors.menu.link('/settings/outgoing-mail')));
    await expect.poll(() => page.inputValue(tid(selectors.mailSettings.smtpHost))).toBe('localhost');
    await screenshot(page, 'settings-outgoing-mail');
    await page.click(tid(selectors.menu.link('/settings/security-settings')));
    await expect.poll(() => page.inputValue(tid(selectors.securitySettings.minimumLength))).toBe('6');
    await context.close();
  });

  it('on a narrow screen the menu is closed and opens over the page', async () => {
    const context = await suite.browser.newContext({ viewport: { width: 420, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/login`);
    await page.fill(tid(selectors.login.username), 'tenant@meridian.local');
    await page.fill(tid(selectors.login.password), 'tenant');
    await page.click(tid(selectors.login.submit));
    await page.waitForSelector(tid(selectors.shell.root));
    await expect.poll(() => page.locator(tid(selectors.shell.sideMenu)).isVisible()).toBe(false);
    await page.click(tid(selectors.shell.menuButton));
    const menu = page.locator(tid(selectors.shell.sideMenu));
    await expect.poll(() => menu.isVisible()).toBe(true);
    // Below 456 px the menu is the screen width minus 56 px.
    await expect.poll(async () => (await menu.boundingBox())?.width).toBe(420 - 56);
    await screenshot(page, 'home-narrow-menu-open');
    await context.close();
  });
});
