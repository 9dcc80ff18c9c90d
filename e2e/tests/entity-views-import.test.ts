import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectors } from '../../packages/web/src/selectors';
import { launchBrowser, screenshot, tid } from '../support/browser';
import { api, loginToken, type RunningServer, startServer } from '../support/server';
import { openSignedIn } from '../support/session';

let server: RunningServer;
let browser: Browser;
let tmpDir: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-import-'));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
});

const T = selectors.entityTable;
const B = selectors.bulkImport;
const V = selectors.entityViews;

/** A CSV of `count` devices: name, type, access token, a server attribute and a time series. */
function devicesCsv(prefix: string, count: number, broken?: number): string {
  const rows = Array.from({ length: count }, (_u, index) => {
    const n = index + 1;
    // A broken line lacks its last two values.
    return n === broken
      ? `${prefix} ${n},e2e-import,${prefix.toUpperCase()}_TOKEN_${n}`
      : `${prefix} ${n},e2e-import,${prefix.toUpperCase()}_TOKEN_${n},M-${n % 5},${20 + (n % 10)}.5`;
  });
  return `${['name,type,token,model,temperature', ...rows].join('\n')}\n`;
}

function writeCsv(name: string, text: string): string {
  const file = path.join(tmpDir, name);
  fs.writeFileSync(file, text);
  return file;
}

/** The row showing `name`. */
const rowOf = (page: Page, name: string) =>
  page.locator(tid(T.row)).filter({ has: page.getByRole('cell', { name, exact: true }) });

/** Picks `option` in an autocomplete after typing `text` into it. */
async function pick(page: Page, input: string, text: string, option: string) {
  await page.click(input);
  await page.fill(input, text);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Opens the import wizard from the devices Add menu and chooses `file`. */
async function openImport(page: Page, file: string) {
  await page.click(tid(T.add));
  await page.click(tid(T.addMenuItem('importDevices')));
  await page.waitForSelector(tid(B.dialog));
  await page.setInputFiles(tid(B.fileInput), file);
  await page.waitForSelector(tid(B.fileName));
}

/** Sets the column types of the devices CSV: token → access token, temperature → time series. */
async function mapColumns(page: Page) {
  await page.click(tid(B.columnType(2)));
  await page.click(tid(B.columnTypeOption('ACCESS_TOKEN')));
  await page.click(tid(B.columnType(4)));
  await page.click(tid(B.columnTypeOption('TIMESERIES')));
  await expect.poll(() => page.inputValue(tid(B.columnKey(4)))).toBe('temperature');
}

async function setUpdate(page: Page, update: boolean) {
  const box = page.locator(tid(B.update));
  if ((await box.isChecked()) !== update) await box.click();
}

async function resultTexts(page: Page) {
  await page.waitForSelector(tid(B.result));
  return {
    created: await page.textContent(tid(B.created)),
    updated: await page.textContent(tid(B.updated)),
    errors: await page.textContent(tid(B.errors)),
  };
}

describe('CSV import of devices', () => {
  it('imports 1,000 devices with progress, re-imports them with update, and reports a broken line', async () => {
    const { context, page } = await openSignedIn(browser, server, 'tenant@meridian.local', 'tenant');
    await page.click(tid(selectors.menu.link('/devices')));
    await rowOf(page, 'Test Device A1').waitFor();
    const file = writeCsv('devices-1000.csv', devicesCsv('Imported', 1000));

    // Step 1: the file.
    await page.click(tid(T.add));
    await page.click(tid(T.addMenuItem('importDevices')));
    await page.waitForSelector(tid(B.dropZone));
    await page.setInputFiles(tid(B.fileInput), file);
    await expect.poll(() => page.textContent(tid(B.fileName))).toMatch(/^devices-1000\.csv \(\d+\.\d KB\)$/);
    await page.waitForSelector(`${tid(B.next)}:not([disabled])`);
    await page.waitForTimeout(300); // let the button's colour transition finish for the picture
    await screenshot(page, 'import-1-select-file');

    // Step 2: the settings; the first import creates only.
    await page.click(tid(B.next));
    await page.waitForSelector(tid(B.header));
    expect(await page.isChecked(tid(B.header))).toBe(true);
    await setUpdate(page, false);
    await screenshot(page, 'import-2-configuration');

    // Step 3: the columns.
    await page.click(tid(B.next));
    await page.waitForSelector(tid(B.columnRow));
    expect(await page.locator(tid(B.columnRow)).count()).toBe(5);
    expect(await page.textContent(tid(B.columnType(0)))).toBe('Name');
    expect(await page.textContent(tid(B.columnType(1)))).toBe('Type');
    expect(await page.inputValue(tid(B.columnKey(3)))).toBe('model');
    await mapColumns(page);
    await page.waitForSelector('[role="listbox"]', { state: 'detached' });
    await screenshot(page, 'import-3-columns');

    // Step 4: the progress bar moves as the parts are answered (each answer held back a little,
    // so the picture can be taken and the steps observed).
    await page.route('**/api/device/bulk_import', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await route.continue();
    });
    await page.click(tid(B.start));
    const bar = page.locator(tid(B.progress));
    await bar.waitFor();
    const seen = new Set<number>();
    await expect
      .poll(
        async () => {
          const now = await bar.getAttribute('aria-valuenow').catch(() => null);
          if (now !== null) seen.add(Number(now));
          return [...seen].some((value) => value >= 30 && value < 100);
        },
        { interval: 50, timeout: 20_000 },
      )
      .toBe(true);
    expect(await page.textContent(tid(B.progressText))).toMatch(/^[\d,]+ of 1,000 lines imported$/);
    await screenshot(page, 'import-4-progress');

    // Step 5: the result.
    expect(await resultTexts(page)).toEqual({
      created: '1,000 new entities were created.',
      updated: '0 entities were updated.',
      errors: 'No line failed.',
    });
    expect([...seen].filter((value) => value > 0 && value < 100).length).toBeGreaterThan(1);
    await page.unroute('**/api/device/bulk_import');
    await screenshot(page, 'import-5-done');
    await page.click(tid(B.close));
    await page.waitForSelector(tid(B.dialog), { state: 'detached' });

    // The table lists the imported devices (1,000 plus the demo ones).
    await expect
      .poll(
        // The count follows the locale (en-US groups thousands with a comma).
        async () =>
          Number(
            /of ([\d,]+)/.exec((await page.textContent(tid(T.pagination))) ?? '')?.[1]?.replaceAll(',', '') ??
              0,
          ),
        { timeout: 10_000 },
      )
      .toBeGreaterThanOrEqual(1000);
    await rowOf(page, 'Imported 1000').waitFor();
    await screenshot(page, 'import-devices-table');

    // What the server stored for one of them.
    const token = await loginToken(server, 'tenant@meridian.local', 'tenant');
    const device = await api<{ id: { id: string }; type: string }>(
      server,
      'GET',
      `/api/tenant/devices?deviceName=${encodeURIComponent('Imported 7')}`,
      { token },
    );
    expect(device.status).toBe(200);
    expect(device.body.type).toBe('e2e-import');
    const base = `/api/plugins/telemetry/DEVICE/${device.body.id.id}`;
    const credentials = await api<{ credentialsId: string }>(
      server,
      'GET',
      `/api/device/${device.body.id.id}/credentials`,
      { token },
    );
    expect(credentials.body.credentialsId).toBe('IMPORTED_TOKEN_7');
    const attributes = await api<{ key: string; value: unknown }[]>(
      server,
      'GET',
      `${base}/values/attributes/SERVER_SCOPE?keys=model`,
      { token },
    );
    expect(attributes.body.map(({ key, value }) => ({ key, value }))).toEqual([
      { key: 'model', value: 'M-2' },
    ]);
    const series = await api<Record<string, { value: unknown }[]>>(
      server,
      'GET',
      `${base}/values/timeseries?keys=temperature`,
      { token },
    );
    expect(String(series.body.temperature?.[0]?.value)).toBe('27.5');

    // The same file again, updating existing devices: nothing new; the reference counts each
    // matched row as updated.
    await openImport(page, file);
    await page.click(tid(B.next));
    await setUpdate(page, true);
    await page.click(tid(B.next));
    await mapColumns(page);
    await page.click(tid(B.start));
    expect(await resultTexts(page)).toEqual({
      created: '0 new entities were created.',
      updated: '1,000 entities were updated.',
      errors: 'No line failed.',
    });
    await page.click(tid(B.close));

    // A file with one broken line in its second part: the good lines import, the error names the
    // line of the file (line 131: the header is line 1).
    const broken = writeCsv('devices-broken.csv', devicesCsv('Broken', 150, 130));
    await openImport(page, broken);
    await page.click(tid(B.next));
    await page.click(tid(B.next));
    await mapColumns(page);
    await page.click(tid(B.start));
    expect(await resultTexts(page)).toEqual({
      created: '149 new entities were created.',
      updated: '0 entities were updated.',
      errors: '1 line failed:',
    });
    const errors = await page.locator(`${tid(B.errorList)} li`).allTextContents();
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^Line: 131; Error: Wrong number of columns/);
    await screenshot(page, 'import-5-done-with-error');
    await page.click(tid(B.close));
    const missing = await api(
      server,
      'GET',
      `/api/tenant/devices?deviceName=${encodeURIComponent('Broken 130')}`,
      {
        token,
      },
    );
    expect(missing.status).toBe(404);
    await context.close();
  });
});

describe('entity views', () => {
  it('a tenant admin creates an entity view for a device and assigns it to Customer A, whose user sees it', async () => {
    const VIEW = 'E2E Thermostat view';
    const tenant = await openSignedIn(browser, server, 'tenant@meridian.local', 'tenant');
    const page = tenant.page;
    await page.click(tid(selectors.menu.link('/entityViews')));
    await page.waitForSelector(tid(T.root('entity-views')));
    await page.click(tid(T.add));
    await page.waitForSelector(tid(T.addDialog));
    await page.fill(tid(V.name), VIEW);
    await page.fill(tid(V.type), 'e2e-views');
    await pick(page, tid(V.targetEntity), 'Device A1', 'Test Device A1');
    await page.click(tid(V.keys('timeseries')));
    await page.fill(tid(V.keys('timeseries')), 'temperature,humidity,');
    await page.click(tid(V.keys('serverAttributes')));
    await page.fill(tid(V.keys('serverAttributes')), 'model');
    await page.keyboard.press('Enter');
    await page.fill(tid(V.startTime), '01/01/2024, 12:00:00 AM');
    await page.waitForSelector(`${tid(T.addSubmit)}:not([disabled])`);
    await screenshot(page, 'entity-view-add-dialog');
    await page.click(tid(T.addSubmit));
    await page.waitForSelector(tid(T.addDialog), { state: 'detached' });
    const row = rowOf(page, VIEW);
    await row.waitFor();

    // Assign to Customer A from the row.
    await row.locator(tid(T.rowAction('assignToCustomer'))).click();
    await pick(page, tid(selectors.assignDialog.customer), 'Customer A', 'Customer A');
    await page.click(tid(selectors.assignDialog.submit));
    await page.waitForSelector(tid(selectors.assignDialog.root), { state: 'detached' });
    await row.getByRole('cell', { name: 'Customer A', exact: true }).waitFor();
    await screenshot(page, 'entity-views-table');

    // What the server stored.
    const token = await loginToken(server, 'tenant@meridian.local', 'tenant');
    const stored = await api<{
      entityId: { entityType: string };
      keys: unknown;
      startTimeMs: number;
      customerId: { id: string };
    }>(server, 'GET', `/api/tenant/entityViews?entityViewName=${encodeURIComponent(VIEW)}`, { token });
    expect(stored.status).toBe(200);
    expect(stored.body.entityId.entityType).toBe('DEVICE');
    expect(stored.body.keys).toEqual({
      timeseries: ['temperature', 'humidity'],
      attributes: { cs: [], ss: ['model'], sh: [] },
    });
    expect(stored.body.startTimeMs).toBe(Date.UTC(2024, 0, 1));
    await tenant.context.close();

    // The device reports a key the view shows and one it does not.
    const device = await api<{ id: { id: string } }>(
      server,
      'GET',
      `/api/tenant/devices?deviceName=${encodeURIComponent('Test Device A1')}`,
      { token },
    );
    const posted = await api(
      server,
      'POST',
      `/api/plugins/telemetry/DEVICE/${device.body.id.id}/timeseries/ANY`,
      {
        token,
        body: { temperature: 21.5, pressure: 1013 },
      },
    );
    expect(posted.status).toBe(200);

    // The customer user sees it, read-only.
    const customer = await openSignedIn(browser, server, 'customer@meridian.local', 'customer');
    await customer.page.click(tid(selectors.menu.link('/entityViews')));
    const customerRow = rowOf(customer.page, VIEW);
    await customerRow.waitFor();
    expect(await customer.page.locator(tid(T.add)).count()).toBe(0);
    await customerRow.getByRole('cell', { name: VIEW, exact: true }).click();
    await customer.page.waitForSelector(tid(T.details));
    await customer.page.waitForSelector(tid(selectors.keysList.chip('humidity')));
    await expect.poll(() => customer.page.inputValue(tid(V.targetEntity))).toBe('Test Device A1');
    expect(await customer.page.locator(tid(T.editToggle)).count()).toBe(0);
    await customer.page.waitForTimeout(400); // let the drawer finish sliding in for the picture
    await screenshot(customer.page, 'entity-view-customer-details');
    // Its latest telemetry is the device's, within the view's keys.
    await customer.page.click(tid(T.detailsTab('telemetry')));
    const details = customer.page.locator(tid(T.details));
    await details.getByText('temperature', { exact: true }).waitFor();
    await details.getByText('21.5', { exact: true }).waitFor();
    expect(await details.getByText('pressure', { exact: true }).count()).toBe(0);
    // New values of the device arrive live.
    const next = await api(
      server,
      'POST',
      `/api/plugins/telemetry/DEVICE/${device.body.id.id}/timeseries/ANY`,
      {
        token,
        body: { temperature: 23.5, pressure: 1000 },
      },
    );
    expect(next.status).toBe(200);
    await details.getByText('23.5', { exact: true }).waitFor({ timeout: 5000 });
    expect(await details.getByText('pressure', { exact: true }).count()).toBe(0);
    await screenshot(customer.page, 'entity-view-customer-telemetry');
    await customer.context.close();
  });
});
