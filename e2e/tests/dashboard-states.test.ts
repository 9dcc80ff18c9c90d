// biome-ignore-all lint/suspicious/noTemplateCurlyInString: dashboard state names and patterns use ${...} placeholders
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSelectors } from '../../packages/web/src/dashboard/selectors';
import { controlSelectors } from '../../packages/web/src/widgets/control-support/selectors';
import { mapSelectors } from '../../packages/web/src/widgets/maps/selectors';
import { simpleCardSelectors } from '../../packages/web/src/widgets/simple-card/selectors';
import { widgetTableSelectors } from '../../packages/web/src/widgets/table-parts/selectors';
import { launchBrowser, screenshot, tid } from '../support/browser';
import { api, loginToken, type RunningServer, startServer } from '../support/server';
import { openSignedIn } from '../support/session';

let server: RunningServer;
let browser: Browser;
let dashboardId: string;

const D = dashboardSelectors;
const DEVICES = [
  { name: 'Boiler B1', token: 'STATES_B1_TOKEN', temperature: 61.5 },
  { name: 'Boiler B2', token: 'STATES_B2_TOKEN', temperature: 72.25 },
];

const temperature = {
  name: 'temperature',
  type: 'timeseries',
  label: 'Temperature',
  units: '°C',
  decimals: 1,
};
const openChart = {
  id: 'open-chart',
  name: 'Open chart',
  icon: 'insert_chart',
  type: 'openDashboardState',
  targetDashboardStateId: 'chart',
  setEntityId: true,
};

/**
 * Two states as the reference builds them: a list of boilers whose action cell button opens the
 * "chart" state for the row's boiler, where the widgets follow the "entity from dashboard state" alias.
 */
function dashboardJson() {
  const widget = (id: string, bundleAlias: string, typeAlias: string, type: string, config: object) => ({
    id,
    bundleAlias,
    typeAlias,
    type,
    sizeX: 8,
    sizeY: 5,
    config: { showTitle: true, settings: {}, useDashboardTimewindow: true, ...config },
  });
  const layout = (widgets: Record<string, object>) => ({
    main: { widgets, gridSettings: { columns: 24, margins: [10, 10], autoFillHeight: false } },
  });
  return {
    title: 'Boiler room',
    configuration: {
      widgets: {
        list: widget('list', 'cards', 'entities_table', 'latest', {
          title: 'Boilers',
          datasources: [{ type: 'entity', entityAliasId: 'boilers', dataKeys: [temperature] }],
          actions: {
            actionCellButton: [
              openChart,
              {
                id: 'script-chart',
                name: 'Chart by script',
                icon: 'functions',
                type: 'custom',
                // As ThingsBoard custom actions do it, through the widget context's state controller.
                customFunction: [
                  'var params = widgetContext.stateController.getStateParams();',
                  'params.entityId = entityId;',
                  'params.entityName = entityName;',
                  "widgetContext.stateController.openState('chart', params, false);",
                ].join('\n'),
              },
            ],
            headerButton: [
              {
                id: 'chart-dialog',
                name: 'Chart in a dialog',
                icon: 'open_in_new',
                type: 'openDashboardState',
                targetDashboardStateId: 'chart',
                openInSeparateDialog: true,
                dialogTitle: 'Boiler chart',
              },
              { id: 'pretty', name: 'Pretty', icon: 'code', type: 'customPretty', customHtml: '<div></div>' },
            ],
          },
        }),
        now: widget('now', 'cards', 'simple_card', 'latest', {
          title: 'Now',
          datasources: [{ type: 'entity', entityAliasId: 'current', dataKeys: [temperature] }],
        }),
        history: widget('history', 'charts', 'basic_timeseries', 'timeseries', {
          title: 'History',
          datasources: [{ type: 'entity', entityAliasId: 'current', dataKeys: [temperature] }],
        }),
      },
      states: {
        default: {
          name: 'Boiler room',
          root: true,
          layouts: layout({ list: { sizeX: 12, sizeY: 6, row: 0, col: 0 } }),
        },
        chart: {
          name: '${entityName} chart',
          root: false,
          layouts: layout({
            now: { sizeX: 6, sizeY: 4, row: 0, col: 0 },
            history: { sizeX: 18, sizeY: 6, row: 0, col: 6 },
          }),
        },
      },
      entityAliases: {
        boilers: {
          id: 'boilers',
          alias: 'Boilers',
          filter: {
            type: 'entityName',
            resolveMultiple: true,
            entityType: 'DEVICE',
            entityNameFilter: 'Boiler',
          },
        },
        current: {
          id: 'current',
          alias: 'Current boiler',
          filter: { type: 'stateEntity', resolveMultiple: false, stateEntityParamName: null },
        },
      },
      timewindow: { realtime: { timewindowMs: 3_600_000 } },
      settings: { showTitle: true, stateControllerId: 'entity' },
    },
  };
}

/** The row of the boilers table that shows `name`. */
const rowOf = (page: Page, name: string) =>
  page.locator(`${tid(D.widget('list'))} ${tid(widgetTableSelectors.row)}`, { hasText: name });

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const token = await loginToken(server, 'tenant@meridian.local', 'tenant');
  for (const device of DEVICES) {
    const saved = await api<{ id: { id: string } }>(
      server,
      'POST',
      `/api/device?accessToken=${device.token}`,
      {
        token,
        body: { name: device.name, type: 'boiler' },
      },
    );
    expect(saved.status).toBe(200);
    const sent = await api(server, 'POST', `/api/v1/${device.token}/telemetry`, {
      body: { temperature: device.temperature },
    });
    expect(sent.status).toBe(200);
  }
  const saved = await api<{ id: { id: string } }>(server, 'POST', '/api/dashboard', {
    token,
    body: dashboardJson(),
  });
  expect(saved.status).toBe(200);
  dashboardId = saved.body.id.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('dashboard states and widget actions', () => {
  it('opens the chart state of the clicked boiler, keeps it on reload and goes back by the breadcrumb', async () => {
    const { page } = await openSignedIn(browser, server, 'tenant@meridian.local', 'tenant');
    await page.goto(`${server.url}/dashboards/${dashboardId}`);
    await expect.poll(() => rowOf(page, 'Boiler B2').count()).toBe(1);
    await rowOf(page, 'Boiler B2').getByRole('button', { name: 'Open chart' }).click();

    const value = page.locator(`${tid(D.widget('now'))} ${tid(simpleCardSelectors.value)}`);
    await expect.poll(() => value.textContent()).toBe('72.3 °C');
    await expect.poll(() => page.textContent(tid(D.states))).toBe('Boiler roomBoiler B2 chart');
    expect(new URL(page.url()).searchParams.get('state')).toBeTruthy();
    await page.waitForSelector(`${tid(D.widget('history'))} canvas`);
    await screenshot(page, 'dashboard-states-chart');

    await page.reload();
    await expect.poll(() => value.textContent()).toBe('72.3 °C');
    await expect.poll(() => page.textContent(tid(D.states))).toBe('Boiler roomBoiler B2 chart');

    await page.locator(tid(D.states)).getByRole('button', { name: 'Boiler room' }).click();
    await expect.poll(() => rowOf(page, 'Boiler B1').count()).toBe(1);
    expect(await page.locator(tid(D.states)).count()).toBe(0);
    // The browser's back button returns to the chart state, as it is a URL of its own.
    await page.goBack();
    await expect.poll(() => value.textContent()).toBe('72.3 °C');
  });

  it('runs a custom JavaScript action in the sandbox, which opens the chart state of its row', async () => {
    const { page } = await openSignedIn(browser, server, 'tenant@meridian.local', 'tenant');
    await page.goto(`${server.url}/dashboards/${dashboardId}`);
    await expect.poll(() => rowOf(page, 'Boiler B1').count()).toBe(1);
    await rowOf(page, 'Boiler B1').getByRole('button', { name: 'Chart by script' }).click();
    const value = page.locator(`${tid(D.widget('now'))} ${tid(simpleCardSelectors.value)}`);
    await expect.poll(() => value.textContent(), { timeout: 10_000 }).toBe('61.5 °C');
    await expect.poll(() => page.textContent(tid(D.states))).toBe('Boiler roomBoiler B1 chart');
  });

  it('opens a state in a dialog from a header button, and says a custom HTML action is not supported', async () => {
    const { page } = await openSignedIn(browser, server, 'tenant@meridian.local', 'tenant');
    await page.goto(`${server.url}/dashboards/${dashboardId}`);
    await expect.poll(() => rowOf(page, 'Boiler B1').count()).toBe(1);
    // The table's data downloads as CSV from its header.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator(`${tid(D.widget('list'))} ${tid(D.widgetExport)}`).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Boilers.csv');
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    const [header, ...rows] = csv.trimEnd().split('\r\n');
    expect(header).toBe('\uFEFFEntity name,Temperature');
    expect(rows.sort()).toEqual(['Boiler B1,61.5', 'Boiler B2,72.25']);

    await page.getByRole('button', { name: 'Chart in a dialog' }).click();
    const dialog = page.getByRole('dialog', { name: 'Boiler chart' });
    await dialog.waitFor();
    // No entity is selected in the dialog's state: its widgets say so, and the rest works.
    await expect.poll(() => dialog.textContent()).toContain('No entity found');
    await screenshot(page, 'dashboard-states-dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await page.getByRole('button', { name: 'Pretty' }).click();
    await expect
      .poll(() => page.textContent('body'))
      .toContain('Custom actions with an HTML template are not supported in Meridian.');
    expect(await rowOf(page, 'Boiler B1').count()).toBe(1);
  });

  it('opens a demo device’s own state from the home dashboard, and a reload keeps it', async () => {
    const { page } = await openSignedIn(browser, server, 'tenant@meridian.local', 'tenant');
    await page.goto(`${server.url}/home`);
    // The demo devices stand on the map (no tile server here: the markers draw without tiles),
    // and the heating switch targets the thermostat.
    await expect
      .poll(() => page.locator(`${tid(D.widget('map'))} ${tid(mapSelectors.marker)}`).count(), {
        timeout: 15_000,
      })
      .toBe(2);
    await page.locator(`${tid(D.widget('pump'))} ${tid(controlSelectors.switch)}`).waitFor();
    await screenshot(page, 'dashboard-states-demo');
    const devices = page.locator(tid(D.widget('devices')));
    const row = devices.locator(tid(widgetTableSelectors.row), { hasText: 'Thermostat T1' });
    await row.getByRole('button', { name: 'Device details' }).click();
    await expect.poll(() => page.textContent(tid(D.states))).toBe('Demo devicesThermostat T1');
    await page.waitForSelector(`${tid(D.widget('deviceChart'))} canvas`);
    await page.reload();
    await expect.poll(() => page.textContent(tid(D.states))).toBe('Demo devicesThermostat T1');
    await page.waitForSelector(`${tid(D.widget('deviceChart'))} canvas`);
    // The thermostat's settings form, beside the chart.
    await page.waitForSelector(`${tid(D.widget('deviceSettings'))} [data-key="targetTemperature"]`);
    await screenshot(page, 'dashboard-states-demo-device');
  });
});
