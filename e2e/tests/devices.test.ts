import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { selectors } from '../../packages/web/src/selectors';
import { screenshot, tid } from '../support/browser';
import { api, loginToken } from '../support/server';
import { openSignedIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

const suite = useServerAndBrowser();

const T = selectors.entityTable;
const DEVICE = 'E2E Device 1';
const PROFILE = 'E2E Sensors';

/** The table row showing `name`. */
const rowOf = (page: Page, name: string) =>
  page.locator(tid(T.row)).filter({ has: page.getByRole('cell', { name, exact: true }) });

/** Picks `option` in an autocomplete after typing `text` into it. */
async function pick(page: Page, input: string, text: string, option: string) {
  await page.click(input);
  await page.fill(input, text);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The Name column of every row on the page. */
async function names(page: Page): Promise<string[]> {
  const headers = await page.locator('thead th').allTextContents();
  const column = headers.indexOf('Name');
  return page
    .locator(tid(T.row))
    .evaluateAll(
      (rows, index) => rows.map((row) => row.querySelectorAll('td')[index]?.textContent ?? ''),
      column,
    );
}

describe('devices', () => {
  it('a tenant admin sets up a device for Customer A, whose user then sees only its own devices', async () => {
    const tenant = await openSignedIn(suite.browser, suite.server, 'tenant@meridian.local', 'tenant');
    const page = tenant.page;

    // A device profile, through the profile wizard.
    await page.click(tid(selectors.menu.link('/deviceProfiles')));
    await page.waitForSelector(tid(T.root('device-profiles')));
    await page.click(tid(T.add));
    await page.click(tid(T.addMenuItem('create')));
    await page.fill(tid(selectors.deviceProfiles.name), PROFILE);
    await page.click(tid(selectors.deviceProfiles.wizardNext));
    await page.click(tid('transport-type'));
    await page.getByRole('option', { name: 'MQTT', exact: true }).click();
    await page.click(tid(selectors.deviceProfiles.wizardAdd));
    await rowOf(page, PROFILE).waitFor();

    // A device of that profile, through the device wizard.
    await page.click(tid(selectors.menu.link('/devices')));
    await page.waitForSelector(tid(T.root('devices')));
    await rowOf(page, 'Test Device A1').waitFor();
    await page.click(tid(T.add));
    await page.click(tid(T.addMenuItem('addDevice')));
    await page.waitForSelector(tid(selectors.deviceWizard.dialog));
    await page.fill(tid(selectors.deviceWizard.name), DEVICE);
    await expect.poll(() => page.inputValue(tid(selectors.deviceWizard.deviceProfile))).toBe('default');
    await pick(page, tid(selectors.deviceWizard.deviceProfile), 'E2E', PROFILE);
    await page.click(tid(selectors.deviceWizard.add));
    await page.waitForSelector(tid(selectors.deviceWizard.dialog), { state: 'detached' });
    const row = rowOf(page, DEVICE);
    await row.waitFor();
    expect(await row.getByRole('cell', { name: PROFILE }).count()).toBe(1);

    // MQTT basic credentials in the Manage credentials dialog.
    await row.locator(tid(T.rowAction('manageCredentials'))).click();
    await page.waitForSelector(tid(selectors.credentials.accessToken));
    await page.click(tid(selectors.credentials.type));
    await page.click(tid(selectors.credentials.typeOption('MQTT_BASIC')));
    await page.fill(tid(selectors.credentials.password), 'e2e-secret');
    await page.waitForSelector('text=Enter a client ID, a user name or both.');
    await page.fill(tid(selectors.credentials.clientId), 'e2e-client');
    await page.fill(tid(selectors.credentials.userName), 'e2e-user');
    await page.waitForSelector(`${tid(selectors.credentials.save)}:not([disabled])`);
    await page.waitForTimeout(400); // let the field and button transitions settle for the picture
    await screenshot(page, 'device-credentials-dialog');
    await page.click(tid(selectors.credentials.save));
    await page.waitForSelector(tid(selectors.credentials.dialog), { state: 'detached' });

    // Assign to Customer A from the row.
    await row.locator(tid(T.rowAction('assignToCustomer'))).click();
    await pick(page, tid(selectors.assignDialog.customer), 'Customer A', 'Customer A');
    await page.click(tid(selectors.assignDialog.submit));
    await page.waitForSelector(tid(selectors.assignDialog.root), { state: 'detached' });
    await row.getByRole('cell', { name: 'Customer A', exact: true }).waitFor();
    await screenshot(page, 'devices-table');

    // The details drawer of the device.
    await row.getByRole('cell', { name: DEVICE, exact: true }).click();
    await page.waitForSelector(tid(T.details));
    await expect.poll(() => page.textContent(tid(T.detailsTitle))).toBe(DEVICE);
    await expect.poll(() => page.inputValue(tid(selectors.devices.deviceProfile))).toBe(PROFILE);
    // The drawer has finished sliding in when its right edge meets the window's.
    const drawer = page.locator(`${tid(T.detailsDrawer)} .MuiDrawer-paper`);
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return box ? Math.round(box.x + box.width) : 0;
      })
      .toBe(1280);
    await page.waitForSelector(tid(selectors.devices.copyAccessToken), { state: 'detached' });
    await screenshot(page, 'device-details-drawer');
    await tenant.context.close();

    // What the server stored.
    const token = await loginToken(suite.server, 'tenant@meridian.local', 'tenant');
    const device = await api<{ id: { id: string }; customerId: { id: string }; type: string }>(
      suite.server,
      'GET',
      `/api/tenant/devices?deviceName=${encodeURIComponent(DEVICE)}`,
      { token },
    );
    expect(device.status).toBe(200);
    expect(device.body.type).toBe(PROFILE);
    const credentials = await api<{ credentialsType: string; credentialsValue: string }>(
      suite.server,
      'GET',
      `/api/device/${device.body.id.id}/credentials`,
      { token },
    );
    expect(credentials.body.credentialsType).toBe('MQTT_BASIC');
    expect(JSON.parse(credentials.body.credentialsValue)).toEqual({
      clientId: 'e2e-client',
      userName: 'e2e-user',
      password: 'e2e-secret',
    });
    const customerA = await api<{ title: string }>(
      suite.server,
      'GET',
      `/api/customer/${device.body.customerId.id}`,
      {
        token,
      },
    );
    expect(customerA.body.title).toBe('Customer A');

    // The customer user sees the device, and no device of another customer or of the tenant.
    const customer = await openSignedIn(suite.browser, suite.server, 'customer@meridian.local', 'customer');
    await customer.page.click(tid(selectors.menu.link('/devices')));
    await rowOf(customer.page, DEVICE).waitFor();
    const visible = await names(customer.page);
    expect(visible).toContain(DEVICE);
    expect(visible).toEqual(expect.arrayContaining(['Test Device A1', 'Test Device A2']));
    expect(visible).not.toContain('Test Device B1');
    expect(visible).not.toContain('Thermostat T1');
    expect(visible).not.toContain('DHT11 Demo Device');
    expect(await customer.page.locator(tid(T.add)).count()).toBe(0);
    await screenshot(customer.page, 'devices-customer');
    await customer.context.close();
  });
});
