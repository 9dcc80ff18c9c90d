import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { selectors } from '../../packages/web/src/selectors';
import { screenshot, tid } from '../support/browser';
import { api, loginToken } from '../support/server';
import { openSignedIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

const suite = useServerAndBrowser();

const T = selectors.entityTable;
const D = selectors.deviceProfiles;
const S = selectors.alarmRules;
const PROFILE = 'E2E Thermometers';
const ALARM_TYPE = 'E2E Overheating';
const DEVICE = 'E2E Thermometer 1';
const TOKEN = 'E2E_ALARM_RULES_TOKEN';

/** The table row showing `name`. */
const rowOf = (page: Page, name: string) =>
  page.locator(tid(T.row)).filter({ has: page.getByRole('cell', { name, exact: true }) });

/** Picks `option` of the select opened by clicking `trigger`, and waits until the list is gone. */
async function choose(page: Page, trigger: string, option: string) {
  await page.locator(trigger).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.waitForSelector('[role="listbox"]', { state: 'detached' });
}

interface AlarmPage {
  data: { type: string; severity: string; status: string; originator: { id: string } }[];
}

describe('device profile alarm rules', () => {
  it('a rule "temperature > 30 → Critical" made in the profile wizard raises an alarm for a device posting 42', async () => {
    const { context, page } = await openSignedIn(
      suite.browser,
      suite.server,
      'tenant@meridian.local',
      'tenant',
    );

    // The profile, with its alarm rule, through the profile wizard.
    await page.click(tid(selectors.menu.link('/deviceProfiles')));
    await page.waitForSelector(tid(T.root('device-profiles')));
    await page.click(tid(T.add));
    await page.click(tid(T.addMenuItem('create')));
    await page.fill(tid(D.name), PROFILE);
    await page.click(tid(D.wizardNext));
    await page.click(tid(D.wizardNext));
    await page.click(tid(S.addAlarm));
    await page.fill(tid(S.alarmType(0)), ALARM_TYPE);
    const rule = S.rulePath(0, 0);
    expect(await page.textContent(tid(S.severity(0, 0)))).toBe('Critical');
    await page.click(tid(S.editCondition(rule)));
    await page.waitForSelector(tid(S.conditionDialog));
    await page.click(tid(S.addFilter));
    await page.fill(tid(S.filterKey(0)), 'temperature');
    await choose(page, tid(S.predicateOperation('0')), 'greater than');
    await page.fill(tid(S.predicateValue('0')), '30');
    await screenshot(page, 'alarm-rule-condition-dialog');
    await page.click(tid(S.conditionSave));
    await page.waitForSelector(tid(S.conditionDialog), { state: 'detached' });
    await expect.poll(() => page.textContent(tid(S.conditionText(rule)))).toBe('temperature > 30');
    await screenshot(page, 'alarm-rules-wizard-step');
    await page.click(tid(D.wizardAdd));
    await page.waitForSelector(tid(D.wizard), { state: 'detached' });
    await rowOf(page, PROFILE).waitFor();

    // The details show the rule, counted in the tab's label.
    await rowOf(page, PROFILE).getByRole('cell', { name: PROFILE, exact: true }).click();
    await page.waitForSelector(tid(T.details));
    await expect.poll(() => page.textContent(tid(T.detailsTab('alarms')))).toBe('Alarm rules (1)');
    await page.click(tid(T.detailsTab('alarms')));
    await expect.poll(() => page.textContent(tid(S.conditionText(rule)))).toBe('temperature > 30');
    await context.close();

    // A device of that profile posts 42 over the HTTP device API.
    const token = await loginToken(suite.server, 'tenant@meridian.local', 'tenant');
    const profiles = await api<{ data: { id: { id: string }; name: string }[] }>(
      suite.server,
      'GET',
      `/api/deviceProfiles?pageSize=10&page=0&textSearch=${encodeURIComponent(PROFILE)}`,
      { token },
    );
    const profile = profiles.body.data.find((item) => item.name === PROFILE);
    expect(profile).toBeDefined();
    const device = await api<{ id: { id: string } }>(
      suite.server,
      'POST',
      `/api/device?accessToken=${TOKEN}`,
      {
        token,
        body: { name: DEVICE, deviceProfileId: { entityType: 'DEVICE_PROFILE', id: profile?.id.id } },
      },
    );
    expect(device.status).toBe(200);
    const deviceId = device.body.id.id;
    const posted = await api(suite.server, 'POST', `/api/v1/${TOKEN}/telemetry`, {
      body: { temperature: 42 },
    });
    expect(posted.status).toBe(200);

    // The rule raises an active, unacknowledged Critical alarm on the device.
    const activeAlarms = async () => {
      const res = await api<AlarmPage>(
        suite.server,
        'GET',
        `/api/alarm/DEVICE/${deviceId}?pageSize=10&page=0&searchStatus=ACTIVE`,
        { token },
      );
      return res.status === 200
        ? res.body.data.map(({ type, severity, status }) => ({ type, severity, status }))
        : [];
    };
    await expect
      .poll(activeAlarms, { timeout: 10_000, interval: 250 })
      .toEqual([{ type: ALARM_TYPE, severity: 'CRITICAL', status: 'ACTIVE_UNACK' }]);
  });
});
