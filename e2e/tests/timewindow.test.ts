import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSelectors } from '../../packages/web/src/dashboard/selectors';
import { selectors } from '../../packages/web/src/selectors';
import { launchBrowser, newPage, screenshot, tid } from '../support/browser';
import { api, deviceIdByName, loginToken, type RunningServer, startServer } from '../support/server';
import { signIn } from '../support/session';

/**
 * The time-window panel (spec 3 §2.3) on a dashboard: the toolbar shows the dashboard's window, the
 * panel opens next to it (full screen on a phone), and a new window re-subscribes the widgets that
 * follow the dashboard; a widget with its own window shows it in its header.
 */

let server: RunningServer;
let browser: Browser;
let dashboardId: string;

const D = dashboardSelectors;
const TW = D.timewindow;
const DEVICE = 'Thermostat T1';
const HOUR = 3_600_000;

function dashboardJson(deviceId: string) {
  const datasources = [
    {
      type: 'entity',
      entityAliasId: 'alias-1',
      dataKeys: [{ name: 'temperature', type: 'timeseries', label: 'Temperature', color: '#2196f3' }],
    },
  ];
  const chart = (id: string, title: string, own?: object) => ({
    id,
    bundleAlias: 'charts',
    typeAlias: 'basic_timeseries',
    type: 'timeseries',
    sizeX: 12,
    sizeY: 6,
    config: {
      title,
      showTitle: true,
      datasources,
      settings: {},
      useDashboardTimewindow: own === undefined,
      ...(own ? { displayTimewindow: true, timewindow: own } : {}),
    },
  });
  return {
    title: 'Time windows',
    configuration: {
      widgets: {
        follows: chart('follows', 'Dashboard window'),
        own: chart('own', 'Own window', {
          selectedTab: 1,
          history: { historyType: 0, timewindowMs: 24 * HOUR },
          aggregation: { type: 'MAX', limit: 100 },
        }),
      },
      states: {
        default: {
          name: 'Time windows',
          root: true,
          layouts: {
            main: {
              widgets: {
                follows: { sizeX: 12, sizeY: 6, row: 0, col: 0 },
                own: { sizeX: 12, sizeY: 6, row: 0, col: 12 },
              },
              gridSettings: { columns: 24, margins: [10, 10] },
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
      timewindow: { realtime: { timewindowMs: 5 * 60_000 }, aggregation: { type: 'NONE', limit: 1000 } },
      settings: { showTitle: true, showDashboardTimewindow: true },
    },
  };
}

/** Entity data commands the page sends over its telemetry socket, as parsed JSON. */
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

async function openDashboard(viewport?: { width: number; height: number }) {
  const { page } = await newPage(browser, viewport);
  const commands = recordCommands(page);
  await page.goto(`${server.url}/login`);
  await signIn(page, 'tenant@meridian.local', 'tenant');
  await page.waitForSelector(tid(selectors.shell.root));
  await page.goto(`${server.url}/dashboards/${dashboardId}`);
  await page.waitForSelector(tid(D.viewer));
  return { page, commands };
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const token = await loginToken(server, 'tenant@meridian.local', 'tenant');
  const deviceId = await deviceIdByName(server, token, DEVICE);
  // A temperature every minute over the last two hours.
  const now = Date.now();
  const points = Array.from({ length: 120 }, (_, i) => ({
    ts: now - (120 - i) * 60_000,
    values: { temperature: 20 + Math.sin(i / 10) * 3 },
  }));
  const posted = await api(server, 'POST', `/api/plugins/telemetry/DEVICE/${deviceId}/timeseries/ANY`, {
    token,
    body: points,
  });
  expect(posted.status).toBe(200);
  const saved = await api<{ id: { id: string } }>(server, 'POST', '/api/dashboard', {
    token,
    body: dashboardJson(deviceId),
  });
  expect(saved.status).toBe(200);
  dashboardId = saved.body.id.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('time-window panel', () => {
  it('switches the dashboard to the last hour of history and re-fetches the widgets that follow it', async () => {
    const { page, commands } = await openDashboard();
    await expect.poll(() => page.textContent(tid(TW))).toBe('Realtime – last 5 minutes');
    const own = `${D.widgetTimewindow}-own`;
    await expect.poll(() => page.textContent(tid(own))).toBe('History – last 1 day');
    await page.waitForSelector(`${tid(D.widget('follows'))} canvas`);
    // The widget following the dashboard reads the last 5 minutes raw (short enough for its width).
    const follows = () =>
      commands.filter((c) => (c.tsCmd as { timeWindow?: number } | undefined)?.timeWindow === 300_000);
    await expect.poll(() => follows().length).toBe(1);
    expect(follows()[0]?.tsCmd).toMatchObject({ agg: 'NONE', limit: 1000 });
    // The widget with its own window reads it with its aggregation.
    const ownRead = commands.find((c) => c.historyCmd) as { historyCmd: Record<string, number | string> };
    // A day of MAX: the smallest interval the day allows (a day / 500 points = 172.8 s, rounded up to 173 s).
    expect(ownRead.historyCmd).toMatchObject({ agg: 'MAX', interval: 173_000, limit: 500 });
    expect(Number(ownRead.historyCmd.endTs) - Number(ownRead.historyCmd.startTs)).toBe(24 * HOUR);

    await page.click(tid(TW));
    const panel = page.locator(tid(`${TW}-panel`));
    await panel.waitFor();
    // Layout sizes, not the box of the grow-in transition.
    const size = await panel.evaluate((el) => ({
      width: (el as HTMLElement).offsetWidth,
      height: (el as HTMLElement).offsetHeight,
    }));
    expect(size.width).toBeGreaterThanOrEqual(417);
    expect(size.height).toBeLessThanOrEqual(550);
    // The panel has grown in (its tab indicator is measured at full size).
    await page.waitForTimeout(400);
    await screenshot(page, 'timewindow-panel-desktop');

    await page.click(tid(`${TW}-tab-history`));
    await page.click(tid(`${TW}-fixed`));
    await screenshot(page, 'timewindow-panel-history');
    await page.click(tid(`${TW}-last`));
    await page.click(tid(`${TW}-interval`));
    await page.getByRole('option', { name: '1 hour', exact: true }).click();
    const before = commands.length;
    await page.click(tid(`${TW}-update`));
    await panel.waitFor({ state: 'detached' });
    await expect.poll(() => page.textContent(tid(TW))).toBe('History – last 1 hour');
    // The widget following the dashboard asks again, for the hour; the other keeps its window.
    await expect
      .poll(() =>
        commands
          .slice(before)
          .filter((c) => c.historyCmd)
          .map((c) => {
            const history = c.historyCmd as { startTs: number; endTs: number };
            return history.endTs - history.startTs;
          }),
      )
      .toEqual([HOUR]);
    await page.waitForSelector(`${tid(D.widget('follows'))} canvas`);
    await page.waitForTimeout(500);
    await screenshot(page, 'timewindow-history-desktop');
  });

  it('fills the screen of a phone and cancels without change', async () => {
    const { page, commands } = await openDashboard({ width: 390, height: 844 });
    await expect.poll(() => page.textContent(tid(TW))).toBe('Realtime – last 5 minutes');
    // Both charts have subscribed before the panel opens.
    const reads = () =>
      commands.filter(
        (c) => c.historyCmd || (c.tsCmd as { timeWindow?: number } | undefined)?.timeWindow === 300_000,
      ).length;
    await expect.poll(reads).toBe(2);
    await page.click(tid(TW));
    const panel = page.locator(tid(`${TW}-panel`));
    await panel.waitFor();
    const box = await panel.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    await screenshot(page, 'timewindow-panel-phone');
    await page.click(tid(`${TW}-tab-history`));
    await page.click(tid(`${TW}-cancel`));
    await panel.waitFor({ state: 'detached' });
    expect(await page.textContent(tid(TW))).toBe('Realtime – last 5 minutes');
    // Cancel changes nothing: no widget reads again.
    await page.waitForTimeout(1000);
    expect(reads()).toBe(2);
    await screenshot(page, 'timewindow-phone');
  });
});
