import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { dashboardSelectors } from '../../packages/web/src/dashboard/selectors';
import { selectors } from '../../packages/web/src/selectors';
import { dateRangeNavigatorSelectors } from '../../packages/web/src/widgets/date-range-navigator/selectors';
import { gatewayEventsSelectors } from '../../packages/web/src/widgets/gateway-events/selectors';
import { encodeBase64Json } from '../../packages/web/src/widgets/gateway-support/gateway-config-model';
import { gatewaySummarySelectors } from '../../packages/web/src/widgets/gateway-support/selectors';
import { navigationSelectors } from '../../packages/web/src/widgets/navigation-support/selectors';
import { widgetTableSelectors } from '../../packages/web/src/widgets/table-parts/selectors';
import { newPage, screenshot, tid } from '../support/browser';
import { api, loginToken, saveDashboard, shareDashboardPublicly } from '../support/server';
import { signIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

/**
 * Navigation cards, the date-range navigator and the gateway widgets on one dashboard: a card opens
 * its console page, the navigator's steps move the dashboard's (and so the chart's) time window, and
 * the gateway cards show a device's event keys and its configuration.
 */

const suite = useServerAndBrowser();
const D = dashboardSelectors;
const R = dateRangeNavigatorSelectors;
const DAY = 86_400_000;

let dashboardId = '';
let publicId = '';

const gatewayAlias = (deviceId: string) => ({
  gateway: {
    id: 'gateway',
    alias: 'Gateway',
    filter: {
      type: 'singleEntity',
      resolveMultiple: false,
      singleEntity: { entityType: 'DEVICE', id: deviceId },
    },
  },
});

function widget(id: string, bundleAlias: string, typeAlias: string, type: string, config: object) {
  return {
    id,
    bundleAlias,
    typeAlias,
    type,
    sizeX: 12,
    sizeY: 6,
    config: { title: id, showTitle: true, ...config },
  };
}

const source = (...keys: [string, string][]) => [
  {
    type: 'entity',
    entityAliasId: 'gateway',
    dataKeys: keys.map(([name, type]) => ({ name, type, label: name, color: '#2196f3' })),
  },
];

function dashboardJson(deviceId: string) {
  const widgets = [
    widget('navigator', 'date', 'date_range_navigator', 'static', {
      title: 'Dates',
      datasources: [],
      settings: { initialInterval: 'week', stepSize: 'day', useSessionStorage: false },
    }),
    widget('chart', 'charts', 'basic_timeseries', 'timeseries', {
      title: 'Temperature',
      datasources: source(['temperature', 'timeseries']),
      useDashboardTimewindow: true,
      settings: {},
    }),
    widget('cards', 'navigation_widgets', 'navigation_cards', 'static', {
      title: 'Go to',
      datasources: [],
      settings: { filterType: 'include', filter: ['/devices', '/assets', '/dashboards'] },
    }),
    widget('events', 'gateway_widgets', 'attributes_card', 'latest', {
      title: 'Gateway events',
      datasources: source(
        ['MQTT EVENTS', 'timeseries'],
        ['Modbus EVENTS', 'timeseries'],
        ['temperature', 'timeseries'],
      ),
      settings: { eventsTitle: 'Connector events', eventsReg: ['EVENTS$'] },
    }),
    widget('config', 'gateway_widgets', 'config_form_latest', 'latest', {
      title: 'Gateway configuration',
      datasources: source(['active', 'attribute']),
      settings: { gatewayTitle: 'Plant gateway' },
    }),
  ];
  const placements = {
    navigator: { sizeX: 12, sizeY: 3, row: 0, col: 0 },
    chart: { sizeX: 12, sizeY: 6, row: 0, col: 12 },
    cards: { sizeX: 12, sizeY: 5, row: 3, col: 0 },
    events: { sizeX: 12, sizeY: 7, row: 6, col: 12 },
    config: { sizeX: 12, sizeY: 7, row: 8, col: 0 },
  };
  return {
    title: 'Site overview',
    configuration: {
      widgets: Object.fromEntries(widgets.map((w) => [w.id, w])),
      states: {
        default: {
          name: 'Site overview',
          root: true,
          layouts: { main: { widgets: placements, gridSettings: { columns: 24, margins: [10, 10] } } },
        },
      },
      entityAliases: gatewayAlias(deviceId),
      timewindow: { realtime: { timewindowMs: 5 * 60_000 }, aggregation: { type: 'NONE', limit: 5000 } },
      settings: { showTitle: true, showDashboardTimewindow: true },
    },
  };
}

/** Entity data commands the page sends over its telemetry socket. */
function recordCommands(page: Page): Record<string, unknown>[] {
  const sent: Record<string, unknown>[] = [];
  page.on('websocket', (socket) => {
    socket.on('framesent', (frame) => {
      if (typeof frame.payload !== 'string') return;
      try {
        const message = JSON.parse(frame.payload) as { entityDataCmds?: Record<string, unknown>[] };
        sent.push(...(message.entityDataCmds ?? []));
      } catch {
        // Not a command.
      }
    });
  });
  return sent;
}

/** The history window the chart last asked for. */
const lastHistory = (commands: Record<string, unknown>[]) =>
  commands
    .map((command) => command.historyCmd as { startTs: number; endTs: number } | undefined)
    .filter((history) => history !== undefined)
    .at(-1);

/** The toolbar's text for a fixed window, as the browser (en-US, UTC) writes it. */
const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'UTC',
});
const historyLabel = (startMs: number, endMs: number) =>
  `History – from ${DATE_TIME.format(startMs)} to ${DATE_TIME.format(endMs)}`;

async function openDashboard(colorScheme: 'light' | 'dark' = 'light') {
  const { context, page } = await newPage(suite.browser, { width: 1280, height: 1300 }, colorScheme);
  const commands = recordCommands(page);
  await page.goto(`${suite.server.url}/login`);
  await signIn(page, 'tenant@meridian.local', 'tenant');
  await page.waitForSelector(tid(selectors.shell.root));
  await page.goto(`${suite.server.url}/dashboards/${dashboardId}`);
  await page.waitForSelector(tid(D.viewer));
  return { context, page, commands };
}

beforeAll(async () => {
  const token = await loginToken(suite.server, 'tenant@meridian.local', 'tenant');
  const made = await api<{ id: { id: string } }>(suite.server, 'POST', '/api/device', {
    token,
    body: { name: 'Site gateway', type: 'default', additionalInfo: { gateway: true } },
  });
  expect(made.status).toBe(200);
  const deviceId = made.body.id.id;
  const base = `/api/plugins/telemetry/DEVICE/${deviceId}`;
  // A temperature every hour over the last ten days, and the gateway's last connector events.
  const now = Date.now();
  const points = Array.from({ length: 240 }, (_, i) => ({
    ts: now - (240 - i) * 3_600_000,
    values: { temperature: 20 + Math.sin(i / 8) * 4 },
  }));
  expect((await api(suite.server, 'POST', `${base}/timeseries/ANY`, { token, body: points })).status).toBe(
    200,
  );
  const events = { 'MQTT EVENTS': 'Connected to broker', 'Modbus EVENTS': 'Slave 1 timeout' };
  expect((await api(suite.server, 'POST', `${base}/timeseries/ANY`, { token, body: events })).status).toBe(
    200,
  );
  const configuration = encodeBase64Json({
    thingsboard: {
      thingsboard: { host: 'iot.example.com', port: 1883, security: { accessToken: 'gw-token' } },
      storage: { type: 'memory', read_records_count: 100, max_records_count: 10000 },
    },
    MQTT: [{ name: 'Broker', config: {} }],
    Modbus: [{ name: 'Meters', config: {} }],
  });
  const shared = await api(suite.server, 'POST', `${base}/attributes/SHARED_SCOPE`, {
    token,
    body: { configuration, RemoteLoggingLevel: 'INFO' },
  });
  expect(shared.status).toBe(200);
  dashboardId = await saveDashboard(suite.server, token, dashboardJson(deviceId));
  publicId = await shareDashboardPublicly(suite.server, token, dashboardId);
});

describe('navigation, date and gateway widgets', () => {
  it('the navigator sets a week up to the end of today, and a step back moves the chart a day', async () => {
    const { context, page, commands } = await openDashboard();
    const today = new Date();
    const endOfToday = Date.UTC(
      today.getUTCFullYear(),
      today.getUTCMonth(),
      today.getUTCDate(),
      23,
      59,
      59,
      999,
    );
    const week = { startMs: endOfToday + 1 - 7 * DAY, endMs: endOfToday };
    await expect.poll(() => page.textContent(tid(D.timewindow))).toBe(historyLabel(week.startMs, week.endMs));
    await expect
      .poll(() => lastHistory(commands))
      .toEqual(expect.objectContaining({ startTs: week.startMs, endTs: week.endMs }));
    await page.waitForSelector(`${tid(D.widget('chart'))} canvas`);

    // The gateway cards: the event keys with their values, and the configuration read over REST.
    const events = page.locator(`${tid(D.widget('events'))} ${tid(widgetTableSelectors.row)}`);
    // Rows show as soon as the keys are known; their values follow from the subscription.
    const keyAndValue = () =>
      events.evaluateAll((rows) =>
        rows
          .map((row) => Array.from(row.querySelectorAll('td'), (cell) => cell.textContent).slice(0, 2))
          .sort(),
      );
    await expect.poll(keyAndValue).toEqual([
      ['MQTT EVENTS', 'Connected to broker'],
      ['Modbus EVENTS', 'Slave 1 timeout'],
    ]);
    expect(await page.textContent(tid(gatewayEventsSelectors.title))).toBe('Connector events');
    await expect
      .poll(() => page.textContent(tid(gatewaySummarySelectors.field('host'))))
      .toBe('iot.example.com');
    expect(await page.locator(tid(gatewaySummarySelectors.connector)).allTextContents()).toEqual([
      'BrokerMQTTEnabled',
      'MetersModbusEnabled',
    ]);
    await page.waitForTimeout(500);
    await screenshot(page, 'navigation-date-widgets');

    await page.click(tid(R.back));
    await expect
      .poll(() => page.textContent(tid(D.timewindow)))
      .toBe(historyLabel(week.startMs - DAY, week.endMs - DAY));
    await expect
      .poll(() => lastHistory(commands))
      .toEqual(expect.objectContaining({ startTs: week.startMs - DAY, endTs: week.endMs - DAY }));

    // A range picked on the calendar: the 2nd to the 4th of the month shown first.
    await page.click(tid(R.picker));
    const panel = page.locator(tid(R.panel));
    await panel.waitFor();
    await screenshot(page, 'date-range-picker');
    const first = new Date(week.startMs - DAY);
    const month = `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, '0')}`;
    await panel
      .locator(tid(R.day(`${month}-02`)))
      .first()
      .click();
    await panel
      .locator(tid(R.day(`${month}-04`)))
      .first()
      .click();
    await page.click(tid(R.apply));
    const picked = {
      startMs: Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 2),
      endMs: Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), 4, 23, 59, 59, 999),
    };
    await expect
      .poll(() => page.textContent(tid(D.timewindow)))
      .toBe(historyLabel(picked.startMs, picked.endMs));
    await context.close();
  });

  it('a navigation card opens its page in the console', async () => {
    const { context, page } = await openDashboard();
    const cards = page.locator(`${tid(D.widget('cards'))} [data-navigation-card]`);
    await expect.poll(() => cards.count()).toBe(3);
    await page.click(tid(navigationSelectors.card('/devices')));
    await page.waitForURL(/\/devices$/);
    await page.waitForSelector(`text=Site gateway`);
    await context.close();
  });

  it('a public viewer gets no cards to console pages, and still steps the dates', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1280, height: 1000 });
    await page.goto(`${suite.server.url}/dashboard/${dashboardId}?publicId=${publicId}`);
    await page.waitForSelector(tid(R.back));
    // The cards widget is drawn (its chunk loaded), with no card in it.
    await page.waitForSelector(tid(navigationSelectors.root));
    expect(await page.locator(`${tid(D.widget('cards'))} [data-navigation-card]`).count()).toBe(0);
    const before = await page.textContent(tid(D.timewindow));
    await page.click(tid(R.back));
    await expect.poll(() => page.textContent(tid(D.timewindow))).not.toBe(before);
    await context.close();
  });

  it('reads in dark mode', async () => {
    const { context, page } = await openDashboard('dark');
    await page.waitForSelector(`${tid(D.widget('chart'))} canvas`);
    await expect
      .poll(() => page.textContent(tid(gatewaySummarySelectors.field('host'))))
      .toBe('iot.example.com');
    await page.waitForTimeout(500);
    await screenshot(page, 'navigation-date-widgets-dark');
    await context.close();
  });
});
