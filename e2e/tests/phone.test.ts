import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { entityTabsSelectors } from '../../packages/web/src/components/entity-tabs/selectors';
import { selectors } from '../../packages/web/src/selectors';
import { newPage, screenshot, tid } from '../support/browser';
import { api, deviceIdByName, loginToken } from '../support/server';
import { signIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

const suite = useServerAndBrowser();

const T = selectors.entityTable;
const PHONE = { width: 390, height: 844 };

/** The header texts of the table's columns. */
const headers = (page: Page) => page.locator('thead th').allTextContents();

/** Whether the page scrolls sideways: content wider than the phone. */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => {
    const main = document.querySelector('main');
    return main ? main.scrollWidth > main.clientWidth + 1 : false;
  });

describe('phones (390 x 844)', () => {
  it('entity tables lead with the name, keep it readable and drop secondary columns; Add is one control', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    await page.goto(`${suite.server.url}/login`);
    await signIn(page, 'tenant@meridian.local', 'tenant');
    await page.waitForSelector(tid(selectors.home.page));

    // Pages with demo rows.
    for (const [path, id, name] of [
      ['/devices', 'devices', 'Name'],
      ['/customers', 'customers', 'Title'],
      ['/deviceProfiles', 'device-profiles', 'Name'],
    ] as const) {
      await page.goto(`${suite.server.url}${path}`);
      await page.waitForSelector(`${tid(T.root(id))} ${tid(T.row)}`);
      const texts = (await headers(page)).filter((text) => text.trim() !== '');
      expect(texts[0], path).toBe(name);
      expect(texts, path).not.toContain('Created time');
      expect(await overflowsSideways(page), path).toBe(false);
      // The name cell is wide enough to read: at least a third of the screen.
      const cell = page
        .locator(`${tid(T.row)} td`)
        .filter({ hasText: /\S/ })
        .first();
      const box = await cell.boundingBox();
      expect(box?.width ?? 0, path).toBeGreaterThan(PHONE.width / 3);
      // One Add control on every page: the same labelled button, whether it adds directly or opens a menu.
      expect((await page.locator(tid(T.add)).textContent())?.trim(), path).toBe('Add');
      await screenshot(page, `phone-${id}`);
    }

    await page.goto(`${suite.server.url}/devices`);
    await page.waitForSelector(tid(T.row));
    await page.locator(tid(T.row)).first().click();
    await page.waitForSelector(tid(T.details));
    await screenshot(page, 'phone-device-details');
    await context.close();
  });

  it("an entity's audit logs say what happened and when, and its relations their type", async () => {
    const token = await loginToken(suite.server, 'tenant@meridian.local', 'tenant');
    const asset = await api<{ id: { id: string; entityType: string } }>(suite.server, 'POST', '/api/asset', {
      token,
      body: { name: 'Phone boiler room', type: 'room' },
    });
    expect(asset.status).toBe(200);
    const deviceId = await deviceIdByName(suite.server, token, 'Thermostat T1');
    const related = await api(suite.server, 'POST', '/api/relation', {
      token,
      body: {
        from: { entityType: 'ASSET', id: asset.body.id.id },
        to: { entityType: 'DEVICE', id: deviceId },
        type: 'Contains',
        typeGroup: 'COMMON',
      },
    });
    expect(related.status).toBe(200);

    const { context, page } = await newPage(suite.browser, PHONE);
    await page.goto(`${suite.server.url}/login`);
    await signIn(page, 'tenant@meridian.local', 'tenant');
    await page.waitForSelector(tid(selectors.home.page));
    await page.goto(`${suite.server.url}/assets`);
    await page.locator(tid(T.row)).filter({ hasText: 'Phone boiler room' }).click();
    await page.waitForSelector(tid(T.details));

    await page.click(tid(T.detailsTab('relations')));
    const relations = page.locator(`${tid(T.root('relations'))} ${tid(T.row)}`);
    await relations.first().waitFor();
    const relationHeaders = (
      await page.locator(`${tid(T.root('relations'))} thead th`).allTextContents()
    ).filter((text) => text.trim() !== '');
    expect(relationHeaders).toEqual(['To entity name', 'Type']);
    expect(await relations.first().textContent()).toContain('Contains');
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'phone-relations-tab');

    await page.click(tid(T.detailsTab('auditLogs')));
    const logs = page.locator(`${tid(T.root('audit-logs'))} ${tid(T.row)}`);
    await logs.filter({ hasText: 'Relation updated' }).first().waitFor();
    const auditHeaders = (
      await page.locator(`${tid(T.root('audit-logs'))} thead th`).allTextContents()
    ).filter((text) => text.trim() !== '');
    expect(auditHeaders).toEqual(['Type', 'Timestamp']);
    // The time reads in full on one line, in the shared format (the context is en-US, UTC).
    expect(await logs.first().textContent()).toMatch(/\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}:\d{2} [AP]M/);
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'phone-audit-logs-tab');

    // Who did it and how it ended are in the entry's details.
    const L = entityTabsSelectors.auditLogs;
    const row = logs.filter({ hasText: 'Relation updated' }).first();
    const details = row.locator(tid(T.rowAction('details')));
    if ((await details.count()) === 0) {
      await row.locator(tid(T.rowMoreActions)).click();
      await page.click(tid(T.rowAction('details')));
    } else {
      await details.click();
    }
    await page.waitForSelector(tid(L.detailsDialog));
    expect(await page.textContent(tid(L.summary('userName')))).toBe('tenant@meridian.local');
    expect(await page.textContent(tid(L.summary('actionStatus')))).toBe('Success');
    expect(await page.textContent(tid(L.summary('actionType')))).toBe('Relation updated');
    await screenshot(page, 'phone-audit-log-details');
    await page.click(tid(L.detailsClose));

    // The tenant's audit logs page reads the same way.
    await page.goto(`${suite.server.url}/auditLogs`);
    await page
      .locator(`${tid(T.root('audit-logs'))} ${tid(T.row)}`)
      .first()
      .waitFor();
    expect(
      (await page.locator(`${tid(T.root('audit-logs'))} thead th`).allTextContents()).filter((text) =>
        text.trim(),
      ),
    ).toEqual(['Type', 'Timestamp']);
    expect(await overflowsSideways(page)).toBe(false);
    await screenshot(page, 'phone-audit-logs-page');
    await context.close();
  });
});
