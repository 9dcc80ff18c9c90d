import mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { selectors } from '../../packages/web/src/selectors';
import { code, codeText, screenshot, tid } from '../support/browser';
import { addScriptFilter, openRootChain as openChain } from '../support/rule-chains';
import { api, deviceIdByName } from '../support/server';
import { useServerAndBrowser } from '../support/suite';

/**
 * The rule chain editor's gaps of issue 11, as a tenant administrator meets them in the root chain:
 * a script with an undefined name is refused at its line until it is fixed; `?` shows the
 * keyboard shortcuts; the message type switch and the telemetry node move into a nested chain, and
 * telemetry and attributes a device publishes still get saved, through the new chain and its
 * outputs.
 */

const R = selectors.ruleChains;
const TENANT = { email: 'tenant@meridian.local', password: 'tenant' };
const TOKEN = 'A1_TEST_TOKEN';
const NESTED = 'Telemetry handling';
const suite = useServerAndBrowser();

interface Metadata {
  firstNodeIndex: number | null;
  nodes: { name: string; type: string; configuration: Record<string, unknown> }[];
  connections: { fromIndex: number; toIndex: number; type: string }[];
}

async function publish(topic: string, payload: unknown) {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${suite.server.mqttPort}`, { username: TOKEN });
  await client.publishAsync(topic, JSON.stringify(payload), { qos: 1 });
  await client.endAsync();
}

/** The root chain in the editor; the node named is one it keeps before and after the nested chain. */
const openRootChain = () => openChain(suite, TENANT, 'Save Client Attributes');

describe('rule chain editor: script lint, shortcuts, nested chain', () => {
  it('refuses a script at its error, shows the shortcuts, and runs a nested chain made of two nodes', async () => {
    const { server } = suite;
    const { token, root, page } = await openRootChain();

    // A script filter whose script uses a name nobody declared.
    const dialog = await addScriptFilter(page, 'Above limit');
    const editor = dialog.locator(tid(R.nodeConfigField('jsScript')));
    const script = dialog.locator(code(R.nodeConfigField('jsScript')));
    await script.fill('var t = msg.temperature;\nreturn t > limit;');
    // Live: a lint marker in the gutter and under the undefined name as it is typed.
    await editor.locator('.cm-lint-marker-error').waitFor();
    expect(await editor.locator('.cm-lintRange-error').textContent()).toBe('limit');
    await dialog.locator(tid(R.nodeDialogSubmit)).click();
    const error = dialog.locator(tid(R.scriptEditor.error(R.nodeConfigField('jsScript'))));
    await expect
      .poll(() => error.textContent())
      .toBe("Error: ReferenceError: 'limit' is not defined (line 2, column 12)");
    const marked = editor.locator('.cm-marked-line');
    expect(await marked.textContent()).toBe('return t > limit;');
    await expect
      .poll(() => dialog.locator(tid(selectors.app.toast)).textContent())
      .toContain("'limit' is not defined");
    await screenshot(page, 'rule-chain-lint-error');
    // Any edit clears the error, its line mark and its toast.
    await script.fill('var t = msg.temperature;\nreturn t > 20;');
    await expect.poll(() => error.count()).toBe(0);
    expect(await marked.count()).toBe(0);
    await expect.poll(() => editor.locator('.cm-lint-marker-error').count()).toBe(0);
    expect(await dialog.locator(tid(selectors.app.toast)).count()).toBe(0);
    await dialog.locator(tid(R.nodeDialogCancel)).click();
    await dialog.waitFor({ state: 'detached' });

    // `?` on the canvas shows the keyboard shortcuts; the close button hides them.
    await page.locator(tid(R.canvas)).click({ position: { x: 40, y: 40 } });
    await page.keyboard.press('?');
    const sheet = page.locator(tid(R.shortcuts.sheet));
    await sheet.waitFor();
    expect(await sheet.textContent()).toContain('Keyboard Shortcuts:');
    expect(await sheet.textContent()).toContain('Create nested rule chain from the selected nodes');
    await screenshot(page, 'rule-chain-shortcuts');
    await sheet.locator(tid(R.shortcuts.close)).click();
    await sheet.waitFor({ state: 'detached' });

    // The message type switch and the telemetry node go into a nested chain (Ctrl+click, Ctrl+R).
    await page.locator(tid(R.node('Message Type Switch'))).click();
    await page.locator(tid(R.node('Save Timeseries'))).click({ modifiers: ['Control'] });
    await page.keyboard.press('Control+r');
    const nestedDialog = page.locator(tid(R.nestedChain.dialog));
    await nestedDialog.locator(tid(R.nestedChain.name)).fill(NESTED);
    await nestedDialog.locator(tid(R.nestedChain.submit)).click();
    await nestedDialog.waitFor({ state: 'detached' });
    await page.waitForSelector(tid(R.node(NESTED)));
    expect(await page.locator(tid(R.node('Message Type Switch'))).count()).toBe(0);
    await screenshot(page, 'rule-chain-nested-replaced');
    await page.click(tid(R.save));
    await expect.poll(() => page.locator(tid(R.save)).isDisabled()).toBe(true);

    // The stored chains: the root forwards to the new chain, which has the two nodes and outputs.
    const all = await api<{ data: { id: { id: string }; name: string }[] }>(
      server,
      'GET',
      '/api/ruleChains?pageSize=50&page=0',
      { token },
    );
    const nestedId = all.body.data.find((chain) => chain.name === NESTED)?.id.id;
    expect(nestedId).toBeDefined();
    const rootMetadata = await api<Metadata>(server, 'GET', `/api/ruleChain/${root?.id.id}/metadata`, {
      token,
    });
    const ruleChainNode = rootMetadata.body.nodes.findIndex((node) => node.name === NESTED);
    expect(rootMetadata.body.nodes[ruleChainNode]?.configuration.ruleChainId).toBe(nestedId);
    const rootIndex = (name: string) => rootMetadata.body.nodes.findIndex((node) => node.name === name);
    expect(rootMetadata.body.connections).toEqual(
      expect.arrayContaining([
        { fromIndex: rootIndex('Device Profile Node'), toIndex: ruleChainNode, type: 'Success' },
        { fromIndex: ruleChainNode, toIndex: rootIndex('Save Client Attributes'), type: 'Post attributes' },
        { fromIndex: ruleChainNode, toIndex: rootIndex('Log Other'), type: 'Other' },
      ]),
    );
    const nested = await api<Metadata>(server, 'GET', `/api/ruleChain/${nestedId}/metadata`, { token });
    expect(nested.body.nodes.map((node) => node.name).sort()).toEqual(
      [
        'Message Type Switch',
        'Other',
        'Post attributes',
        'RPC Request from Device',
        'RPC Request to Device',
        'Save Timeseries',
      ].sort(),
    );
    expect(nested.body.nodes[nested.body.firstNodeIndex ?? -1]?.name).toBe('Message Type Switch');

    // A device publishes: telemetry is saved inside the nested chain, attributes by the root chain
    // after the nested chain hands them back through its "Post attributes" output.
    const deviceId = await deviceIdByName(server, token, 'Test Device A1');
    await publish('v1/devices/me/telemetry', { nestedProbe: 4242 });
    await publish('v1/devices/me/attributes', { nestedAttribute: 'returned' });
    await expect
      .poll(
        async () => {
          const latest = await api<Record<string, { value: string }[]>>(
            server,
            'GET',
            `/api/plugins/telemetry/DEVICE/${deviceId}/values/timeseries?keys=nestedProbe`,
            { token },
          );
          return latest.body.nestedProbe?.[0]?.value;
        },
        { timeout: 15_000 },
      )
      .toBe('4242');
    await expect
      .poll(
        async () => {
          const attributes = await api<{ key: string; value: unknown }[]>(
            server,
            'GET',
            `/api/plugins/telemetry/DEVICE/${deviceId}/values/attributes/CLIENT_SCOPE?keys=nestedAttribute`,
            { token },
          );
          return Array.isArray(attributes.body) ? attributes.body[0]?.value : undefined;
        },
        { timeout: 15_000 },
      )
      .toBe('returned');

    // The nested chain in its own editor: the moved nodes and an output per relation type.
    await page.goto(`${server.url}/ruleChains/${nestedId}`);
    await page.waitForSelector(tid(R.node('Post attributes')));
    await screenshot(page, 'rule-chain-nested-chain');
  });
  it('marks an undefined name while a script is typed, and the typed script reaches the saved node', async () => {
    const { server } = suite;
    const { token, root, page } = await openRootChain();
    const dialog = await addScriptFilter(page, 'Typed script');
    const editor = dialog.locator(tid(R.nodeConfigField('jsScript')));
    const script = dialog.locator(code(R.nodeConfigField('jsScript')));
    // Typed key by key: select all, then the new script over it.
    await script.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('var limit2 = 30;');
    await page.keyboard.press('Enter');
    await page.keyboard.type('return msg.temperature > limit;');
    await editor.locator('.cm-lint-marker-error').waitFor();
    expect(await editor.locator('.cm-lintRange-error').textContent()).toBe('limit');
    expect(await editor.locator('.cm-lint-marker-warning').count()).toBe(1);
    await editor.locator('.cm-lint-marker-error').hover();
    await expect
      .poll(() => page.locator('.cm-tooltip').first().textContent())
      .toContain("'limit' is not defined");
    await screenshot(page, 'rule-chain-script-lint-marker');
    // Fixing the name by typing clears the markers; the node keeps the typed script.
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('2;');
    await expect.poll(() => editor.locator('.cm-lint-marker-error').count()).toBe(0);
    expect(await codeText(dialog, R.nodeConfigField('jsScript'))).toBe(
      'var limit2 = 30;\nreturn msg.temperature > limit2;',
    );
    await dialog.locator(tid(R.nodeDialogSubmit)).click();
    await dialog.waitFor({ state: 'detached' });
    await page.click(tid(R.save));
    await expect.poll(() => page.locator(tid(R.save)).isDisabled()).toBe(true);
    const metadata = await api<Metadata>(server, 'GET', `/api/ruleChain/${root?.id.id}/metadata`, { token });
    const saved = metadata.body.nodes.find((node) => node.name === 'Typed script');
    expect(saved?.configuration.jsScript).toBe('var limit2 = 30;\nreturn msg.temperature > limit2;');
    await page.context().close();
  });
});
