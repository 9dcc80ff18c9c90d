import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { entityTabsSelectors } from '../../packages/web/src/components/entity-tabs/selectors';
import { selectors } from '../../packages/web/src/selectors';
import { newPage, screenshot, tid } from '../support/browser';
import { openSignedIn, signIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

// Issue 9, item 18: the reset-password confirmation, the loginError dialog, attribute changes in
// the audit log, and where the toolbar search appears.
const suite = useServerAndBrowser();

const T = selectors.entityTable;
const A = entityTabsSelectors.attributes;
const V = entityTabsSelectors.valueInput;
const DEVICE = 'Thermostat T1';

const rowOf = (page: Page, root: string, text: string) =>
  page.locator(`${tid(T.root(root))} ${tid(T.row)}`).filter({ has: page.getByText(text, { exact: true }) });

async function choose(page: Page, trigger: Locator | string, option: string) {
  await (typeof trigger === 'string' ? page.locator(trigger) : trigger).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.waitForSelector('[role="listbox"]', { state: 'detached' });
}

describe('console hardening (issue 9, item 18)', () => {
  it('the reset-password request confirms on the page itself, not only in a toast', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.goto(`${suite.server.url}/login`);
    await page.click(tid(selectors.login.forgotPassword));
    await page.fill(tid(selectors.resetRequest.email), 'customer@meridian.local');
    await page.click(tid(selectors.resetRequest.submit));
    const sent = page.locator(tid(selectors.resetRequest.sent));
    await sent.waitFor();
    expect(await sent.textContent()).toContain(
      'If an account exists for customer@meridian.local, a link to choose a new password is on its way.',
    );
    // Still there after any toast is long gone.
    await page.waitForTimeout(3000);
    expect(await sent.isVisible()).toBe(true);
    expect(await page.locator(tid(selectors.resetRequest.email)).isDisabled()).toBe(true);
    await screenshot(page, 'reset-request-sent');
    await context.close();
  });

  it('the ?loginError= dialog shows its message and leaves the untouched username unflagged', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.goto(`${suite.server.url}/login?loginError=${encodeURIComponent('OAuth2 sign-in failed')}`);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('OAuth2 sign-in failed').waitFor();
    await screenshot(page, 'login-error-dialog');
    await dialog.getByRole('button').click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getAttribute(tid(selectors.login.username), 'aria-invalid')).not.toBe('true');
    expect(await page.getByText('Enter a valid email address.').count()).toBe(0);
    await screenshot(page, 'login-error-dialog-closed');
    await context.close();
  });

  it("attribute changes made in the console appear in the device's audit log", async () => {
    const { context, page } = await openSignedIn(
      suite.browser,
      suite.server,
      'tenant@meridian.local',
      'tenant',
    );
    await page.click(tid(selectors.menu.link('/devices')));
    await rowOf(page, 'devices', DEVICE).getByText(DEVICE, { exact: true }).click();
    await expect.poll(() => page.textContent(tid(T.detailsTitle))).toBe(DEVICE);

    await page.click(tid(T.detailsTab('attributes')));
    await choose(page, tid(A.scope), 'Server attributes');
    await page.click(`${tid(T.root('attributes'))} ${tid(T.add)}`);
    await page.waitForSelector(tid(A.addDialog));
    await page.fill(tid(A.key), 'auditedSetpoint');
    await choose(page, tid(V.type), 'Double');
    await page.fill(tid(V.double), '19.5');
    await page.click(`${tid(A.addSubmit)}:not([disabled])`);
    await page.waitForSelector(tid(A.addDialog), { state: 'detached' });
    const row = rowOf(page, 'attributes', 'auditedSetpoint');
    await row.waitFor();

    await row.locator(tid(T.rowCheckbox)).check();
    await page.click(tid(T.groupAction('delete')));
    await page.click(tid(T.confirmOk));
    await row.waitFor({ state: 'detached' });

    await page.click(tid(T.detailsTab('auditLogs')));
    await rowOf(page, 'audit-logs', 'Attributes updated').first().waitFor();
    await rowOf(page, 'audit-logs', 'Attributes deleted').first().waitFor();
    await page.mouse.move(1270, 790);
    await screenshot(page, 'audit-logs-attribute-changes');

    await rowOf(page, 'audit-logs', 'Attributes deleted')
      .first()
      .locator(tid(T.rowAction('details')))
      .click();
    await page.waitForSelector(tid(entityTabsSelectors.auditLogs.detailsDialog));
    expect(JSON.parse(await page.inputValue(tid(entityTabsSelectors.auditLogs.actionData)))).toMatchObject({
      scope: 'SERVER_SCOPE',
      attributes: ['auditedSetpoint'],
    });
    await context.close();
  });

  it('the toolbar search appears on a list page, filters it, and is absent from Home', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.goto(`${suite.server.url}/login`);
    await signIn(page, 'tenant@meridian.local', 'tenant');
    await page.waitForSelector(tid(selectors.home.page));
    await page.waitForTimeout(500);
    expect(await page.locator(tid(selectors.shell.searchToggle)).count()).toBe(0);

    await page.click(tid(selectors.menu.link('/devices')));
    await rowOf(page, 'devices', DEVICE).waitFor();
    expect(await page.locator(`${tid(T.root('devices'))} ${tid(T.row)}`).count()).toBeGreaterThan(1);
    await page.click(tid(selectors.shell.searchToggle));
    await page.fill(tid(selectors.shell.searchInput), 'Thermo');
    await expect.poll(() => page.locator(`${tid(T.root('devices'))} ${tid(T.row)}`).count()).toBe(1);
    await rowOf(page, 'devices', DEVICE).waitFor();
    await screenshot(page, 'toolbar-search-devices');

    await page.click(tid(selectors.menu.link('/home')));
    await page.waitForSelector(tid(selectors.home.page));
    await page.waitForTimeout(500);
    expect(await page.locator(tid(selectors.shell.searchToggle)).count()).toBe(0);
    await context.close();
  });
});
