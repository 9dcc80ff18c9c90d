import type { RuleChain, RuleChainMetaData } from '@meridian/common';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../../selectors';
import { codeOf, setCode } from '../../../test/code-editor';
import { CLAZZ, createRuleChainBackend } from '../../../test/fake-rule-chains';
import { clickConnect, installReactFlowMocks } from '../../../test/react-flow-mocks';
import { renderApp } from '../../../test/render-app';
import { stashImportedRuleChain } from '../imported-rule-chain';

// Nodes are clicked with fireEvent: the canvas' drag handler reads the mouse event's window
// (event.view), which user-event leaves out.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });
installReactFlowMocks();

const TENANT = 'tenant@meridian.test';
const S = selectors.ruleChains;

async function openEditor(path = '/ruleChains/rc-root', backend = createRuleChainBackend()) {
  const app = renderApp({ path, signedInAs: TENANT, backend });
  await screen.findByTestId(S.editor, {}, { timeout: 10_000 });
  return { ...app, backend };
}

function savedMetadata(backend: ReturnType<typeof createRuleChainBackend>): RuleChainMetaData {
  const call = backend.callsTo('POST', '/api/ruleChain/metadata').at(-1);
  if (!call) throw new Error('no save');
  return call.body as RuleChainMetaData;
}

/** Drops a library tile on the canvas, as a drag from the library does. */
function dropOnCanvas(clazz: string) {
  fireEvent.drop(screen.getByTestId(S.canvas), {
    clientX: 400,
    clientY: 300,
    dataTransfer: { getData: (type: string) => (type === 'application/x-meridian-rule-node' ? clazz : '') },
  });
}

describe('RuleChainEditorPage', () => {
  it('draws the chain: Input, the nodes with type and name, and one labelled link per node pair', async () => {
    const { backend } = await openEditor();
    expect(await screen.findByTestId(S.inputNode)).toHaveTextContent('Input');
    const node = await screen.findByTestId(S.node('Message Type Switch'));
    expect(node).toHaveTextContent('message type switch');
    expect(screen.getByTestId(S.node('Save Timeseries'))).toHaveTextContent('save timeseries');
    expect(await screen.findByTestId(S.edgeLabel('Post telemetry, Post attributes'))).toBeInTheDocument();
    expect(screen.getByTestId(S.edgeLabel('Other'))).toBeInTheDocument();
    expect(screen.getByTestId(S.editorTitle)).toHaveTextContent('Root Rule Chain');
    const components = backend.callsTo('GET', '/api/components')[0];
    expect(components?.query.get('componentTypes')).toBe(
      'ENRICHMENT,FILTER,TRANSFORMATION,ACTION,EXTERNAL,FLOW',
    );
    expect(components?.query.get('ruleChainType')).toBe('CORE');
    // The library lists the node classes by category.
    const library = screen.getByTestId(S.library);
    expect(within(library).getByTestId(S.libraryCategory('FILTER'))).toHaveTextContent('script');
    await fireEvent.change(within(library).getByTestId(S.librarySearch), { target: { value: 'log' } });
    expect(within(library).queryByTestId(S.libraryCategory('FILTER'))).not.toBeInTheDocument();
    expect(within(library).getByTestId(S.libraryItem('log'))).toBeInTheDocument();
  });

  it('adds a node dropped from the library through its dialog and saves it at the end of the node list', async () => {
    const { user, backend } = await openEditor();
    await screen.findByTestId(S.node('Log Other'));
    expect(screen.getByTestId(S.save)).toBeDisabled();
    dropOnCanvas(CLAZZ.script);
    const dialog = await screen.findByTestId(S.nodeDialog);
    expect(await codeOf(within(dialog).getByTestId(S.nodeConfigField('jsScript')))).toBe(
      'return msg.temperature > 20;',
    );
    await user.click(within(dialog).getByTestId(S.nodeDialogSubmit));
    expect(await within(dialog).findByText('Name is required.')).toBeInTheDocument();
    await user.type(within(dialog).getByTestId(S.nodeName), 'Hot');
    await user.click(within(dialog).getByTestId(S.nodeDebugMode));
    await setCode(within(dialog).getByTestId(S.nodeConfigField('jsScript')), 'return msg.t > 30;');
    await user.type(within(dialog).getByTestId(S.nodeDescription), 'Too hot');
    await user.click(within(dialog).getByTestId(S.nodeDialogSubmit));
    expect(await screen.findByTestId(S.node('Hot'))).toHaveTextContent('script');
    expect(screen.getByTestId(S.editorTitle)).toHaveTextContent('Root Rule Chain *');
    await user.click(screen.getByTestId(S.save));
    await waitFor(() => expect(backend.callsTo('POST', '/api/ruleChain/metadata')).toHaveLength(1));
    const saved = savedMetadata(backend);
    expect(saved.ruleChainId).toEqual({ entityType: 'RULE_CHAIN', id: 'rc-root' });
    expect(saved.firstNodeIndex).toBe(0);
    expect(saved.nodes.map((n) => n.name)).toEqual([
      'Message Type Switch',
      'Save Timeseries',
      'Log Other',
      'Hot',
    ]);
    expect(saved.nodes[3]).toMatchObject({
      type: CLAZZ.script,
      debugMode: true,
      configuration: { jsScript: 'return msg.t > 30;' },
      additionalInfo: { description: 'Too hot' },
    });
    expect(saved.nodes[3]?.id).toBeUndefined();
    expect(saved.connections).toEqual([
      { fromIndex: 0, toIndex: 1, type: 'Post telemetry' },
      { fromIndex: 0, toIndex: 1, type: 'Post attributes' },
      { fromIndex: 0, toIndex: 2, type: 'Other' },
    ]);
    await waitFor(() => expect(screen.getByTestId(S.save)).toBeDisabled());
    expect(screen.getByTestId(S.editorTitle)).toHaveTextContent(/^Root Rule Chain$/);
  });

  it('shows the server refusal of a save and keeps the changes', async () => {
    const backend = createRuleChainBackend(undefined, {
      'POST /api/ruleChain/metadata': () => ({
        status: 400,
        body: { status: 400, errorCode: 31, message: 'Rule chain is cyclic!', timestamp: 0 },
      }),
    });
    const { user } = await openEditor('/ruleChains/rc-root', backend);
    dropOnCanvas(CLAZZ.log);
    const dialog = await screen.findByTestId(S.nodeDialog);
    await user.type(within(dialog).getByTestId(S.nodeName), 'Log 2');
    await user.click(within(dialog).getByTestId(S.nodeDialogSubmit));
    await user.click(screen.getByTestId(S.save));
    expect(await screen.findByText('Rule chain is cyclic!')).toBeInTheDocument();
    expect(screen.getByTestId(S.save)).toBeEnabled();
  });

  it('connects two nodes with relation types chosen from the source node, merged into one link', async () => {
    const { user, backend } = await openEditor();
    const from = await screen.findByTestId(S.node('Save Timeseries'));
    const to = screen.getByTestId(S.node('Log Other'));
    clickConnect(from, to, (element) => fireEvent.click(element));
    const dialog = await screen.findByTestId(S.linkDialog);
    await user.click(within(dialog).getByTestId(S.linkSubmit));
    expect(await within(dialog).findByText('At least one link label is required.')).toBeInTheDocument();
    await user.click(within(dialog).getByTestId(S.linkLabels));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Success', 'Failure']);
    await user.click(screen.getByRole('option', { name: 'Success' }));
    await user.click(within(dialog).getByTestId(S.linkSubmit));
    expect(await screen.findByTestId(S.edgeLabel('Success'))).toBeInTheDocument();
    clickConnect(from, to, (element) => fireEvent.click(element));
    const second = await screen.findByTestId(S.linkDialog);
    await user.click(within(second).getByTestId(S.linkLabels));
    await user.click(await screen.findByRole('option', { name: 'Failure' }));
    await user.click(within(second).getByTestId(S.linkSubmit));
    expect(await screen.findByTestId(S.edgeLabel('Success, Failure'))).toBeInTheDocument();
    await user.click(screen.getByTestId(S.save));
    await waitFor(() => expect(backend.callsTo('POST', '/api/ruleChain/metadata')).toHaveLength(1));
    expect(savedMetadata(backend).connections).toEqual([
      { fromIndex: 0, toIndex: 1, type: 'Post telemetry' },
      { fromIndex: 0, toIndex: 1, type: 'Post attributes' },
      { fromIndex: 0, toIndex: 2, type: 'Other' },
      { fromIndex: 1, toIndex: 2, type: 'Success' },
      { fromIndex: 1, toIndex: 2, type: 'Failure' },
    ]);
  });

  it('offers the target chain output labels, and free text, for a rule chain node', async () => {
    const { user, backend, router } = await openEditor();
    dropOnCanvas(CLAZZ.ruleChain);
    const dialog = await screen.findByTestId(S.nodeDialog);
    await user.type(within(dialog).getByTestId(S.nodeName), 'To thermostat');
    await user.click(within(dialog).getByRole('combobox', { name: 'Rule chain' }));
    await user.click(await screen.findByRole('option', { name: 'Thermostat' }));
    await user.click(within(dialog).getByTestId(S.nodeDialogSubmit));
    const from = await screen.findByTestId(S.node('To thermostat'));
    clickConnect(from, screen.getByTestId(S.node('Log Other')), (element) => fireEvent.click(element));
    const link = await screen.findByTestId(S.linkDialog);
    await user.click(within(link).getByTestId(S.linkLabels));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['High temperature', 'Normal']);
    await user.type(within(link).getByTestId(S.linkLabels), 'Custom{Enter}');
    await user.click(within(link).getByTestId(S.linkSubmit));
    expect(await screen.findByTestId(S.edgeLabel('Custom'))).toBeInTheDocument();
    await user.click(screen.getByTestId(S.save));
    await waitFor(() => expect(backend.callsTo('POST', '/api/ruleChain/metadata')).toHaveLength(1));
    expect(savedMetadata(backend).nodes[3]?.configuration).toEqual({ ruleChainId: 'rc-2' });
    // Its details open the chain it forwards to.
    fireEvent.doubleClick(screen.getByTestId(S.node('To thermostat')));
    await user.click(within(await screen.findByTestId(S.nodeDialog)).getByTestId(S.openTargetChain));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ruleChains/rc-2'));
    expect(await screen.findByTestId(S.editorTitle)).toHaveTextContent('Thermostat');
  });

  it('edits a link from its label, and deletes a selected link with the Delete key', async () => {
    const { user, backend } = await openEditor();
    fireEvent.doubleClick(await screen.findByTestId(S.edgeLabel('Post telemetry, Post attributes')));
    const dialog = await screen.findByTestId(S.linkDialog);
    const chip = within(dialog).getByRole('button', { name: 'Post attributes' });
    fireEvent.keyDown(chip, { key: 'Backspace' });
    await waitFor(() =>
      expect(within(dialog).queryByRole('button', { name: 'Post attributes' })).not.toBeInTheDocument(),
    );
    await user.click(within(dialog).getByTestId(S.linkSubmit));
    expect(await screen.findByTestId(S.edgeLabel('Post telemetry'))).toBeInTheDocument();
    const other = screen.getByTestId(S.edgeLabel('Other'));
    fireEvent.click(other);
    fireEvent.keyDown(other, { key: 'Delete' });
    await waitFor(() => expect(screen.queryByTestId(S.edgeLabel('Other'))).not.toBeInTheDocument());
    await user.click(screen.getByTestId(S.save));
    await waitFor(() => expect(backend.callsTo('POST', '/api/ruleChain/metadata')).toHaveLength(1));
    expect(savedMetadata(backend).connections).toEqual([
      { fromIndex: 0, toIndex: 1, type: 'Post telemetry' },
    ]);
  });

  it('edits a node on double-click, with the raw JSON editor refusing invalid JSON', async () => {
    const { user, backend } = await openEditor();
    fireEvent.doubleClick(await screen.findByTestId(S.node('Save Timeseries')));
    const dialog = await screen.findByTestId(S.nodeDialog);
    expect(within(dialog).getByTestId(S.nodeConfigField('defaultTTL'))).toHaveValue(0);
    await user.click(within(dialog).getByRole('button', { name: 'JSON' }));
    const json = within(dialog).getByTestId(S.nodeConfigJson);
    await setCode(json, '{"defaultTTL": ');
    await user.click(within(dialog).getByTestId(S.nodeDialogSubmit));
    expect(await within(dialog).findByText('Invalid JSON.')).toBeInTheDocument();
    await setCode(json, '{"defaultTTL": 60}');
    await user.click(within(dialog).getByTestId(S.nodeDialogSubmit));
    await waitFor(() => expect(screen.queryByTestId(S.nodeDialog)).not.toBeInTheDocument());
    await user.click(screen.getByTestId(S.save));
    await waitFor(() => expect(backend.callsTo('POST', '/api/ruleChain/metadata')).toHaveLength(1));
    expect(savedMetadata(backend).nodes[1]?.configuration).toEqual({ defaultTTL: 60 });
    expect(savedMetadata(backend).nodes[1]?.id).toEqual({ entityType: 'RULE_NODE', id: 'rn-2' });
  });

  it('tests a script in the script test dialog and takes the saved script back into the node', async () => {
    const { user, backend } = await openEditor();
    await screen.findByTestId(S.node('Log Other'));
    dropOnCanvas(CLAZZ.script);
    const dialog = await screen.findByTestId(S.nodeDialog);
    await user.click(within(dialog).getByTestId(S.testScript('jsScript')));
    const test = await screen.findByTestId(S.scriptTest.dialog);
    expect(within(test).getByTestId(S.scriptTest.save)).toBeDisabled();
    await user.click(within(test).getByTestId(S.scriptTest.test));
    await waitFor(async () =>
      expect(await codeOf(within(test).getByTestId(S.scriptTest.output))).toBe('true'),
    );
    const request = backend.callsTo('POST', '/api/ruleChain/testScript').at(-1)?.body as Record<
      string,
      unknown
    >;
    expect(request).toMatchObject({
      scriptType: 'filter',
      argNames: ['msg', 'metadata', 'msgType'],
      msgType: 'POST_TELEMETRY_REQUEST',
      script: 'return msg.temperature > 20;',
    });
    await setCode(within(test).getByTestId(S.scriptTest.msg), '{"temperature": ');
    expect(within(test).getByTestId(S.scriptTest.test)).toBeDisabled();
    await setCode(within(test).getByTestId(S.scriptTest.msg), '{"temperature": 25}');
    await setCode(within(test).getByTestId(S.scriptTest.script), 'return msg.temperature > 24;');
    await user.click(within(test).getByTestId(S.scriptTest.save));
    await waitFor(() => expect(screen.queryByTestId(S.scriptTest.dialog)).not.toBeInTheDocument());
    expect(await codeOf(within(dialog).getByTestId(S.nodeConfigField('jsScript')))).toBe(
      'return msg.temperature > 24;',
    );
  });

  it('keeps the script test dialog open when the script fails, showing the error', async () => {
    const { user } = await openEditor();
    await screen.findByTestId(S.node('Log Other'));
    dropOnCanvas(CLAZZ.script);
    const dialog = await screen.findByTestId(S.nodeDialog);
    await user.click(within(dialog).getByTestId(S.testScript('jsScript')));
    const test = await screen.findByTestId(S.scriptTest.dialog);
    await setCode(within(test).getByTestId(S.scriptTest.msg), '{"humidity": 50}');
    await setCode(within(test).getByTestId(S.scriptTest.script), 'return msg.temperature.x;');
    await user.click(within(test).getByTestId(S.scriptTest.save));
    expect(await screen.findByText(/cannot read property 'temperature'/)).toBeInTheDocument();
    expect(screen.getByTestId(S.scriptTest.dialog)).toBeInTheDocument();
  });

  it("shows a stored node's debug events in its dialog", async () => {
    const { user } = await openEditor();
    fireEvent.doubleClick(await screen.findByTestId(S.node('Save Timeseries')));
    const dialog = await screen.findByTestId(S.nodeDialog);
    await user.click(within(dialog).getByTestId(S.nodeEventsTab));
    expect(await within(dialog).findByText('msg-rn-2')).toBeInTheDocument();
    expect(within(dialog).getByText('POST_TELEMETRY_REQUEST')).toBeInTheDocument();
  });

  it('deletes a selected node with the Delete key, and undoes and redoes it', async () => {
    const { user, backend } = await openEditor();
    const node = await screen.findByTestId(S.node('Log Other'));
    fireEvent.click(node);
    await waitFor(() => expect(node).toHaveAttribute('data-selected', 'true'));
    fireEvent.keyDown(node, { key: 'Delete' });
    await waitFor(() => expect(screen.queryByTestId(S.node('Log Other'))).not.toBeInTheDocument());
    expect(screen.queryByTestId(S.edgeLabel('Other'))).not.toBeInTheDocument();
    fireEvent.keyDown(screen.getByTestId(S.canvas), { key: 'z', ctrlKey: true });
    expect(await screen.findByTestId(S.node('Log Other'))).toBeInTheDocument();
    expect(await screen.findByTestId(S.edgeLabel('Other'))).toBeInTheDocument();
    expect(screen.getByTestId(S.save)).toBeDisabled();
    fireEvent.keyDown(screen.getByTestId(S.canvas), { key: 'y', ctrlKey: true });
    await waitFor(() => expect(screen.queryByTestId(S.node('Log Other'))).not.toBeInTheDocument());
    await user.click(screen.getByTestId(S.undo));
    expect(await screen.findByTestId(S.node('Log Other'))).toBeInTheDocument();
    await user.click(screen.getByTestId(S.redo));
    await waitFor(() => expect(screen.queryByTestId(S.node('Log Other'))).not.toBeInTheDocument());
    await user.click(screen.getByTestId(S.save));
    await waitFor(() => expect(backend.callsTo('POST', '/api/ruleChain/metadata')).toHaveLength(1));
    expect(savedMetadata(backend).nodes.map((n) => n.name)).toEqual([
      'Message Type Switch',
      'Save Timeseries',
    ]);
  });

  it('copies and pastes a node with Ctrl+C / Ctrl+V, and reverts to the saved chain', async () => {
    const { user } = await openEditor();
    const node = await screen.findByTestId(S.node('Log Other'));
    fireEvent.click(node);
    await waitFor(() => expect(node).toHaveAttribute('data-selected', 'true'));
    fireEvent.keyDown(node, { key: 'c', ctrlKey: true });
    fireEvent.keyDown(node, { key: 'v', ctrlKey: true });
    await waitFor(() => expect(screen.getAllByTestId(S.node('Log Other'))).toHaveLength(2));
    await user.click(screen.getByTestId(S.revert));
    await waitFor(() => expect(screen.getAllByTestId(S.node('Log Other'))).toHaveLength(1));
    expect(screen.getByTestId(S.save)).toBeDisabled();
  });

  it('toggles debug mode from the node menu', async () => {
    const { user, backend } = await openEditor();
    const node = await screen.findByTestId(S.node('Log Other'));
    fireEvent.contextMenu(node);
    await user.click(await screen.findByTestId(S.nodeMenuItem('debug')));
    expect(await screen.findByTestId(`${S.node('Log Other')}-debug`)).toBeInTheDocument();
    await user.click(screen.getByTestId(S.save));
    await waitFor(() => expect(backend.callsTo('POST', '/api/ruleChain/metadata')).toHaveLength(1));
    expect(savedMetadata(backend).nodes[2]?.debugMode).toBe(true);
  });

  it('resets debug mode in all nodes, and declines changes from the canvas menu', async () => {
    const { user } = await openEditor();
    expect(screen.getByTestId(S.resetDebug)).toBeDisabled();
    for (const name of ['Log Other', 'Save Timeseries']) {
      fireEvent.contextMenu(await screen.findByTestId(S.node(name)));
      await user.click(await screen.findByTestId(S.nodeMenuItem('debug')));
      expect(await screen.findByTestId(`${S.node(name)}-debug`)).toBeInTheDocument();
    }
    await user.click(screen.getByTestId(S.resetDebug));
    await waitFor(() => expect(screen.queryByTestId(`${S.node('Log Other')}-debug`)).not.toBeInTheDocument());
    expect(screen.queryByTestId(`${S.node('Save Timeseries')}-debug`)).not.toBeInTheDocument();
    expect(screen.getByTestId(S.save)).toBeEnabled();
    fireEvent.contextMenu(screen.getByTestId(S.canvas).querySelector('.react-flow__pane') as Element);
    await user.click(await screen.findByTestId(S.nodeMenuItem('decline')));
    await waitFor(() => expect(screen.getByTestId(S.save)).toBeDisabled());
  });

  it('asks before leaving with unsaved changes, and stays when told to', async () => {
    const { user, router } = await openEditor();
    const node = await screen.findByTestId(S.node('Log Other'));
    fireEvent.contextMenu(node);
    await user.click(await screen.findByTestId(S.nodeMenuItem('delete')));
    await waitFor(() => expect(screen.queryByTestId(S.node('Log Other'))).not.toBeInTheDocument());
    void router.navigate('/ruleChains');
    const dialog = await screen.findByTestId(selectors.app.dialog);
    expect(within(dialog).getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(within(dialog).getByTestId(selectors.app.dialogCancel));
    await waitFor(() => expect(screen.queryByTestId(selectors.app.dialog)).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/ruleChains/rc-root');
    void router.navigate('/ruleChains');
    await user.click(
      within(await screen.findByTestId(selectors.app.dialog)).getByTestId(selectors.app.dialogOk),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/ruleChains'));
  });

  it('leaves without asking when nothing changed', async () => {
    const { router } = await openEditor();
    await screen.findByTestId(S.node('Log Other'));
    void router.navigate('/ruleChains');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ruleChains'));
    expect(screen.queryByTestId(selectors.app.dialog)).not.toBeInTheDocument();
  });

  it('saves an imported chain as a new chain, then its nodes, and opens the stored chain', async () => {
    const backend = createRuleChainBackend();
    const source = backend.store.metadata.get('rc-root') as RuleChainMetaData;
    stashImportedRuleChain({
      ruleChain: { ...(backend.store.ruleChains[0] as RuleChain), name: 'Imported chain', root: true },
      metadata: source,
    });
    const { user, router } = await openEditor('/ruleChains/ruleChain/import', backend);
    expect(await screen.findByTestId(S.node('Save Timeseries'))).toBeInTheDocument();
    expect(screen.getByTestId(S.editorTitle)).toHaveTextContent('Imported chain *');
    expect(backend.callsTo('POST', '/api/ruleChain')).toHaveLength(0);
    await user.click(screen.getByTestId(S.save));
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/ruleChains\/rc-new-/));
    const created = backend.callsTo('POST', '/api/ruleChain')[0]?.body as Record<string, unknown>;
    expect(created).toMatchObject({ name: 'Imported chain', type: 'CORE', root: false });
    expect(created).not.toHaveProperty('id');
    const saved = savedMetadata(backend);
    expect(saved.ruleChainId.id).toBe(router.state.location.pathname.split('/').at(-1));
    expect(saved.nodes.map((n) => n.id)).toEqual([undefined, undefined, undefined]);
    expect(saved.firstNodeIndex).toBe(0);
    expect(saved.connections).toEqual(source.connections);
    expect(await screen.findByTestId(S.node('Log Other'))).toBeInTheDocument();
    expect(screen.getByTestId(S.save)).toBeDisabled();
  });

  it('shows a chain that does not exist as not found', async () => {
    renderApp({ path: '/ruleChains/missing', signedInAs: TENANT, backend: createRuleChainBackend() });
    expect(await screen.findByTestId(S.notFound, {}, { timeout: 10_000 })).toHaveTextContent(
      'Rule chain not found.',
    );
  });
});
