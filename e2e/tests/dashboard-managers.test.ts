import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { colorPickerTestIds } from '../../packages/web/src/components/color-input/color-input-selectors';
import { editorSelectors } from '../../packages/web/src/dashboard/editor/editor-selectors';
import { dashboardSelectors } from '../../packages/web/src/dashboard/selectors';
import { screenshot, tid } from '../support/browser';
import { api, loginToken } from '../support/server';
import { openSignedIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

/**
 * The dashboard editor's managers (issue 12): a tenant administrator adds a second state, turns on
 * the right layout and changes its grid, shares a widget into the right layout and the second state
 * by reference, changes the dashboard settings and the time window, applies, reloads and sees it all
 * kept.
 */

const E = editorSelectors;
const D = dashboardSelectors;
const TENANT = { email: 'tenant@meridian.local', password: 'tenant' };
const suite = useServerAndBrowser();

type Json = Record<string, unknown>;
interface DashboardJson {
  id: { id: string };
  version: number;
  configuration: {
    widgets: Record<string, Json>;
    states: Record<
      string,
      {
        name: string;
        root: boolean;
        layouts: Record<string, { widgets: Record<string, Json>; gridSettings: Json }>;
      }
    >;
    settings: Json;
    timewindow?: Json;
    description?: string;
  };
}

const CARD = {
  id: 'card1',
  bundleAlias: 'cards',
  typeAlias: 'simple_card',
  type: 'latest',
  sizeX: 5,
  sizeY: 3,
  config: { title: 'Shared card', datasources: [], settings: {} },
};

/** A logo that needs no network: a small orange square. */
const LOGO =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='32' height='32'%3E%3Crect width='32' height='32' fill='%23ff9800'/%3E%3C/svg%3E";

/** Right-clicks the empty space of the `index`th layout shown (0 main, 1 right), below its widgets. */
async function rightClickLayout(page: Page, index: number) {
  // A closing menu's backdrop would take the right-click.
  await page.locator(tid(E.widgetMenu)).waitFor({ state: 'hidden' });
  const layout = page.locator(tid(D.layout)).nth(index);
  const box = await layout.boundingBox();
  if (!box) throw new Error('layout not shown');
  await page.mouse.click(box.x + box.width - 30, box.y + box.height - 30, { button: 'right' });
}

describe('dashboard managers', () => {
  it('adds a state, a right layout with its grid, shares a widget, changes the settings, applies', async () => {
    const { server, browser } = suite;
    const token = await loginToken(server, TENANT.email, TENANT.password);
    const created = await api<DashboardJson>(server, 'POST', '/api/dashboard', {
      token,
      body: {
        title: 'Managers test',
        configuration: {
          description: 'kept',
          widgets: { card1: CARD },
          states: {
            default: {
              name: 'Managers test',
              root: true,
              layouts: {
                main: {
                  widgets: { card1: { row: 0, col: 0, sizeX: 5, sizeY: 3 } },
                  gridSettings: { columns: 24, margin: 10 },
                },
              },
            },
          },
          settings: { showTitle: true, unknownSetting: 7 },
        },
      },
    });
    expect(created.status).toBe(200);
    const dashboardId = created.body.id.id;
    const read = async () =>
      (await api<DashboardJson>(server, 'GET', `/api/dashboard/${dashboardId}`, { token })).body;

    const { page } = await openSignedIn(browser, server, TENANT.email, TENANT.password);
    await page.goto(`${server.url}/dashboards/${dashboardId}`);
    await page.click(tid(E.edit));
    await page.waitForSelector(tid(E.apply));
    await screenshot(page, 'dashboard-managers-toolbar');
    // The toolbar fits one line at 1280 px: Apply sits level with the managers.
    const apply = await page.locator(tid(E.apply)).boundingBox();
    const states = await page.locator(tid(E.statesButton)).boundingBox();
    expect(Math.abs((apply?.y ?? 0) - (states?.y ?? 100)) < 20).toBe(true);

    // Manage dashboard states: add "Second state"; its id follows the name.
    await page.click(tid(E.statesButton));
    await page.waitForSelector(tid(E.statesDialog));
    await page.click(tid(E.stateAdd));
    await page.fill(tid(E.stateName), 'Second state');
    await expect.poll(() => page.inputValue(tid(E.stateId))).toBe('second_state');
    await page.click(tid(E.stateSubmit));
    await page.waitForSelector(tid(E.stateRow('second_state')));
    await page.fill(tid(E.statesSearch), 'second');
    await expect.poll(() => page.locator(tid(E.stateRow('default'))).count()).toBe(0);
    await screenshot(page, 'dashboard-managers-states');
    await page.click(`${tid(E.statesDialog)} ${tid(E.dialogSave)}`);
    await page.waitForSelector(tid(E.statesDialog), { state: 'detached' });

    // Manage layouts: the right layout on, its grid of 12 columns on a pink background.
    await page.click(tid(E.layoutsButton));
    await page.click(tid(E.rightLayoutToggle));
    await page.click(tid(E.layoutSettings('right')));
    await page.fill(tid(E.gridColumns), '12');
    await page.click(tid(`${E.gridBackgroundColor}-swatch`));
    await page.click(tid(colorPickerTestIds.swatch('#e91e63')));
    await page.click(tid(colorPickerTestIds.select));
    await expect.poll(() => page.inputValue(tid(E.gridBackgroundColor))).toBe('#e91e63');
    await screenshot(page, 'dashboard-managers-grid-settings');
    await page.click(`${tid(E.gridDialog)} ${tid(E.dialogSave)}`);
    await page.waitForSelector(tid(E.gridDialog), { state: 'detached' });
    await screenshot(page, 'dashboard-managers-layouts');
    await page.click(`${tid(E.layoutsDialog)} ${tid(E.dialogSave)}`);
    await page.waitForSelector(tid(D.rightLayout));

    // Copy reference of the card, paste reference into the right layout: the same widget twice.
    await page.click(tid(E.widgetChrome('card1')), { button: 'right' });
    await page.click(tid(E.menuCopyReference));
    await rightClickLayout(page, 1);
    await page.click(tid(E.menuPasteReference));
    await expect.poll(() => page.locator(tid(E.widgetChrome('card1'))).count()).toBe(2);

    // Dashboard settings from the grid's context menu: the states as a list, no export button,
    // a title colour.
    await rightClickLayout(page, 0);
    await page.click(tid(E.menuSettings));
    await page.waitForSelector(tid(E.settingsDialog));
    await page.click(tid(E.settingsStateController));
    await page.getByRole('option', { name: 'default' }).click();
    await page.uncheck(tid(E.settingsFlag('showDashboardExport')));
    await page.check(tid(E.settingsFlag('hideAggregation')));
    await page.fill(tid(E.settingsTitleColor), '#ff5722');
    await page.check(tid(E.settingsFlag('showDashboardLogo')));
    await page.fill(tid(E.settingsLogoUrl), LOGO);
    await screenshot(page, 'dashboard-managers-settings');
    await page.click(`${tid(E.settingsDialog)} ${tid(E.dialogSave)}`);
    await page.waitForSelector(tid(E.settingsDialog), { state: 'detached' });

    // The time window of the dashboard, changed in edit mode: History. The author's panel offers
    // every section, the aggregation hidden from viewers included.
    await page.click(tid(D.timewindow));
    await page.waitForSelector(tid(`${D.timewindow}-aggregation`));
    await page.click(tid(`${D.timewindow}-tab-history`));
    await screenshot(page, 'dashboard-managers-timewindow');
    await page.click(tid(`${D.timewindow}-update`));
    await page.waitForSelector(tid(`${D.timewindow}-panel`), { state: 'detached' });

    // Copy reference by its shortcut: the selected widget.
    await page
      .locator(tid(E.widgetChrome('card1')))
      .first()
      .click();
    await page.keyboard.press('Control+r');

    // The second state, opened in edit mode (the session stays): paste the reference there too,
    // by its shortcut.
    await page.getByRole('combobox', { name: 'Dashboard states' }).click();
    await page.getByRole('option', { name: 'Second state' }).click();
    // The list's popover goes first: its backdrop would take the right-click.
    await expect.poll(() => page.locator('.MuiPopover-root').count()).toBe(0);
    await expect.poll(() => page.locator(tid(E.widgetChrome('card1'))).count()).toBe(0);
    expect(await page.locator(tid(E.apply)).count()).toBe(1);
    await page.keyboard.press('Control+i');
    await expect.poll(() => page.locator(tid(E.widgetChrome('card1'))).count()).toBe(1);
    await screenshot(page, 'dashboard-managers-second-state');

    await page.click(tid(E.apply));
    await page.waitForSelector(tid(E.edit));
    const saved = await read();
    const c = saved.configuration;
    expect(c.description).toBe('kept');
    expect(Object.keys(c.widgets)).toEqual(['card1']);
    expect(c.states.second_state).toMatchObject({ name: 'Second state', root: false });
    expect(Object.keys(c.states.second_state?.layouts.main?.widgets ?? {})).toEqual(['card1']);
    expect(c.states.default?.root).toBe(true);
    expect(c.states.default?.layouts.right?.gridSettings).toMatchObject({
      columns: 12,
      backgroundColor: '#e91e63',
    });
    expect(Object.keys(c.states.default?.layouts.right?.widgets ?? {})).toEqual(['card1']);
    expect(c.settings).toMatchObject({
      unknownSetting: 7,
      stateControllerId: 'default',
      showDashboardExport: false,
      titleColor: '#ff5722',
      showDashboardLogo: true,
      dashboardLogoUrl: LOGO,
    });
    expect(c.timewindow).toMatchObject({ hideAggregation: true, selectedTab: 1 });

    // Reloaded: the title in its colour, no export button, the right layout on its background.
    await page.goto(`${server.url}/dashboards/${dashboardId}`);
    await page.waitForSelector(tid(D.rightLayout));
    await expect
      .poll(() => page.locator(tid(D.title)).evaluate((el) => getComputedStyle(el).color))
      .toBe('rgb(255, 87, 34)');
    expect(await page.locator(tid(D.export)).count()).toBe(0);
    expect(await page.getAttribute(tid(D.logo), 'src')).toBe(LOGO);
    const rightBackground = await page
      .locator(`${tid(D.rightLayout)} ${tid(D.layout)}`)
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(rightBackground).toBe('rgb(233, 30, 99)');
    expect(await page.locator(tid(D.widget('card1'))).count()).toBe(2);
    await screenshot(page, 'dashboard-managers-applied');
  });
});
