import { randomBytes, randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { entityTabsSelectors } from '../../packages/web/src/components/entity-tabs/selectors';
import { selectors } from '../../packages/web/src/selectors';
import { screenshot, tid } from '../support/browser';
import { api, deviceIdByName, loginToken } from '../support/server';
import { openSignedIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

/**
 * The Events tab of a device, on a server over PostgreSQL so that the test can store the events a
 * rule engine would have recorded: errors, lifecycle and statistics, read, filtered and cleared.
 */

const T = selectors.entityTable;
const E = entityTabsSelectors.events;
const DEVICE = 'Thermostat T1';

const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `meridian_e2e_events_${randomBytes(5).toString('hex')}`;
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

await admin(`CREATE DATABASE ${dbName}`);
// Registered before the suite's hooks, so it runs after the server has stopped.
afterAll(() => admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
const suite = useServerAndBrowser({ env: { DATABASE_URL: dbUrl } });

/** Stores events of an entity as the recorder writes them. */
async function storeEvents(
  tenantId: string,
  entity: { entityType: string; id: string },
  events: { type: string; ageMin: number; body: object }[],
) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    for (const event of events) {
      const id = randomUUID();
      const time = Date.now() - event.ageMin * 60_000;
      await client.query(
        `insert into event (id, created_time, tenant_id, entity_type, entity_id, event_type, event_uid, body, ts)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [id, time, tenantId, entity.entityType, entity.id, event.type, id, JSON.stringify(event.body), time],
      );
    }
  } finally {
    await client.end();
  }
}

const rowsOf = (page: Page) =>
  page
    .locator(`${tid(T.root('events'))} ${tid(T.row)}`)
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent ?? '')),
    );

describe('the Events tab', () => {
  it('a tenant admin reads, filters and clears the events of a device', async () => {
    const token = await loginToken(suite.server, 'tenant@meridian.local', 'tenant');
    const deviceId = await deviceIdByName(suite.server, token, DEVICE);
    const device = await api<{ tenantId: { id: string } }>(suite.server, 'GET', `/api/device/${deviceId}`, {
      token,
    });
    await storeEvents(device.body.tenantId.id, { entityType: 'DEVICE', id: deviceId }, [
      {
        type: 'ERROR',
        ageMin: 5,
        body: { server: 'meridian-1', method: 'onMsg', error: 'Timeout after 3 s' },
      },
      { type: 'ERROR', ageMin: 3, body: { server: 'meridian-1', method: 'init', error: '{"reason":"bad"}' } },
      { type: 'LC_EVENT', ageMin: 10, body: { server: 'meridian-1', event: 'STARTED', success: true } },
      { type: 'STATS', ageMin: 1, body: { server: 'meridian-1', messagesProcessed: 42, errorsOccurred: 2 } },
    ]);

    const { context, page } = await openSignedIn(
      suite.browser,
      suite.server,
      'tenant@meridian.local',
      'tenant',
    );
    await page.click(tid(selectors.menu.link('/devices')));
    await page
      .locator(`${tid(T.root('devices'))} ${tid(T.row)}`)
      .getByText(DEVICE, { exact: true })
      .click();
    await expect.poll(() => page.textContent(tid(T.detailsTitle))).toBe(DEVICE);
    await page.click(tid(T.detailsTab('events')));
    await expect
      .poll(async () => (await rowsOf(page)).map((cells) => cells.slice(1, 3)))
      .toEqual([
        ['meridian-1', 'init'],
        ['meridian-1', 'onMsg'],
      ]);
    await page.mouse.move(1270, 790);
    await screenshot(page, 'events-tab-errors');

    // The error text opens in the content viewer, JSON pretty-printed.
    await page
      .locator(`${tid(T.root('events'))} ${tid(T.row)}`)
      .first()
      .locator(tid(E.view('error')))
      .click();
    await expect.poll(() => page.inputValue(tid(E.content))).toBe('{\n  "reason": "bad"\n}');
    await page.click(tid(E.contentClose));
    await page.waitForSelector(tid(E.contentDialog), { state: 'detached' });

    // Filter by method.
    await page.click(tid(E.filter));
    await page.fill(tid(E.filterField('method')), 'onmsg');
    await page.click(tid(E.filterApply));
    await expect.poll(async () => (await rowsOf(page)).map((cells) => cells[2])).toEqual(['onMsg']);
    await page.click(tid(E.clearFilter));
    await expect.poll(async () => (await rowsOf(page)).length).toBe(2);

    // Other types, with their columns.
    await page.click(tid(E.eventType));
    await page.getByRole('option', { name: 'Statistics', exact: true }).click();
    await expect
      .poll(async () => (await rowsOf(page)).map((cells) => cells.slice(1)))
      .toEqual([['meridian-1', '42', '2']]);
    await page.click(tid(E.eventType));
    await page.getByRole('option', { name: 'Lifecycle event', exact: true }).click();
    await expect
      .poll(async () => (await rowsOf(page)).map((cells) => cells.slice(1, 4)))
      .toEqual([['meridian-1', 'STARTED', 'Success']]);

    // Clear events removes this type's events in the window, after asking.
    await page.click(tid(E.clearEvents));
    await page.click(tid(T.confirmOk));
    await page.getByText('No events found').waitFor();
    const left = await api<{ data: { type: string }[] }>(
      suite.server,
      'GET',
      `/api/events/DEVICE/${deviceId}?pageSize=10&page=0`,
      { token },
    );
    expect(left.body.data.map((event) => event.type).sort()).toEqual(['ERROR', 'ERROR', 'STATS']);
    await context.close();
  });
});
