import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { selectors } from '../../packages/web/src/selectors';
import { newPage, screenshot, tid } from '../support/browser';
import { api, loginToken } from '../support/server';
import { openSignedIn, signIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

const suite = useServerAndBrowser();

const T = selectors.entityTable;
const PROFILE = 'E2E One device';
const TENANT = 'E2E Tenant';
const ADMIN = 'e2e.admin@meridian.local';
const PASSWORD = 'e2e-secret-1';

/** The table row showing `name`. */
const rowOf = (page: Page, name: string) =>
  page.locator(tid(T.row)).filter({ has: page.getByRole('cell', { name, exact: true }) });

/** Waits until the opened dialog has finished its enter transition, for stable pictures. */
const settle = (page: Page, ms = 400) => page.waitForTimeout(ms);

describe('tenants', () => {
  it('a tenant limited to one device: its admin activates the account and is refused a second device', async () => {
    const sys = await openSignedIn(suite.browser, suite.server, 'sysadmin@meridian.local', 'sysadmin');
    const page = sys.page;

    // A tenant profile allowing one device.
    await page.click(tid(selectors.menu.link('/tenantProfiles')));
    await page.waitForSelector(tid(T.root('tenant-profiles')));
    await rowOf(page, 'Default').waitFor();
    await page.click(tid(T.add));
    await page.click(tid(T.addMenuItem('add')));
    await page.waitForSelector(tid(T.addDialog));
    await page.fill(tid(selectors.tenantProfiles.name), PROFILE);
    await page.fill(tid(selectors.tenantProfiles.limit('maxDevices')), '1');
    await page.fill(tid(selectors.tenantProfiles.description), 'At most one device per tenant.');
    await page.fill(tid(selectors.tenantProfiles.rateLimit('transportDeviceMsgRateLimit')), '100:1,2000:60');
    await page.waitForSelector(`${tid(T.addSubmit)}:not([disabled])`);
    await settle(page);
    await screenshot(page, 'tenant-profile-form-limits');
    await page.locator(`${tid(T.addDialog)} .MuiDialogContent-root`).evaluate((el) => {
      el.scrollTop = 0;
    });
    await settle(page);
    await screenshot(page, 'tenant-profile-form');
    await page.click(tid(T.addSubmit));
    await page.waitForSelector(tid(T.addDialog), { state: 'detached' });
    await rowOf(page, PROFILE).waitFor();

    // A tenant using it; the add dialog starts with the default profile.
    await page.click(tid(selectors.menu.link('/tenants')));
    await page.waitForSelector(tid(T.root('tenants')));
    await rowOf(page, 'Demo Tenant').waitFor();
    await page.click(tid(T.add));
    await page.waitForSelector(tid(T.addDialog));
    await expect.poll(() => page.inputValue(tid(selectors.tenants.tenantProfile))).toBe('Default');
    await page.fill(tid(selectors.tenants.title), TENANT);
    await page.click(tid(selectors.tenants.tenantProfile));
    await page.fill(tid(selectors.tenants.tenantProfile), 'E2E');
    await page.getByRole('option', { name: PROFILE, exact: true }).click();
    await page.fill(tid('tenant-city'), 'Lisbon');
    await page.fill(tid('tenant-email'), 'ops@e2e-tenant.example');
    await page.click(tid(T.addSubmit));
    await page.waitForSelector(tid(T.addDialog), { state: 'detached' });
    const tenantRow = rowOf(page, TENANT);
    await tenantRow.getByRole('cell', { name: PROFILE, exact: true }).waitFor();
    await screenshot(page, 'tenants-table');

    // Its administrator, with the activation link displayed.
    await tenantRow.locator(tid(T.rowAction('manageTenantAdmins'))).click();
    await page.waitForSelector(`text=${TENANT}: Tenant admins`);
    await page.click(tid(T.add));
    await page.waitForSelector(tid(T.addDialog));
    await page.fill(tid(selectors.users.email), ADMIN);
    await page.fill(tid(selectors.users.firstName), 'Erin');
    await page.fill(tid(selectors.users.lastName), 'Admin');
    await page.click(tid(T.addSubmit));
    await page.waitForSelector(tid(selectors.users.activationLinkDialog));
    const link = (await page.textContent(tid(selectors.users.activationLink))) ?? '';
    expect(link).toMatch(/\/api\/noauth\/activate\?activateToken=[A-Za-z0-9]{30}$/);
    await settle(page);
    await screenshot(page, 'user-activation-link-dialog');
    await page.click(tid(selectors.users.activationLinkOk));
    await page.waitForSelector(tid(selectors.users.activationLinkDialog), { state: 'detached' });
    const adminRow = rowOf(page, ADMIN);
    await adminRow.locator(tid(T.rowAction('displayActivationLink'))).waitFor();
    await screenshot(page, 'tenant-admins-table');
    await sys.context.close();

    // The new administrator follows the link, sets a password, and signs in with it.
    const { context, page: admin } = await newPage(suite.browser);
    await admin.goto(link);
    await admin.waitForSelector(tid(selectors.createPassword.card));
    await admin.fill(tid(selectors.createPassword.password), PASSWORD);
    await admin.fill(tid(selectors.createPassword.password2), PASSWORD);
    await admin.click(tid(selectors.createPassword.submit));
    await admin.waitForSelector(tid(selectors.shell.root));
    await expect.poll(() => admin.textContent(tid(selectors.shell.userDisplayName))).toBe('Erin Admin');
    await admin.click(tid(selectors.shell.userMenuButton));
    await admin.click(tid(selectors.shell.userMenuLogout));
    await admin.waitForSelector(tid(selectors.login.card));
    await signIn(admin, ADMIN, PASSWORD);
    await admin.waitForSelector(tid(selectors.shell.root));
    await expect
      .poll(() => admin.textContent(tid(selectors.shell.userAuthority)))
      .toBe('Tenant administrator');

    // One device is allowed, the second is refused with the server's message.
    await admin.click(tid(selectors.menu.link('/devices')));
    await admin.waitForSelector(tid(T.root('devices')));
    const addDevice = async (name: string) => {
      await admin.click(tid(T.add));
      // "Add device" is the only add action, or the first entry of the add menu.
      const menuItem = admin.locator(tid(T.addMenuItem('addDevice')));
      await admin.waitForSelector(
        `${tid(selectors.deviceWizard.dialog)}, ${tid(T.addMenuItem('addDevice'))}`,
      );
      if ((await menuItem.count()) > 0) {
        await menuItem.click();
      }
      await admin.waitForSelector(tid(selectors.deviceWizard.dialog));
      await admin.fill(tid(selectors.deviceWizard.name), name);
      await expect.poll(() => admin.inputValue(tid(selectors.deviceWizard.deviceProfile))).toBe('default');
      await admin.click(tid(selectors.deviceWizard.add));
    };
    await addDevice('E2E Sensor 1');
    await admin.waitForSelector(tid(selectors.deviceWizard.dialog), { state: 'detached' });
    await rowOf(admin, 'E2E Sensor 1').waitFor();
    await addDevice('E2E Sensor 2');
    const toast = admin.locator(tid(selectors.app.toast));
    await toast.waitFor();
    await expect.poll(() => toast.textContent()).toContain("Can't create more then 1 devices!");
    expect(await admin.locator(tid(selectors.deviceWizard.dialog)).count()).toBe(1);
    await settle(admin, 1200); // the toast fades in slower than dialogs open
    await screenshot(admin, 'tenant-device-limit-refused');
    await context.close();

    // What the server stored: the tenant on the profile, one device, an active administrator.
    const sysToken = await loginToken(suite.server, 'sysadmin@meridian.local', 'sysadmin');
    const tenants = await api<{ data: { title: string; tenantProfileName: string; id: { id: string } }[] }>(
      suite.server,
      'GET',
      '/api/tenantInfos?pageSize=50&page=0',
      { token: sysToken },
    );
    const stored = tenants.body.data.find((item) => item.title === TENANT);
    expect(stored?.tenantProfileName).toBe(PROFILE);
    const adminToken = await loginToken(suite.server, ADMIN, PASSWORD);
    const devices = await api<{ totalElements: number }>(
      suite.server,
      'GET',
      '/api/tenant/deviceInfos?pageSize=10&page=0',
      {
        token: adminToken,
      },
    );
    expect(devices.body.totalElements).toBe(1);
  });
});
