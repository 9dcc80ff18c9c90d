import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardSelectors } from '../../packages/web/src/dashboard/selectors';
import { selectors } from '../../packages/web/src/selectors';
import { entityAdminSelectors } from '../../packages/web/src/widgets/entity-admin-table/selectors';
import { widgetTableSelectors } from '../../packages/web/src/widgets/table-parts/selectors';
import { newPage, screenshot, tid } from '../support/browser';
import { api, loginToken, saveDashboard, shareDashboardPublicly } from '../support/server';
import { openSignedIn, signIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

const suite = useServerAndBrowser();
const D = dashboardSelectors;
const A = entityAdminSelectors;
const T = widgetTableSelectors;
const TENANT = ['tenant@meridian.local', 'tenant'] as const;

let token = '';
let dashboardId = '';
let publicId = '';

/** The reference's "Add device" header action, as imported dashboards carry it. */
const ADD_DEVICE_ACTION = {
  id: 'add-device',
  name: 'Add device',
  icon: 'add',
  type: 'customPretty',
  customHtml: '<form></form>',
  customFunction: 'openAddDeviceDialog();',
};

function dashboardJson() {
  const widget = {
    id: 'admin',
    bundleAlias: 'entity_admin_widgets',
    typeAlias: 'device_admin_table',
    type: 'latest',
    sizeX: 12,
    sizeY: 8,
    config: {
      title: 'Device admin table',
      showTitle: true,
      datasources: [
        {
          type: 'entity',
          entityAliasId: 'devices',
          dataKeys: [{ name: 'label', type: 'entityField', label: 'Label', color: '#2196f3', settings: {} }],
        },
      ],
      settings: {
        entitiesTitle: 'Device admin table',
        enableSearch: true,
        displayPagination: false,
        displayEntityType: true,
        defaultSortOrder: 'entityName',
      },
      actions: { headerButton: [ADD_DEVICE_ACTION] },
    },
  };
  return {
    title: 'Device administration',
    configuration: {
      widgets: { admin: widget },
      states: {
        default: {
          name: 'Device administration',
          root: true,
          layouts: {
            main: {
              widgets: { admin: { sizeX: 14, sizeY: 9, row: 0, col: 0 } },
              gridSettings: { columns: 24, margins: [10, 10] },
            },
          },
        },
      },
      entityAliases: {
        devices: {
          id: 'devices',
          alias: 'All devices',
          filter: { type: 'entityType', entityType: 'DEVICE', resolveMultiple: true },
        },
      },
      timewindow: { realtime: { timewindowMs: 3_600_000 } },
      settings: { showTitle: true },
    },
  };
}

/** The tenant's devices of this name, as the server has them. */
async function devicesNamed(
  name: string,
): Promise<{ id: { id: string }; name: string; label: string | null }[]> {
  const res = await api<{ data: { id: { id: string }; name: string; label: string | null }[] }>(
    suite.server,
    'GET',
    `/api/tenant/devices?pageSize=100&page=0&textSearch=${encodeURIComponent(name)}`,
    { token },
  );
  expect(res.status).toBe(200);
  return res.body.data.filter((d) => d.name === name);
}

beforeAll(async () => {
  token = await loginToken(suite.server, ...TENANT);
  const made = await api<{ id: { id: string } }>(suite.server, 'POST', '/api/device', {
    token,
    body: { name: 'Public pump', type: 'default' },
  });
  expect(made.status).toBe(200);
  dashboardId = await saveDashboard(suite.server, token, dashboardJson());
  publicId = await shareDashboardPublicly(suite.server, token, dashboardId, [made.body.id.id]);
});

const inWidget = (selector: string) => `${tid(D.widget('admin'))} ${selector}`;

/** The names in the table's first column. */
const names = (page: Page) =>
  page
    .locator(inWidget(tid(T.row)))
    .evaluateAll((rows) => rows.map((row) => row.querySelector('td')?.textContent ?? ''));

const rowOf = (page: Page, name: string) =>
  page
    .locator(inWidget(tid(T.row)))
    .filter({ has: page.locator('td', { hasText: new RegExp(`^${name}$`) }) });

async function open(page: Page) {
  await page.goto(`${suite.server.url}/dashboards/${dashboardId}`);
  await page.waitForSelector(inWidget(tid(T.row)));
}

describe('entity admin widgets', () => {
  it('a tenant administrator adds, renames and deletes a device from the device admin table', async () => {
    const { context, page } = await openSignedIn(suite.browser, suite.server, ...TENANT);
    await open(page);
    expect(await names(page)).toContain('Public pump');
    // The reference's "Add device" dialog is the widget's own button, not a header action.
    expect(await page.locator(inWidget(tid(D.widgetHeaderAction))).count()).toBe(0);

    await page.click(inWidget(tid(A.addButton)));
    await page.waitForSelector(tid(A.dialog));
    await expect.poll(() => page.inputValue(tid(A.deviceProfile))).toBe('default');
    await page.fill(tid(A.name), 'Boiler room sensor');
    await page.fill(tid(A.label), 'Basement');
    await screenshot(page, 'entity-admin-add-dialog');
    await page.click(tid(A.submit));
    await page.waitForSelector(tid(A.dialog), { state: 'detached' });
    await expect.poll(() => names(page)).toContain('Boiler room sensor');
    const [added] = await devicesNamed('Boiler room sensor');
    expect(added?.label).toBe('Basement');
    await expect
      .poll(() => rowOf(page, 'Boiler room sensor').locator('td').nth(2).textContent())
      .toBe('Basement');

    // A taken name is refused, and the server's reason shows in the dialog.
    await page.click(inWidget(tid(A.addButton)));
    await expect.poll(() => page.inputValue(tid(A.deviceProfile))).toBe('default');
    await page.fill(tid(A.name), 'Public pump');
    await page.click(tid(A.submit));
    await expect.poll(() => page.textContent(tid(A.dialogError))).toMatch(/already exists/i);
    await screenshot(page, 'entity-admin-add-error');
    await page.click(tid(A.cancel));
    await page.waitForSelector(tid(A.dialog), { state: 'detached' });

    await rowOf(page, 'Boiler room sensor').locator(tid(A.editButton)).click();
    await page.waitForSelector(tid(A.dialog));
    await expect.poll(() => page.inputValue(tid(A.name))).toBe('Boiler room sensor');
    await page.fill(tid(A.name), 'Boiler room probe');
    await page.click(tid(A.submit));
    await page.waitForSelector(tid(A.dialog), { state: 'detached' });
    await expect.poll(() => names(page)).toContain('Boiler room probe');
    expect(await names(page)).not.toContain('Boiler room sensor');
    const [renamed] = await devicesNamed('Boiler room probe');
    expect(renamed?.id.id).toBe(added?.id.id);
    expect(renamed?.label).toBe('Basement');
    await screenshot(page, 'entity-admin-table');

    await rowOf(page, 'Boiler room probe').locator(tid(A.deleteButton)).click();
    await page.waitForSelector(tid(selectors.entityTable.confirmDialog));
    expect(await page.textContent(tid(selectors.entityTable.confirmDialog))).toContain(
      'Delete the device “Boiler room probe”?',
    );
    await page.click(tid(selectors.entityTable.confirmOk));
    await expect.poll(() => names(page)).not.toContain('Boiler room probe');
    expect(await devicesNamed('Boiler room probe')).toEqual([]);
    const gone = await api(suite.server, 'GET', `/api/device/${added?.id.id}`, { token });
    expect(gone.status).toBe(404);
    await context.close();
  });

  it('shows its dialog in the dark scheme', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1280, height: 800 }, 'dark');
    await page.goto(`${suite.server.url}/login`);
    await signIn(page, ...TENANT);
    await page.waitForSelector(tid(selectors.shell.root));
    await open(page);
    await rowOf(page, 'Public pump').locator(tid(A.editButton)).click();
    await expect.poll(() => page.inputValue(tid(A.name))).toBe('Public pump');
    await screenshot(page, 'entity-admin-edit-dialog-dark');
    await page.click(tid(A.cancel));
    await context.close();
  });

  it('a public viewer sees the table without admin buttons', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.goto(`${suite.server.url}/dashboard/${dashboardId}?publicId=${publicId}`);
    await page.waitForSelector(inWidget(tid(T.row)));
    await expect.poll(() => names(page)).toEqual(['Public pump']);
    expect(await page.locator(tid(A.addButton)).count()).toBe(0);
    expect(await page.locator(tid(A.editButton)).count()).toBe(0);
    expect(await page.locator(tid(A.deleteButton)).count()).toBe(0);
    await screenshot(page, 'entity-admin-table-public');
    await context.close();
  });
});
