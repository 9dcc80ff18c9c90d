import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { dashboardSelectors } from '../../packages/web/src/dashboard/selectors';
import { selectors } from '../../packages/web/src/selectors';
import { newPage, tid } from '../support/browser';
import { loginToken, saveDashboard } from '../support/server';
import { signIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

const suite = useServerAndBrowser();
const FIXTURES = path.resolve(import.meta.dirname, '../../test-fixtures/thingsboard-3.3.4');

/**
 * Records every Content-Security-Policy violation of the page (the server sends the console's
 * policy, decision 0022), from its first script on.
 */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const reported: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) reported.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  return async () => [
    ...reported,
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
  ];
}

describe('content security policy', () => {
  it('the console, its dashboards and their widgets run within the policy the server sends', async () => {
    const token = await loginToken(suite.server, 'tenant@meridian.local', 'tenant');
    // The rule engine statistics dashboard from ThingsBoard: HTML cards and tenant scripts.
    const imported = await saveDashboard(
      suite.server,
      token,
      JSON.parse(fs.readFileSync(path.join(FIXTURES, 'dashboard-rule_engine_statistics.json'), 'utf8')),
    );
    const { page } = await newPage(suite.browser);
    const violations = await watchViolations(page);
    const response = await page.goto(`${suite.server.url}/login`);
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'");
    await signIn(page, 'tenant@meridian.local', 'tenant');
    await page.waitForSelector(tid(selectors.shell.root));
    // Home: the demo dashboard (charts, gauge, map, switch, tables).
    await page.waitForSelector(`${tid(dashboardSelectors.viewer)} canvas`);
    for (const route of ['/devices', '/device-profiles', '/dashboards', `/dashboards/${imported}`]) {
      await page.goto(`${suite.server.url}${route}`);
      await page.waitForLoadState('networkidle');
    }
    // Its widgets have loaded (their scripts, styles and the tenant script worker).
    await page
      .locator(`${tid(dashboardSelectors.viewer)} [data-testid^="dashboard-widget-"]`)
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    expect(await violations()).toEqual([]);
  });
});
