import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dashboardSelectors } from '../../packages/web/src/dashboard/selectors';
import { selectors } from '../../packages/web/src/selectors';
import { screenshot, tid } from '../support/browser';
import { api, loginToken } from '../support/server';
import { signIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

const suite = useServerAndBrowser();
const D = dashboardSelectors;
const DEVICE = 'Thermostat T1';
const TOKEN = 'T1_TEST_TOKEN';

type Key = { name: string; label: string; color: string; units?: string; decimals?: number };
const KEYS: Record<string, Key> = {
  temperature: { name: 'temperature', label: 'Temperature', color: '#2196f3', units: '°C', decimals: 1 },
  humidity: { name: 'humidity', label: 'Humidity', color: '#4caf50', units: '%', decimals: 0 },
  speed: { name: 'speed', label: 'Speed', color: '#ff9800', decimals: 0 },
  heading: { name: 'heading', label: 'Heading', color: '#9c27b0', decimals: 0 },
  state: { name: 'state', label: 'Pump', color: '#f44336', decimals: 0 },
};

/** The reference's saved look of its neon and digital types: light text on black. */
const ON_BLACK = { backgroundColor: '#000000', color: 'rgba(255, 254, 254, 0.87)' };

/** Every new widget type: [id, bundle, type alias, kind, keys, extra config]. */
const WIDGETS: [string, string, string, string, string[], Record<string, unknown>?][] = [
  ['tempRadial', 'analogue_gauges', 'temperature_radial_gauge_canvas_gauges', 'latest', ['temperature']],
  ['speed', 'analogue_gauges', 'speed_gauge_canvas_gauges', 'latest', ['speed']],
  ['thermometer', 'analogue_gauges', 'temperature_gauge_canvas_gauges', 'latest', ['temperature']],
  ['compass', 'analogue_gauges', 'analogue_compass', 'latest', ['heading']],
  ['gauge', 'digital_gauges', 'gauge_justgage', 'latest', ['temperature']],
  ['mini', 'digital_gauges', 'mini_gauge_justgage', 'latest', ['humidity']],
  ['vbar', 'digital_gauges', 'vertical_bar_justgage', 'latest', ['humidity']],
  ['hbar', 'digital_gauges', 'horizontal_bar_justgage', 'latest', ['humidity']],
  ['dthermo', 'digital_gauges', 'digital_thermometer', 'latest', ['temperature'], ON_BLACK],
  ['dvbar', 'digital_gauges', 'digital_vertical_bar', 'latest', ['temperature']],
  ['dbar', 'digital_gauges', 'digital_bar', 'latest', ['temperature']],
  ['neon', 'digital_gauges', 'neon_gauge_justgage', 'latest', ['humidity'], ON_BLACK],
  ['sneon', 'digital_gauges', 'simple_neon_gauge_justgage', 'latest', ['humidity']],
  [
    'lcd',
    'digital_gauges',
    'lcd_gauge',
    'latest',
    ['speed'],
    { backgroundColor: '#babab2', color: 'rgba(0, 0, 0, 0.87)' },
  ],
  ['lcdbar', 'digital_gauges', 'lcd_bar_gauge', 'latest', ['humidity']],
  [
    'state',
    'charts',
    'state_chart',
    'timeseries',
    ['state'],
    {
      settings: {
        states: [
          { label: 'Off', value: 0, sourceType: 'constant', sourceValue: false },
          { label: 'On', value: 1, sourceType: 'constant', sourceValue: true },
        ],
      },
    },
  ],
  [
    'line',
    'charts',
    'basic_timeseries',
    'timeseries',
    ['temperature'],
    {
      showLegend: true,
      legendConfig: {
        direction: 'column',
        position: 'bottom',
        sortDataKeys: false,
        showMin: true,
        showMax: true,
        showAvg: true,
        showTotal: true,
      },
    },
  ],
  ['bars', 'charts', 'bars', 'latest', ['temperature', 'humidity', 'speed']],
  ['pie', 'charts', 'pie_chart_js', 'latest', ['temperature', 'humidity', 'speed']],
  ['polar', 'charts', 'polar_area_chart_js', 'latest', ['temperature', 'humidity', 'speed']],
  ['radar', 'charts', 'radar_chart_js', 'latest', ['temperature', 'humidity', 'speed', 'heading']],
];

function dashboardJson(deviceId: string) {
  const widgets = Object.fromEntries(
    WIDGETS.map(([id, bundleAlias, typeAlias, type, keys, extra]) => [
      id,
      {
        id,
        bundleAlias,
        typeAlias,
        type,
        sizeX: 6,
        sizeY: 5,
        config: {
          title: typeAlias,
          showTitle: true,
          datasources: [
            {
              type: 'entity',
              entityAliasId: 'alias-1',
              dataKeys: keys.map((k) => ({ ...KEYS[k], type: 'timeseries' })),
            },
          ],
          settings: {},
          useDashboardTimewindow: true,
          ...extra,
        },
      },
    ]),
  );
  const layout = Object.fromEntries(
    WIDGETS.map(([id], i) => [id, { sizeX: 6, sizeY: 5, row: Math.floor(i / 4) * 5, col: (i % 4) * 6 }]),
  );
  return {
    title: 'Gauges and charts',
    configuration: {
      widgets,
      states: {
        default: {
          name: 'Gauges and charts',
          root: true,
          layouts: { main: { widgets: layout, gridSettings: { columns: 24, margins: [10, 10] } } },
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

async function publish(values: Record<string, number | boolean>) {
  const res = await api(suite.server, 'POST', `/api/v1/${TOKEN}/telemetry`, { body: values });
  expect(res.status).toBe(200);
}

/** Every widget drew (a canvas or its SVG gauge) and none shows a message instead. */
async function expectAllRendered(page: Page) {
  for (const [id] of WIDGETS) {
    const widget = tid(D.widget(id));
    await page.waitForSelector(`${widget} canvas, ${widget} svg[data-gauge]`);
    expect(await page.locator(`${widget} ${tid(D.widgetMessage)}`).count(), id).toBe(0);
  }
}

let dashboardId = '';

/** Opens the dashboard signed in as the tenant, in the light or dark scheme, once every widget drew. */
async function openDashboard(colorScheme: 'light' | 'dark') {
  const context = await suite.browser.newContext({
    viewport: { width: 1600, height: 1000 },
    locale: 'en-US',
    timezoneId: 'UTC',
    colorScheme,
  });
  const page = await context.newPage();
  await page.goto(`${suite.server.url}/login`);
  await signIn(page, 'tenant@meridian.local', 'tenant');
  await page.waitForSelector(tid(selectors.shell.root));
  await page.goto(`${suite.server.url}/dashboards/${dashboardId}`);
  await page.waitForSelector(tid(D.viewer));
  await expectAllRendered(page);
  return { context, page };
}

/** A picture of the whole dashboard (all six rows) once animations settled, in e2e/screenshots. */
async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1600, height: 2620 });
  await page.waitForTimeout(1600);
  await screenshot(page, name);
}

/** Relative luminance (0 black … 1 white) of a CSS colour the browser computed: rgb() or rgba(). */
function luminance(color: string): number {
  const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).map(Number);
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The computed text colours of a widget: its SVG texts' fill and its HTML text's colour. */
const textColours = (page: Page, id: string) =>
  page.locator(tid(D.widget(id))).evaluate((widget) => {
    const svg = Array.from(widget.querySelectorAll('svg text'), (node) => getComputedStyle(node).fill);
    const html = Array.from(widget.querySelectorAll('*'))
      .filter(
        (node) =>
          !(node instanceof SVGElement) &&
          Array.from(node.childNodes).some((c) => c.nodeType === 3 && c.textContent?.trim()),
      )
      .map((node) => getComputedStyle(node).color);
    return { svg, html };
  });

describe('gauge and chart widgets', () => {
  it('render every new type with live telemetry, in the light scheme', async () => {
    const token = await loginToken(suite.server, 'tenant@meridian.local', 'tenant');
    const device = await api<{ id: { id: string } }>(
      suite.server,
      'GET',
      `/api/tenant/devices?deviceName=${encodeURIComponent(DEVICE)}`,
      { token },
    );
    const saved = await api<{ id: { id: string } }>(suite.server, 'POST', '/api/dashboard', {
      token,
      body: dashboardJson(device.body.id.id),
    });
    expect(saved.status).toBe(200);
    dashboardId = saved.body.id.id;
    await publish({ temperature: 12.5, humidity: 40, speed: 60, heading: 30, state: false });
    await publish({ temperature: 18.25, humidity: 55, speed: 95, heading: 45, state: true });

    const { context, page } = await openDashboard('light');
    // Live: a new reading reaches the SVG gauges' value text.
    await publish({ temperature: 21.5, humidity: 64, speed: 120, heading: 90, state: false });
    await expect.poll(() => page.textContent(tid(D.widget('dbar')))).toContain('21.5 °C');
    await expect.poll(() => page.textContent(tid(D.widget('vbar')))).toContain('64 %');
    await expect.poll(() => page.textContent(tid(D.widget('thermometer')))).toContain('21.5 °C');
    await shoot(page, 'gauges-light');
    await context.close();
  });

  it('render in the dark scheme with light text', async () => {
    const { context, page } = await openDashboard('dark');
    await shoot(page, 'gauges-dark');
    // The theme's gauges and charts: every text light on the dark page (the saved black-background
    // and LCD looks keep their own colours, so they are not sampled).
    for (const id of ['gauge', 'mini', 'vbar', 'hbar', 'dvbar', 'dbar', 'sneon', 'state', 'line']) {
      const { svg, html } = await textColours(page, id);
      expect(html.length, id).toBeGreaterThan(0);
      for (const colour of [...svg, ...html])
        expect(luminance(colour), `${id}: ${colour}`).toBeGreaterThan(0.5);
    }
    await context.close();
  });
});
