import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSelectors } from '../../packages/web/src/dashboard/selectors';
import { selectors } from '../../packages/web/src/selectors';
import { mapSelectors as M } from '../../packages/web/src/widgets/maps/selectors';
import { launchBrowser, screenshot, tid } from '../support/browser';
import { api, loginToken, type RunningServer, startServer } from '../support/server';
import { openSignedIn, signIn } from '../support/session';

let server: RunningServer;
let browser: Browser;
let token: string;
let dashboardId: string;
const ids: Record<string, string> = {};

const D = dashboardSelectors;
const TRACKERS = ['Tracker A', 'Tracker B', 'Tracker C'] as const;
const tokenOf = (name: string) => `MAPS_${name.replace(' ', '_').toUpperCase()}`;

const key = (name: string, type: 'timeseries' | 'attribute') => ({
  name,
  type,
  label: name,
  color: '#2196f3',
});

/** Maps of trackers A and B (positions over time), and the placement of A and C (positions as attributes). */
function dashboardJson() {
  const positions = [
    key('latitude', 'timeseries'),
    key('longitude', 'timeseries'),
    key('speed', 'timeseries'),
  ];
  const trackers = [{ type: 'entity', entityAliasId: 'trackers', dataKeys: positions }];
  const widget = (id: string, bundleAlias: string, typeAlias: string, type: string, settings: object) => ({
    id,
    bundleAlias,
    typeAlias,
    type,
    sizeX: 12,
    sizeY: 8,
    config: { title: id, showTitle: true, datasources: trackers, settings, useDashboardTimewindow: true },
  });
  const placement = widget('placement', 'input_widgets', 'markers_placement_openstreetmap', 'latest', {});
  placement.config.datasources = [
    {
      type: 'entity',
      entityAliasId: 'placement',
      dataKeys: [key('latitude', 'attribute'), key('longitude', 'attribute')],
    },
  ];
  const list = (id: string, names: string[]) => ({
    id,
    alias: id,
    filter: {
      type: 'entityList',
      resolveMultiple: true,
      entityType: 'DEVICE',
      entityList: names.map((name) => ids[name]),
    },
  });
  return {
    title: 'Fleet map',
    configuration: {
      widgets: {
        map: widget('map', 'maps_v2', 'openstreetmap', 'latest', {
          showLabel: true,
          showTooltip: true,
          // biome-ignore lint/suspicious/noTemplateCurlyInString: the reference's pattern syntax
          tooltipPattern: '<b>${entityName}</b> at ${latitude:4}, ${longitude:4}, ${speed} km/h',
        }),
        route: widget('route', 'maps_v2', 'route_map_openstreetmap', 'timeseries', {
          color: '#1976d2',
          strokeWeight: 4,
        }),
        trip: widget('trip', 'maps_v2', 'test', 'timeseries', { showLabel: true, showPoints: true }),
        placement,
      },
      states: {
        default: {
          name: 'Fleet map',
          root: true,
          layouts: {
            main: {
              widgets: {
                map: { sizeX: 12, sizeY: 7, row: 0, col: 0 },
                route: { sizeX: 12, sizeY: 7, row: 0, col: 12 },
                trip: { sizeX: 12, sizeY: 8, row: 7, col: 0 },
                placement: { sizeX: 12, sizeY: 8, row: 7, col: 12 },
              },
              gridSettings: { columns: 24, margins: [10, 10], autoFillHeight: false },
            },
          },
        },
      },
      entityAliases: {
        trackers: list('trackers', ['Tracker A', 'Tracker B']),
        placement: list('placement', ['Tracker A', 'Tracker C']),
      },
      timewindow: { realtime: { timewindowMs: 3_600_000 } },
      settings: { showTitle: true },
    },
  };
}

async function publish(name: string, body: unknown) {
  const res = await api(server, 'POST', `/api/v1/${tokenOf(name)}/telemetry`, { body });
  expect(res.status).toBe(200);
}

const point = (ts: number, latitude: number, longitude: number, speed: number) => ({
  ts,
  values: { latitude, longitude, speed },
});

/** The places of a widget's markers on the page, sorted. */
const markerPlaces = (widget: Locator) =>
  widget
    .locator(tid(M.marker))
    .evaluateAll((markers) =>
      markers.map((m) => {
        const box = m.getBoundingClientRect();
        return `${Math.round(box.x)},${Math.round(box.y)}`;
      }),
    )
    .then((places) => places.sort());

/** The server-side latitude and longitude attributes of a tracker. */
async function serverPosition(name: string): Promise<string> {
  const res = await api<{ key: string; value: unknown }[]>(
    server,
    'GET',
    `/api/plugins/telemetry/DEVICE/${ids[name]}/values/attributes/SERVER_SCOPE?keys=latitude,longitude`,
    { token },
  );
  return res.body
    .map((attribute) => `${attribute.key}=${attribute.value}`)
    .sort()
    .join(' ');
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/maps-${name}.png`, animations: 'disabled' });
  await screenshot(page, `map-widgets-${name}`);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = await loginToken(server, 'tenant@meridian.local', 'tenant');
  for (const name of TRACKERS) {
    const saved = await api<{ id: { id: string } }>(
      server,
      'POST',
      `/api/device?accessToken=${tokenOf(name)}`,
      {
        token,
        body: { name, type: 'tracker' },
      },
    );
    expect(saved.status).toBe(200);
    ids[name] = saved.body.id.id;
  }
  const now = Date.now();
  const minutes = (n: number) => now - n * 60_000;
  await publish('Tracker A', [
    point(minutes(30), 51.5, -0.12, 10),
    point(minutes(20), 51.52, -0.1, 20),
    point(minutes(10), 51.55, -0.08, 30),
  ]);
  await publish('Tracker B', [point(minutes(25), 51.45, -0.2, 5), point(minutes(5), 51.47, -0.15, 15)]);
  const attrs = await api(
    server,
    'POST',
    `/api/plugins/telemetry/DEVICE/${ids['Tracker A']}/attributes/SERVER_SCOPE`,
    {
      token,
      body: { latitude: 51.5, longitude: -0.12 },
    },
  );
  expect(attrs.status).toBe(200);
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

describe('map widgets', () => {
  it('draw markers, routes and the trip without reachable tiles; markers move live; placement saves attributes', async () => {
    const { page } = await openSignedIn(browser, server, 'tenant@meridian.local', 'tenant');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/dashboards/${dashboardId}`);
    await page.waitForSelector(tid(D.viewer));

    // The OpenStreetMap widget: one marker per tracker, with its label.
    const map = page.locator(tid(D.widget('map')));
    await expect.poll(() => map.locator(tid(M.marker)).count()).toBe(2);
    await expect.poll(() => map.textContent()).toContain('Tracker A');
    const before = await markerPlaces(map);

    // Route map and trip animation: a route per tracker, a marker at each.
    const route = page.locator(tid(D.widget('route')));
    await expect.poll(() => route.locator(`path.${M.route}`).count()).toBe(2);
    expect(await route.locator(tid(M.marker)).count()).toBe(2);
    const trip = page.locator(tid(D.widget('trip')));
    await expect.poll(() => trip.locator(`path.${M.route}`).count()).toBe(2);
    await expect.poll(() => trip.locator(tid(M.marker)).count()).toBe(2);
    await shoot(page, 'dashboard');

    // New telemetry moves Tracker A's marker, and its tooltip shows the new position.
    await publish('Tracker A', { latitude: 51.6, longitude: 0.05, speed: 42 });
    await expect.poll(() => markerPlaces(map)).not.toEqual(before);
    const moved = await markerPlaces(map);
    // The map followed the marker: both are still in view. Clicks open both tooltips.
    const view = await map.locator(tid(M.map)).boundingBox();
    for (const place of moved) {
      const [x, y] = place.split(',').map(Number) as [number, number];
      expect(
        view && x >= view.x && x <= view.x + view.width && y >= view.y && y <= view.y + view.height,
      ).toBe(true);
    }
    const icons = map.locator('.leaflet-marker-icon');
    for (let i = 0; i < (await icons.count()); i++) await icons.nth(i).dispatchEvent('click');
    await expect
      .poll(() => map.locator('.leaflet-popup-content').allTextContents())
      .toContainEqual('Tracker A at 51.6000, 0.0500, 42 km/h');
    expect(moved).toHaveLength(2);
    await shoot(page, 'moved');

    // The trip slider moves the markers along their routes.
    const tripStart = await markerPlaces(trip);
    const slider = trip.locator(tid(M.tripSlider));
    await slider.focus();
    await page.keyboard.press('End');
    await expect.poll(() => markerPlaces(trip)).not.toEqual(tripStart);
    await shoot(page, 'trip-end');

    // Placement: Tracker A has a position, Tracker C is placed by a click and saved as attributes.
    const placement = page.locator(tid(D.widget('placement')));
    await expect.poll(() => placement.locator(tid(M.marker)).count()).toBe(1);
    await placement.locator(tid(M.unplaced)).filter({ hasText: 'Tracker C' }).click();
    await expect
      .poll(() => placement.locator(tid(M.placementHint)).textContent())
      .toBe('Click on the map to place Tracker C');
    const box = await placement.locator(tid(M.map)).boundingBox();
    if (!box) throw new Error('placement map not shown');
    await page.mouse.click(box.x + box.width / 3, box.y + box.height / 2);
    await expect.poll(() => placement.locator(tid(M.marker)).count()).toBe(2);
    await expect
      .poll(async () => {
        const res = await api<{ key: string; value: unknown }[]>(
          server,
          'GET',
          `/api/plugins/telemetry/DEVICE/${ids['Tracker C']}/values/attributes/SERVER_SCOPE`,
          { token },
        );
        return res.body.map((attribute) => `${attribute.key}:${typeof attribute.value}`).sort();
      })
      .toEqual(['latitude:number', 'longitude:number']);
    expect(await placement.locator(tid(M.unplaced)).count()).toBe(0);
    await shoot(page, 'placed');

    // Dragging a placed marker saves its new position.
    const saved = await Promise.all(['Tracker A', 'Tracker C'].map(serverPosition));
    const pin = await placement.locator(tid(M.marker)).first().boundingBox();
    if (!pin) throw new Error('placed marker not shown');
    await page.mouse.move(pin.x + pin.width / 2, pin.y + pin.height / 2);
    await page.mouse.down();
    await page.mouse.move(pin.x + pin.width / 2 + 40, pin.y + pin.height / 2 + 60, { steps: 8 });
    await page.mouse.up();
    await expect
      .poll(() => Promise.all(['Tracker A', 'Tracker C'].map(serverPosition)), { timeout: 10_000 })
      .not.toEqual(saved);
    expect(errors).toEqual([]);
  });

  it('draws on the dark theme', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
      timezoneId: 'UTC',
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await signIn(page, 'tenant@meridian.local', 'tenant');
    await page.waitForSelector(tid(selectors.shell.root));
    await page.goto(`${server.url}/dashboards/${dashboardId}`);
    await page.waitForSelector(tid(D.viewer));
    const map = page.locator(tid(D.widget('map')));
    await map.locator(tid(M.marker)).first().waitFor();
    expect(await map.locator(tid(M.marker)).count()).toBe(2);
    await map.locator('.leaflet-marker-icon').first().dispatchEvent('click');
    await page.waitForSelector('.leaflet-popup-content');
    await shoot(page, 'dark');
    await context.close();
  });
});
