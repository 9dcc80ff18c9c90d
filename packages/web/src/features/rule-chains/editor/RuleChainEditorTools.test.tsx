import type { RuleChain, RuleChainMetaData } from '@meridian/common';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../../selectors';
import { codeDiagnostics, codeOf, setCode } from '../../../test/code-editor';
import { CLAZZ, createRuleChainBackend } from '../../../test/fake-rule-chains';
import { installReactFlowMocks } from '../../../test/react-flow-mocks';
import { renderApp } from '../../../test/render-app';

/**
 * The editor's script linting, keyboard-shortcut cheat sheet and "Create nested rule chain"
 * (issue 11), on the in-memory rule chain backend.
 */

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });
installReactFlowMocks();

const S = selectors.ruleChains;

async function openEditor(backend = createRuleChainBackend()) {
  const app = renderApp({ path: '/ruleChains/rc-root', signedInAs: 'tenant@meridian.test', backend });
  // The first render loads the editor's chunk: that takes a while.
  await screen.findByTestId(S.editor, {}, { timeout: 10_000 });
  await screen.findByTestId(S.node('Log Other'));
  return { ...app, backend };
}

function dropScriptNode() {
  fireEvent.drop(screen.getByTestId(S.canvas), {
    clientX: 400,
    clientY: 300,
    dataTransfer: {
      getData: (type: string) => (type === 'application/x-meridian-rule-node' ? CLAZZ.script : ''),
    },
  });
}

describe('keyboard-shortcut cheat sheet', () => {
  it('is toggled by ? on the canvas, lists the shortcuts and closes with its button', async () => {
    const { user } = await openEditor();
    const canvas = screen.getByTestId(S.canvas);
    expect(screen.queryByTestId(S.shortcuts.sheet)).not.toBeInTheDocument();
    fireEvent.keyDown(canvas, { key: '?' });
    const sheet = await screen.findByTestId(S.shortcuts.sheet);
    expect(within(sheet).getByText('Keyboard Shortcuts:')).toBeInTheDocument();
    for (const [key, text] of [
      ['Ctrl+C', 'Copy the selected nodes'],
      ['Ctrl+V', 'Paste the copied nodes'],
      ['Del', 'Delete the selected nodes and links'],
      ['Ctrl+Z', 'Undo'],
      ['Ctrl+Y', 'Redo'],
      ['Ctrl+S', 'Apply changes'],
      ['Ctrl+A', 'Select all nodes'],
      ['Ctrl+R', 'Create nested rule chain from the selected nodes'],
    ]) {
      expect(within(sheet).getByText(key as string)).toBeInTheDocument();
      expect(within(sheet).getByText(text as string)).toBeInTheDocument();
    }
    fireEvent.keyDown(canvas, { key: '?' });
    await waitFor(() => expect(screen.queryByTestId(S.shortcuts.sheet)).not.toBeInTheDocument());
    fireEvent.keyDown(canvas, { key: '?' });
    await user.click(within(await screen.findByTestId(S.shortcuts.sheet)).getByTestId(S.shortcuts.close));
    await waitFor(() => expect(screen.queryByTestId(S.shortcuts.sheet)).not.toBeInTheDocument());
    // The canvas has the keyboard again.
    expect(canvas).toHaveFocus();
  });

  it('is not opened by ? typed into an input', async () => {
    const { user } = await openEditor();
    const search = screen.getByTestId(S.librarySearch);
    await user.type(search, '?');
    expect(search).toHaveValue('?');
    expect(screen.queryByTestId(S.shortcuts.sheet)).not.toBeInTheDocument();
  });
});

describe('script linting', () => {
  it('stops the node dialog on a script error, marks its line until the next edit', async () => {
    const { user } = await openEditor();
    dropScriptNode();
    const dialog = await screen.findByTestId(S.nodeDialog);
    await user.type(within(dialog).getByTestId(S.nodeName), 'Hot');
    const script = within(dialog).getByTestId(S.nodeConfigField('jsScript'));
    await setCode(script, 'var t = msg.temperature;\nreturn t > limit;');
    // Live: a lint marker on line 2 as it is typed.
    await waitFor(async () =>
      expect(await codeDiagnostics(script)).toEqual([
        { line: 2, severity: 'error', message: "'limit' is not defined" },
      ]),
    );
    expect(script.querySelector('.cm-lintRange-error')).toHaveTextContent('limit');
    await user.click(within(dialog).getByTestId(S.nodeDialogSubmit));
    const error = await within(dialog).findByTestId(S.scriptEditor.error(S.nodeConfigField('jsScript')));
    expect(error).toHaveTextContent("Error: ReferenceError: 'limit' is not defined (line 2, column 12)");
    expect(script.querySelector('.cm-marked-line')).toHaveTextContent('return t > limit;');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      "Error: ReferenceError: 'limit' is not defined",
    );
    expect(screen.queryByTestId(S.node('Hot'))).not.toBeInTheDocument();

    await setCode(script, 'var t = msg.temperature;\nreturn t > 20;');
    expect(within(dialog).queryByTestId(S.scriptEditor.error(S.nodeConfigField('jsScript')))).toBeNull();
    await waitFor(async () => expect(await codeDiagnostics(script)).toEqual([]));
    expect(script.querySelector('.cm-marked-line')).toBeNull();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByTestId(S.nodeDialogSubmit));
    expect(await screen.findByTestId(S.node('Hot'))).toBeInTheDocument();
  });

  it('flags an unused variable without stopping the node from being added', async () => {
    const { user } = await openEditor();
    dropScriptNode();
    const dialog = await screen.findByTestId(S.nodeDialog);
    await user.type(within(dialog).getByTestId(S.nodeName), 'Warm');
    const script = within(dialog).getByTestId(S.nodeConfigField('jsScript'));
    await setCode(script, 'var spare = 1;\nreturn msg.temperature > 20;');
    await waitFor(async () =>
      expect(await codeDiagnostics(script)).toEqual([
        { line: 1, severity: 'warning', message: "'spare' is defined but never used" },
      ]),
    );
    await user.click(within(dialog).getByTestId(S.nodeDialogSubmit));
    expect(await screen.findByTestId(S.node('Warm'))).toBeInTheDocument();
  });

  it('does not send a script with a syntax error to the server from the script test dialog', async () => {
    const { user, backend } = await openEditor();
    dropScriptNode();
    const dialog = await screen.findByTestId(S.nodeDialog);
    await user.click(within(dialog).getByTestId(S.testScript('jsScript')));
    const test = await screen.findByTestId(S.scriptTest.dialog);
    await setCode(within(test).getByTestId(S.scriptTest.script), 'return msg.temperature >;');
    await user.click(within(test).getByTestId(S.scriptTest.test));
    expect(await within(test).findByTestId(S.scriptEditor.error(S.scriptTest.script))).toHaveTextContent(
      'Error: SyntaxError: Unexpected token (line 1, column 25)',
    );
    expect(backend.callsTo('POST', '/api/ruleChain/testScript')).toHaveLength(0);
    await setCode(within(test).getByTestId(S.scriptTest.script), 'return msg.temperature > 1;');
    expect(within(test).queryByTestId(S.scriptEditor.error(S.scriptTest.script))).toBeNull();
    await user.click(within(test).getByTestId(S.scriptTest.test));
    await waitFor(async () =>
      expect(await codeOf(within(test).getByTestId(S.scriptTest.output))).toBe('true'),
    );
  });
});

describe('create nested rule chain', () => {
  it('moves a node into a new saved chain, puts a rule chain node in its place, and undoes it', async () => {
    const { user, backend } = await openEditor();
    fireEvent.contextMenu(screen.getByTestId(S.node('Message Type Switch')));
    await user.click(await screen.findByTestId(S.nodeMenuItem('nested-chain')));
    const dialog = await screen.findByTestId(S.nestedChain.dialog);
    await user.click(within(dialog).getByTestId(S.nestedChain.submit));
    expect(await within(dialog).findByText('Rule chain name is required.')).toBeInTheDocument();
    await user.type(within(dialog).getByTestId(S.nestedChain.name), 'Switching');
    await user.type(within(dialog).getByTestId(S.nestedChain.description), 'The message type switch');
    await user.click(within(dialog).getByTestId(S.nestedChain.submit));
    await waitFor(() => expect(screen.queryByTestId(S.nestedChain.dialog)).not.toBeInTheDocument());

    const created = backend.callsTo('POST', '/api/ruleChain').at(-1)?.body as Partial<RuleChain>;
    expect(created).toMatchObject({
      name: 'Switching',
      type: 'CORE',
      root: false,
      additionalInfo: { description: 'The message type switch' },
    });
    const chain = backend.store.ruleChains.find((c) => c.name === 'Switching');
    const nested = backend.store.metadata.get(chain?.id.id ?? '') as RuleChainMetaData;
    expect(nested.nodes.map((n) => [n.name, n.type.split('.').at(-1)])).toEqual([
      ['Message Type Switch', 'TbMsgTypeSwitchNode'],
      ['Post telemetry', 'TbRuleChainOutputNode'],
      ['Post attributes', 'TbRuleChainOutputNode'],
      ['Other', 'TbRuleChainOutputNode'],
    ]);
    expect(nested.firstNodeIndex).toBe(0);
    expect(nested.connections).toEqual([
      { fromIndex: 0, toIndex: 1, type: 'Post telemetry' },
      { fromIndex: 0, toIndex: 2, type: 'Post attributes' },
      { fromIndex: 0, toIndex: 3, type: 'Other' },
    ]);

    // Here: a rule chain node named after the new chain, linked by the same relation types.
    expect(await screen.findByTestId(S.node('Switching'))).toHaveTextContent('rule chain');
    expect(screen.queryByTestId(S.node('Message Type Switch'))).not.toBeInTheDocument();
    expect(screen.getByTestId(S.edgeLabel('Post telemetry, Post attributes'))).toBeInTheDocument();
    expect(screen.getByTestId(S.editorTitle)).toHaveTextContent('Root Rule Chain *');

    // Undo brings the node back; the new chain stays.
    fireEvent.keyDown(screen.getByTestId(S.canvas), { key: 'z', ctrlKey: true });
    expect(await screen.findByTestId(S.node('Message Type Switch'))).toBeInTheDocument();
    expect(screen.queryByTestId(S.node('Switching'))).not.toBeInTheDocument();
    expect(backend.store.ruleChains.some((c) => c.name === 'Switching')).toBe(true);

    // Redo, then Apply: the root chain now forwards to the new chain.
    fireEvent.keyDown(screen.getByTestId(S.canvas), { key: 'y', ctrlKey: true });
    await screen.findByTestId(S.node('Switching'));
    fireEvent.keyDown(screen.getByTestId(S.canvas), { key: 's', ctrlKey: true });
    await waitFor(() =>
      expect(backend.callsTo('POST', '/api/ruleChain/metadata').at(-1)?.body).toMatchObject({
        ruleChainId: { id: 'rc-root' },
      }),
    );
    const root = backend.store.metadata.get('rc-root') as RuleChainMetaData;
    const names = root.nodes.map((n) => n.name);
    expect(names).toEqual(['Save Timeseries', 'Log Other', 'Switching']);
    expect(root.nodes[2]).toMatchObject({
      type: CLAZZ.ruleChain,
      configuration: { ruleChainId: chain?.id.id },
    });
    expect(root.firstNodeIndex).toBe(2);
    expect(root.connections).toEqual([
      { fromIndex: 2, toIndex: 0, type: 'Post telemetry' },
      { fromIndex: 2, toIndex: 0, type: 'Post attributes' },
      { fromIndex: 2, toIndex: 1, type: 'Other' },
    ]);
  });

  it('refuses Ctrl+R with nothing selected', async () => {
    await openEditor();
    fireEvent.keyDown(screen.getByTestId(S.canvas), { key: 'r', ctrlKey: true });
    expect(await screen.findByText('Select the nodes to move into a nested rule chain.')).toBeInTheDocument();
    expect(screen.queryByTestId(S.nestedChain.dialog)).not.toBeInTheDocument();
  });

  it('creates the chain from all selected nodes with Ctrl+A, Ctrl+R', async () => {
    const { user, backend } = await openEditor();
    const canvas = screen.getByTestId(S.canvas);
    fireEvent.keyDown(canvas, { key: 'a', ctrlKey: true });
    fireEvent.keyDown(canvas, { key: 'r', ctrlKey: true });
    const dialog = await screen.findByTestId(S.nestedChain.dialog);
    await user.type(within(dialog).getByTestId(S.nestedChain.name), 'Everything');
    await user.click(within(dialog).getByTestId(S.nestedChain.submit));
    expect(await screen.findByTestId(S.node('Everything'))).toBeInTheDocument();
    expect(screen.queryByTestId(S.node('Log Other'))).not.toBeInTheDocument();
    const chain = backend.store.ruleChains.find((c) => c.name === 'Everything');
    expect(backend.store.metadata.get(chain?.id.id ?? '')?.nodes).toHaveLength(3);
  });
});
