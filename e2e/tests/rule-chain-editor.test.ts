import mqtt from 'mqtt';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { selectors } from '../../packages/web/src/selectors';
import { code, codeText, screenshot, tid } from '../support/browser';
import { addScriptFilter, openRootChain } from '../support/rule-chains';
import { api } from '../support/server';
import { useServerAndBrowser } from '../support/suite';

/**
 * The rule engine as a tenant administrator meets it (issue "Rule engine", done when): the root
 * chain opens in the editor; a script filter passing only temperatures above 20 is added from the
 * library, tested in the script test dialog, linked after the message type switch, put in debug
 * mode and saved; a device publishes over MQTT; the node's Events tab shows the passed and the
 * dropped message.
 */

const R = selectors.ruleChains;
const TENANT = { email: 'tenant@meridian.local', password: 'tenant' };
const TOKEN = 'A1_TEST_TOKEN';
const suite = useServerAndBrowser();

/** Drags from a node's output handle to another node's input handle, as a person links them. */
async function link(page: Page, from: string, to: string) {
  const source = page.locator(`${tid(R.node(from))} .react-flow__handle.source`);
  const target = page.locator(`${tid(R.node(to))} .react-flow__handle.target`);
  const a = await source.boundingBox();
  const b = await target.boundingBox();
  if (!a || !b) throw new Error(`cannot link ${from} to ${to}`);
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 5 });
  await page.mouse.up();
}

async function chooseLabel(page: Page, label: string) {
  const dialog = page.locator(tid(R.linkDialog));
  await dialog.locator(tid(R.linkLabels)).fill(label);
  await page.getByRole('option', { name: label, exact: true }).click();
  await dialog.locator(tid(R.linkSubmit)).click();
  await dialog.waitFor({ state: 'detached' });
}

async function publish(temperature: number) {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${suite.server.mqttPort}`, { username: TOKEN });
  await client.publishAsync('v1/devices/me/telemetry', JSON.stringify({ temperature }), { qos: 1 });
  await client.endAsync();
}

describe('rule chain editor', () => {
  it('adds a tested script filter to the root chain and shows the messages it passed and dropped', async () => {
    const { server } = suite;
    const { token, root, page } = await openRootChain(suite, TENANT, 'Message Type Switch');

    // Add a script filter from the library and test its script.
    const dialog = await addScriptFilter(page, 'Above 20');
    await dialog.locator(code(R.nodeConfigField('jsScript'))).fill('return msg.temperature > 20;');
    await dialog.locator(tid(R.nodeDebugMode)).check();
    await dialog.locator(tid(R.testScript('jsScript'))).click();
    const test = page.locator(tid(R.scriptTest.dialog));
    await test.locator(tid(R.scriptTest.test)).click();
    await expect.poll(() => codeText(test, R.scriptTest.output)).toBe('true');
    await screenshot(page, 'rule-chain-script-test');
    await test.locator(tid(R.scriptTest.cancel)).click();
    await dialog.locator(tid(R.nodeDialogSubmit)).click();
    await page.waitForSelector(tid(R.node('Above 20')));

    // Message Type Switch → Above 20 on "Post telemetry"; Above 20 → Save Timeseries on "True".
    await page.locator(tid(R.node('Above 20'))).dragTo(page.locator(tid(R.canvas)), {
      targetPosition: { x: 600, y: 120 },
    });
    await link(page, 'Message Type Switch', 'Above 20');
    await chooseLabel(page, 'Post telemetry');
    await link(page, 'Above 20', 'Save Timeseries');
    await chooseLabel(page, 'True');
    await page.click(tid(R.save));
    await expect.poll(() => page.locator(tid(R.save)).isDisabled()).toBe(true);
    await screenshot(page, 'rule-chain-editor-saved');

    const metadata = await api<{
      nodes: { name: string; debugMode: boolean }[];
      connections: { fromIndex: number; toIndex: number; type: string }[];
    }>(server, 'GET', `/api/ruleChain/${root?.id.id}/metadata`, { token });
    const index = (name: string) => metadata.body.nodes.findIndex((node) => node.name === name);
    expect(metadata.body.connections).toEqual(
      expect.arrayContaining([
        { fromIndex: index('Message Type Switch'), toIndex: index('Above 20'), type: 'Post telemetry' },
        { fromIndex: index('Above 20'), toIndex: index('Save Timeseries'), type: 'True' },
      ]),
    );
    expect(metadata.body.nodes[index('Above 20')]?.debugMode).toBe(true);

    // A device publishes twice; the node's events show one message passed and one dropped.
    await publish(25);
    await publish(15);
    await page.locator(tid(R.node('Above 20'))).dblclick();
    await dialog.locator(tid(R.nodeEventsTab)).click();
    await expect
      .poll(
        async () => {
          await dialog.locator(tid(selectors.entityTable.refresh)).click();
          return dialog.locator('tbody tr').count();
        },
        { timeout: 15_000 },
      )
      .toBe(4);
    const rows = await dialog.locator('tbody tr').allInnerTexts();
    expect(rows.filter((row) => row.includes('OUT') && row.includes('True'))).toHaveLength(1);
    expect(rows.filter((row) => row.includes('OUT') && row.includes('False'))).toHaveLength(1);
    await screenshot(page, 'rule-chain-node-events');
  });
});
