// biome-ignore-all lint/suspicious/noTemplateCurlyInString: card templates use ${...} placeholders, not JS templates
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSelectors } from '../../packages/web/src/dashboard/selectors';
import { selectors } from '../../packages/web/src/selectors';
import { cardHtmlSelectors } from '../../packages/web/src/widgets/html-support/selectors';
import { widgetTableSelectors } from '../../packages/web/src/widgets/table-parts/selectors';
import { launchBrowser, screenshot, tid } from '../support/browser';
import { api, loginToken, type RunningServer, startServer } from '../support/server';
import { openSignedIn } from '../support/session';

/**
 * The ThingsBoard 3.3.4 dashboards shipped with the reference (firmware, software, rule engine
 * statistics), imported as exported: every widget renders natively with its saved settings, and the
 * HTML value cards count the devices per update state live.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../test-fixtures/thingsboard-3.3.4');
const D = dashboardSelectors;

let server: RunningServer;
let browser: Browser;
let token: string;

const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(FIXTURES, `dashboard-${name}.json`), 'utf8')) as Record<
    string,
    unknown
  >;

async function postTelemetry(entityType: string, id: string, body: unknown) {
  const res = await api(server, 'POST', `/api/plugins/telemetry/${entityType}/${id}/timeseries/ANY`, {
    token,
    body,
  });
  expect(res.status).toBe(200);
}

async function importDashboard(name: string): Promise<string> {
  const saved = await api<{ id: { id: string } }>(server, 'POST', '/api/dashboard', {
    token,
    body: fixture(name),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.id.id;
}

/** Devices in each firmware (`fw`) or software (`sw`) update state, as the reference's OTA service reports it. */
const UPDATE_STATES = [
  ['QUEUED', 'QUEUED', 'DOWNLOADING', 'UPDATED', 'FAILED', 'FAILED', 'FAILED'],
  ['QUEUED', 'VERIFIED', 'UPDATING', 'UPDATED', 'UPDATED', 'UPDATED', 'FAILED'],
] as const;

/** The HTML value cards of both OTA dashboards: waiting, updating, updated, failed. */
const COUNT_CARDS = {
  waiting: '17543c57-af4a-2c1e-bf12-53a7b46791e6',
  updating: '6c1c4e1a-bce0-f5ad-ff8b-ba1dfc5a4ec6',
  updated: 'e6674227-9cf3-a2f6-ecac-5ccfc38a3c81',
  failed: '77b10144-b904-edd5-8c7c-8fb75616c6d8',
};
const DEVICES_TABLE = 'cd03188e-cd9d-9601-fd57-da4cb95fc016';
/** The rule engine statistics dashboard's widgets. */
const QUEUE_WIDGETS = {
  stats: '81987f19-3eac-e4ce-b790-d96e9b54d9a0',
  exceptions: '5eb79712-5c24-3060-7e4f-6af36b8f842d',
  failures: 'ad3f1417-87a8-750e-fc67-49a2de1466d4',
};

beforeAll(async () => {
  // Counts are re-counted every refresh interval (60 s by default, as the reference): 2 s here.
  server = await startServer({ env: { WS_REFRESH_INTERVAL_MS: '2000' } });
  browser = await launchBrowser();
  token = await loginToken(server, 'tenant@meridian.local', 'tenant');
  const states = UPDATE_STATES;
  for (let i = 0; i < states[0].length; i++) {
    const device = await api<{ id: { id: string } }>(server, 'POST', '/api/device', {
      token,
      body: { name: `OTA device ${i + 1}`, type: 'default' },
    });
    expect(device.status).toBe(200);
    await postTelemetry('DEVICE', device.body.id.id, {
      current_fw_title: 'thermostat-fw',
      current_fw_version: '1.0.3',
      target_fw_title: 'thermostat-fw',
      target_fw_version: '1.1.0',
      target_fw_ts: 1_700_000_000_000,
      fw_state: states[0][i],
      current_sw_title: 'thermostat-app',
      current_sw_version: '2.0.7',
      target_sw_title: 'thermostat-app',
      target_sw_version: '2.1.0',
      target_sw_ts: 1_700_000_000_000,
      sw_state: states[1][i],
    });
  }
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The text of an HTML value card's value, read through its shadow root. */
const cardValue = (page: Page, widgetId: string) =>
  page.locator(`${tid(D.widget(widgetId))} ${tid(cardHtmlSelectors.root)} .value`).textContent();

/**
 * Opens a dashboard and checks its root state shows each of `widgetIds`, none standing in for a
 * missing type, a failed widget or entities that could not be loaded.
 */
async function openDashboard(page: Page, dashboardId: string, widgetIds: readonly string[]) {
  await page.goto(`${server.url}/dashboards/${dashboardId}`);
  await page.waitForSelector(tid(D.layout));
  for (const id of widgetIds) await page.waitForSelector(tid(D.widget(id)));
  const layout = page.locator(tid(D.layout));
  expect(await layout.textContent()).not.toContain('Widget type not found');
  expect(await layout.textContent()).not.toContain('The widget failed');
  expect(await page.locator(tid(D.widgetMessage)).count()).toBe(0);
}

describe('ThingsBoard 3.3.4 fixture dashboards', () => {
  for (const [name, states] of [
    ['firmware', UPDATE_STATES[0]],
    ['software', UPDATE_STATES[1]],
  ] as const) {
    it(`shows the ${name} dashboard with live device counts per update state`, async () => {
      const dashboardId = await importDashboard(name);
      const { page } = await openSignedIn(browser, server, 'tenant@meridian.local', 'tenant');
      await openDashboard(page, dashboardId, [DEVICES_TABLE, ...Object.values(COUNT_CARDS)]);
      const count = (...wanted: string[]) => String(states.filter((s) => wanted.includes(s)).length);
      await expect
        .poll(() => cardValue(page, COUNT_CARDS.waiting))
        .toMatch(new RegExp(`^\\s*${count('QUEUED')}\\s*$`));
      const updating = count('INITIATED', 'DOWNLOADING', 'DOWNLOADED', 'VERIFIED', 'UPDATING');
      await expect
        .poll(() => cardValue(page, COUNT_CARDS.updating))
        .toMatch(new RegExp(`^\\s*${updating}\\s*$`));
      await expect
        .poll(() => cardValue(page, COUNT_CARDS.updated))
        .toMatch(new RegExp(`^\\s*${count('UPDATED')}\\s*$`));
      await expect
        .poll(() => cardValue(page, COUNT_CARDS.failed))
        .toMatch(new RegExp(`^\\s*${count('FAILED')}\\s*$`));
      // The template's script (it colours a non-zero failed count) is dropped, never run.
      expect(await page.locator(`${tid(D.widget(COUNT_CARDS.failed))} script`).count()).toBe(0);
      // The card's CSS stays in the card: the console's own text keeps its colour and size.
      const description = page.locator(`${tid(D.widget(COUNT_CARDS.waiting))} .description`);
      expect(await description.textContent()).toContain('Device Waiting');
      // The devices table lists the OTA devices with their versions.
      const table = page.locator(tid(D.widget(DEVICES_TABLE)));
      await expect.poll(() => table.textContent()).toContain('OTA device 1');
      expect(await table.textContent()).toContain(name === 'firmware' ? 'thermostat-fw' : 'thermostat-app');
      // The table's cell functions run in the sandbox: the date pipe writes the target's set time,
      // the status column draws its icon, the progress column its bar.
      const otaRow = table.locator(tid(widgetTableSelectors.row), { hasText: 'OTA device 1' });
      await expect.poll(() => otaRow.locator('mat-icon svg').count()).toBe(1);
      expect(await otaRow.locator('mat-progress-bar').count()).toBe(1);
      const setTime = await page.evaluate(() => {
        const d = new Date(1_700_000_000_000);
        const p = (n: number) => String(n).padStart(2, '0');
        return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
      });
      expect(await otaRow.textContent()).toContain(setTime);
      await table.locator('.MuiTableContainer-root').evaluate((el) => {
        el.scrollLeft = el.scrollWidth;
      });
      await table.screenshot({ path: `/tmp/fixture-${name}-functions.png`, animations: 'disabled' });
      // A device changing state moves the counts live.
      const device = await api<{ id: { id: string } }>(
        server,
        'GET',
        `/api/tenant/devices?deviceName=${encodeURIComponent('OTA device 1')}`,
        { token },
      );
      const key = name === 'firmware' ? 'fw_state' : 'sw_state';
      await postTelemetry('DEVICE', device.body.id.id, { [key]: 'UPDATED' });
      await expect
        .poll(() => cardValue(page, COUNT_CARDS.updated), { timeout: 15_000 })
        .toMatch(new RegExp(`^\\s*${Number(count('UPDATED')) + 1}\\s*$`));
      await screenshot(page, `fixture-${name}`);
      await page.context().close();
    });
  }

  it('shows the rule engine statistics dashboard with the queues’ charts and exceptions', async () => {
    const asset = await api<{ id: { id: string } }>(server, 'POST', '/api/asset', {
      token,
      body: { name: 'Main', type: 'TbServiceQueue' },
    });
    expect(asset.status).toBe(200);
    const now = Date.now();
    for (let i = 5; i >= 0; i--) {
      await postTelemetry('ASSET', asset.body.id.id, {
        ts: now - i * 60_000,
        values: {
          successfulMsgs: 100 + i * 10,
          failedMsgs: i,
          tmpFailed: 2 * i,
          timeoutMsgs: i % 2,
          tmpTimeout: 1,
        },
      });
    }
    await postTelemetry('ASSET', asset.body.id.id, {
      ruleEngineException: JSON.stringify({
        ruleChainName: 'Root Rule Chain',
        ruleNodeName: 'Save Timeseries',
        message: 'Timeout while saving',
      }),
    });
    const dashboardId = await importDashboard('rule_engine_statistics');
    const { page } = await openSignedIn(browser, server, 'tenant@meridian.local', 'tenant');
    await openDashboard(page, dashboardId, Object.values(QUEUE_WIDGETS));
    await page.waitForSelector(`${tid(D.widget(QUEUE_WIDGETS.stats))} canvas`);
    await page.waitForSelector(`${tid(D.widget(QUEUE_WIDGETS.failures))} canvas`);
    const exceptions = page.locator(tid(D.widget(QUEUE_WIDGETS.exceptions)));
    await expect.poll(() => exceptions.textContent()).toContain('Timeout while saving');
    await screenshot(page, 'fixture-rule-engine-statistics');
    await page.context().close();
  });
});

describe('HTML, HTML value and markdown cards', () => {
  /** A dashboard of the three cards on the demo thermostat; their CSS tries to restyle the console. */
  function cardsDashboard(deviceId: string) {
    const temperature = { name: 'temperature', type: 'timeseries', label: 'Temperature', color: '#2196f3' };
    const datasources = [{ type: 'entity', entityAliasId: 'thermostat', dataKeys: [temperature] }];
    const hostileCss =
      'body, nav, [data-testid] { display: none !important; } .card { color: rgb(200, 0, 0); }';
    const widget = (id: string, typeAlias: string, type: string, settings: object) => ({
      id,
      bundleAlias: 'cards',
      typeAlias,
      type,
      sizeX: 8,
      sizeY: 4,
      config: { title: id, showTitle: true, datasources: type === 'static' ? [] : datasources, settings },
    });
    return {
      title: 'Cards',
      configuration: {
        widgets: {
          value: widget('value', 'html_value_card', 'latest', {
            cardHtml:
              "<div class='card'><span class='value'>${Temperature:1}</span> °C on ${entityName}" +
              '<img src="x" onerror="document.title = \'pwned\'"><script>document.title = \'pwned\'</script></div>',
            cardCss: hostileCss,
          }),
          static: widget('static', 'html_card', 'static', {
            cardHtml: "<div class='card'><h3>Boiler room</h3><p>Static text</p></div>",
            cardCss: hostileCss,
          }),
          markdown: widget('markdown', 'markdown_card', 'latest', {
            markdownTextPattern: '### ${entityName}\n - **Temperature**: ${Temperature:0} °C',
            markdownCss: 'h3 { color: rgb(0, 120, 0); }',
          }),
        },
        states: {
          default: {
            name: 'Cards',
            root: true,
            layouts: {
              main: {
                widgets: {
                  value: { sizeX: 8, sizeY: 4, row: 0, col: 0 },
                  static: { sizeX: 8, sizeY: 4, row: 0, col: 8 },
                  markdown: { sizeX: 8, sizeY: 4, row: 0, col: 16 },
                },
                gridSettings: { columns: 24, margin: 10 },
              },
            },
          },
        },
        entityAliases: {
          thermostat: {
            id: 'thermostat',
            alias: 'Thermostat',
            filter: { type: 'singleEntity', singleEntity: { entityType: 'DEVICE', id: deviceId } },
          },
        },
      },
    };
  }

  it('fill, sanitize and scope the tenant HTML, live', async () => {
    const device = await api<{ id: { id: string } }>(
      server,
      'GET',
      `/api/tenant/devices?deviceName=${encodeURIComponent('Thermostat T1')}`,
      { token },
    );
    await postTelemetry('DEVICE', device.body.id.id, { temperature: 21.46 });
    const saved = await api<{ id: { id: string } }>(server, 'POST', '/api/dashboard', {
      token,
      body: cardsDashboard(device.body.id.id),
    });
    expect(saved.status).toBe(200);
    const { page } = await openSignedIn(browser, server, 'tenant@meridian.local', 'tenant');
    await openDashboard(page, saved.body.id.id, ['value', 'static', 'markdown']);
    const value = page.locator(`${tid(D.widget('value'))} .value`);
    await expect.poll(() => value.textContent()).toBe('21.5');
    expect(await page.locator(`${tid(D.widget('value'))} .card`).textContent()).toContain('on Thermostat T1');
    await postTelemetry('DEVICE', device.body.id.id, { temperature: 23.04 });
    await expect.poll(() => value.textContent()).toBe('23.0');
    const markdown = page.locator(tid(D.widget('markdown')));
    await expect.poll(() => markdown.locator('h3').textContent()).toBe('Thermostat T1');
    expect(await markdown.locator('li').textContent()).toBe('Temperature: 23 °C');
    expect(await markdown.locator('h3').evaluate((h) => getComputedStyle(h).color)).toBe('rgb(0, 120, 0)');
    expect(await page.locator(`${tid(D.widget('static'))} h3`).textContent()).toBe('Boiler room');
    // Nothing of the template ran, and the cards' CSS styled only the cards.
    expect(await page.title()).not.toBe('pwned');
    expect(await page.locator(`${tid(D.layout)} script, ${tid(D.layout)} [onerror]`).count()).toBe(0);
    expect(await page.evaluate(() => getComputedStyle(document.body).display)).not.toBe('none');
    expect(await page.locator(tid(selectors.shell.sideMenu)).isVisible()).toBe(true);
    expect(await page.locator(tid(D.widgetTitle)).first().isVisible()).toBe(true);
    const cardColor = await page
      .locator(`${tid(D.widget('static'))} .card`)
      .evaluate((card) => getComputedStyle(card).color);
    expect(cardColor).toBe('rgb(200, 0, 0)');
    await screenshot(page, 'cards-widgets');
    // Text without a colour of its own follows the console's theme, dark mode too.
    const textColor = () => markdown.locator('li').evaluate((li) => getComputedStyle(li).color);
    const light = await textColor();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(textColor).not.toBe(light);
    await screenshot(page, 'cards-widgets-dark');
    await page.context().close();
  });
});
