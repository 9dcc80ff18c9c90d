import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { aliasSelectors } from '../../packages/web/src/dashboard/editor/aliases/alias-selectors';
import { editorSelectors } from '../../packages/web/src/dashboard/editor/editor-selectors';
import { filterSelectors } from '../../packages/web/src/dashboard/editor/filters/filter-selectors';
import { dashboardSelectors } from '../../packages/web/src/dashboard/selectors';
import { selectors } from '../../packages/web/src/selectors';
import { simpleCardSelectors } from '../../packages/web/src/widgets/simple-card/selectors';
import { screenshot, tid } from '../support/browser';
import { api, loginToken } from '../support/server';
import { openSignedIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

/**
 * Entity aliases and filters in the dashboard editor (issue 12): in edit mode a tenant administrator
 * adds a Device type alias and a Single entity alias, a filter with a viewer-editable numeric
 * predicate, and points an existing alias at another device; after Apply and a reload the viewer's
 * alias select and filter panel offer them, and the widget on the edited alias shows the new device.
 */

const A = aliasSelectors;
const F = filterSelectors;
const E = editorSelectors;
const D = dashboardSelectors;
const P = selectors.alarmRules;
const suite = useServerAndBrowser();

interface Saved {
  configuration: {
    entityAliases: Record<string, { id: string; alias: string; filter: Record<string, unknown> }>;
    filters: Record<string, { filter: string; keyFilters: unknown[] }>;
  };
}

const temperature = {
  name: 'temperature',
  type: 'timeseries',
  label: 'Temperature',
  units: '°C',
  decimals: 1,
};

/** A card on the "Sensor" alias, which names the first thermostat. */
function dashboardJson(sensorId: string) {
  return {
    title: 'Aliases test',
    configuration: {
      widgets: {
        card: {
          id: 'card',
          bundleAlias: 'cards',
          typeAlias: 'simple_card',
          type: 'latest',
          sizeX: 6,
          sizeY: 3,
          config: {
            title: 'Sensor',
            showTitle: true,
            datasources: [{ type: 'entity', entityAliasId: 'sensor', dataKeys: [temperature] }],
            settings: {},
          },
        },
      },
      states: {
        default: {
          name: 'Aliases test',
          root: true,
          layouts: {
            main: {
              widgets: { card: { sizeX: 6, sizeY: 3, row: 0, col: 0 } },
              gridSettings: { columns: 24 },
            },
          },
        },
      },
      entityAliases: {
        sensor: {
          id: 'sensor',
          alias: 'Sensor',
          filter: {
            type: 'singleEntity',
            singleEntity: { entityType: 'DEVICE', id: sensorId },
            resolveMultiple: false,
          },
        },
      },
      timewindow: { realtime: { timewindowMs: 3_600_000 } },
      settings: { showTitle: true },
    },
  };
}

/** Creates a thermostat with one temperature reading over the HTTP device API; returns its id. */
async function thermostat(token: string, name: string, value: number): Promise<string> {
  const device = await api<{ id: { id: string } }>(suite.server, 'POST', '/api/device', {
    token,
    body: { name, type: 'e2e-thermostat' },
  });
  expect(device.status).toBe(200);
  const credentials = await api<{ credentialsId: string }>(
    suite.server,
    'GET',
    `/api/device/${device.body.id.id}/credentials`,
    { token },
  );
  const sent = await api(suite.server, 'POST', `/api/v1/${credentials.body.credentialsId}/telemetry`, {
    body: { temperature: value },
  });
  expect(sent.status).toBe(200);
  return device.body.id.id;
}

/** Opens a select by its test id and picks the option with this text. */
async function choose(page: Page, testId: string, option: string) {
  await page.click(tid(testId));
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * Picks the alias filter type and checks that the select took it. Once in a CI run the pick did not
 * take (the relations query fields never came; not seen in runs of the file alone), so a pick that
 * did not take is made again, once, and the test still fails if the second one does not either.
 */
async function chooseFilterType(page: Page, type: string) {
  const option = tid(`${A.filterType}-${type}`);
  const chosen = () => page.inputValue(`${tid(A.filterType)} + input`);
  for (let attempt = 1; ; attempt++) {
    await page.click(tid(A.filterType));
    await page.click(option);
    await page
      .waitForSelector(option, { state: 'detached', timeout: 5000 })
      .catch(() => page.keyboard.press('Escape'));
    if ((await chosen()) === type || attempt === 2) break;
  }
  expect(await chosen()).toBe(type);
}

/** Types into an autocomplete and picks the option the server found. */
async function pick(page: Page, testId: string, text: string) {
  await page.fill(tid(testId), text);
  await page.getByRole('option', { name: text, exact: true }).click();
}

describe('dashboard entity aliases and filters', () => {
  it('adds aliases and a filter in edit mode, edits an alias, and the viewer offers them after Apply', async () => {
    const token = await loginToken(suite.server, 'tenant@meridian.local', 'tenant');
    const first = await thermostat(token, 'Thermostat A', 21);
    await thermostat(token, 'Thermostat B', 23);
    const created = await api<{ id: { id: string } }>(suite.server, 'POST', '/api/dashboard', {
      token,
      body: dashboardJson(first),
    });
    expect(created.status).toBe(200);
    const dashboardId = created.body.id.id;

    const { page } = await openSignedIn(suite.browser, suite.server, 'tenant@meridian.local', 'tenant');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${suite.server.url}/dashboards/${dashboardId}`);
    const value = page.locator(`${tid(D.widget('card'))} ${tid(simpleCardSelectors.value)}`);
    await expect.poll(() => value.textContent()).toBe('21.0 °C');
    await page.click(tid(E.edit));

    // Entity aliases: the existing one is listed with its summary.
    await page.click(tid(A.open));
    await page.waitForSelector(tid(A.dialog));
    await expect.poll(() => page.textContent(tid(A.row('Sensor')))).toContain('Device');

    // A Device type alias resolving to one entity at a time (the viewer picks which).
    await page.click(tid(A.add));
    await page.waitForSelector(tid(A.editor));
    await page.fill(tid(A.name), 'Thermostats');
    await chooseFilterType(page, 'deviceType');
    // Nothing typed yet: Add shows what is missing.
    await page.click(tid(A.editorSave));
    await page.getByText('The type is required.').waitFor();
    await page.fill(tid(A.subtype), 'e2e-therm');
    await page.getByRole('option', { name: 'e2e-thermostat', exact: true }).click();
    await page.uncheck(tid(A.resolveMultiple));
    await screenshot(page, 'dashboard-aliases-device-type');
    await page.click(tid(A.editorSave));
    await page.waitForSelector(tid(A.editor), { state: 'detached' });

    // A Single entity alias on the first thermostat.
    await page.click(tid(A.add));
    await page.fill(tid(A.name), 'First thermostat');
    // (The relations query editor on the way, for the screenshot.)
    await chooseFilterType(page, 'relationsQuery');
    await page.click(tid(A.addRelationFilter));
    await screenshot(page, 'dashboard-aliases-relations-query');
    await chooseFilterType(page, 'singleEntity');
    await pick(page, A.entity, 'Thermostat A');
    await page.click(tid(A.editorSave));
    await page.waitForSelector(tid(A.editor), { state: 'detached' });

    // The existing alias now names the second thermostat.
    await page.click(tid(A.edit('Sensor')));
    await page.waitForSelector(tid(A.editor));
    await expect.poll(() => page.inputValue(tid(A.entity))).toBe('Thermostat A');
    await pick(page, A.entity, 'Thermostat B');
    await page.click(tid(A.editorSave));
    await page.waitForSelector(tid(A.editor), { state: 'detached' });
    await expect.poll(() => page.locator(`${tid(A.dialog)} tbody tr`).count()).toBe(3);
    await screenshot(page, 'dashboard-aliases-list');
    await page.click(tid(A.save));
    await page.waitForSelector(tid(A.dialog), { state: 'detached' });
    // The edited alias applies in edit mode already.
    await expect.poll(() => value.textContent()).toBe('23.0 °C');

    // Filters: "Hot" = temperature greater than a value viewers may change.
    await page.click(tid(F.open));
    await page.waitForSelector(tid(F.dialog));
    await page.click(tid(F.add));
    await page.fill(tid(F.name), 'Hot');
    await page.click(tid(F.addKeyFilter));
    await choose(page, F.keyType(0), 'Time series');
    await page.fill(tid(F.key(0)), 'temperature');
    await choose(page, F.valueType(0), 'Numeric');
    await page.click(tid(F.addPredicate(0)));
    const path = 'filter-0-0';
    await choose(page, P.predicateOperation(path), 'greater than');
    await page.fill(tid(P.predicateValue(path)), '20');
    await page.uncheck(tid(F.autoLabel(path)));
    await page.fill(tid(F.label(path)), 'Hotter than');
    await screenshot(page, 'dashboard-filter-editor');
    await page.click(tid(F.editorSave));
    await page.waitForSelector(tid(F.editor), { state: 'detached' });
    await expect.poll(() => page.textContent(tid(F.row('Hot')))).toContain('temperature > 20');
    await screenshot(page, 'dashboard-filters-list');
    await page.click(tid(F.save));
    await page.waitForSelector(tid(F.dialog), { state: 'detached' });

    // Undo takes the filter back, redo restores it: the dialogs' saves are editor changes.
    await page.click(tid(E.undo));
    await page.click(tid(F.open));
    await expect.poll(() => page.locator(tid(F.row('Hot'))).count()).toBe(0);
    await page.click(tid(F.cancel));
    await page.click(tid(E.redo));

    await page.click(tid(E.apply));
    await page.waitForSelector(tid(E.edit));

    // Saved as the reference saves it.
    const saved = (await api<Saved>(suite.server, 'GET', `/api/dashboard/${dashboardId}`, { token })).body;
    const aliases = Object.values(saved.configuration.entityAliases);
    expect(aliases.map((alias) => alias.alias).sort()).toEqual(['First thermostat', 'Sensor', 'Thermostats']);
    expect(aliases.find((alias) => alias.alias === 'Thermostats')?.filter).toEqual({
      type: 'deviceType',
      deviceType: 'e2e-thermostat',
      deviceNameFilter: '',
      resolveMultiple: false,
    });
    expect(aliases.find((alias) => alias.alias === 'First thermostat')?.filter).toEqual({
      type: 'singleEntity',
      singleEntity: { entityType: 'DEVICE', id: first },
      resolveMultiple: false,
    });
    expect(Object.values(saved.configuration.filters).map((filter) => filter.filter)).toEqual(['Hot']);

    // After a reload the viewer offers the new alias and the filter, and the card shows device B.
    await page.reload();
    await expect.poll(() => value.textContent()).toBe('23.0 °C');
    await page.click(tid(D.aliasesSelect));
    await page.waitForSelector(tid(D.aliasField('Thermostats')));
    await screenshot(page, 'dashboard-aliases-viewer-select');
    await page.keyboard.press('Escape');
    await page.click(tid(D.filters));
    const threshold = page.locator(tid(D.filterField('Hotter than')));
    await expect.poll(() => threshold.inputValue()).toBe('20');
    await screenshot(page, 'dashboard-aliases-viewer-filters');
  });
});
