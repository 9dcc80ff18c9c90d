import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSelectors } from '../../packages/web/src/dashboard/selectors';
import { selectors } from '../../packages/web/src/selectors';
import { launchBrowser, screenshot, tid } from '../support/browser';
import { api, type RunningServer, startServer } from '../support/server';
import { menuPaths, openSignedIn } from '../support/session';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  // Usage counters are written every second instead of every ten.
  server = await startServer({ env: { USAGE_STATS_REPORT_INTERVAL: '1' } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('API usage page', () => {
  it("shows the tenant's monthly counters and feature states, updated as devices send", {
    timeout: 120_000,
  }, async () => {
    for (let i = 0; i < 3; i++) {
      const res = await api(server, 'POST', '/api/v1/A1_TEST_TOKEN/telemetry', {
        body: { usage: i, other: i },
      });
      expect(res.status).toBe(200);
    }
    const { page } = await openSignedIn(browser, server, 'tenant@meridian.local', 'tenant');
    expect(await menuPaths(page)).toContain('/usage');
    await page.goto(`${server.url}/usage`);
    await page.waitForSelector(tid(selectors.apiUsage.page), { timeout: 10_000 });
    await page.waitForTimeout(4000);
    await screenshot(page, 'api-usage-opened');
    const card = page.locator(tid(dashboardSelectors.widget('card-transportDataPointsCount')));
    // Three messages of two data points each (and whatever else the demo devices sent).
    await expect
      .poll(async () => Number((await card.innerText()).match(/(\d+)\s*$/)?.[1] ?? 0), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(6);
    await expect.poll(() => page.getByText('ENABLED').count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await screenshot(page, 'api-usage');
    // Ten more messages show without reloading the page.
    const before = Number((await card.innerText()).match(/(\d+)\s*$/)?.[1] ?? 0);
    for (let i = 0; i < 10; i++)
      await api(server, 'POST', '/api/v1/A1_TEST_TOKEN/telemetry', { body: { usage: i, other: i } });
    await expect
      .poll(async () => Number((await card.innerText()).match(/(\d+)\s*$/)?.[1] ?? 0), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(before + 20);
  });
});
