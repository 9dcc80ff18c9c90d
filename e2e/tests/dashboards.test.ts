import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { selectors } from '../../packages/web/src/selectors';
import { screenshot, tid } from '../support/browser';
import { api, loginToken } from '../support/server';
import { openSignedIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

const suite = useServerAndBrowser();

const T = selectors.entityTable;
const D = selectors.dashboards;
/** The reference's "Rule Engine Statistics" export: widgets and an entity alias by asset type. */
const FIXTURE = path.resolve(
  import.meta.dirname,
  '../../test-fixtures/thingsboard-3.3.4/dashboard-rule_engine_statistics.json',
);
const TITLE = 'Rule Engine Statistics';

/** The table row showing `text`. */
const rowOf = (page: Page, text: string) =>
  page.locator(tid(T.row)).filter({ has: page.getByRole('cell', { name: text, exact: true }) });

/** Picks `option` in an autocomplete after typing `text` into it. */
async function pick(page: Page, input: string, text: string, option: string) {
  await page.click(input);
  await page.fill(input, text);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** A signed-in-able customer user of the customer titled `customerTitle`. */
async function addCustomerUser(token: string, customerTitle: string, email: string, password: string) {
  const customers = await api<{ data: { id: { id: string }; title: string }[] }>(
    suite.server,
    'GET',
    `/api/customers?pageSize=10&page=0&textSearch=${encodeURIComponent(customerTitle)}`,
    { token },
  );
  const customer = customers.body.data.find((c) => c.title === customerTitle);
  expect(customer).toBeDefined();
  const created = await api<{ id: { id: string } }>(
    suite.server,
    'POST',
    '/api/user?sendActivationMail=false',
    {
      token,
      body: {
        email,
        authority: 'CUSTOMER_USER',
        customerId: { entityType: 'CUSTOMER', id: customer?.id.id },
        firstName: 'Bea',
      },
    },
  );
  expect(created.status).toBe(200);
  const link = await api<string>(suite.server, 'GET', `/api/user/${created.body.id.id}/activationLink`, {
    token,
  });
  const activateToken = new URL(String(link.body)).searchParams.get('activateToken');
  const activated = await api(suite.server, 'POST', '/api/noauth/activate?sendActivationMail=false', {
    body: { activateToken, password },
  });
  expect(activated.status).toBe(200);
}

describe('dashboards', () => {
  it('a tenant admin imports a dashboard and assigns it to Customer A, whose user alone then sees it', async () => {
    const tenant = await openSignedIn(suite.browser, suite.server, 'tenant@meridian.local', 'tenant');
    const page = tenant.page;

    // Import the exported dashboard file through the Add menu.
    await page.click(tid(selectors.menu.link('/dashboards')));
    await page.waitForSelector(tid(T.root('dashboards')));
    await page.click(tid(T.add));
    const chooser = page.waitForEvent('filechooser');
    await page.click(tid(T.addMenuItem('import')));
    await (await chooser).setFiles(FIXTURE);
    const row = rowOf(page, TITLE);
    await row.waitFor();

    // Assign it to Customer A in the "Manage assigned customers" dialog.
    await row.locator(tid(T.rowAction('manageAssignedCustomers'))).click();
    await page.waitForSelector(tid(D.customersDialog));
    await pick(page, tid(D.customers), 'Customer A', 'Customer A');
    await page.click(tid(D.customersSubmit));
    await page.waitForSelector(tid(D.customersDialog), { state: 'detached' });
    await row.getByRole('cell', { name: 'Customer A', exact: true }).waitFor();
    await screenshot(page, 'dashboards-table');
    await tenant.context.close();

    // What the server stored: the imported configuration, aliases included, and Customer A.
    const token = await loginToken(suite.server, 'tenant@meridian.local', 'tenant');
    const page0 = await api<{
      data: { id: { id: string }; title: string; assignedCustomers: { title: string; public: boolean }[] }[];
    }>(
      suite.server,
      'GET',
      `/api/tenant/dashboards?pageSize=10&page=0&textSearch=${encodeURIComponent(TITLE)}`,
      {
        token,
      },
    );
    const info = page0.body.data.find((d) => d.title === TITLE);
    expect(info?.assignedCustomers).toEqual([
      expect.objectContaining({ title: 'Customer A', public: false }),
    ]);
    const stored = await api<{ configuration: { entityAliases: Record<string, { alias: string }> } }>(
      suite.server,
      'GET',
      `/api/dashboard/${info?.id.id}`,
      { token },
    );
    expect(Object.values(stored.body.configuration.entityAliases).map((a) => a.alias)).toEqual([
      'TbServiceQueues',
    ]);

    // Customer A's user sees it under Dashboards, read-only.
    const customer = await openSignedIn(suite.browser, suite.server, 'customer@meridian.local', 'customer');
    await customer.page.click(tid(selectors.menu.link('/dashboards')));
    await rowOf(customer.page, TITLE).waitFor();
    expect(await customer.page.locator(tid(T.add)).count()).toBe(0);
    await screenshot(customer.page, 'dashboards-customer');
    await customer.context.close();

    // A user of Customer B sees no dashboard.
    await addCustomerUser(token, 'Customer B', 'bea@meridian.local', 'customer-b');
    const other = await openSignedIn(suite.browser, suite.server, 'bea@meridian.local', 'customer-b');
    await other.page.click(tid(selectors.menu.link('/dashboards')));
    await other.page.waitForSelector(tid(T.root('dashboards')));
    await other.page.getByText('No dashboards found').waitFor();
    expect(await other.page.locator(tid(T.row)).count()).toBe(0);
    await other.context.close();
  });
});
