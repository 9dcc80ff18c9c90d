import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { selectors } from '../../packages/web/src/selectors';
import { newPage, screenshot, tid } from '../support/browser';
import { signIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

const suite = useServerAndBrowser();

const T = selectors.entityTable;
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const DARK_BACKGROUND = 'rgb(16, 21, 27)';
const LIGHT_BACKGROUND = 'rgb(238, 241, 245)';

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
});
