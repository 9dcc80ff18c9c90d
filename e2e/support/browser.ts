import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'UTC', colorScheme });
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  // Transitions (menus, dialogs fading in) are finished first, so the picture shows the end state.
  await page.screenshot({ path: file, animations: 'disabled' });
  return file;
}

/** The test id attribute selector for a value from packages/web/src/selectors.ts. */
export const tid = (id: string) => `[data-testid="${id}"]`;

/** The editable text of a code editor (CodeMirror) by its test id: `fill()` and `press()` work on it. */
export const code = (id: string) => `${tid(id)} .cm-content`;

/** The text of a code editor (test id of its wrapper), one line per CodeMirror line. */
export async function codeText(scope: Page | Locator, id: string): Promise<string> {
  return scope
    .locator(code(id))
    .evaluate((content) =>
      Array.from(content.querySelectorAll('.cm-line'), (line) => line.textContent ?? '').join('\n'),
    );
}
