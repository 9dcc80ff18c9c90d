import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { editorSelectors } from '../../packages/web/src/dashboard/editor/editor-selectors';
import { widgetConfigSelectors } from '../../packages/web/src/dashboard/editor/widget-config/widget-config-selectors';
import { dashboardSelectors } from '../../packages/web/src/dashboard/selectors';
import { selectors } from '../../packages/web/src/selectors';
import { code, newPage, screenshot, tid } from '../support/browser';
import { api, deviceIdByName, loginToken, saveDashboard } from '../support/server';
import { openSignedIn, signIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

/**
 * The widget configuration editor (issue 12): a tenant administrator opens a line chart's config in
 * edit mode, binds it to a device alias and its real `temperature` key, changes the title, the
 * key's label, colour, units and post-processing function, adds a header button action, sees the
 * chart change before Apply, applies, saves the dashboard, reloads and sees it kept. A widget picked in the library opens
 * the Add widget dialog with the type's settings form; invalid JSON blocks Add; Cancel adds nothing.
 * The Advanced tab's margin, CSS, legend layout and phone hiding, and the Data tab's "no data"
 * message, reach the viewer.
 */

const E = editorSelectors;
const W = widgetConfigSelectors;
const D = dashboardSelectors;
const TENANT = { email: 'tenant@meridian.local', password: 'tenant' };
const DEVICE = 'Thermostat T1';
const TOKEN = 'T1_TEST_TOKEN';
const suite = useServerAndBrowser();

interface SavedDashboard {
  configuration: {
    widgets: Record<string, { config: Record<string, unknown> & { datasources: SavedDatasource[] } }>;
  };
}
interface SavedDatasource {
  type: string;
  entityAliasId?: string;
  dataKeys: Record<string, unknown>[];
}

/** A dashboard with a device alias and a line chart still on the library's random function key. */
function dashboardJson(deviceId: string) {
  return {
    title: 'Config editor test',
    configuration: {
      widgets: {
        chart: {
          id: 'chart',
          isSystemType: true,
          bundleAlias: 'charts',
          typeAlias: 'basic_timeseries',
          type: 'timeseries',
          sizeX: 12,
          sizeY: 7,
          config: {
            title: 'New chart',
            showTitle: true,
            datasources: [
              {
                type: 'function',
                name: 'function',
                dataKeys: [
                  {
                    name: 'f(x)',
                    type: 'function',
                    label: 'Random',
                    color: '#2196f3',
                    settings: {},
                    funcBody: 'return 1;',
                  },
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
          name: 'Config editor test',
          root: true,
          layouts: { main: { widgets: { chart: { sizeX: 12, sizeY: 7, row: 0, col: 0 } } } },
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
      settings: {},
    },
  };
}

/** Picks an item of an open MUI select or menu by its text. */
async function pick(page: Page, select: string, text: string) {
  await page.click(tid(select));
  await page.locator('[role="listbox"] [role="option"]', { hasText: text }).first().click();
  await page.waitForSelector('[role="listbox"]', { state: 'detached' });
}

describe('widget config editor', () => {
  it('binds a chart to a device key with a post-processing function, previews, applies and keeps it', async () => {
    const { server, browser } = suite;
    const token = await loginToken(server, TENANT.email, TENANT.password);
    const deviceId = await deviceIdByName(server, token, DEVICE);
    const published = await api(server, 'POST', `/api/v1/${TOKEN}/telemetry`, { body: { temperature: 25 } });
    expect(published.status).toBe(200);
    const dashboardId = await saveDashboard(server, token, dashboardJson(deviceId));

    const { page } = await openSignedIn(browser, server, TENANT.email, TENANT.password);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/dashboards/${dashboardId}`);
    await page.click(tid(E.edit));
    await page.waitForSelector(tid(E.apply));

    // The chart's Edit button opens its config editor.
    const chrome = page.locator(tid(E.widgetChrome('chart')));
    await chrome.hover();
    await chrome.locator(tid(E.widgetEdit)).click();
    await page.waitForSelector(tid(W.panel));

    // Data: an entity datasource of the Thermostat alias, with its real temperature key.
    await pick(page, W.datasourceType(0), 'Entity');
    await pick(page, W.datasourceAlias(0), 'Thermostat');
    await page.click(tid(W.datasourceKeys(0)));
    await page.fill(tid(W.datasourceKeys(0)), 'temp');
    await page.click(tid(W.keyOption('timeseries', 'temperature')));
    await page.waitForSelector(tid(W.keyChip(0, 'temperature')));
    await screenshot(page, 'widget-config-data');

    // The key dialog: label, colour, units, decimals, post-processing.
    await page.click(tid(W.keyChip(0, 'temperature')));
    await page.waitForSelector(tid(W.keyDialog));
    await page.fill(tid(W.keyLabel), 'Room temperature');
    await page.fill(tid(W.keyColor), '#e91e63');
    await page.fill(tid(W.keyUnits), '°F');
    await page.fill(tid(W.keyDecimals), '1');
    await page.click(tid(W.keyUsePost));
    await page.fill(code(W.keyPostFuncBody), 'return value * 9 / 5 + 32;');
    await screenshot(page, 'widget-config-key-dialog');
    await page.click(tid(W.keySave));
    await page.waitForSelector(tid(W.keyDialog), { state: 'detached' });
    await expect.poll(() => page.textContent(tid(W.keyChip(0, 'temperature')))).toBe('Room temperature');

    // Advanced: the title, and the legend as a table with the max value.
    await page.click(tid(W.tab('advanced')));
    await page.fill(tid(W.advanced('title')), 'Living room');
    await page.click(tid(W.advanced('legend-showMax')));
    await screenshot(page, 'widget-config-advanced');

    // Actions: a header button that updates the current state.
    await page.click(tid(W.tab('actions')));
    await page.click(tid(W.actionAdd));
    await page.fill(tid(W.actionField('name')), 'Refresh state');
    await page.click(tid(`${W.actionField('icon')}-choose`));
    await page.click(tid(`${W.actionField('icon')}-icon-refresh`));
    expect(await page.inputValue(tid(W.actionField('icon')))).toBe('refresh');
    await pick(page, W.actionField('type'), 'Update current dashboard state');
    await screenshot(page, 'widget-config-action-dialog');
    await page.click(tid(W.actionSave));
    await page.waitForSelector(tid(W.actionRow('headerButton', 'Refresh state')));
    await screenshot(page, 'widget-config-actions');

    // The dashboard shows the draft before Apply.
    const widget = page.locator(tid(D.widget('chart')));
    await expect.poll(() => widget.locator(tid(D.widgetTitle)).textContent()).toBe('Living room');
    const legend = widget.locator('[data-legend-table]');
    await expect.poll(() => legend.textContent(), { timeout: 15_000 }).toContain('Room temperature');
    await expect.poll(() => legend.textContent(), { timeout: 15_000 }).toContain('77.0 °F');
    await screenshot(page, 'widget-config-preview');

    // Apply the widget, then the dashboard.
    await page.click(tid(W.apply));
    await page.waitForSelector(tid(W.panel), { state: 'detached' });
    await page.click(tid(E.apply));
    await page.waitForSelector(tid(E.edit));

    const saved = await api<SavedDashboard>(server, 'GET', `/api/dashboard/${dashboardId}`, { token });
    const config = saved.body.configuration.widgets.chart?.config;
    expect(config?.title).toBe('Living room');
    expect((config?.actions as Record<string, unknown[]> | undefined)?.headerButton).toEqual([
      expect.objectContaining({ name: 'Refresh state', icon: 'refresh', type: 'updateDashboardState' }),
    ]);
    expect(config?.datasources[0]).toMatchObject({ type: 'entity', entityAliasId: 'alias-1' });
    expect(config?.datasources[0]?.dataKeys).toEqual([
      expect.objectContaining({
        name: 'temperature',
        type: 'timeseries',
        label: 'Room temperature',
        color: '#e91e63',
        units: '°F',
        decimals: 1,
        usePostProcessing: true,
        postFuncBody: 'return value * 9 / 5 + 32;',
      }),
    ]);

    // After a reload the chart is as applied.
    await page.reload();
    const reloaded = page.locator(tid(D.widget('chart')));
    await expect.poll(() => reloaded.locator(tid(D.widgetTitle)).textContent()).toBe('Living room');
    await expect
      .poll(() => reloaded.locator('[data-legend-table]').textContent(), { timeout: 15_000 })
      .toContain('77.0 °F');
    await expect
      .poll(() => reloaded.locator(tid(D.widgetHeaderAction)).getAttribute('aria-label'))
      .toBe('Refresh state');
    await screenshot(page, 'widget-config-saved');
  });

  it('opens the Add widget dialog from the library with its settings form; invalid JSON blocks Add; Cancel adds nothing', async () => {
    const { server, browser } = suite;
    const token = await loginToken(server, TENANT.email, TENANT.password);
    const dashboardId = await saveDashboard(server, token, { title: 'Add dialog test', configuration: {} });
    // In the dark scheme, to see the panel and its dialogs there too.
    const { page } = await newPage(browser, { width: 1280, height: 800 }, 'dark');
    await page.goto(`${server.url}/login`);
    await signIn(page, TENANT.email, TENANT.password);
    await page.waitForSelector(tid(selectors.shell.root));
    await page.goto(`${server.url}/dashboards/${dashboardId}`);
    await page.click(tid(E.edit));
    await page.click(tid(E.addWidget));
    await page.click(tid(E.createWidget));
    await page.click(tid(E.bundle('cards')));
    await page.click(tid(E.widgetType('simple_card')));
    await page.waitForSelector(tid(W.panel));
    // The new widget shows in the dashboard as a preview while its config is edited.
    const chromes = page.locator('[data-testid^="dashboard-edit-widget-"][aria-selected]');
    await expect.poll(() => chromes.count()).toBe(1);
    await screenshot(page, 'widget-config-add');
    // Settings: the form of the type's settings schema.
    await page.click(tid(W.tab('settings')));
    await page.fill(tid(`${W.setting}-labelPosition`), 'top');
    await screenshot(page, 'widget-config-settings');
    // Invalid JSON in the title style is shown and blocks Add.
    await page.click(tid(W.tab('advanced')));
    await page.fill(code(W.advanced('titleStyle')), '{"fontSize": ');
    await page.waitForSelector(tid(W.settingsError));
    expect(await page.locator(tid(W.apply)).isDisabled()).toBe(true);
    await page.fill(code(W.advanced('titleStyle')), '{"fontSize": "20px"}');
    await page.waitForSelector(tid(W.settingsError), { state: 'detached' });
    expect(await page.locator(tid(W.apply)).isDisabled()).toBe(false);
    await page.click(tid(W.decline));
    await page.waitForSelector(tid(W.panel), { state: 'detached' });
    await expect.poll(() => chromes.count()).toBe(0);
    expect(await page.locator(tid(E.undo)).isDisabled()).toBe(true);
  });

  it("applies a widget's margin, own CSS, legend layout, phone hiding and no-data message in the viewer", async () => {
    const { server, browser } = suite;
    const token = await loginToken(server, TENANT.email, TENANT.password);
    const deviceId = await deviceIdByName(server, token, DEVICE);
    const base = dashboardJson(deviceId);
    const chart = base.configuration.widgets.chart;
    const fnKey = (label: string, color: string, funcBody: string) => ({
      name: 'f(x)',
      type: 'function',
      label,
      color,
      settings: {},
      funcBody,
    });
    chart.config.datasources = [
      {
        type: 'function',
        name: 'function',
        dataKeys: [fnKey('Zeta', '#2196f3', 'return 1;'), fnKey('Alpha', '#e91e63', 'return 2;')],
      },
    ];
    const table = {
      id: 'table',
      isSystemType: true,
      bundleAlias: 'cards',
      typeAlias: 'timeseries_table',
      type: 'timeseries',
      sizeX: 12,
      sizeY: 7,
      config: {
        title: 'Pressure log',
        showTitle: true,
        datasources: [
          {
            type: 'entity',
            entityAliasId: 'alias-1',
            dataKeys: [
              { name: 'pressure', type: 'timeseries', label: 'Pressure', color: '#000000', settings: {} },
            ],
          },
        ],
        settings: {},
        useDashboardTimewindow: true,
      },
    };
    const dashboardId = await saveDashboard(server, token, {
      ...base,
      title: 'Advanced settings test',
      configuration: {
        ...base.configuration,
        widgets: { chart, table },
        states: {
          default: {
            name: 'Advanced settings test',
            root: true,
            layouts: {
              main: {
                widgets: {
                  chart: { sizeX: 12, sizeY: 7, row: 0, col: 0 },
                  table: { sizeX: 12, sizeY: 7, row: 0, col: 12 },
                },
              },
            },
          },
        },
      },
    });

    const { page } = await openSignedIn(browser, server, TENANT.email, TENANT.password);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/dashboards/${dashboardId}`);
    await page.waitForSelector(`${tid(D.widget('chart'))} canvas`);
    await screenshot(page, 'widget-config-legend-default');
    await page.click(tid(E.edit));
    await page.waitForSelector(tid(E.apply));
    const openConfig = async (widgetId: string) => {
      const chrome = page.locator(tid(E.widgetChrome(widgetId)));
      await chrome.hover();
      await chrome.locator(tid(E.widgetEdit)).click();
      await page.waitForSelector(tid(W.panel));
    };

    // The chart: margin, its own CSS (refused while its braces do not close), the legend as a
    // sorted row with the max value, hidden on phones.
    await openConfig('chart');
    await page.click(tid(W.tab('advanced')));
    await page.fill(tid(W.advanced('margin')), '12px');
    await page.fill(code(W.advanced('widgetCss')), 'h2 { letter-spacing: 3px;');
    await page.waitForSelector(tid(W.settingsError));
    expect(await page.locator(tid(W.apply)).isDisabled()).toBe(true);
    await page.fill(code(W.advanced('widgetCss')), 'h2 { letter-spacing: 3px; }');
    await page.waitForSelector(tid(W.settingsError), { state: 'detached' });
    await pick(page, W.advanced('legend-direction'), 'Row');
    await page.click(tid(W.advanced('legend-sortDataKeys')));
    await page.click(tid(W.advanced('legend-showMax')));
    await page.click(tid(W.advanced('mobileHide')));
    await screenshot(page, 'widget-config-advanced-layout');
    await page.click(tid(W.apply));
    await page.waitForSelector(tid(W.panel), { state: 'detached' });

    // The table: its own words when there is nothing to show.
    await openConfig('table');
    await page.fill(tid(W.noDataDisplayMessage), 'Nothing measured yet');
    await page.click(tid(W.apply));
    await page.waitForSelector(tid(W.panel), { state: 'detached' });
    await page.click(tid(E.apply));
    await page.waitForSelector(tid(E.edit));

    const saved = await api<SavedDashboard>(server, 'GET', `/api/dashboard/${dashboardId}`, { token });
    expect(saved.body.configuration.widgets.chart?.config).toMatchObject({
      margin: '12px',
      widgetCss: 'h2 { letter-spacing: 3px; }',
      legendConfig: { direction: 'row', sortDataKeys: true, showMax: true },
      mobileHide: true,
    });
    expect(saved.body.configuration.widgets.table?.config.noDataDisplayMessage).toBe('Nothing measured yet');

    await page.reload();
    const chartWidget = page.locator(tid(D.widget('chart')));
    const tableWidget = page.locator(tid(D.widget('table')));
    // The CSS styles the chart's title, and only the chart's.
    const spacing = (widget: typeof chartWidget) =>
      widget.locator(tid(D.widgetTitle)).evaluate((h2) => getComputedStyle(h2).letterSpacing);
    await expect.poll(() => spacing(chartWidget)).toBe('3px');
    expect(await spacing(tableWidget)).not.toBe('3px');
    // The margin sets the card in from its cell: 12 px more than the table's on each side.
    const chartBox = await chartWidget.boundingBox();
    const tableBox = await tableWidget.boundingBox();
    expect(Math.round((tableBox?.width ?? 0) - (chartBox?.width ?? 0))).toBe(24);
    expect(Math.round((chartBox?.y ?? 0) - (tableBox?.y ?? 0))).toBe(12);
    // A row legend sorted by name: the series across, the values down.
    const legend = chartWidget.locator('[data-legend-table]');
    await expect
      .poll(() => legend.locator('th').allTextContents(), { timeout: 15_000 })
      .toEqual(['', 'Alpha', 'Zeta']);
    await expect.poll(() => legend.locator('tbody td').allTextContents()).toEqual(['Max', '2.00', '1.00']);
    await expect.poll(() => tableWidget.textContent(), { timeout: 15_000 }).toContain('Nothing measured yet');
    await screenshot(page, 'widget-config-advanced-viewer');

    // On a phone the chart is left out; the table stays.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.waitForSelector(tid(D.widget('table')));
    await page.waitForSelector(tid(D.widget('chart')), { state: 'detached' });
    await screenshot(page, 'widget-config-advanced-phone');
  });
});
