import { type ChildProcess, spawn } from 'node:child_process';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSelectors } from '../../packages/web/src/dashboard/selectors';
import { inputSelectors } from '../../packages/web/src/widgets/input-support/selectors';
import { newPage, screenshot, tid } from '../support/browser';
import { api, loginToken, saveDashboard, shareDashboardPublicly } from '../support/server';
import { openSignedIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

const suite = useServerAndBrowser();
const D = dashboardSelectors;
const I = inputSelectors;
const TOKEN = 'INPUT_THERMOSTAT_TOKEN';

let token = '';
let deviceId = '';
let dashboardId = '';
let publicId = '';
let device: ChildProcess | undefined;
/** The shared attribute updates the device received on its MQTT connection, in order. */
const pushed: Record<string, unknown>[] = [];

/** The device: `mosquitto_sub` on its attribute topic, where the server pushes shared attribute changes. */
async function connectDevice(): Promise<void> {
  const sub = spawn('stdbuf', [
    '-oL',
    'mosquitto_sub',
    ...['-h', '127.0.0.1', '-p', String(suite.server.mqttPort), '-u', TOKEN, '-i', 'input-thermostat'],
    ...['-t', 'v1/devices/me/attributes', '-d'],
  ]);
  device = sub;
  let buffer = '';
  let subscribed: () => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    subscribed = resolve;
    setTimeout(() => reject(new Error(`mosquitto_sub did not subscribe: ${buffer}`)), 15_000);
  });
  const onOutput = (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line.includes('SUBACK')) subscribed();
      if (line.startsWith('{')) pushed.push(JSON.parse(line) as Record<string, unknown>);
    }
  };
  sub.stdout.on('data', onOutput);
  sub.stderr.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('SUBACK')) subscribed();
  });
  await ready;
}

const key = (name: string, label: string, settings: Record<string, unknown> = {}) => ({
  name,
  type: 'attribute',
  label,
  color: '#2196f3',
  settings,
});

const TITLES: Record<string, string> = {
  setpoint: 'Set point',
  form: 'Thermostat settings',
  location: 'Location',
  installed: 'Installed on',
};

function widget(id: string, typeAlias: string, dataKeys: unknown[], settings: Record<string, unknown>) {
  return {
    id,
    bundleAlias: 'input_widgets',
    typeAlias,
    type: 'latest',
    sizeX: 8,
    sizeY: 3,
    config: {
      title: TITLES[id] ?? id,
      showTitle: true,
      datasources: [{ type: 'entity', entityAliasId: 'thermostat', dataKeys }],
      settings,
    },
  };
}

function dashboardJson() {
  const widgets = [
    widget('setpoint', 'update_shared_double_attribute', [key('setpoint', 'Set point')], {
      showLabel: true,
      labelValue: 'Set point, °C',
      minValue: 5,
      maxValue: 35,
      showResultMessage: true,
    }),
    widget(
      'form',
      'update_multiple_attributes',
      [
        key('targetTemperature', 'Target temperature', {
          dataKeyType: 'shared',
          dataKeyValueType: 'double',
          required: true,
          minValue: 5,
          maxValue: 35,
          maxValueErrorMessage: 'At most 35 °C',
        }),
        key('powerSaving', 'Power saving', { dataKeyType: 'server', dataKeyValueType: 'booleanSwitch' }),
        key('location', 'Location', { dataKeyType: 'server', dataKeyValueType: 'string' }),
      ],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the reference's placeholder
      { showGroupTitle: true, groupTitle: '${entityName}', fieldsAlignment: 'column' },
    ),
    widget(
      'location',
      'update_server_location_attribute',
      [key('latitude', 'Latitude'), key('longitude', 'Longitude')],
      {
        inputFieldsAlignment: 'row',
        showGetLocation: false,
      },
    ),
    widget('installed', 'update_shared_date_attribute', [key('installedAt', 'Installed')], {}),
  ];
  return {
    title: 'Thermostat inputs',
    configuration: {
      widgets: Object.fromEntries(widgets.map((w) => [w.id, w])),
      states: {
        default: {
          name: 'Thermostat inputs',
          root: true,
          layouts: {
            main: {
              widgets: {
                setpoint: { sizeX: 8, sizeY: 3, row: 0, col: 0 },
                form: { sizeX: 8, sizeY: 7, row: 0, col: 8 },
                location: { sizeX: 8, sizeY: 3, row: 0, col: 16 },
                installed: { sizeX: 8, sizeY: 4, row: 3, col: 0 },
              },
              gridSettings: { columns: 24, margins: [10, 10] },
            },
          },
        },
      },
      entityAliases: {
        thermostat: {
          id: 'thermostat',
          alias: 'Thermostat',
          filter: {
            type: 'singleEntity',
            resolveMultiple: false,
            singleEntity: { entityType: 'DEVICE', id: deviceId },
          },
        },
      },
      timewindow: { realtime: { timewindowMs: 3_600_000 } },
      settings: { showTitle: true },
    },
  };
}

async function attributes(scope: string): Promise<Record<string, unknown>> {
  const read = await api<{ key: string; value: unknown }[]>(
    suite.server,
    'GET',
    `/api/plugins/telemetry/DEVICE/${deviceId}/values/attributes/${scope}`,
    { token },
  );
  return Object.fromEntries(read.body.map((a) => [a.key, a.value]));
}

beforeAll(async () => {
  token = await loginToken(suite.server, 'tenant@meridian.local', 'tenant');
  const made = await api<{ id: { id: string } }>(suite.server, 'POST', `/api/device?accessToken=${TOKEN}`, {
    token,
    body: { name: 'Input thermostat', type: 'default' },
  });
  expect(made.status).toBe(200);
  deviceId = made.body.id.id;
  const initial = await api(
    suite.server,
    'POST',
    `/api/plugins/telemetry/DEVICE/${deviceId}/attributes/SERVER_SCOPE`,
    {
      token,
      body: { location: 'Hall', powerSaving: false },
    },
  );
  expect(initial.status).toBe(200);
  dashboardId = await saveDashboard(suite.server, token, dashboardJson());
  publicId = await shareDashboardPublicly(suite.server, token, dashboardId, [deviceId]);
  await connectDevice();
});

afterAll(() => {
  device?.kill();
});

const inWidget = (id: string, selector: string) => `${tid(D.widget(id))} ${selector}`;
const formField = (name: string) =>
  inWidget('form', `[data-testid="${I.multipleField}"][data-key="${name}"]`);

async function open(page: Page) {
  await page.goto(`${suite.server.url}/dashboards/${dashboardId}`);
  await page.waitForSelector(tid(D.viewer));
}

describe('input widgets', () => {
  it('write shared and server attributes that reach the device, and refuse a value out of range', async () => {
    const { page } = await openSignedIn(suite.browser, suite.server, 'tenant@meridian.local', 'tenant');
    await open(page);
    // The form shows the values the device has.
    await expect.poll(() => page.inputValue(formField('location')), { timeout: 15_000 }).toBe('Hall');
    expect(await page.textContent(inWidget('form', tid(I.groupTitle)))).toBe('Input thermostat');

    // The single shared double: out of range is refused, then a good value is written.
    const setpoint = page.locator(inWidget('setpoint', tid(I.field)));
    await setpoint.fill('36');
    await expect
      .poll(() => page.textContent(tid(D.widget('setpoint'))))
      .toContain('The value must be at most 35.');
    expect(await page.isDisabled(inWidget('setpoint', tid(I.apply)))).toBe(true);
    await setpoint.fill('22.5');
    await page.click(inWidget('setpoint', tid(I.apply)));
    await expect
      .poll(() => page.textContent(inWidget('setpoint', tid(I.result))), { timeout: 10_000 })
      .toBe('Update successful');
    await expect.poll(() => attributes('SHARED_SCOPE')).toMatchObject({ setpoint: 22.5 });
    await expect.poll(() => pushed, { timeout: 10_000 }).toContainEqual({ setpoint: 22.5 });

    // The form: a target temperature over the maximum shows the key's message and blocks Save.
    await page.fill(formField('targetTemperature'), '40');
    await expect.poll(() => page.textContent(tid(D.widget('form')))).toContain('At most 35 °C');
    expect(await page.isDisabled(inWidget('form', tid(I.save)))).toBe(true);
    await screenshot(page, 'input-widgets-invalid');
    await page.fill(formField('targetTemperature'), '24');
    await page.click(formField('powerSaving'));
    await page.click(inWidget('form', tid(I.save)));
    await expect
      .poll(() => page.textContent(inWidget('form', tid(I.result))), { timeout: 10_000 })
      .toBe('Update successful');
    await expect
      .poll(() => attributes('SHARED_SCOPE'))
      .toMatchObject({ setpoint: 22.5, targetTemperature: 24 });
    expect(await attributes('SERVER_SCOPE')).toMatchObject({ powerSaving: true, location: 'Hall' });
    // The shared attribute reaches the device.
    await expect.poll(() => pushed, { timeout: 10_000 }).toContainEqual({ targetTemperature: 24 });
    expect(await page.isDisabled(inWidget('form', tid(I.save)))).toBe(true);

    // The location widget writes both coordinates; the date widget writes epoch milliseconds.
    await page.fill(inWidget('location', tid(I.latitude)), '52.52');
    await page.fill(inWidget('location', tid(I.longitude)), '13.405');
    await page.click(inWidget('location', tid(I.apply)));
    await expect.poll(() => attributes('SERVER_SCOPE')).toMatchObject({ latitude: 52.52, longitude: 13.405 });
    await page.fill(inWidget('installed', tid(I.date)), '2026-03-10');
    await page.fill(inWidget('installed', tid(I.time)), '08:30');
    await page.click(inWidget('installed', tid(I.apply)));
    // The browser runs in UTC (support/browser.ts).
    await expect
      .poll(() => attributes('SHARED_SCOPE'))
      .toMatchObject({ installedAt: Date.UTC(2026, 2, 10, 8, 30) });
    await screenshot(page, 'input-widgets');
  });

  it('a public viewer sees the values with the inputs disabled (in dark mode)', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1280, height: 800 }, 'dark');
    await page.goto(`${suite.server.url}/dashboard/${dashboardId}?publicId=${publicId}`);
    await expect.poll(() => page.inputValue(formField('targetTemperature')), { timeout: 15_000 }).toBe('24');
    expect(await page.inputValue(inWidget('setpoint', tid(I.field)))).toBe('22.5');
    expect(await page.isDisabled(inWidget('setpoint', tid(I.field)))).toBe(true);
    expect(await page.isDisabled(formField('targetTemperature'))).toBe(true);
    expect(await page.isDisabled(formField('powerSaving'))).toBe(true);
    expect(await page.isDisabled(inWidget('form', tid(I.save)))).toBe(true);
    await screenshot(page, 'input-widgets-public');
    await context.close();
  });
});
