import { describe, expect, it } from 'vitest';
import { entityTabsSelectors } from '../../packages/web/src/components/entity-tabs/selectors';
import { formatDateTime } from '../../packages/web/src/i18n/date-time';
import { selectors } from '../../packages/web/src/selectors';
import { screenshot, tid } from '../support/browser';
import { api, loginToken } from '../support/server';
import { openSignedIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

const suite = useServerAndBrowser();

describe('console languages', () => {
  it('applies the language picked in the profile on Save, keeps it after a reload; Persian shows in the same layout', async () => {
    const { context, page } = await openSignedIn(
      suite.browser,
      suite.server,
      'customer@meridian.local',
      'customer',
    );
    await page.goto(`${suite.server.url}/profile`);
    await page.waitForSelector(tid(selectors.profile.page));
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    // Not applied before Save.
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await page.click(tid(selectors.profile.save));
    await page.getByRole('heading', { name: 'Ihre Angaben' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');

    await page.reload();
    await page.getByRole('heading', { name: 'Ihre Angaben' }).waitFor();
    await screenshot(page, 'language-de-profile');

    await page.getByRole('combobox', { name: 'Sprache' }).click();
    await page.getByRole('option', { name: 'فارسی' }).click();
    await page.click(tid(selectors.profile.save));
    await page.waitForFunction(() => document.documentElement.lang === 'fa-IR');
    await page.goto(`${suite.server.url}/devices`);
    await page.waitForSelector(tid(selectors.entityTable.row));
    await screenshot(page, 'language-fa-devices');
    await context.close();
  });

  it('in German, table dates and details dates use the one German date-time format', async () => {
    const token = await loginToken(suite.server, 'tenant@meridian.local', 'tenant');
    const device = await api<{ createdTime: number; id: { id: string } }>(
      suite.server,
      'GET',
      `/api/tenant/devices?deviceName=${encodeURIComponent('Thermostat T1')}`,
      { token },
    );
    expect(device.status).toBe(200);
    const { context, page } = await openSignedIn(
      suite.browser,
      suite.server,
      'tenant@meridian.local',
      'tenant',
    );
    await page.goto(`${suite.server.url}/profile`);
    await page.waitForSelector(tid(selectors.profile.page));
    await page.getByRole('combobox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await page.click(tid(selectors.profile.save));
    await page.waitForFunction(() => document.documentElement.lang === 'de-DE');

    // A table's date column: the device's created time, as the shared formatter gives it for
    // de_DE in the browser's time zone (UTC here), e.g. "28.11.2026, 03:57:23".
    const T = selectors.entityTable;
    await page.goto(`${suite.server.url}/devices`);
    const row = page.locator(`${tid(T.root('devices'))} ${tid(T.row)}`).filter({ hasText: 'Thermostat T1' });
    await row.waitFor();
    const created = formatDateTime(device.body.createdTime, 'de_DE', 'UTC');
    expect(created).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}$/);
    expect(await row.locator('td').allTextContents()).toContain(created);
    await screenshot(page, 'language-de-devices-dates');

    // A details date: the timestamp of an audit log entry in its details dialog, matching the API's time.
    const L = entityTabsSelectors.auditLogs;
    await page.goto(`${suite.server.url}/auditLogs`);
    const first = page.locator(`${tid(T.root('audit-logs'))} ${tid(T.row)}`).first();
    await first.waitFor();
    await first.locator(tid(T.rowAction('details'))).click();
    await page.waitForSelector(tid(L.detailsDialog));
    const detailsTime = await page.textContent(tid(L.summary('createdTime')));
    const logs = await api<{ data: { createdTime: number }[] }>(
      suite.server,
      'GET',
      '/api/audit/logs?pageSize=1&page=0&sortProperty=createdTime&sortOrder=DESC',
      { token },
    );
    expect(detailsTime).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}$/);
    expect(detailsTime).toBe(formatDateTime(logs.body.data[0]?.createdTime, 'de_DE', 'UTC'));
    expect(await first.locator('td').allTextContents()).toContain(detailsTime);
    await screenshot(page, 'language-de-audit-log-details');
    await context.close();
  });
});
