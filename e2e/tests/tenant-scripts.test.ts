import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSelectors } from '../../packages/web/src/dashboard/selectors';
import { simpleCardSelectors } from '../../packages/web/src/widgets/simple-card/selectors';
import { widgetTableSelectors } from '../../packages/web/src/widgets/table-parts/selectors';
import { launchBrowser, screenshot, tid } from '../support/browser';
import { api, loginToken, type RunningServer, startServer } from '../support/server';
import { openSignedIn } from '../support/session';

let server: RunningServer;
let browser: Browser;
let token: string;
let dashboardId: string;

const TOKEN = 'T1_TEST_TOKEN';
const D = dashboardSelectors;

type Key = Record<string, unknown>;
const fnKey = (label: string, funcBody: string, extra: Key = {}): Key => ({
  name: 'f(x)',
  type: 'function',
  label,
  color: '#2196f3',
  funcBody,
  decimals: 0,
  ...extra,
});
const temperature = (extra: Key = {}): Key => ({
  name: 'temperature',
  type: 'timeseries',
  label: 'Temperature',
  color: '#4caf50',
  units: '°C',
  decimals: 1,
  ...extra,
});
const functionSource = (...dataKeys: Key[]) => [{ type: 'function', name: 'Simulated', dataKeys }];
const deviceSource = (...dataKeys: Key[]) => [{ type: 'entity', entityAliasId: 'thermostat', dataKeys }];

function widget(id: string, typeAlias: string, title: string, datasources: unknown[]) {
  const [bundleAlias, type] =
    typeAlias === 'basic_timeseries' ? ['charts', 'timeseries'] : ['cards', 'latest'];
  return {
    id,
    bundleAlias,
    typeAlias,
    type,
    sizeX: 6,
    sizeY: 4,
    config: { title, showTitle: true, datasources, settings: {}, useDashboardTimewindow: true },
  };
}

/** Every kind of tenant script on one dashboard, plus a widget whose script throws. */
function dashboardJson(deviceId: string) {
  const widgets = [
    widget(
      'counter',
      'simple_card',
      'Function counter',
      functionSource(fnKey('Counter', 'return prevValue + 1;')),
    ),
    widget(
      'sine',
      'basic_timeseries',
      'Function chart',
      functionSource(fnKey('Sin', 'return Math.round(1000 * Math.sin(time / 5000));')),
    ),
    widget(
      'scaled',
      'simple_card',
      'Post-processed',
      deviceSource(temperature({ usePostProcessing: true, postFuncBody: 'return value * 10;' })),
    ),
    widget('raw', 'simple_card', 'Raw', deviceSource(temperature())),
    widget('count', 'simple_card', 'Device count', [
      {
        type: 'entityCount',
        entityAliasId: 'devices',
        dataKeys: [{ name: 'count', type: 'count', label: 'Devices', color: '#f44336', decimals: 0 }],
      },
    ]),
    widget(
      'broken',
      'simple_card',
      'Broken',
      deviceSource(
        temperature({ usePostProcessing: true, postFuncBody: 'throw new Error("broken on purpose");' }),
      ),
    ),
    widget(
      'storage',
      'simple_card',
      'Local storage',
      functionSource(fnKey('Storage', 'return typeof localStorage;')),
    ),
    widget(
      'fetch',
      'simple_card',
      'API without token',
      functionSource(
        fnKey(
          'GET /api/auth/user',
          "return fetch('/api/auth/user').then(function (r) { return r.status; });",
        ),
      ),
    ),
  ];
  // Cards four to a row; the chart (second widget) gets the last row to itself.
  const place = (i: number) => {
    if (i === 1) return { sizeX: 24, sizeY: 6, row: 8, col: 0 };
    const slot = i === 0 ? 0 : i - 1;
    return { sizeX: 6, sizeY: 4, row: slot < 4 ? 0 : 4, col: (slot % 4) * 6 };
  };
  const layoutWidgets: Record<string, unknown> = {};
  widgets.forEach((w, i) => {
    layoutWidgets[w.id] = place(i);
  });
  return {
    title: 'Tenant scripts',
    configuration: {
      widgets: Object.fromEntries(widgets.map((w) => [w.id, w])),
      states: {
        default: {
          name: 'Tenant scripts',
          root: true,
          layouts: {
            main: {
              widgets: layoutWidgets,
              gridSettings: { columns: 24, margins: [10, 10], autoFillHeight: false },
            },
          },
        },
      },
      entityAliases: {
        thermostat: {
          id: 'thermostat',
          alias: 'Thermostat',
          filter: {
            type: 'singleEntity',
            resolveMultiple: false,
            singleEntity: { entityType: 'DEVICE', id: deviceId },
          },
        },
        devices: {
          id: 'devices',
          alias: 'Devices',
          filter: { type: 'entityType', resolveMultiple: true, entityType: 'DEVICE' },
        },
      },
      timewindow: { realtime: { timewindowMs: 60_000 } },
      settings: { showTitle: true },
    },
  };
}

async function publish(value: number) {
  const res = await api(server, 'POST', `/api/v1/${TOKEN}/telemetry`, { body: { temperature: value } });
  expect(res.status).toBe(200);
}

async function deviceCount(): Promise<number> {
  const res = await api<{ totalElements: number }>(server, 'GET', '/api/tenant/devices?pageSize=1&page=0', {
    token,
  });
  return res.body.totalElements;
}

const cardValue = (page: Page, id: string) =>
  page.locator(`${tid(D.widget(id))} ${tid(simpleCardSelectors.value)}`);

beforeAll(async () => {
  // Entity counts are checked again every second instead of every minute.
  server = await startServer({ env: { WS_REFRESH_INTERVAL_MS: '1000' } });
  browser = await launchBrowser();
  token = await loginToken(server, 'tenant@meridian.local', 'tenant');
  const device = await api<{ id: { id: string } }>(
    server,
    'GET',
    '/api/tenant/devices?deviceName=Thermostat%20T1',
    {
      token,
    },
  );
  const saved = await api<{ id: { id: string } }>(server, 'POST', '/api/dashboard', {
    token,
    body: dashboardJson(device.body.id.id),
  });
  expect(saved.status).toBe(200);
  dashboardId = saved.body.id.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('tenant scripts', () => {
  it('run in the worker: function datasources, post-processing, entity count; a throwing one stays in its widget', async () => {
    await publish(2.5);
    const { page } = await openSignedIn(browser, server, 'tenant@meridian.local', 'tenant');
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const workerPolicies: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/assets/tenant-script.worker-'))
        workerPolicies.push(response.headers()['content-security-policy'] ?? '');
    });
    const opened = await page.goto(`${server.url}/dashboards/${dashboardId}`);
    const pagePolicy = opened?.headers()['content-security-policy'] ?? '';
    await page.waitForSelector(tid(D.viewer));

    // The function key counts up once a second from its previous value.
    const counter = cardValue(page, 'counter');
    await expect
      .poll(async () => Number(await counter.textContent()), { timeout: 10_000 })
      .toBeGreaterThan(1);
    const before = Number(await counter.textContent());
    await expect
      .poll(async () => Number(await counter.textContent()), { timeout: 10_000 })
      .toBeGreaterThan(before);

    // The chart of a function key draws on its canvas.
    await page.waitForSelector(`${tid(D.widget('sine'))} canvas`);

    // value * 10 in the worker; the same key without the function stays as it came.
    await expect.poll(() => cardValue(page, 'scaled').textContent()).toBe('25.0 °C');
    await expect.poll(() => cardValue(page, 'raw').textContent()).toBe('2.5 °C');
    await publish(3.25);
    await expect.poll(() => cardValue(page, 'scaled').textContent()).toBe('32.5 °C');
    await expect.poll(() => cardValue(page, 'raw').textContent()).toBe('3.3 °C');

    // The entity count follows devices being added.
    const count = await deviceCount();
    await expect.poll(() => cardValue(page, 'count').textContent()).toBe(String(count));
    const added = await api(server, 'POST', '/api/device', {
      token,
      body: { name: 'Counted device', type: 'default' },
    });
    expect(added.status).toBe(200);
    await expect
      .poll(() => cardValue(page, 'count').textContent(), { timeout: 10_000 })
      .toBe(String(count + 1));

    // The throwing function's error shows in its widget only.
    const broken = page.locator(tid(D.widget('broken')));
    await expect.poll(() => broken.textContent()).toContain('A script of this widget failed.');
    expect(await broken.textContent()).toContain('Error: broken on purpose');

    // The worker sees no localStorage, and the API does not know it: no token goes with its calls.
    await expect.poll(() => cardValue(page, 'storage').textContent()).toBe('undefined');
    await expect.poll(() => cardValue(page, 'fetch').textContent()).toBe('401');

    // Only the worker's own policy allows eval; the page's does not.
    expect(pagePolicy).toContain("script-src 'self'");
    expect(pagePolicy).not.toContain('unsafe-eval');
    expect(workerPolicies).toEqual([expect.stringContaining("script-src 'self' 'unsafe-eval'")]);
    expect(pageErrors).toEqual([]);
    const file = await screenshot(page, 'tenant-scripts');
    fs.copyFileSync(file, '/tmp/sandbox-tenant-scripts.png');
    // The chart is below the fold: a picture of it alone, after some seconds of points.
    const chart = page.locator(tid(D.widget('sine')));
    await chart.scrollIntoViewIfNeeded();
    await chart.screenshot({ path: '/tmp/sandbox-function-chart.png', animations: 'disabled' });
  });

  it('a looping function times out in its widget while the others keep updating', async () => {
    const looping = dashboardJson('00000000-0000-0000-0000-000000000000');
    looping.title = 'Looping script';
    looping.configuration.widgets.broken = widget(
      'broken',
      'simple_card',
      'Looping',
      functionSource(fnKey('Loop', 'while (true) {}')),
    );
    const saved = await api<{ id: { id: string } }>(server, 'POST', '/api/dashboard', {
      token,
      body: looping,
    });
    expect(saved.status).toBe(200);
    const { page } = await openSignedIn(browser, server, 'tenant@meridian.local', 'tenant');
    await page.goto(`${server.url}/dashboards/${saved.body.id.id}`);
    const broken = page.locator(tid(D.widget('broken')));
    await expect.poll(() => broken.textContent(), { timeout: 15_000 }).toContain('did not finish within');
    const counter = cardValue(page, 'counter');
    const before = Number(await counter.textContent());
    await expect
      .poll(async () => Number(await counter.textContent()), { timeout: 15_000 })
      .toBeGreaterThan(before);
    const file = await screenshot(page, 'tenant-scripts-looping');
    fs.copyFileSync(file, '/tmp/sandbox-tenant-scripts-looping.png');
  });

  it('runs widget settings’ functions: table cell content and style, chart ticks and tooltip', async () => {
    const functions = dashboardJson('00000000-0000-0000-0000-000000000000');
    functions.title = 'Widget functions';
    const table = widget('table', 'entities_table', 'Devices table', [
      {
        type: 'entity',
        entityAliasId: 'devices',
        dataKeys: [
          temperature({
            settings: {
              useCellContentFunction: true,
              cellContentFunction:
                "if (value === '') return '–'; return '<b class=\"reading\">' + Number(value).toFixed(2) + ' °C</b> at ' + entity.entityName + '<img src=x style=\"display: none\" onerror=\"window.__pwned = 1\">';",
              useCellStyleFunction: true,
              cellStyleFunction:
                "return value !== '' && Number(value) > 3 ? {'background-color': 'rgb(255, 205, 210)', 'font-weight': 700} : {};",
            },
          }),
          temperature({
            label: 'Broken cell',
            settings: { useCellContentFunction: true, cellContentFunction: 'throw new Error("cell");' },
          }),
        ],
      },
    ]);
    const chart = widget('ticks', 'basic_timeseries', 'Formatted chart', [
      { type: 'entity', entityAliasId: 'thermostat', dataKeys: [temperature()] },
    ]);
    chart.config.settings = {
      yaxis: { ticksFormatter: "return value.toFixed(1) + ' deg';" },
      tooltipValueFormatter: "return '<i class=\"tip\">' + value.toFixed(2) + ' degrees</i>';",
    };
    functions.configuration.widgets = { table, ticks: chart } as never;
    functions.configuration.states.default.layouts.main.widgets = {
      table: { sizeX: 24, sizeY: 7, row: 0, col: 0 },
      ticks: { sizeX: 24, sizeY: 6, row: 7, col: 0 },
    };
    const device = await api<{ id: { id: string } }>(
      server,
      'GET',
      '/api/tenant/devices?deviceName=Thermostat%20T1',
      { token },
    );
    functions.configuration.entityAliases.thermostat.filter.singleEntity.id = device.body.id.id;
    const saved = await api<{ id: { id: string } }>(server, 'POST', '/api/dashboard', {
      token,
      body: functions,
    });
    expect(saved.status).toBe(200);
    await publish(2.25);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await publish(4.5);

    const { page } = await openSignedIn(browser, server, 'tenant@meridian.local', 'tenant');
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${server.url}/dashboards/${saved.body.id.id}`);
    await page.waitForSelector(tid(D.viewer));

    // The thermostat's row: its reading through the content function, styled by the style function.
    const row = page.locator(tid(widgetTableSelectors.row), { hasText: 'Thermostat T1' });
    const reading = row.locator('b.reading');
    await expect.poll(() => reading.textContent(), { timeout: 10_000 }).toBe('4.50 °C');
    const cell = row.locator('td').nth(2);
    expect(await cell.textContent()).toBe('4.50 °C at Thermostat T1');
    expect(await cell.evaluate((td) => getComputedStyle(td).backgroundColor)).toBe('rgb(255, 205, 210)');
    expect(await cell.evaluate((td) => getComputedStyle(td).fontWeight)).toBe('700');
    // The function's HTML was sanitized: the image stays, its handler does not.
    expect(await cell.innerHTML()).not.toContain('onerror');
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    // The throwing function's cell shows the raw value.
    expect(await row.locator('td').nth(3).textContent()).toBe('4.5');
    // Devices without a reading go through the function too.
    const other = page.locator(tid(widgetTableSelectors.row)).filter({ hasNotText: 'Thermostat T1' }).first();
    expect(await other.locator('td').nth(2).textContent()).toBe('–');

    const file = await screenshot(page, 'tenant-scripts-widget-functions');
    fs.copyFileSync(file, '/tmp/widget-functions.png');

    // A live update runs the functions again.
    await publish(1.75);
    await expect.poll(() => reading.textContent(), { timeout: 10_000 }).toBe('1.75 °C');
    await expect
      .poll(() => cell.evaluate((td) => getComputedStyle(td).backgroundColor))
      .toBe('rgba(0, 0, 0, 0)');

    // The chart's tooltip shows values through tooltipValueFormatter (its ticks: see the screenshot).
    const canvas = page.locator(`${tid(D.widget('ticks'))} canvas`).first();
    await canvas.waitFor();
    await canvas.scrollIntoViewIfNeeded();
    const box = await canvas.boundingBox();
    if (!box) throw new Error('chart has no box');
    await page.mouse.move(box.x + box.width - 30, box.y + box.height / 2);
    const tip = page.locator(`${tid(D.widget('ticks'))} i.tip`);
    await expect.poll(() => tip.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await tip.first().textContent()).toMatch(/^\d+\.\d\d degrees$/);
    expect(pageErrors).toEqual([]);
    await page
      .locator(tid(D.widget('ticks')))
      .screenshot({ path: '/tmp/widget-functions-chart.png', animations: 'disabled' });
  });
});
