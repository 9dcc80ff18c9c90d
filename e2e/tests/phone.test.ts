import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { selectors } from '../../packages/web/src/selectors';
import { newPage, screenshot, tid } from '../support/browser';
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
});
