import { describe, expect, it } from 'vitest';
import { selectors } from '../../packages/web/src/selectors';
import { screenshot, tid } from '../support/browser';
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
});
