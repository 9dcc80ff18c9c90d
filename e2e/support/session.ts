import type { Browser, Page } from 'playwright-core';
import { selectors } from '../../packages/web/src/selectors';
import { newPage, tid } from './browser';
import type { RunningServer } from './server';

/** Signs in through the login form, the way a person does, and waits for the shell. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.fill(tid(selectors.login.username), email);
  await page.fill(tid(selectors.login.password), password);
  await page.click(tid(selectors.login.submit));
}

export async function openSignedIn(browser: Browser, server: RunningServer, email: string, password: string) {
  const { context, page } = await newPage(browser);
  await page.goto(`${server.url}/login`);
  await signIn(page, email, password);
  await page.waitForSelector(tid(selectors.shell.root));
  return { context, page };
}

/** The paths of the side menu's links, in order, expanding groups first. */
export async function menuPaths(page: Page): Promise<string[]> {
  const toggles = page.locator(`${tid(selectors.shell.sideMenu)} [data-testid^="menu-toggle-"]`);
  for (let i = 0; i < (await toggles.count()); i++) {
    const toggle = toggles.nth(i);
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
  return page
    .locator(`${tid(selectors.shell.sideMenu)} a[data-testid^="menu-link-"]`)
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}
