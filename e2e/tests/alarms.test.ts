import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { entityTabsSelectors } from '../../packages/web/src/components/entity-tabs/selectors';
import { selectors } from '../../packages/web/src/selectors';
import { screenshot, tid } from '../support/browser';
import { api, loginToken } from '../support/server';
import { openSignedIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

const suite = useServerAndBrowser();

const T = selectors.entityTable;
const AL = entityTabsSelectors.alarms;
const DEVICE = 'Thermostat T1';
const ALARM_TYPE = 'E2E High Temperature';
const LIVE_ALARM_TYPE = 'E2E Low Pressure';

/** A row of the table `root` with a cell showing exactly `text`. */
const rowOf = (page: Page, root: string, text: string) =>
  page.locator(`${tid(T.root(root))} ${tid(T.row)}`).filter({ has: page.getByText(text, { exact: true }) });

/** The cells of every row of the table `root`, as text. */
const rowsOf = (page: Page, root: string) =>
  page
    .locator(`${tid(T.root(root))} ${tid(T.row)}`)
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent ?? '')),
    );

/** Picks `option` of the select opened by clicking `trigger`, and waits until the list is gone. */
async function choose(page: Page, trigger: string, option: string) {
  await page.locator(trigger).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.waitForSelector('[role="listbox"]', { state: 'detached' });
}

/** A picture without the pointer's tooltip or ripple, once transitions have settled. */
async function picture(page: Page, name: string) {
  await page.mouse.move(1270, 790);
  await page.waitForTimeout(400);
  await screenshot(page, name);
}

describe('alarms tab', () => {
  it('a tenant admin sees an alarm of a device, acknowledges it and clears it, and sees a new one live', async () => {
    const token = await loginToken(suite.server, 'tenant@meridian.local', 'tenant');
    const device = await api<{ id: { id: string } }>(
      suite.server,
      'GET',
      `/api/tenant/devices?deviceName=${encodeURIComponent(DEVICE)}`,
      { token },
    );
    const deviceId = device.body.id.id;
    const created = await api<{ id: { id: string }; status: string }>(suite.server, 'POST', '/api/alarm', {
      token,
      body: {
        type: ALARM_TYPE,
        originator: { entityType: 'DEVICE', id: deviceId },
        severity: 'CRITICAL',
        status: 'ACTIVE_UNACK',
        details: { temperature: 41.5 },
        propagate: false,
      },
    });
    expect(created.status).toBe(200);
    const alarmId = created.body.id.id;

    const { context, page } = await openSignedIn(
      suite.browser,
      suite.server,
      'tenant@meridian.local',
      'tenant',
    );
    await page.goto(`${suite.server.url}/devices/${deviceId}`);
    await page.waitForSelector(tid(T.detailsPage));
    await expect.poll(() => page.textContent(tid(T.detailsTitle))).toBe(DEVICE);

    // The tab sits between Latest telemetry and Events, as in the reference.
    const tabs = await page
      .locator('[role="tab"]')
      .evaluateAll((items) => items.map((tab) => tab.getAttribute('data-testid')));
    expect(tabs.indexOf(T.detailsTab('alarms'))).toBe(tabs.indexOf(T.detailsTab('telemetry')) + 1);
    expect(tabs.indexOf(T.detailsTab('events'))).toBe(tabs.indexOf(T.detailsTab('alarms')) + 1);

    await page.click(tid(T.detailsTab('alarms')));
    await rowOf(page, 'alarms', ALARM_TYPE).waitFor();
    expect(await page.textContent(tid(AL.timewindow))).toBe('Realtime – last 30 days');
    expect((await rowsOf(page, 'alarms'))[0]?.slice(2, 6)).toEqual([
      DEVICE,
      ALARM_TYPE,
      'Critical',
      'Active, unacknowledged',
    ]);
    expect(
      await rowOf(page, 'alarms', ALARM_TYPE)
        .locator(tid(AL.severity))
        .evaluate((cell) => getComputedStyle(cell).color),
    ).toBe('rgb(255, 0, 0)');
    await picture(page, 'alarms-tab');

    // The status filter goes to the server: no cleared alarms yet.
    await choose(page, tid(AL.statusFilter), 'Cleared');
    await page.getByText('No alarms found').waitFor();
    await choose(page, tid(AL.statusFilter), 'Any');
    await rowOf(page, 'alarms', ALARM_TYPE).waitFor();

    await rowOf(page, 'alarms', ALARM_TYPE)
      .locator(tid(T.rowAction('details')))
      .click();
    await page.waitForSelector(tid(AL.detailsDialog));
    expect(await page.inputValue(tid(AL.detailsField('type')))).toBe(ALARM_TYPE);
    expect(await page.inputValue(tid(AL.detailsField('originator')))).toBe(DEVICE);
    expect(await page.inputValue(tid(AL.detailsField('severity')))).toBe('Critical');
    expect(await page.inputValue(tid(AL.detailsField('status')))).toBe('Active, unacknowledged');
    expect(JSON.parse(await page.inputValue(tid(AL.detailsField('details'))))).toEqual({ temperature: 41.5 });
    await picture(page, 'alarm-details-dialog');

    await page.click(tid(AL.ack));
    await expect.poll(() => page.inputValue(tid(AL.detailsField('status')))).toBe('Active, acknowledged');
    await page.waitForSelector(tid(AL.ack), { state: 'detached' });
    expect(await page.inputValue(tid(AL.detailsField('ack-time')))).not.toBe('');

    await page.click(tid(AL.clear));
    await expect.poll(() => page.inputValue(tid(AL.detailsField('status')))).toBe('Cleared, acknowledged');
    await page.waitForSelector(tid(AL.clear), { state: 'detached' });
    expect(await page.inputValue(tid(AL.detailsField('clear-time')))).not.toBe('');

    await page.click(tid(AL.detailsClose));
    await page.waitForSelector(tid(AL.detailsDialog), { state: 'detached' });
    await expect.poll(async () => (await rowsOf(page, 'alarms'))[0]?.[5]).toBe('Cleared, acknowledged');

    const saved = await api<{ status: string; ackTs: number; clearTs: number }>(
      suite.server,
      'GET',
      `/api/alarm/info/${alarmId}`,
      { token },
    );
    expect(saved.body).toMatchObject({ status: 'CLEARED_ACK' });
    expect(saved.body.ackTs).toBeGreaterThan(0);
    expect(saved.body.clearTs).toBeGreaterThan(0);

    // The open tab follows the device's alarms: a new one shows without Refresh.
    const raised = await api(suite.server, 'POST', '/api/alarm', {
      token,
      body: {
        type: LIVE_ALARM_TYPE,
        originator: { entityType: 'DEVICE', id: deviceId },
        severity: 'MAJOR',
        status: 'ACTIVE_UNACK',
        propagate: false,
      },
    });
    expect(raised.status).toBe(200);
    await expect
      .poll(async () => (await rowsOf(page, 'alarms')).map((cells) => cells[3]), { timeout: 5000 })
      .toContain(LIVE_ALARM_TYPE);
    expect((await rowsOf(page, 'alarms'))[0]?.slice(3, 6)).toEqual([
      LIVE_ALARM_TYPE,
      'Major',
      'Active, unacknowledged',
    ]);
    await context.close();
  });
});
