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

  it("date-time pickers follow the profile's language: its format, month names and first weekday", async () => {
    const { context, page } = await openSignedIn(
      suite.browser,
      suite.server,
      'tenant@meridian.local',
      'tenant',
    );
    const L = entityTabsSelectors.auditLogs;
    const P = selectors.dateTimePicker;
    const start = page.locator(tid(L.timewindowStart));
    const popover = page.locator(tid(P.popover));
    const plain = async () => (await start.inputValue()).replace(/\s/gu, ' ');
    const openFixedPeriod = async () => {
      await page.goto(`${suite.server.url}/auditLogs`);
      await page.click(tid(L.timewindow));
      await page.waitForSelector(tid(L.timewindowPanel));
      await page.click(tid(L.timewindowFixed));
    };
    const openCalendar = async () => {
      await page.click(tid(P.open(L.timewindowStart)));
      await popover.waitFor();
      const month = popover.locator(tid(P.month));
      return {
        title: await month.locator('h6, .MuiTypography-subtitle2').first().textContent(),
        firstWeekday: await month.locator('[role="grid"] > *').first().textContent(),
      };
    };
    const pickLanguage = async (label: string, option: string, lang: string) => {
      await page.goto(`${suite.server.url}/profile`);
      await page.waitForSelector(tid(selectors.profile.page));
      await page.getByRole('combobox', { name: label }).click();
      await page.getByRole('option', { name: option }).click();
      await page.click(tid(selectors.profile.save));
      await page.waitForFunction((tag) => document.documentElement.lang === tag, lang);
    };

    // English: mm/dd/yyyy with a 12-hour clock, English month names, weeks from Sunday.
    await openFixedPeriod();
    expect(await plain()).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} [AP]M$/);
    await start.fill('03/10/2026, 09:30 PM');
    expect(await openCalendar()).toEqual({ title: 'March 2026', firstWeekday: 'Sun' });
    await popover.locator(tid(P.day('2026-03-12'))).click();
    expect(await plain()).toBe('03/12/2026, 09:30 PM');
    await screenshot(page, 'date-time-picker-en');
    await page.keyboard.press('Escape');

    // German: dd.mm.yyyy with a 24-hour clock, German month names, weeks from Monday.
    await pickLanguage('Language', 'Deutsch', 'de-DE');
    await openFixedPeriod();
    expect(await plain()).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
    await start.fill('10.03.2026, 21:30');
    expect(await openCalendar()).toEqual({ title: 'März 2026', firstWeekday: 'Mo' });
    await popover.locator(tid(P.day('2026-03-12'))).click();
    await popover.locator(tid(P.hour)).selectOption('8');
    expect(await plain()).toBe('12.03.2026, 08:30');
    await screenshot(page, 'date-time-picker-de');
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });

    // Text that is no date says what to type, and the period cannot be applied.
    await start.fill('31.02.2026, 10:00');
    await start.press('Tab');
    await page.getByText('Kein Datum mit Uhrzeit: im Format dd.mm.yyyy, hh:mm eingeben').waitFor();
    expect(await page.isDisabled(tid(L.timewindowUpdate))).toBe(true);
    await screenshot(page, 'date-time-picker-de-invalid');

    // The tests below start in English.
    await pickLanguage('Sprache', 'English', 'en-US');
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
