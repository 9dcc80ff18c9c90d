import { describe, expect, it } from 'vitest';
import { selectors } from '../../packages/web/src/selectors';
import { screenshot, tid } from '../support/browser';
import { openSignedIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

const suite = useServerAndBrowser();

describe('not found', () => {
  it('an unknown address shows "page not found" with a link home; a missing device shows "not found" in its page', async () => {
    const { context, page } = await openSignedIn(
      suite.browser,
      suite.server,
      'tenant@meridian.local',
      'tenant',
    );

    await page.goto(`${suite.server.url}/no/such/page`);
    await page.waitForSelector(tid(selectors.notFound.root));
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    expect(await page.getByRole('heading', { name: 'Page not found' }).count()).toBe(1);
    await screenshot(page, 'not-found-page');
    await page.click(tid(selectors.notFound.link));
    await page.waitForSelector(tid(selectors.home.page));

    await page.goto(`${suite.server.url}/devices/0f0f0f0f-0000-4000-8000-000000000000`);
    await page.waitForSelector(tid(selectors.notFound.root));
    expect(await page.getByRole('heading', { name: 'Not found' }).count()).toBe(1);
    expect(await page.locator(tid(selectors.app.toast)).count()).toBe(0);
    await screenshot(page, 'not-found-device');
    await page.click(tid(selectors.notFound.link));
    await page.waitForSelector(tid(selectors.entityTable.root('devices')));
    await context.close();
  });
});
