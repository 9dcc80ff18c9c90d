import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import mqtt from 'mqtt';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityTabsSelectors } from '../../packages/web/src/components/entity-tabs/selectors';
import { connectivitySelectors } from '../../packages/web/src/features/devices/connectivity/selectors';
import { rpcSelectors } from '../../packages/web/src/features/devices/rpc/selectors';
import { selectors } from '../../packages/web/src/selectors';
import { launchBrowser, screenshot, tid } from '../support/browser';
import { api, loginToken, type RunningServer, startServer } from '../support/server';
import { openSignedIn } from '../support/session';

let server: RunningServer;
let browser: Browser;
let deviceId: string;

const T = selectors.entityTable;
const A = entityTabsSelectors.attributes;
const C = connectivitySelectors;
const R = rpcSelectors;
const DEVICE = 'Thermostat T1';
const TOKEN = 'T1_TEST_TOKEN';
const run = promisify(execFile);

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const token = await loginToken(server, 'tenant@meridian.local', 'tenant');
  const res = await api<{ id: { id: string } }>(
    server,
    'GET',
    `/api/tenant/devices?deviceName=${encodeURIComponent(DEVICE)}`,
    { token },
  );
  deviceId = res.body.id.id;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A row of the table `root` with a cell showing exactly `text`. */
const rowOf = (page: Page, root: string, text: string) =>
  page.locator(`${tid(T.root(root))} ${tid(T.row)}`).filter({ has: page.getByText(text, { exact: true }) });

/** Key and value cells of every row of the table `root`. */
const keyValues = (page: Page, root: string) =>
  page
    .locator(`${tid(T.root(root))} ${tid(T.row)}`)
    .evaluateAll((rows) =>
      rows.map((row) => Array.from(row.querySelectorAll('td'), (td) => td.textContent ?? '').slice(-2)),
    );

/** Posts as the device does, through the HTTP device API (reference §4.2): data or an RPC reply. */
async function devicePost(what: 'telemetry' | 'attributes' | `rpc/${number}`, body: unknown) {
  const res = await api(server, 'POST', `/api/v1/${TOKEN}/${what}`, { body });
  expect(res.status).toBe(200);
}

async function openDevicePage(page: Page) {
  await page.goto(`${server.url}/devices/${deviceId}`);
  await page.waitForSelector(tid(T.detailsPage));
  await expect.poll(() => page.textContent(tid(T.detailsTitle))).toBe(DEVICE);
}

/** Picks `option` of the select opened by clicking `trigger`. */
async function choose(page: Page, trigger: string, option: string) {
  await page.locator(trigger).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.waitForSelector('[role="listbox"]', { state: 'detached' });
}

/** An MQTT device connected with the demo device's access token. */
async function connectDevice(): Promise<mqtt.MqttClient> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${server.mqttPort}`, {
    username: TOKEN,
    reconnectPeriod: 0,
  });
  return client;
}

describe('live telemetry', () => {
  it('latest telemetry and client attributes posted by the device appear without Refresh', async () => {
    const { context, page } = await openSignedIn(browser, server, 'tenant@meridian.local', 'tenant');
    await openDevicePage(page);

    await page.click(tid(T.detailsTab('telemetry')));
    await page.waitForSelector(tid(T.root('telemetry')));
    await devicePost('telemetry', { temperature: 26.5, humidity: 40 });
    // One second is the goal; the poll allows for a busy machine.
    await rowOf(page, 'telemetry', 'temperature').waitFor({ timeout: 5000 });
    await expect
      .poll(() => keyValues(page, 'telemetry'), { timeout: 5000 })
      .toEqual([
        ['humidity', '40'],
        ['temperature', '26.5'],
      ]);
    const before = Date.now();
    await devicePost('telemetry', { temperature: 27 });
    await expect
      .poll(() => keyValues(page, 'telemetry'), { timeout: 5000, interval: 50 })
      .toContainEqual(['temperature', '27']);
    expect(Date.now() - before).toBeLessThan(2000);
    await screenshot(page, 'live-latest-telemetry');

    await page.click(tid(T.detailsTab('attributes')));
    await expect
      .poll(() => page.textContent(`${tid(T.root('attributes'))} ${tid(T.title)}`))
      .toBe('Client attributes');
    await devicePost('attributes', { firmwareVersion: '1.4.2' });
    await rowOf(page, 'attributes', 'firmwareVersion').waitFor({ timeout: 5000 });
    expect(await rowOf(page, 'attributes', 'firmwareVersion').textContent()).toContain('1.4.2');
    expect(await page.locator(tid(A.scope)).count()).toBe(1);
    await context.close();
  });

  it('Check connectivity shows working commands for the device and its state as it changes', async () => {
    const { context, page } = await openSignedIn(browser, server, 'tenant@meridian.local', 'tenant');
    await page.click(tid(selectors.menu.link('/devices')));
    await rowOf(page, 'devices', DEVICE).waitFor();
    await rowOf(page, 'devices', DEVICE)
      .locator(tid(T.rowAction(C.action)))
      .click();
    await page.waitForSelector(tid(C.dialog));

    const mqtt = (await page.textContent(tid(C.command))) ?? '';
    expect(mqtt).toBe(
      `mosquitto_pub -d -q 1 -h 127.0.0.1 -p ${server.mqttPort} -t v1/devices/me/telemetry -u "${TOKEN}" -m '{"temperature":25}'`,
    );
    await page.click(tid(C.tab('coap')));
    expect(await page.textContent(tid(C.command))).toBe(
      `coap-client -m post coap://127.0.0.1:${server.coapPort}/api/v1/${TOKEN}/telemetry -t json -e '{"temperature":25}'`,
    );
    await page.click(tid(C.tab('http')));
    const http = (await page.textContent(tid(C.command))) ?? '';
    expect(http).toBe(
      `curl -v -X POST ${server.url}/api/v1/${TOKEN}/telemetry --header Content-Type:application/json --data '{"temperature":25}'`,
    );
    await screenshot(page, 'connectivity-dialog');

    // The commands are meant to be pasted into a shell: run them as they are (the test command
    // installs curl, mosquitto-clients and libcoap3-bin; Debian names the CoAP client
    // coap-client-notls).
    const shell = async (command: string) => run('sh', ['-c', command], { timeout: 15_000 });
    const latest = () => page.locator(tid(C.latestRow)).first().textContent();
    await shell(http.replace('{"temperature":25}', '{"temperature":31}'));
    await expect.poll(latest, { timeout: 5000 }).toContain('31');
    await shell(mqtt.replace('{"temperature":25}', '{"temperature":32}'));
    await expect.poll(latest, { timeout: 5000 }).toContain('32');
    await shell(
      `coap-client-notls -m post coap://127.0.0.1:${server.coapPort}/api/v1/${TOKEN}/telemetry -t json -e '{"temperature":34}'`,
    );
    await expect.poll(latest, { timeout: 5000 }).toContain('34');
    // Activity makes the device active (reference §4.5 device connectivity state).
    await devicePost('telemetry', { temperature: 33 });
    await expect
      .poll(() => page.getAttribute(tid(C.status), 'data-active'), { timeout: 15_000 })
      .toBe('true');
    await page.waitForSelector(tid(C.lastActivity));
    await screenshot(page, 'connectivity-dialog-live');
    await page.click(tid(C.close));
    await page.waitForSelector(tid(C.dialog), { state: 'detached' });
    await context.close();
  });

  it('the RPC dialog explains that a device nobody listens for does not answer', async () => {
    const { context, page } = await openSignedIn(browser, server, 'tenant@meridian.local', 'tenant');
    await openDevicePage(page);
    await page.click(tid(R.open));
    await page.waitForSelector(tid(R.dialog));
    await page.fill(tid(R.method), 'getTemperature');
    await page.fill(tid(R.timeout), '5000');
    await page.click(`${tid(R.send)}:not([disabled])`);
    await page.waitForSelector(tid(R.error), { timeout: 15_000 });
    expect(await page.textContent(tid(R.error))).toBe(
      'No answer: the device is not connected or did not answer in time.',
    );
    // No toast for RPC failures (spec 1 §8).
    expect(await page.locator(tid(selectors.app.toast)).count()).toBe(0);

    // A device long-polling the HTTP device API answers a two-way RPC.
    const poll = fetch(`${server.url}/api/v1/${TOKEN}/rpc?timeout=20000`).then(async (res) => {
      const request = (await res.json()) as { id: number; method: string; params: unknown };
      expect(request).toMatchObject({ method: 'getTemperature', params: { unit: 'C' } });
      await devicePost(`rpc/${request.id}`, { temperature: 21.5 });
    });
    await page.fill(tid(R.params), '{"unit":"C"}');
    await page.waitForTimeout(300);
    await page.click(`${tid(R.send)}:not([disabled])`);
    await page.waitForSelector(tid(R.reply), { timeout: 15_000 });
    await poll;
    expect(JSON.parse((await page.textContent(tid(R.reply))) ?? '')).toEqual({ temperature: 21.5 });
    await screenshot(page, 'rpc-dialog-reply');
    await context.close();
  });
  it('a two-way RPC from the console reaches an MQTT device and its reply comes back; a shared attribute reaches it too', async () => {
    const device = await connectDevice();
    const received: { topic: string; payload: unknown }[] = [];
    device.on('message', (topic, payload) => {
      const message = JSON.parse(payload.toString()) as { method?: string; params?: unknown };
      received.push({ topic, payload: message });
      const request = /^v1\/devices\/me\/rpc\/request\/(\d+)$/.exec(topic);
      if (request && message.method === 'setValve') {
        device.publish(
          `v1/devices/me/rpc/response/${request[1]}`,
          JSON.stringify({ valve: 'open', ok: true }),
        );
      }
    });
    await device.subscribeAsync(['v1/devices/me/rpc/request/+', 'v1/devices/me/attributes'], { qos: 1 });

    const { context, page } = await openSignedIn(browser, server, 'tenant@meridian.local', 'tenant');
    await openDevicePage(page);
    await page.click(tid(R.open));
    await page.waitForSelector(tid(R.dialog));
    await page.fill(tid(R.method), 'setValve');
    await page.fill(tid(R.params), '{"position":75}');
    await page.waitForTimeout(300);
    await page.click(`${tid(R.send)}:not([disabled])`);
    await page.waitForSelector(tid(R.reply), { timeout: 15_000 });
    expect(JSON.parse((await page.textContent(tid(R.reply))) ?? '')).toEqual({ valve: 'open', ok: true });
    // The earlier test's unanswered getValue may still be pending and reach this device first.
    const requests = received.filter((m) => m.topic.startsWith('v1/devices/me/rpc/request/'));
    expect(requests.find((m) => (m.payload as { method?: string }).method === 'setValve')?.payload).toEqual({
      method: 'setValve',
      params: { position: 75 },
    });
    await screenshot(page, 'rpc-dialog-mqtt-reply');
    await page.click(tid(R.close));
    await page.waitForSelector(tid(R.dialog), { state: 'detached' });

    // A shared attribute added in the Attributes tab is pushed to the subscribed device.
    await page.click(tid(T.detailsTab('attributes')));
    await choose(page, tid(A.scope), 'Shared attributes');
    await page.click(`${tid(T.root('attributes'))} ${tid(T.add)}`);
    await page.waitForSelector(tid(A.addDialog));
    await page.fill(tid(A.key), 'targetTemperature');
    await choose(page, tid(entityTabsSelectors.valueInput.type), 'Double');
    await page.fill(tid(entityTabsSelectors.valueInput.double), '22.5');
    await page.click(`${tid(A.addSubmit)}:not([disabled])`);
    await expect
      .poll(() => received.filter((m) => m.topic === 'v1/devices/me/attributes').map((m) => m.payload), {
        timeout: 5000,
      })
      .toContainEqual({ targetTemperature: 22.5 });
    await device.endAsync();
    await context.close();
  });
});
