import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { entityTabsSelectors } from '../../packages/web/src/components/entity-tabs/selectors';
import { selectors } from '../../packages/web/src/selectors';
import { screenshot, tid } from '../support/browser';
import { api, loginToken } from '../support/server';
import { openSignedIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

const suite = useServerAndBrowser();

const T = selectors.entityTable;
const A = entityTabsSelectors.attributes;
const V = entityTabsSelectors.valueInput;
const R = entityTabsSelectors.relations;
const L = entityTabsSelectors.auditLogs;
const DEVICE = 'Thermostat T1';
const ASSET = 'E2E Boiler room';

/**
 * A row of the table `root` (attributes, telemetry, relations, audit-logs, devices…) with a cell
 * showing `text` (cells may also hold a copy button).
 */
const rowOf = (page: Page, root: string, text: string) =>
  page.locator(`${tid(T.root(root))} ${tid(T.row)}`).filter({ has: page.getByText(text, { exact: true }) });

/** The cells of every row of the table `root`, as text. */
const rowsOf = (page: Page, root: string) =>
  page
    .locator(`${tid(T.root(root))} ${tid(T.row)}`)
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent ?? '')),
    );

/** Picks `option` of the select whose list opens from `trigger`, and waits until the list is gone. */
async function choose(page: Page, trigger: Locator | string, option: string) {
  await (typeof trigger === 'string' ? page.locator(trigger) : trigger).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.waitForSelector('[role="listbox"]', { state: 'detached' });
}

/** A picture without the pointer's tooltip or ripple, once transitions have settled. */
async function picture(page: Page, name: string) {
  await page.mouse.move(1270, 790);
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

/** Opens the details drawer of the row showing `name` and waits until it has slid in. */
async function openDetails(page: Page, root: string, name: string) {
  await rowOf(page, root, name).getByText(name, { exact: true }).click();
  await expect.poll(() => page.textContent(tid(T.detailsTitle))).toBe(name);
  const drawer = page.locator(`${tid(T.detailsDrawer)} .MuiDrawer-paper`);
  await expect
    .poll(async () => {
      const box = await drawer.boundingBox();
      return box ? Math.round(box.x + box.width) : 0;
    })
    .toBe(1280);
}

/** Adds an attribute through the Add attribute dialog of the open Attributes tab. */
async function addAttribute(page: Page, key: string, type: string, fill: (page: Page) => Promise<void>) {
  await page.click(`${tid(T.root('attributes'))} ${tid(T.add)}`);
  await page.waitForSelector(tid(A.addDialog));
  await page.fill(tid(A.key), key);
  await choose(page, tid(V.type), type);
  await fill(page);
  await page.click(`${tid(A.addSubmit)}:not([disabled])`);
  await page.waitForSelector(tid(A.addDialog), { state: 'detached' });
  await rowOf(page, 'attributes', key).waitFor();
}

describe('entity details tabs', () => {
  it('a tenant admin manages attributes, telemetry and relations of a device and reads the audit log', async () => {
    const token = await loginToken(suite.server, 'tenant@meridian.local', 'tenant');
    const assetRes = await api<{ id: { id: string } }>(suite.server, 'POST', '/api/asset', {
      token,
      body: { name: ASSET, type: 'room' },
    });
    expect(assetRes.status).toBe(200);
    const deviceRes = await api<{ id: { id: string } }>(
      suite.server,
      'GET',
      `/api/tenant/devices?deviceName=${encodeURIComponent(DEVICE)}`,
      { token },
    );
    const deviceId = deviceRes.body.id.id;

    const { context, page } = await openSignedIn(
      suite.browser,
      suite.server,
      'tenant@meridian.local',
      'tenant',
    );
    await page.click(tid(selectors.menu.link('/devices')));
    await rowOf(page, 'devices', DEVICE).waitFor();
    await openDetails(page, 'devices', DEVICE);

    // Attributes: client attributes first (read-only), then a double server attribute and a JSON shared one.
    await page.click(tid(T.detailsTab('attributes')));
    await expect
      .poll(() => page.textContent(`${tid(T.root('attributes'))} ${tid(T.title)}`))
      .toBe('Client attributes');
    expect(await page.locator(`${tid(T.root('attributes'))} ${tid(T.add)}`).count()).toBe(0);
    await choose(page, tid(A.scope), 'Server attributes');
    // The demo thermostat already stands on the demo dashboard's map.
    await rowOf(page, 'attributes', 'latitude').waitFor();
    await addAttribute(page, 'targetTemperature', 'Double', (p) => p.fill(tid(V.double), '23.5'));
    const serverRows = (await rowsOf(page, 'attributes')).map((row) => row.slice(2, 4));
    expect(serverRows).toContainEqual(['targetTemperature', '23.5']);
    expect(serverRows).toContainEqual(['latitude', '51.5072']);

    await choose(page, tid(A.scope), 'Shared attributes');
    await page.getByText('No attributes found').waitFor();
    await page.click(`${tid(T.root('attributes'))} ${tid(T.add)}`);
    await page.waitForSelector(tid(A.addDialog));
    await page.fill(tid(A.key), 'schedule');
    await choose(page, tid(V.type), 'JSON');
    await page.fill(tid(V.json), '{\n  "on": "08:00",\n  "off": "22:00"\n}');
    await picture(page, 'entity-tabs-add-attribute-dialog');
    await page.click(`${tid(A.addSubmit)}:not([disabled])`);
    await page.waitForSelector(tid(A.addDialog), { state: 'detached' });
    await rowOf(page, 'attributes', 'schedule').waitFor();
    expect((await rowsOf(page, 'attributes'))[0]?.slice(2, 4)).toEqual([
      'schedule',
      '{"on":"08:00","off":"22:00"}',
    ]);
    await choose(page, tid(A.scope), 'Server attributes');
    await rowOf(page, 'attributes', 'targetTemperature').waitFor();
    await picture(page, 'entity-tabs-attributes');

    const server_ = await api<{ key: string; value: unknown }[]>(
      suite.server,
      'GET',
      `/api/plugins/telemetry/DEVICE/${deviceId}/values/attributes/SERVER_SCOPE`,
      { token },
    );
    expect(server_.body).toEqual([
      expect.objectContaining({ key: 'latitude', value: 51.5072 }),
      expect.objectContaining({ key: 'longitude', value: -0.1276 }),
      expect.objectContaining({ key: 'targetTemperature', value: 23.5 }),
    ]);
    const shared = await api<{ key: string; value: unknown }[]>(
      suite.server,
      'GET',
      `/api/plugins/telemetry/DEVICE/${deviceId}/values/attributes/SHARED_SCOPE`,
      { token },
    );
    expect(shared.body).toEqual([
      expect.objectContaining({ key: 'schedule', value: { on: '08:00', off: '22:00' } }),
    ]);

    // Latest telemetry: posted over REST, seen after Refresh.
    await page.click(tid(T.detailsTab('telemetry')));
    await page.waitForSelector(tid(T.root('telemetry')));
    const posted = await api(
      suite.server,
      'POST',
      `/api/plugins/telemetry/DEVICE/${deviceId}/timeseries/ANY`,
      {
        token,
        body: { temperature: 21.7, humidity: 43 },
      },
    );
    expect(posted.status).toBe(200);
    await page.click(`${tid(T.root('telemetry'))} ${tid(T.refresh)}`);
    await rowOf(page, 'telemetry', 'temperature').waitFor();
    const telemetry = (await rowsOf(page, 'telemetry')).map((cells) => cells.slice(2, 4));
    expect(telemetry).toEqual([
      ['humidity', '43'],
      ['temperature', '21.7'],
    ]);
    await picture(page, 'entity-tabs-latest-telemetry');
    await page.click(tid(T.detailsClose));

    // Relations: "Contains" from the asset to the device, seen from both ends.
    await page.click(tid(selectors.menu.link('/assets')));
    await rowOf(page, 'assets', ASSET).waitFor();
    await openDetails(page, 'assets', ASSET);
    await page.click(tid(T.detailsTab('relations')));
    await page.getByText('No relations found').waitFor();
    await page.click(`${tid(T.root('relations'))} ${tid(T.add)}`);
    await page.waitForSelector(tid(R.dialog));
    expect(await page.inputValue(tid(R.type))).toBe('Contains');
    await choose(page, tid(R.entityType), 'Device');
    await page.click(tid(R.entity));
    await page.fill(tid(R.entity), 'Thermo');
    await page.getByRole('option', { name: DEVICE, exact: true }).click();
    await picture(page, 'entity-tabs-add-relation-dialog');
    await page.click(`${tid(R.submit)}:not([disabled])`);
    await page.waitForSelector(tid(R.dialog), { state: 'detached' });
    await rowOf(page, 'relations', DEVICE).waitFor();
    expect((await rowsOf(page, 'relations')).map((cells) => cells.slice(1, 4))).toEqual([
      ['Contains', 'Device', DEVICE],
    ]);
    await picture(page, 'entity-tabs-relations-from-asset');
    await page.click(tid(T.detailsClose));

    await page.click(tid(selectors.menu.link('/devices')));
    await rowOf(page, 'devices', DEVICE).waitFor();
    await openDetails(page, 'devices', DEVICE);
    await page.click(tid(T.detailsTab('relations')));
    await page.getByText('No relations found').waitFor();
    await choose(page, tid(R.direction), 'To');
    await rowOf(page, 'relations', ASSET).waitFor();
    expect(await page.textContent(`${tid(T.root('relations'))} ${tid(T.title)}`)).toBe('Inbound relations');
    expect((await rowsOf(page, 'relations')).map((cells) => cells.slice(1, 4))).toEqual([
      ['Contains', 'Asset', ASSET],
    ]);
    await picture(page, 'entity-tabs-relations-to-device');

    // The device's audit log has the relation.
    await page.click(tid(T.detailsTab('auditLogs')));
    await rowOf(page, 'audit-logs', 'Relation updated').waitFor();
    await picture(page, 'entity-tabs-audit-logs');
    await page.click(tid(T.detailsClose));

    // The audit logs page: the tenant's entries of the last day, with details.
    await page.click(tid(selectors.menu.link('/auditLogs')));
    await page.waitForSelector(tid(T.root('audit-logs')));
    await rowOf(page, 'audit-logs', 'Login').first().waitFor();
    await rowOf(page, 'audit-logs', 'Relation updated').first().waitFor();
    expect(await page.textContent(tid(L.timewindow))).toBe('History – last 1 day');
    expect(await page.title()).toBe('Meridian | Audit logs');
    await picture(page, 'audit-logs-page');
    await page.click(tid(L.timewindow));
    await page.waitForSelector(tid(L.timewindowPanel));
    await picture(page, 'audit-logs-timewindow');
    await page.click(tid(L.timewindowCancel));
    await page.waitForSelector(tid(L.timewindowPanel), { state: 'detached' });
    await rowOf(page, 'audit-logs', 'Relation updated')
      .first()
      .locator(tid(T.rowAction('details')))
      .click();
    await page.waitForSelector(tid(L.detailsDialog));
    expect(JSON.parse(await page.inputValue(tid(L.actionData)))).toMatchObject({
      relation: {
        type: 'Contains',
        from: { entityType: 'ASSET' },
        to: { entityType: 'DEVICE', id: deviceId },
      },
    });
    await picture(page, 'audit-log-details-dialog');
    await context.close();
  });
});
