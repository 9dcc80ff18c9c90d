import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSelectors } from '../../packages/web/src/dashboard/selectors';
import { controlSelectors } from '../../packages/web/src/widgets/control-support/selectors';
import { newPage, screenshot, tid } from '../support/browser';
import { api, loginToken, saveDashboard, shareDashboardPublicly } from '../support/server';
import { openSignedIn } from '../support/session';
import { useServerAndBrowser } from '../support/suite';

const suite = useServerAndBrowser();
const run = promisify(execFile);
const D = dashboardSelectors;
const C = controlSelectors;
const TOKEN = 'CONTROL_PUMP_TOKEN';

let dashboardId = '';
let publicId = '';
let device: ChildProcess | undefined;

/** What the device received: one entry per RPC request, in order. */
const requests: { id: string; method: string; params: unknown }[] = [];
/** What the device answers per method; a method not listed gets no answer (a timeout). */
const ANSWERS: Record<string, unknown> = {
  getPump: true,
  getSpeed: 30,
  getFirmware: { version: '1.2.3' },
};

/** Publishes as the device on its MQTT connection's topics, with the stock mosquitto client. */
async function devicePublish(topic: string, payload: unknown) {
  const port = String(suite.server.mqttPort);
  await run('mosquitto_pub', [
    '-h',
    '127.0.0.1',
    '-p',
    port,
    '-u',
    TOKEN,
    '-t',
    topic,
    '-m',
    JSON.stringify(payload),
  ]);
}

/**
 * The device: `mosquitto_sub` subscribed to its RPC requests; every request is recorded and, when
 * its method has an answer, answered with `mosquitto_pub` on the response topic of its id.
 */
async function connectDevice(): Promise<void> {
  const args = ['-h', '127.0.0.1', '-p', String(suite.server.mqttPort), '-u', TOKEN, '-i', 'control-pump'];
  // Line-buffered, so each request reaches the test as it arrives.
  const sub = spawn('stdbuf', [
    '-oL',
    'mosquitto_sub',
    ...args,
    '-t',
    'v1/devices/me/rpc/request/+',
    '-v',
    '-d',
  ]);
  device = sub;
  let buffer = '';
  let subscribed: () => void = () => undefined;
  const ready = new Promise<void>((resolve, reject) => {
    subscribed = resolve;
    setTimeout(() => reject(new Error(`mosquitto_sub did not subscribe: ${buffer}`)), 15_000);
  });
  sub.stderr.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('SUBACK')) subscribed();
  });
  sub.stdout.on('data', (chunk: Buffer) => {
    buffer += chunk.toString();
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (line.includes('SUBACK')) subscribed();
      const match = /^v1\/devices\/me\/rpc\/request\/(\d+) (.*)$/.exec(line);
      if (!match) continue;
      const [, id = '', payload = '{}'] = match;
      const request = JSON.parse(payload) as { method: string; params: unknown };
      requests.push({ id, ...request });
      if (request.method in ANSWERS) {
        void devicePublish(`v1/devices/me/rpc/response/${id}`, ANSWERS[request.method]);
      }
    }
  });
  await ready;
}

function widget(
  id: string,
  typeAlias: string,
  settings: Record<string, unknown>,
  targetDeviceAliasIds = ['pump'],
) {
  return {
    id,
    bundleAlias: 'control_widgets',
    typeAlias,
    type: 'rpc',
    sizeX: 6,
    sizeY: 4,
    config: { title: id, showTitle: false, datasources: [], targetDeviceAliasIds, settings },
  };
}

function dashboardJson(deviceId: string) {
  const widgets = [
    widget('switch', 'switch_control', {
      title: 'Pump',
      getValueMethod: 'getPump',
      setValueMethod: 'setPump',
      requestTimeout: 10_000,
    }),
    widget('button', 'rpcbutton', {
      title: 'Firmware',
      buttonText: 'Read firmware',
      oneWayElseTwoWay: false,
      methodName: 'getFirmware',
      methodParams: '{"part":"main"}',
      requestTimeout: 10_000,
      showError: true,
    }),
    widget('knob', 'knob_control', {
      title: 'Speed',
      getValueMethod: 'getSpeed',
      setValueMethod: 'setSpeed',
      requestTimeout: 10_000,
    }),
    widget('led', 'led_indicator', {
      title: 'Running',
      ledColor: '#4caf50',
      performCheckStatus: false,
      valueAttribute: 'running',
    }),
    widget('round', 'round_switch', { title: 'Valve', retrieveValueMethod: 'attribute', valueKey: 'valve' }),
    widget('slide', 'slide_toggle_control', {
      title: 'Heater',
      retrieveValueMethod: 'timeseries',
      valueKey: 'heater',
    }),
    widget('silent', 'rpcbutton', {
      title: 'Reboot',
      buttonText: 'Reboot',
      oneWayElseTwoWay: false,
      methodName: 'reboot',
      requestTimeout: 1000,
      showError: true,
    }),
    widget('untargeted', 'rpcbutton', { title: 'Nowhere', buttonText: 'Nowhere' }, []),
  ];
  const placements = Object.fromEntries(
    widgets.map((w, i) => [w.id, { sizeX: 6, sizeY: 4, row: Math.floor(i / 4) * 4, col: (i % 4) * 6 }]),
  );
  return {
    title: 'Pump controls',
    configuration: {
      widgets: Object.fromEntries(widgets.map((w) => [w.id, w])),
      states: {
        default: {
          name: 'Pump controls',
          root: true,
          layouts: { main: { widgets: placements, gridSettings: { columns: 24, margins: [10, 10] } } },
        },
      },
      entityAliases: {
        pump: {
          id: 'pump',
          alias: 'Pump',
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

beforeAll(async () => {
  const token = await loginToken(suite.server, 'tenant@meridian.local', 'tenant');
  const made = await api<{ id: { id: string } }>(suite.server, 'POST', `/api/device?accessToken=${TOKEN}`, {
    token,
    body: { name: 'Control pump', type: 'default' },
  });
  expect(made.status).toBe(200);
  const deviceId = made.body.id.id;
  dashboardId = await saveDashboard(suite.server, token, dashboardJson(deviceId));
  publicId = await shareDashboardPublicly(suite.server, token, dashboardId, [deviceId]);
  await connectDevice();
});

afterAll(() => {
  device?.kill();
});

const inWidget = (id: string, selector: string) => `${tid(D.widget(id))} ${selector}`;
const requestsOf = (method: string) => requests.filter((r) => r.method === method);

async function open(page: Page) {
  await page.goto(`${suite.server.url}/dashboards/${dashboardId}`);
  await page.waitForSelector(tid(D.viewer));
}

describe('control widgets', () => {
  it('the switch, knob and button talk to an MQTT device and show its answers', async () => {
    const { page } = await openSignedIn(suite.browser, suite.server, 'tenant@meridian.local', 'tenant');
    await open(page);
    // The switch and the knob ask the device for their values; the device answers true and 30.
    const pump = page.locator(inWidget('switch', 'input[role="switch"]'));
    await expect.poll(() => pump.isChecked(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.textContent(inWidget('knob', tid(C.knobValue)))).toBe('30.00');
    expect(requestsOf('getPump')[0]?.params).toBeNull();

    // A click sends the new state one-way; it reaches the device as it is.
    await pump.click();
    await expect.poll(() => requestsOf('setPump').length, { timeout: 10_000 }).toBe(1);
    expect(requestsOf('setPump')[0]?.params).toBe(false);
    expect(await pump.isChecked()).toBe(false);

    // The button's two-way call: the device's reply is shown in the widget.
    await page.click(inWidget('button', tid(C.button)));
    await expect
      .poll(() => page.textContent(inWidget('button', tid(C.note))), { timeout: 15_000 })
      .toBe('Reply: {"version":"1.2.3"}');
    expect(requestsOf('getFirmware')[0]?.params).toEqual({ part: 'main' });

    // The knob turned with the keyboard sends its new value.
    await page.focus(inWidget('knob', tid(C.knob)));
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => requestsOf('setSpeed').map((r) => r.params), { timeout: 10_000 }).toEqual([31]);

    // A method the device does not answer ends in a timeout; a widget without target says so.
    await page.click(inWidget('silent', tid(C.button)));
    await expect
      .poll(() => page.textContent(inWidget('silent', tid(C.error))), { timeout: 20_000 })
      .toBe('Request timeout');
    expect(await page.textContent(inWidget('untargeted', tid(C.error)))).toBe('Target device is not set');

    // The LED, round switch and slide toggle follow the device's attributes and time series live.
    await devicePublish('v1/devices/me/attributes', { running: true, valve: true });
    await devicePublish('v1/devices/me/telemetry', { heater: true });
    await expect
      .poll(() => page.getAttribute(inWidget('led', tid(C.led)), 'data-on'), { timeout: 10_000 })
      .toBe('true');
    await expect.poll(() => page.getAttribute(inWidget('round', tid(C.switch)), 'aria-checked')).toBe('true');
    await expect.poll(() => page.locator(inWidget('slide', 'input[role="switch"]')).isChecked()).toBe(true);
    // Focusing the knob scrolled the layout; the picture shows it from the top.
    await page.mouse.move(640, 400);
    await page.mouse.wheel(0, -2000);
    await screenshot(page, 'control-widgets');
  });

  it('a public viewer sees the controls disabled (in dark mode)', async () => {
    const { context, page } = await newPage(suite.browser, { width: 1280, height: 800 }, 'dark');
    const before = requests.length;
    await page.goto(`${suite.server.url}/dashboard/${dashboardId}?publicId=${publicId}`);
    await page.waitForSelector(inWidget('button', tid(C.button)));
    expect(await page.isDisabled(inWidget('button', tid(C.button)))).toBe(true);
    expect(await page.locator(inWidget('switch', 'input[role="switch"]')).isDisabled()).toBe(true);
    await expect.poll(() => page.getAttribute(inWidget('led', tid(C.led)), 'data-on')).toBe('true');
    expect(requests.length).toBe(before);
    await screenshot(page, 'control-widgets-public');
    await context.close();
  });
});
