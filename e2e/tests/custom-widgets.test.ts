import type mqtt from 'mqtt';
import type { FrameLocator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { dashboardSelectors } from '../../packages/web/src/dashboard/selectors';
import { widgetEditorSelectors as S } from '../../packages/web/src/features/widget-editor/widget-editor-selectors';
import { selectors } from '../../packages/web/src/selectors';
import { code, codeText, newPage, screenshot, tid } from '../support/browser';
import { connectRpcDevice } from '../support/mqtt-device';
import { api, loginToken, saveDashboard } from '../support/server';
import { openSignedIn, signIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

/**
 * Custom widgets (issue 12, "Done when"): a tenant administrator writes a widget in the widget
 * editor (HTML, CSS, JavaScript) that draws the latest value of its key and sends a one-way RPC
 * on click, previews it on a device, saves it to a tenant bundle; on a dashboard it shows the
 * device's telemetry live, its click reaches the device over MQTT, and inside its sandboxed frame
 * the console's storage, page and cookies are out of reach. A widget whose code throws shows the
 * error in its own frame.
 */

const suite = useServerAndBrowser();
const TENANT = { email: 'tenant@meridian.local', password: 'tenant' };
const DEVICE = 'Custom widget lamp';
const DEVICE_TOKEN = 'CUSTOM_WIDGET_LAMP_TOKEN';

const HTML = '<div class="box"><span class="value">-</span><pre class="probe"></pre></div>';
const CSS = '.box { height: 100%; cursor: pointer; font-size: 28px; color: rgb(0, 105, 92); }';
const JS = `self.onInit = function () {
  var probe = [];
  try { probe.push('storage:' + window.localStorage.getItem('probe-secret')); } catch (e) { probe.push('storage blocked'); }
  try { probe.push('parent:' + window.parent.document.title); } catch (e) { probe.push('parent blocked'); }
  try { probe.push('cookie:' + document.cookie); } catch (e) { probe.push('cookie blocked'); }
  self.ctx.$container.find('.probe').text(probe.join(' | '));
  self.ctx.$container.find('.box').on('click', function () {
    self.ctx.controlApi.sendOneWayCommand('setLamp', { shown: self.ctx.$container.find('.value').text() });
  });
};
self.onDataUpdated = function () {
  var entry = self.ctx.data[0];
  var point = entry && entry.data[entry.data.length - 1];
  self.ctx.$container.find('.value').text(point ? String(point[1]) : '-');
};`;

let device: mqtt.MqttClient | undefined;
afterAll(async () => {
  await device?.endAsync();
});

/** The sandboxed frame of a custom widget on the page. */
const frameOf = (page: Page, widgetId?: string): FrameLocator =>
  page.frameLocator(
    widgetId
      ? tid(`${dashboardSelectors.customWidgetFrame}-${widgetId}`)
      : `[data-testid^="${dashboardSelectors.customWidgetFrame}-"]`,
  );

describe('custom widgets', () => {
  it('are written in the widget editor, run sandboxed on a dashboard with live data and RPC, and show their errors', async () => {
    const { server, browser } = suite;
    const token = await loginToken(server, TENANT.email, TENANT.password);
    const bundle = await api<{ id: { id: string }; alias: string }>(server, 'POST', '/api/widgetsBundle', {
      token,
      body: { title: 'Custom E2E widgets' },
    });
    expect(bundle.status).toBe(200);
    const made = await api<{ id: { id: string } }>(
      server,
      'POST',
      `/api/device?accessToken=${DEVICE_TOKEN}`,
      {
        token,
        body: { name: DEVICE, type: 'default' },
      },
    );
    expect(made.status).toBe(200);
    const deviceId = made.body.id.id;

    // The device: connected over MQTT, recording the RPC requests it gets.
    const connected = await connectRpcDevice(server, DEVICE_TOKEN);
    device = connected.client;
    const { requests } = connected;
    await device.publishAsync('v1/devices/me/telemetry', JSON.stringify({ temperature: 21.5 }));

    const { page } = await openSignedIn(browser, server, TENANT.email, TENANT.password);
    await page.evaluate(() => localStorage.setItem('probe-secret', 'console-secret'));
    await page.goto(`${server.url}/widgets-bundles/${bundle.body.id.id}/widgetTypes/add/latest`);
    await page.waitForSelector(tid(S.page));
    await page.fill(tid(S.title), 'Lamp value');
    await page.click(tid(S.tab('html')));
    await page.fill(code(S.html), HTML);
    await page.click(tid(S.tab('css')));
    await page.fill(code(S.css), CSS);
    await page.fill(code(S.javascript), JS);

    // The preview: the device's real data, after Run (Ctrl+Enter).
    await page.fill(tid(S.previewDevice), 'Custom widget');
    await page.getByRole('option', { name: DEVICE, exact: true }).click();
    await page.fill(tid(S.previewKeys), 'temperature');
    await page.press(tid(S.previewKeys), 'Enter');
    await page.press(code(S.javascript), 'Control+Enter');
    await expect.poll(() => frameOf(page).locator('.value').textContent(), { timeout: 15_000 }).toBe('21.5');
    await screenshot(page, 'custom-widgets-editor');
    // The JavaScript editor's fullscreen toggle: the editor fills the window, and back.
    await page.click(tid(`${S.javascript}-fullscreen`));
    await expect
      .poll(async () => (await page.locator(tid(S.javascript)).boundingBox())?.height)
      .toBeGreaterThan(600);
    await screenshot(page, 'custom-widgets-editor-fullscreen');
    await page.click(tid(`${S.javascript}-fullscreen`));
    await expect
      .poll(async () => (await page.locator(tid(S.javascript)).boundingBox())?.height)
      .toBeLessThan(400);

    // An invalid settings schema shows its error and saves nothing.
    await page.click(tid(S.tab('settingsSchema')));
    await page.fill(code(S.settingsSchema), '{"schema": ');
    await page.click(tid(S.save));
    await expect.poll(() => page.locator('#root, body').first().textContent()).toContain('Invalid JSON');
    const types = async () =>
      (
        await api<{ alias: string }[]>(
          server,
          'GET',
          `/api/widgetTypes?isSystem=false&bundleAlias=${bundle.body.alias}`,
          { token },
        )
      ).body;
    expect(await types()).toEqual([]);
    await screenshot(page, 'custom-widgets-invalid-schema');
    await page.fill(code(S.settingsSchema), '{}');
    await page.keyboard.press('Control+s');
    await page.waitForURL(/\/widgetTypes\/[0-9a-f-]{36}$/);
    const editorUrl = page.url();
    await expect.poll(async () => (await types()).length).toBe(1);
    const [saved] = await types();
    if (!saved) throw new Error('not saved');

    // A second type whose code throws at load, saved over REST.
    const broken = await api<{ alias: string }>(server, 'POST', '/api/widgetType', {
      token,
      body: {
        bundleAlias: bundle.body.alias,
        name: 'Broken widget',
        descriptor: {
          type: 'latest',
          sizeX: 6,
          sizeY: 4,
          resources: [],
          templateHtml: '<div>never</div>',
          templateCss: '',
          controllerScript: 'self.onInit = function () { throw new Error("kaput at load"); };',
          settingsSchema: '{}',
          dataKeySettingsSchema: '{}',
          defaultConfig: '{}',
        },
      },
    });
    expect(broken.status).toBe(200);

    // The dashboard, imported over REST, referencing the types by their aliases.
    const widget = (id: string, typeAlias: string, col: number) => ({
      id,
      isSystemType: false,
      bundleAlias: bundle.body.alias,
      typeAlias,
      type: 'latest',
      sizeX: 8,
      sizeY: 6,
      config: {
        title: id,
        showTitle: true,
        datasources: [
          {
            type: 'entity',
            entityAliasId: 'lamp',
            dataKeys: [{ name: 'temperature', type: 'timeseries', label: 'Temperature', color: '#2196f3' }],
          },
        ],
      },
      col,
    });
    const widgets = [widget('lamp-value', saved.alias, 0), widget('broken', broken.body.alias, 8)];
    const dashboardId = await saveDashboard(server, token, {
      title: 'Custom widgets',
      configuration: {
        entityAliases: {
          lamp: {
            id: 'lamp',
            alias: 'Lamp',
            filter: { type: 'singleEntity', singleEntity: { entityType: 'DEVICE', id: deviceId } },
          },
        },
        widgets: Object.fromEntries(widgets.map(({ col: _col, ...w }) => [w.id, w])),
        states: {
          default: {
            name: 'Custom widgets',
            root: true,
            layouts: {
              main: {
                widgets: Object.fromEntries(
                  widgets.map((w) => [w.id, { sizeX: w.sizeX, sizeY: w.sizeY, row: 0, col: w.col }]),
                ),
                gridSettings: { columns: 24, margin: 10 },
              },
            },
          },
        },
        timewindow: { realtime: { timewindowMs: 60_000 } },
      },
    });
    await page.goto(`${server.url}/dashboards/${dashboardId}`);
    const lamp = frameOf(page, 'lamp-value');
    await expect.poll(() => lamp.locator('.value').textContent(), { timeout: 15_000 }).toBe('21.5');
    // Live: the device's next value shows without a reload.
    await device.publishAsync('v1/devices/me/telemetry', JSON.stringify({ temperature: 23.25 }));
    await expect.poll(() => lamp.locator('.value').textContent(), { timeout: 10_000 }).toBe('23.25');
    // Its style applies inside its frame.
    expect(await lamp.locator('.box').evaluate((box) => getComputedStyle(box).color)).toBe('rgb(0, 105, 92)');
    // The sandbox: no storage, no parent page, no cookies of the console.
    const probe = (await lamp.locator('.probe').textContent()) ?? '';
    expect(probe).toBe('storage blocked | parent blocked | cookie blocked');
    expect(probe).not.toContain('console-secret');
    // The click reaches the device as a one-way RPC.
    await lamp.locator('.box').click();
    await expect
      .poll(() => requests, { timeout: 10_000 })
      .toEqual([{ method: 'setLamp', params: { shown: '23.25' } }]);
    // The throwing widget shows its error in its frame; the other one goes on.
    await expect
      .poll(() => frameOf(page, 'broken').locator('#widget-error').textContent(), { timeout: 10_000 })
      .toContain('kaput at load');
    await screenshot(page, 'custom-widgets-dashboard');

    // The saved type reopens in the editor, here in the dark scheme.
    const dark = await newPage(browser, { width: 1280, height: 800 }, 'dark');
    await dark.page.goto(`${server.url}/login`);
    await signIn(dark.page, TENANT.email, TENANT.password);
    await dark.page.waitForSelector(tid(selectors.shell.root));
    await dark.page.goto(editorUrl);
    await screenshot(dark.page, 'custom-widgets-editor-dark');
    await dark.page.waitForSelector(tid(S.page));
    expect(await dark.page.inputValue(tid(S.title))).toBe('Lamp value');
    expect(await codeText(dark.page, S.javascript)).toBe(JS);
    await screenshot(dark.page, 'custom-widgets-editor-dark');
    await dark.context.close();
  });
});
