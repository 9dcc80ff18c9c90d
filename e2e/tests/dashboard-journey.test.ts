import type mqtt from 'mqtt';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { aliasSelectors as A } from '../../packages/web/src/dashboard/editor/aliases/alias-selectors';
import { editorSelectors as E } from '../../packages/web/src/dashboard/editor/editor-selectors';
import { filterSelectors as F } from '../../packages/web/src/dashboard/editor/filters/filter-selectors';
import { widgetConfigSelectors as W } from '../../packages/web/src/dashboard/editor/widget-config/widget-config-selectors';
import { dashboardSelectors as D } from '../../packages/web/src/dashboard/selectors';
import { selectors } from '../../packages/web/src/selectors';
import { code, screenshot, tid } from '../support/browser';
import { dragBy, position } from '../support/dashboard-grid';
import { connectRpcDevice } from '../support/mqtt-device';
import { api, loginToken } from '../support/server';
import { openSignedIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

/**
 * Issue 12's "Done when", as one user's journey: a tenant administrator creates a dashboard from
 * nothing in the console, adds a device alias, a line chart and a gauge on its temperature, a switch
 * on its RPC, an entities table whose row click opens a second state, a right layout and a dashboard
 * filter; sets titles, colours, units and a post-processing function; undoes a move; saves; reopens
 * it and finds exactly that, live. A second browser's concurrent save is then refused. (Custom
 * widgets, the rest of that paragraph, have their own journey in custom-widgets.test.ts.)
 */

const suite = useServerAndBrowser();
const TENANT = { email: 'tenant@meridian.local', password: 'tenant' };
const DEVICE = 'Journey boiler';
const DEVICE_TOKEN = 'JOURNEY_BOILER_TOKEN';
const TITLE = 'Boiler room';

let device: mqtt.MqttClient | undefined;
afterAll(async () => {
  await device?.endAsync();
});

interface SavedWidget {
  bundleAlias: string;
  typeAlias: string;
  config: Record<string, unknown> & {
    title?: string;
    datasources?: { type: string; entityAliasId?: string; filterId?: string; dataKeys: unknown[] }[];
    targetDeviceAliasIds?: string[];
    actions?: Record<string, Record<string, unknown>[]>;
  };
}
interface SavedDashboard {
  id: { id: string };
  version: number;
  configuration: {
    widgets: Record<string, SavedWidget>;
    states: Record<
      string,
      {
        name: string;
        root: boolean;
        layouts: { main: { widgets: Record<string, { row: number; col: number }> }; right?: unknown };
      }
    >;
    entityAliases: Record<string, { id: string; alias: string; filter: Record<string, unknown> }>;
    filters: Record<string, { id: string; filter: string; keyFilters: unknown[] }>;
  };
}

/** Picks an option of an MUI select by its text. */
async function choose(page: Page, select: string, text: string) {
  await page.click(tid(select));
  await page.locator('[role="listbox"] [role="option"]', { hasText: text }).first().click();
  await page.waitForSelector('[role="listbox"]', { state: 'detached' });
}

/** The edit-mode chrome of the widget titled `title` (its title is drawn by the widget inside it). */
async function chromeOf(page: Page, title: string): Promise<Locator> {
  const widget = page
    .locator('[data-testid^="dashboard-widget-"]')
    .filter({ has: page.locator(tid(D.widgetTitle), { hasText: title }) })
    .first();
  const id = ((await widget.getAttribute('data-testid')) ?? '').replace('dashboard-widget-', '');
  return page.locator(tid(E.widgetChrome(id)));
}

/** Adds a widget of the library, configured in the Add widget dialog by `configure`. */
async function addWidget(page: Page, bundle: string, type: string, configure: () => Promise<void>) {
  await page.click(tid(E.addWidget));
  await page.click(tid(E.createWidget));
  await page.click(tid(E.bundle(bundle)));
  await page.click(tid(E.widgetType(type)));
  await page.waitForSelector(tid(W.panel));
  await configure();
  await page.click(tid(W.apply));
  await page.waitForSelector(tid(W.panel), { state: 'detached' });
  await page.waitForSelector(tid(E.libraryPanel), { state: 'detached' });
}

/** Binds datasource 0 of the open config editor to the Boiler alias and its temperature. */
async function bindTemperature(page: Page) {
  await choose(page, W.datasourceType(0), 'Entity');
  await choose(page, W.datasourceAlias(0), 'Boiler');
  const keys = page.locator(`${tid(W.datasource(0))} [data-testid^="widget-config-key-0-"]`);
  // The new widget's sample key goes: this widget shows the boiler's temperature only.
  while ((await keys.count()) > 0) await keys.first().locator('.MuiChip-deleteIcon').click();
  await page.click(tid(W.datasourceKeys(0)));
  await page.fill(tid(W.datasourceKeys(0)), 'temp');
  await page.click(tid(W.keyOption('timeseries', 'temperature')));
  await page.waitForSelector(tid(W.keyChip(0, 'temperature')));
}

describe('dashboard journey', () => {
  it('builds a dashboard from scratch, saves it, reopens it as built, and refuses a concurrent save', async () => {
    const { server, browser } = suite;
    const token = await loginToken(server, TENANT.email, TENANT.password);
    const made = await api<{ id: { id: string } }>(
      server,
      'POST',
      `/api/device?accessToken=${DEVICE_TOKEN}`,
      {
        token,
        body: { name: DEVICE, type: 'boiler' },
      },
    );
    expect(made.status).toBe(200);
    const deviceId = made.body.id.id;
    // The boiler: on MQTT, answering its RPCs (the switch asks for its state, then sets it).
    const boiler = await connectRpcDevice(server, DEVICE_TOKEN, (request) =>
      request.method === 'getValue' ? false : request.params,
    );
    device = boiler.client;
    const { requests } = boiler;
    await device.publishAsync('v1/devices/me/telemetry', JSON.stringify({ temperature: 25 }));

    // A new dashboard, from the Dashboards page.
    const { page } = await openSignedIn(browser, server, TENANT.email, TENANT.password);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.click(tid(selectors.menu.link('/dashboards')));
    await page.click(tid(selectors.entityTable.add));
    await page.click(tid(selectors.entityTable.addMenuItem('add')));
    await page.fill(tid(selectors.dashboards.title), TITLE);
    await page.click(tid(selectors.entityTable.addSubmit));
    const row = page.locator(tid(selectors.entityTable.row)).filter({ hasText: TITLE });
    await row.waitFor();
    const list = await api<{ data: { id: { id: string }; title: string }[] }>(
      server,
      'GET',
      `/api/tenant/dashboards?pageSize=10&page=0&textSearch=${encodeURIComponent(TITLE)}`,
      { token },
    );
    const dashboardId = list.body.data.find((d) => d.title === TITLE)?.id.id ?? '';
    expect(dashboardId).not.toBe('');
    const read = async () =>
      (await api<SavedDashboard>(server, 'GET', `/api/dashboard/${dashboardId}`, { token })).body;

    await page.goto(`${server.url}/dashboards/${dashboardId}`);
    await page.click(tid(E.edit));
    await page.waitForSelector(tid(E.apply));

    // The device alias.
    await page.click(tid(A.open));
    await page.click(tid(A.add));
    await page.fill(tid(A.name), 'Boiler');
    await page.click(tid(A.filterType));
    await page.click(tid(`${A.filterType}-singleEntity`));
    await page.fill(tid(A.entity), DEVICE);
    await page.getByRole('option', { name: DEVICE, exact: true }).click();
    await page.click(tid(A.editorSave));
    await page.waitForSelector(tid(A.editor), { state: 'detached' });
    await page.click(tid(A.save));
    await page.waitForSelector(tid(A.dialog), { state: 'detached' });

    // A dashboard filter: boilers warmer than 10.
    await page.click(tid(F.open));
    await page.click(tid(F.add));
    await page.fill(tid(F.name), 'Warm');
    await page.click(tid(F.addKeyFilter));
    await choose(page, F.keyType(0), 'Time series');
    await page.fill(tid(F.key(0)), 'temperature');
    await choose(page, F.valueType(0), 'Numeric');
    await page.click(tid(F.addPredicate(0)));
    await choose(page, selectors.alarmRules.predicateOperation('filter-0-0'), 'greater than');
    await page.fill(tid(selectors.alarmRules.predicateValue('filter-0-0')), '10');
    await page.click(tid(F.editorSave));
    await page.waitForSelector(tid(F.editor), { state: 'detached' });
    await page.click(tid(F.save));
    await page.waitForSelector(tid(F.dialog), { state: 'detached' });

    // The second state, which the table's rows open.
    await page.click(tid(E.statesButton));
    await page.click(tid(E.stateAdd));
    await page.fill(tid(E.stateName), 'Boiler details');
    await page.click(tid(E.stateSubmit));
    await page.waitForSelector(tid(E.stateRow('boiler_details')));
    await page.click(`${tid(E.statesDialog)} ${tid(E.dialogSave)}`);
    await page.waitForSelector(tid(E.statesDialog), { state: 'detached' });

    // The line chart: the temperature in °F through a post-processing function, in orange.
    await addWidget(page, 'charts', 'basic_timeseries', async () => {
      await bindTemperature(page);
      await page.click(tid(W.keyChip(0, 'temperature')));
      await page.fill(tid(W.keyLabel), 'Water');
      await page.fill(tid(W.keyColor), '#ff9800');
      await page.fill(tid(W.keyUnits), '°F');
      await page.fill(tid(W.keyDecimals), '1');
      await page.click(tid(W.keyUsePost));
      await page.fill(code(W.keyPostFuncBody), 'return value * 9 / 5 + 32;');
      // The key's line settings (the flot chart's data key form): the area under it filled.
      await page.check(tid(`${W.keySetting}-fillLines`));
      await page.click(tid(W.keySave));
      await page.waitForSelector(tid(W.keyDialog), { state: 'detached' });
      await page.click(tid(W.tab('advanced')));
      await page.fill(tid(W.advanced('title')), 'Water temperature');
      await page.check(tid(W.advanced('showLegend')));
      await page.click(tid(W.advanced('legend-showMax')));
    });
    // The gauge on the same key, in °C.
    await addWidget(page, 'analogue_gauges', 'radial_gauge_canvas_gauges', async () => {
      await bindTemperature(page);
      // Its settings form: a scale up to 50 with a red band from 40.
      await page.click(tid(W.tab('settings')));
      await expect.poll(() => page.inputValue(tid(`${W.setting}-maxValue`))).toBe('100');
      await page.fill(tid(`${W.setting}-maxValue`), '50');
      await page.click(tid(`${W.setting}-highlights-add`));
      await page.fill(tid(`${W.setting}-highlights.0.from`), '40');
      await page.fill(tid(`${W.setting}-highlights.0.to`), '50');
      await page.fill(tid(`${W.setting}-highlights.0.color`), '#f44336');
      await screenshot(page, 'dashboard-journey-gauge-settings');
      await page.click(tid(W.tab('advanced')));
      await page.fill(tid(W.advanced('title')), 'Boiler gauge');
    });
    // The switch: RPC to the boiler.
    await addWidget(page, 'control_widgets', 'switch_control', async () => {
      await choose(page, W.targetDeviceAlias, 'Boiler');
      await page.click(tid(W.tab('advanced')));
      await page.fill(tid(W.advanced('title')), 'Burner');
    });
    // The entities table, filtered by the dashboard filter; a row click opens the second state.
    await addWidget(page, 'cards', 'entities_table', async () => {
      await bindTemperature(page);
      await choose(page, W.datasourceFilter(0), 'Warm');
      await page.click(tid(W.tab('advanced')));
      await page.fill(tid(W.advanced('title')), 'Boilers');
      await page.click(tid(W.tab('actions')));
      await page.click(tid(W.actionAdd));
      await choose(page, W.actionField('source'), 'On row click');
      await page.fill(tid(W.actionField('name')), 'Details');
      await choose(page, W.actionField('type'), 'Navigate to new dashboard state');
      await choose(page, W.actionField('targetDashboardStateId'), 'Boiler details');
      await page.click(tid(W.actionSave));
      await page.waitForSelector(tid(W.actionRow('rowClick', 'Details')));
    });
    await expect
      .poll(() => page.locator('[data-testid^="dashboard-edit-widget-"][aria-selected]').count())
      .toBe(4);

    // The right layout.
    await page.click(tid(E.layoutsButton));
    await page.click(tid(E.rightLayoutToggle));
    await page.click(`${tid(E.layoutsDialog)} ${tid(E.dialogSave)}`);
    await page.waitForSelector(tid(D.rightLayout));

    // Two moves of the gauge; the second is undone.
    const gauge = await chromeOf(page, 'Boiler gauge');
    const start = await position(gauge);
    await dragBy(page, gauge, { x: 0, y: 2 }, { x: 6, y: 5 });
    await expect.poll(() => position(gauge)).not.toEqual(start);
    const moved = await position(gauge);
    await dragBy(page, gauge, { x: 0, y: 2 }, { x: 6, y: 5 });
    await expect.poll(() => position(gauge)).not.toEqual(moved);
    await page.click(tid(E.undo));
    await expect.poll(() => position(gauge)).toEqual(moved);
    await screenshot(page, 'dashboard-journey-edit');

    await page.click(tid(E.apply));
    await page.waitForSelector(tid(E.edit));
    const saved = await read();
    const c = saved.configuration;
    const byTitle = (title: string) => {
      const entry = Object.entries(c.widgets).find(([, w]) => w.config.title === title);
      if (!entry) throw new Error(`no widget "${title}" saved`);
      return { id: entry[0], widget: entry[1] };
    };
    const alias = Object.values(c.entityAliases).find((a) => a.alias === 'Boiler');
    expect(alias?.filter).toMatchObject({
      type: 'singleEntity',
      singleEntity: { entityType: 'DEVICE', id: deviceId },
    });
    const filter = Object.values(c.filters).find((f) => f.filter === 'Warm');
    expect(filter?.keyFilters).toHaveLength(1);
    const chart = byTitle('Water temperature');
    expect(chart.widget).toMatchObject({ bundleAlias: 'charts', typeAlias: 'basic_timeseries' });
    expect(chart.widget.config.datasources?.[0]).toMatchObject({ type: 'entity', entityAliasId: alias?.id });
    expect(chart.widget.config.datasources?.[0]?.dataKeys).toEqual([
      expect.objectContaining({
        name: 'temperature',
        label: 'Water',
        color: '#ff9800',
        units: '°F',
        decimals: 1,
        usePostProcessing: true,
        postFuncBody: 'return value * 9 / 5 + 32;',
        settings: expect.objectContaining({ fillLines: true }),
      }),
    ]);
    expect(byTitle('Boiler gauge').widget).toMatchObject({
      typeAlias: 'radial_gauge_canvas_gauges',
      config: { settings: { maxValue: 50, highlights: [{ from: 40, to: 50, color: '#f44336' }] } },
    });
    expect(byTitle('Burner').widget.config.targetDeviceAliasIds).toEqual([alias?.id]);
    const table = byTitle('Boilers');
    expect(table.widget.config.datasources?.[0]).toMatchObject({ filterId: filter?.id });
    expect(table.widget.config.actions?.rowClick).toEqual([
      expect.objectContaining({
        name: 'Details',
        type: 'openDashboardState',
        targetDashboardStateId: 'boiler_details',
      }),
    ]);
    expect(c.states.boiler_details).toMatchObject({ name: 'Boiler details', root: false });
    expect(c.states.default?.layouts.right).toBeDefined();
    expect(Object.keys(c.states.default?.layouts.main.widgets ?? {}).sort()).toEqual(
      [chart.id, byTitle('Boiler gauge').id, byTitle('Burner').id, table.id].sort(),
    );

    // Reopened: the dashboard as built, live.
    await page.reload();
    const chartWidget = page.locator(tid(D.widget(chart.id)));
    await expect.poll(() => chartWidget.locator(tid(D.widgetTitle)).textContent()).toBe('Water temperature');
    await expect
      .poll(() => chartWidget.locator('[data-legend-table]').textContent(), { timeout: 15_000 })
      .toContain('77.0 °F');
    await page.waitForSelector(`${tid(D.widget(byTitle('Boiler gauge').id))} canvas`);
    await page.waitForSelector(tid(D.rightLayout));
    await device.publishAsync('v1/devices/me/telemetry', JSON.stringify({ temperature: 30 }));
    await expect
      .poll(() => chartWidget.locator('[data-legend-table]').textContent(), { timeout: 15_000 })
      .toContain('86.0 °F');
    // The switch asks the boiler for its state and turns the burner on by RPC.
    const burner = page.locator(`${tid(D.widget(byTitle('Burner').id))} input[role="switch"]`);
    await expect.poll(() => requests.some((r) => r.method === 'getValue'), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => burner.isDisabled()).toBe(false);
    await burner.click();
    await expect.poll(() => requests.find((r) => r.method === 'setValue')?.params).toBe(true);
    await screenshot(page, 'dashboard-journey-viewer');
    // A click on the boiler's row opens the second state for it.
    const tableWidget = page.locator(tid(D.widget(table.id)));
    await tableWidget.locator('tr', { hasText: DEVICE }).click();
    await expect.poll(() => page.textContent(tid(D.states))).toContain('Boiler details');
    expect(new URL(page.url()).searchParams.get('state')).toBeTruthy();
    await screenshot(page, 'dashboard-journey-second-state');

    // Two browsers edit at once: the second save is refused with the conflict message.
    await page.goto(`${server.url}/dashboards/${dashboardId}`);
    const other = await openSignedIn(browser, server, TENANT.email, TENANT.password);
    await other.page.setViewportSize({ width: 1280, height: 900 });
    await other.page.goto(`${server.url}/dashboards/${dashboardId}`);
    await page.click(tid(E.edit));
    await other.page.click(tid(E.edit));
    await dragBy(page, await chromeOf(page, 'Boiler gauge'), { x: 0, y: 2 }, { x: 6, y: 5 });
    await page.click(tid(E.apply));
    await page.waitForSelector(tid(E.edit));
    const otherGauge = await chromeOf(other.page, 'Boiler gauge');
    const before = await position(otherGauge);
    await dragBy(other.page, otherGauge, { x: 0, y: 2 }, { x: 6, y: 5 });
    await expect.poll(() => position(otherGauge)).not.toEqual(before);
    await other.page.click(tid(E.apply));
    await other.page.waitForSelector(tid(E.conflictDialog));
    await expect
      .poll(() => other.page.textContent(tid(E.conflictDialog)))
      .toContain('Someone else saved this dashboard');
    await screenshot(other.page, 'dashboard-journey-conflict');
    expect((await read()).version).toBe(saved.version + 1);
  });
});
