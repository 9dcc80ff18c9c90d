import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSelectors } from '../../packages/web/src/dashboard/selectors';
import { selectors } from '../../packages/web/src/selectors';
import { alarmsTableSelectors } from '../../packages/web/src/widgets/alarms-table/selectors';
import { simpleCardSelectors } from '../../packages/web/src/widgets/simple-card/selectors';
import { launchBrowser, newPage, screenshot, tid } from '../support/browser';
import { api, deviceIdByName, loginToken, type RunningServer, startServer } from '../support/server';
import { openSignedIn } from '../support/session';

let server: RunningServer;
let browser: Browser;
let deviceId: string;
let dashboardId: string;
let publicId: string;

const DEVICE = 'Thermostat T1';
const TOKEN = 'T1_TEST_TOKEN';
const D = dashboardSelectors;
const T = selectors.entityTable;

/** A dashboard as the reference exports it: a device alias, a simple card, a line chart, an unknown widget. */
function dashboardJson(deviceId: string) {
  const temperature = {
    name: 'temperature',
    type: 'timeseries',
    label: 'Temperature',
    color: '#2196f3',
    units: '°C',
    decimals: 1,
  };
  const datasources = [{ type: 'entity', entityAliasId: 'alias-1', dataKeys: [temperature] }];
  const widget = (id: string, bundleAlias: string, typeAlias: string, type: string, title: string) => ({
    id,
    bundleAlias,
    typeAlias,
    type,
    sizeX: 8,
    sizeY: 5,
    config: { title, showTitle: true, datasources, settings: {}, useDashboardTimewindow: true },
  });
  return {
    title: 'Thermostat viewer',
    configuration: {
      widgets: {
        card: widget('card', 'cards', 'simple_card', 'latest', 'Now'),
        chart: widget('chart', 'charts', 'basic_timeseries', 'timeseries', 'Temperature chart'),
        unknown: widget('unknown', 'custom_bundle', 'gizmo', 'latest', 'Gizmo'),
        gauge: widget('gauge', 'analogue_gauges', 'radial_gauge_canvas_gauges', 'latest', 'Gauge'),
        table: widget('table', 'cards', 'entities_table', 'latest', 'Thermostats'),
        alarms: {
          ...widget('alarms', 'alarm_widgets', 'alarms_table', 'alarm', 'Alarms'),
          config: {
            title: 'Alarms',
            showTitle: true,
            datasources: [],
            alarmSource: {
              type: 'entity',
              entityAliasId: 'alias-1',
              dataKeys: ['createdTime', 'type', 'severity', 'status'].map((name) => ({
                name,
                type: 'alarm',
                label: name,
              })),
            },
            alarmSearchStatus: 'ANY',
            settings: { allowAcknowledgment: true, allowClear: true },
            useDashboardTimewindow: true,
          },
        },
      },
      states: {
        default: {
          name: 'Thermostat viewer',
          root: true,
          layouts: {
            main: {
              widgets: {
                card: { sizeX: 6, sizeY: 4, row: 0, col: 0, mobileOrder: 2 },
                chart: { sizeX: 18, sizeY: 6, row: 0, col: 6, mobileOrder: 1, mobileHeight: 4 },
                unknown: { sizeX: 8, sizeY: 6, row: 6, col: 0 },
                gauge: { sizeX: 8, sizeY: 6, row: 6, col: 8 },
                table: { sizeX: 8, sizeY: 6, row: 6, col: 16 },
                alarms: { sizeX: 24, sizeY: 5, row: 12, col: 0 },
              },
              gridSettings: {
                columns: 24,
                margins: [10, 10],
                backgroundColor: '#eeeeee',
                autoFillHeight: false,
              },
            },
          },
        },
      },
      entityAliases: {
        'alias-1': {
          id: 'alias-1',
          alias: 'Thermostat',
          filter: {
            type: 'singleEntity',
            resolveMultiple: false,
            singleEntity: { entityType: 'DEVICE', id: deviceId },
          },
        },
      },
      timewindow: { realtime: { timewindowMs: 3_600_000 } },
      settings: { showTitle: true },
    },
  };
}

async function publish(value: number) {
  const res = await api(server, 'POST', `/api/v1/${TOKEN}/telemetry`, { body: { temperature: value } });
  expect(res.status).toBe(200);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const token = await loginToken(server, 'tenant@meridian.local', 'tenant');
  deviceId = await deviceIdByName(server, token, DEVICE);
  const saved = await api<{ id: { id: string } }>(server, 'POST', '/api/dashboard', {
    token,
    body: dashboardJson(deviceId),
  });
  expect(saved.status).toBe(200);
  dashboardId = saved.body.id.id;
  const made = await api<{ assignedCustomers: { customerId: { id: string }; public: boolean }[] }>(
    server,
    'POST',
    `/api/customer/public/dashboard/${dashboardId}`,
    { token },
  );
  expect(made.status).toBe(200);
  const customer = made.body.assignedCustomers.find((c) => c.public);
  publicId = customer?.customerId.id ?? '';
  // The public customer sees only public entities: the device is made public too.
  const devicePublic = await api(server, 'POST', `/api/customer/public/device/${deviceId}`, {
    token,
  });
  expect(devicePublic.status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('dashboard viewer', () => {
  it('shows the layout, updates the card live and keeps an unknown widget in its frame', async () => {
    await publish(20);
    const { page } = await openSignedIn(browser, server, 'tenant@meridian.local', 'tenant');
    await page.goto(`${server.url}/dashboards/${dashboardId}`);
    await page.waitForSelector(tid(D.viewer));
    await expect.poll(() => page.textContent(tid(D.title))).toBe('Thermostat viewer');
    expect(await page.textContent(tid(D.timewindow))).toBe('Realtime – last 1 hour');
    const value = page.locator(`${tid(D.widget('card'))} ${tid(simpleCardSelectors.value)}`);
    await expect.poll(() => value.textContent()).toBe('20.0 °C');
    await publish(23.46);
    await expect.poll(() => value.textContent()).toBe('23.5 °C');
    await expect.poll(() => page.textContent(tid(D.widget('unknown')))).toContain('Widget type not found');
    // The line chart draws on a canvas, loaded with its own chunk.
    await page.waitForSelector(`${tid(D.widget('chart'))} canvas`);
    // The gauge draws on a canvas too; the entities table lists the device with its latest value.
    await page.waitForSelector(`${tid(D.widget('gauge'))} canvas`);
    await expect.poll(() => page.textContent(tid(D.widget('table')))).toContain(DEVICE);
    await expect.poll(() => page.textContent(tid(D.widget('table')))).toContain('23.5 °C');
    // An alarm of the device appears in the alarms table live, and is acknowledged from it.
    const token = await loginToken(server, 'tenant@meridian.local', 'tenant');
    const raised = await api(server, 'POST', '/api/alarm', {
      token,
      body: {
        type: 'Overheating',
        originator: { entityType: 'DEVICE', id: deviceId },
        severity: 'CRITICAL',
        status: 'ACTIVE_UNACK',
      },
    });
    expect(raised.status).toBe(200);
    const alarms = page.locator(tid(D.widget('alarms')));
    await expect.poll(() => alarms.textContent()).toContain('Overheating');
    await alarms.locator(tid(alarmsTableSelectors.acknowledge)).first().click();
    await expect.poll(() => alarms.textContent()).toContain('Active, acknowledged');
    await screenshot(page, 'dashboard-viewer');
  });

  it('takes a screenshot as the dashboard image, shown in the dashboard details', async () => {
    const { page } = await openSignedIn(browser, server, 'tenant@meridian.local', 'tenant');
    await page.goto(`${server.url}/dashboards/${dashboardId}`);
    await page.waitForSelector(`${tid(D.widget('chart'))} canvas`);
    await page.click(tid(D.updateImage));
    const preview = page.locator(tid(D.updateImagePreview));
    await preview.waitFor();
    // The thumbnail is the dashboard scaled down to 640 px.
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(640);
    await screenshot(page, 'dashboard-update-image');
    await page.click(tid(D.updateImageSave));
    await page.locator(tid(D.updateImageDialog)).waitFor({ state: 'detached' });
    const token = await loginToken(server, 'tenant@meridian.local', 'tenant');
    const info = await api<{ image: string | null }>(server, 'GET', `/api/dashboard/info/${dashboardId}`, {
      token,
    });
    expect(info.body.image).toMatch(/^data:image\/jpeg;base64,/);
    // The dashboard's details show it in their image input.
    await page.click(tid(selectors.menu.link('/dashboards')));
    await page.locator(tid(T.row)).filter({ hasText: 'Thermostat viewer' }).first().click();
    const image = page.locator(`${tid(T.details)} ${tid(selectors.dashboards.image)} img`);
    await expect.poll(() => image.getAttribute('src')).toBe(info.body.image);
    await screenshot(page, 'dashboard-details-image');
  });

  it('opens full screen without the toolbar, and as the public customer without signing in', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${server.url}/dashboard/${dashboardId}?publicId=${publicId}&hideToolbar=true`);
    await page.waitForSelector(tid(D.widget('card')));
    expect(await page.locator(tid(D.toolbar)).count()).toBe(0);
    const value = page.locator(`${tid(D.widget('card'))} ${tid(simpleCardSelectors.value)}`);
    await expect.poll(() => value.textContent()).toBe('23.5 °C');
    await screenshot(page, 'dashboard-viewer-public');
  });

  it('stacks the widgets by mobile order on a 390 x 844 phone', async () => {
    const { page } = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.url}/dashboard/${dashboardId}?publicId=${publicId}`);
    await page.waitForSelector(tid(D.widget('card')));
    const boxes = await Promise.all(
      ['chart', 'card', 'unknown'].map(async (id) => page.locator(tid(D.widget(id))).boundingBox()),
    );
    const [chart, card, unknown] = boxes.map((box) => box ?? { x: 0, y: 0, width: 0, height: 0 });
    // One column as wide as the phone (less the margins), in mobile order, mobileHeight 4 rows of 70 px.
    for (const box of [chart, card, unknown]) expect(box?.width).toBeGreaterThan(350);
    expect(chart?.y).toBeLessThan(card?.y ?? 0);
    expect(card?.y).toBeLessThan(unknown?.y ?? 0);
    expect(Math.round(chart?.height ?? 0)).toBe(280);
    await screenshot(page, 'dashboard-viewer-phone');
  });
});
