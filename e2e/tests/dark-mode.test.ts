import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { entityTabsSelectors } from '../../packages/web/src/components/entity-tabs/selectors';
import { dashboardSelectors } from '../../packages/web/src/dashboard/selectors';
import { selectors } from '../../packages/web/src/selectors';
import { newPage, screenshot, tid } from '../support/browser';
import { api, deviceIdByName, loginToken } from '../support/server';
import { signIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

const suite = useServerAndBrowser();

const T = selectors.entityTable;
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const DARK_BACKGROUND = 'rgb(16, 21, 27)';
const LIGHT_BACKGROUND = 'rgb(238, 241, 245)';

/** The surfaces whose background must stay dark: page, cards, tables, tabs, fields, dialogs, drawers and their title bars. */
const SURFACES = [
  'main',
  '.MuiPaper-root',
  '.MuiCard-root',
  '.MuiDialogContent-root',
  '.MuiDrawer-paper',
  '.MuiTabs-root',
  '.MuiTableCell-root',
  '.MuiInputBase-root',
  '.MuiToolbar-root',
  '.MuiAlert-root',
  'textarea',
  'pre',
  tid(T.detailsHeader),
].join(', ');

interface DarkReport {
  /** Luminance of the body's background. */
  body: number;
  /** Visible surfaces with a light background: selector-ish name and colour. */
  light: string[];
  /** Visible texts whose contrast against what is behind them is under 3:1. */
  unreadable: string[];
}

/**
 * What the page shows in the dark scheme: the body's luminance, any light surface among SURFACES,
 * and any text too close in colour to the background it sits on (dark text on dark), with colours
 * blended over their backgrounds as the browser paints them.
 */
function darkReport(page: Page): Promise<DarkReport> {
  return page.evaluate((surfaces) => {
    type Rgba = [number, number, number, number];
    const parse = (color: string): Rgba => {
      const [r = 0, g = 0, b = 0, a = 1] = (color.match(/[\d.]+/g) ?? []).map(Number);
      return [r, g, b, color.startsWith('rgba') ? a : 1];
    };
    const over = (top: Rgba, bottom: Rgba): Rgba => [
      top[0] * top[3] + bottom[0] * (1 - top[3]),
      top[1] * top[3] + bottom[1] * (1 - top[3]),
      top[2] * top[3] + bottom[2] * (1 - top[3]),
      1,
    ];
    const luminance = ([r, g, b]: Rgba) => {
      const linear = (c: number) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    /** The colour painted behind an element: its backgrounds, blended up to the page. */
    const backdrop = (element: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let node = element; node; node = node.parentElement) {
        const colour = parse(getComputedStyle(node).backgroundColor);
        if (colour[3] > 0) {
          layers.push(colour);
          if (colour[3] === 1) break;
        }
      }
      return layers.reverse().reduce<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
    };
    const visible = (element: Element) => {
      const box = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      return (
        box.width > 0 &&
        box.height > 0 &&
        box.bottom > 0 &&
        box.top < innerHeight &&
        style.visibility !== 'hidden' &&
        Number(style.opacity) > 0.1
      );
    };
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}.${String(element.className).split(' ').slice(0, 2).join('.')}`;
    // A dialog or drawer covers the rest: only what is on top is looked at.
    const layers = document.querySelectorAll('.MuiDialog-root, .MuiDrawer-root, .MuiPopover-root');
    const root = layers.length > 0 ? (layers[layers.length - 1] as Element) : document.body;
    const light = Array.from(root.querySelectorAll(surfaces))
      .filter((element) => visible(element))
      .filter((element) => {
        const colour = parse(getComputedStyle(element).backgroundColor);
        return colour[3] > 0.5 && luminance(colour) > 0.3;
      })
      .map((element) => `${name(element)} ${getComputedStyle(element).backgroundColor}`);
    const unreadable = Array.from(root.querySelectorAll('*'))
      .filter(
        (element) =>
          !(element instanceof SVGElement) &&
          Array.from(element.childNodes).some((child) => child.nodeType === 3 && child.textContent?.trim()) &&
          visible(element),
      )
      .flatMap((element) => {
        const behind = backdrop(element);
        const text = over(parse(getComputedStyle(element).color), behind);
        const [a, b] = [luminance(text), luminance(behind)];
        const contrast = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
        return contrast < 3
          ? [`${name(element)} "${element.textContent?.trim().slice(0, 30)}" ${contrast.toFixed(2)}`]
          : [];
      });
    return { body: luminance(parse(getComputedStyle(document.body).backgroundColor)), light, unreadable };
  }, SURFACES);
}

/** Asserts the page reads as dark, and keeps its picture. */
async function expectDark(page: Page, name: string) {
  await page.mouse.move(1, 799);
  await page.waitForTimeout(300);
  const report = await darkReport(page);
  await screenshot(page, name);
  expect(report.body, name).toBeLessThan(0.05);
  expect(report.light, name).toEqual([]);
  expect(report.unreadable, name).toEqual([]);
}

/** A dashboard of one line chart on the demo thermostat's temperature. */
function lineChartDashboard(deviceId: string) {
  return {
    title: 'Dark line chart',
    configuration: {
      widgets: {
        line: {
          id: 'line',
          bundleAlias: 'charts',
          typeAlias: 'basic_timeseries',
          type: 'timeseries',
          sizeX: 12,
          sizeY: 6,
          config: {
            title: 'Temperature',
            showTitle: true,
            datasources: [
              {
                type: 'entity',
                entityAliasId: 'alias-1',
                dataKeys: [
                  { name: 'temperature', label: 'Temperature', color: '#2196f3', type: 'timeseries' },
                ],
              },
            ],
            settings: {},
            useDashboardTimewindow: true,
          },
        },
      },
      states: {
        default: {
          name: 'Dark line chart',
          root: true,
          layouts: {
            main: {
              widgets: { line: { sizeX: 12, sizeY: 6, row: 0, col: 0 } },
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
      timewindow: { realtime: { timewindowMs: 3_600_000 } },
      settings: { showTitle: true },
    },
  };
}

describe('dark mode', () => {
  it('follows a dark system preference on every page and dialog; the user menu switches to light for good', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1280, height: 800 }, 'dark');
    await page.goto(`${suite.server.url}/login`);
    await page.waitForSelector(tid(selectors.login.card));
    expect(await bodyBackground(page)).toBe(DARK_BACKGROUND);
    await screenshot(page, 'dark-login');

    await signIn(page, 'tenant@meridian.local', 'tenant');
    await page.waitForSelector(tid(selectors.home.page));
    expect(await bodyBackground(page)).toBe(DARK_BACKGROUND);
    await screenshot(page, 'dark-home');

    await page.click(tid(selectors.menu.link('/devices')));
    await page.waitForSelector(tid(T.row));
    await screenshot(page, 'dark-devices');

    await page.locator(tid(T.row)).first().click();
    await page.waitForSelector(tid(T.details));
    await screenshot(page, 'dark-device-drawer');
    await page.click(tid(T.detailsClose));

    await page.click(tid(T.add));
    await page.waitForSelector(tid(T.addMenuItem('addDevice')));
    await screenshot(page, 'dark-add-menu');
    await page.click(tid(T.addMenuItem('addDevice')));
    await page.waitForSelector('[role="dialog"]');
    await screenshot(page, 'dark-add-dialog');
    await page.keyboard.press('Escape');

    await page.click(tid(selectors.shell.userMenuButton));
    await page.waitForSelector(tid(selectors.shell.colorScheme('light')));
    await screenshot(page, 'dark-user-menu');
    await page.click(tid(selectors.shell.colorScheme('light')));
    await expect.poll(() => bodyBackground(page)).toBe(LIGHT_BACKGROUND);
    await page.reload();
    await page.waitForSelector(tid(T.row));
    expect(await bodyBackground(page)).toBe(LIGHT_BACKGROUND);
    await context.close();
  });

  it("a device's tabs, the profile, a device profile dialog and a line chart dashboard stay dark and readable", async () => {
    const token = await loginToken(suite.server, 'tenant@meridian.local', 'tenant');
    const deviceId = await deviceIdByName(suite.server, token, 'Thermostat T1');
    const posted = await api(
      suite.server,
      'POST',
      `/api/plugins/telemetry/DEVICE/${deviceId}/timeseries/ANY`,
      {
        token,
        body: [
          { ts: Date.now() - 20 * 60_000, values: { temperature: 19.5 } },
          { ts: Date.now() - 10 * 60_000, values: { temperature: 21 } },
          { ts: Date.now() - 60_000, values: { temperature: 20.25 } },
        ],
      },
    );
    expect(posted.status).toBe(200);
    await api(suite.server, 'POST', `/api/plugins/telemetry/DEVICE/${deviceId}/attributes/SERVER_SCOPE`, {
      token,
      body: { targetTemperature: 22 },
    });
    const alarm = await api(suite.server, 'POST', '/api/alarm', {
      token,
      body: {
        originator: { entityType: 'DEVICE', id: deviceId },
        type: 'High temperature',
        severity: 'MAJOR',
        status: 'ACTIVE_UNACK',
        propagate: false,
      },
    });
    expect(alarm.status, JSON.stringify(alarm.body)).toBe(200);
    const dashboard = await api<{ id: { id: string } }>(suite.server, 'POST', '/api/dashboard', {
      token,
      body: lineChartDashboard(deviceId),
    });
    expect(dashboard.status).toBe(200);

    const { context, page } = await newPage(suite.browser, { width: 1280, height: 800 }, 'dark');
    await page.goto(`${suite.server.url}/login`);
    await signIn(page, 'tenant@meridian.local', 'tenant');
    await page.waitForSelector(tid(selectors.home.page));
    await expectDark(page, 'dark-home-checked');

    await page.goto(`${suite.server.url}/devices`);
    await page.locator(tid(T.row)).filter({ hasText: 'Thermostat T1' }).click();
    await page.waitForSelector(tid(T.details));
    for (const [tab, root, text] of [
      ['attributes', 'attributes', 'Client attributes'],
      ['telemetry', 'telemetry', 'temperature'],
      ['alarms', 'alarms', 'High temperature'],
      ['auditLogs', 'audit-logs', 'Attributes updated'],
    ] as const) {
      await page.click(tid(T.detailsTab(tab)));
      await page
        .locator(tid(T.root(root)))
        .getByText(text)
        .first()
        .waitFor();
      if (tab === 'attributes') {
        // Server attributes have a row to show.
        await page.click(tid(entityTabsSelectors.attributes.scope));
        await page.getByRole('option', { name: 'Server attributes', exact: true }).click();
        await page
          .locator(tid(T.root(root)))
          .getByText('targetTemperature')
          .waitFor();
      }
      await expectDark(page, `dark-device-${root}`);
      // The row's details dialog of alarms and audit log entries.
      const dialogs = { alarms: entityTabsSelectors.alarms, 'audit-logs': entityTabsSelectors.auditLogs };
      if (root === 'alarms' || root === 'audit-logs') {
        const ids = dialogs[root];
        await page
          .locator(`${tid(T.root(root))} ${tid(T.row)}`)
          .filter({ hasText: text })
          .first()
          .locator(tid(T.rowAction('details')))
          .click();
        await page.waitForSelector(tid(ids.detailsDialog));
        await expectDark(page, `dark-device-${root}-details`);
        await page.click(tid(ids.detailsClose));
        await page.waitForSelector(tid(ids.detailsDialog), { state: 'detached' });
      }
    }
    await page.click(tid(T.detailsClose));

    await page.goto(`${suite.server.url}/profile`);
    await page.waitForSelector(tid(selectors.profile.page));
    await expectDark(page, 'dark-profile');

    await page.goto(`${suite.server.url}/deviceProfiles`);
    await page.waitForSelector(tid(T.row));
    await page.click(tid(T.add));
    await page.click(tid(T.addMenuItem('create')));
    await page.waitForSelector('[role="dialog"]');
    await expectDark(page, 'dark-device-profile-dialog');
    await page.keyboard.press('Escape');

    await page.goto(`${suite.server.url}/dashboards/${dashboard.body.id.id}`);
    await page.waitForSelector(`${tid(dashboardSelectors.widget('line'))} canvas`);
    await page.waitForTimeout(800);
    await expectDark(page, 'dark-line-chart-dashboard');

    // The chart's tooltip: dark, readable, headed by the time in the console's date-time format.
    const chart = page.locator(`${tid(dashboardSelectors.widget('line'))} canvas`).first();
    const box = await chart.boundingBox();
    if (!box) throw new Error('the line chart has no box');
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
    await expect
      .poll(() => page.textContent(tid(dashboardSelectors.widget('line'))))
      .toMatch(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} [AP]M/);
    const report = await darkReport(page);
    await screenshot(page, 'dark-line-chart-tooltip');
    expect(report.light).toEqual([]);
    expect(report.unreadable).toEqual([]);
    await context.close();
  });

  it("the system administrator's settings pages stay dark and readable", async () => {
    const { context, page } = await newPage(suite.browser, { width: 1280, height: 800 }, 'dark');
    await page.goto(`${suite.server.url}/login`);
    await signIn(page, 'sysadmin@meridian.local', 'sysadmin');
    await page.waitForSelector(tid(selectors.shell.root));
    await page.goto(`${suite.server.url}/settings/general`);
    await page.waitForSelector(tid(selectors.generalSettings.page));
    await expectDark(page, 'dark-general-settings');
    await page.goto(`${suite.server.url}/settings/outgoing-mail`);
    await page.waitForSelector(tid(selectors.mailSettings.page));
    await expectDark(page, 'dark-mail-settings');
    await context.close();
  });
});
