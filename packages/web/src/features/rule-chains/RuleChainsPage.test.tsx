import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../selectors';
import { createRuleChainBackend } from '../../test/fake-rule-chains';
import { installReactFlowMocks } from '../../test/react-flow-mocks';
import { renderApp } from '../../test/render-app';

// Whole-console page tests: generous time when the machine is busy.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });
installReactFlowMocks();

const TENANT = 'tenant@meridian.test';
const S = selectors.ruleChains;
const T = selectors.entityTable;

async function openRuleChains(backend = createRuleChainBackend()) {
  const app = renderApp({ path: '/ruleChains', signedInAs: TENANT, backend });
  await screen.findAllByTestId(T.row, {}, { timeout: 5000 });
  return { ...app, backend };
}

function row(name: string): HTMLElement {
  const tr = screen.getByRole('cell', { name, hidden: true }).closest('tr');
  if (!tr) throw new Error(`no row for ${name}`);
  return tr;
}

function column(header: string): string[] {
  const headers = screen.getAllByRole('columnheader', { hidden: true }).map((cell) => cell.textContent);
  const index = headers.indexOf(header);
  return screen
    .getAllByTestId(T.row)
    .map((tr) => within(tr).getAllByRole('cell', { hidden: true })[index]?.textContent ?? '');
}

// jsdom's File has no text(): the test gives it one.
const file = (text: string, name: string) =>
  Object.assign(new File([text], name), { text: async () => text });

async function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

describe('RuleChainsPage', () => {
  it('lists the core rule chains with created time, name and root', async () => {
    const { backend } = await openRuleChains();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.slice(1, 4)).toEqual(['Created time', 'Name', 'Root']);
    expect(column('Name')).toEqual(['Thermostat', 'Root Rule Chain']);
    expect(backend.callsTo('GET', '/api/ruleChains').at(-1)?.query.get('type')).toBe('CORE');
  });

  it('offers Make root and Delete for other chains only, and makes a chain root after confirmation', async () => {
    const { user, backend } = await openRuleChains();
    const root = row('Root Rule Chain');
    expect(within(root).queryByTestId(T.rowAction('makeRoot'))).not.toBeInTheDocument();
    expect(within(root).queryByTestId(T.rowAction('delete'))).not.toBeInTheDocument();
    expect(within(root).getByTestId(T.rowCheckbox)).toBeDisabled();
    await user.click(within(row('Thermostat')).getByTestId(T.rowAction('makeRoot')));
    const confirm = await screen.findByTestId(T.confirmDialog);
    expect(within(confirm).getByText('Make the rule chain “Thermostat” root?')).toBeInTheDocument();
    await user.click(within(confirm).getByTestId(T.confirmOk));
    await waitFor(() => expect(backend.callsTo('POST', '/api/ruleChain/rc-2/root')).toHaveLength(1));
    await waitFor(() =>
      expect(within(row('Root Rule Chain')).getByTestId(T.rowAction('makeRoot'))).toBeInTheDocument(),
    );
  });

  it('deletes a chain after confirmation', async () => {
    const { user, backend } = await openRuleChains();
    await user.click(within(row('Thermostat')).getByTestId(T.rowAction('delete')));
    const confirm = await screen.findByTestId(T.confirmDialog);
    expect(within(confirm).getByText('Delete the rule chain “Thermostat”?')).toBeInTheDocument();
    await user.click(within(confirm).getByTestId(T.confirmOk));
    await waitFor(() => expect(backend.callsTo('DELETE', '/api/ruleChain/rc-2')).toHaveLength(1));
    await waitFor(() => expect(column('Name')).toEqual(['Root Rule Chain']));
  });

  it('creates a rule chain from the dialog with name, debug mode and description', async () => {
    const { user, backend } = await openRuleChains();
    await user.click(screen.getByTestId(T.add));
    await user.click(await screen.findByTestId(T.addMenuItem('add')));
    const dialog = await screen.findByTestId(T.addDialog);
    await user.type(within(dialog).getByTestId(S.name), 'Alarms');
    await user.click(within(dialog).getByTestId(S.debugMode));
    await user.type(within(dialog).getByTestId(S.description), 'Raises alarms');
    await user.click(within(dialog).getByTestId(T.addSubmit));
    await waitFor(() => expect(backend.callsTo('POST', '/api/ruleChain')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/ruleChain')[0]?.body).toEqual({
      type: 'CORE',
      name: 'Alarms',
      debugMode: true,
      additionalInfo: { description: 'Raises alarms' },
    });
    await waitFor(() => expect(column('Name')).toContain('Alarms'));
  });

  it('exports a chain as {ruleChain, metadata}', async () => {
    const created: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:rule-chain';
      }),
      revokeObjectURL: vi.fn(),
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, backend } = await openRuleChains();
    await user.click(within(row('Root Rule Chain')).getByTestId(T.rowAction('export')));
    await waitFor(() => expect(created).toHaveLength(1));
    const exported = JSON.parse(await textOf(created[0] as Blob)) as Record<string, unknown>;
    expect(Object.keys(exported)).toEqual(['ruleChain', 'metadata']);
    expect(exported.ruleChain).toEqual(backend.store.ruleChains[0]);
    expect(exported.metadata).toEqual(backend.store.metadata.get('rc-root'));
    expect(backend.callsTo('GET', '/api/ruleChain/rc-root/metadata')).toHaveLength(1);
    clicked.mockRestore();
  });

  it('shows a chain in the details drawer with its buttons and tabs, and saves a new name', async () => {
    const { user, backend } = await openRuleChains();
    await user.click(screen.getByRole('cell', { name: 'Root Rule Chain' }));
    const drawer = await screen.findByTestId(T.details);
    for (const action of ['openRuleChain', 'export']) {
      expect(within(drawer).getByTestId(T.detailsAction(action))).toBeInTheDocument();
    }
    // The root chain cannot be made root again or deleted.
    expect(within(drawer).queryByTestId(T.detailsAction('makeRoot'))).not.toBeInTheDocument();
    expect(within(drawer).queryByTestId(T.detailsDelete)).not.toBeInTheDocument();
    expect(within(drawer).getByTestId(T.copyId)).toHaveTextContent('Copy rule chain Id');
    const tabs = ['attributes', 'telemetry', 'alarms', 'relations', 'auditLogs'];
    for (const tab of tabs) expect(within(drawer).getByTestId(T.detailsTab(tab))).toBeInTheDocument();
    await user.click(within(drawer).getByTestId(T.editToggle));
    await user.clear(within(drawer).getByTestId(S.name));
    await user.type(within(drawer).getByTestId(S.name), 'Main chain');
    await user.click(within(drawer).getByTestId(T.apply));
    await waitFor(() => expect(backend.callsTo('POST', '/api/ruleChain')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/ruleChain')[0]?.body).toMatchObject({
      id: { entityType: 'RULE_CHAIN', id: 'rc-root' },
      name: 'Main chain',
      root: true,
    });
    await waitFor(() => expect(column('Name')).toContain('Main chain'));
  });

  it('opens the editor from a row', async () => {
    const { user, router } = await openRuleChains();
    await user.click(within(row('Thermostat')).getByTestId(T.rowAction('openRuleChain')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ruleChains/rc-2'));
    expect(await screen.findByTestId(S.editor)).toBeInTheDocument();
  });

  it('refuses an import file that is not an exported chain, and opens a good one in the editor unsaved', async () => {
    const { user, router, backend } = await openRuleChains();
    await user.click(screen.getByTestId(T.add));
    await user.click(await screen.findByTestId(T.addMenuItem('import')));
    const input = screen.getByTestId(S.importFile);
    fireEvent.change(input, { target: { files: [file('{"name":"x"}', 'x.json')] } });
    expect(
      await screen.findByText('Unable to import rule chain: invalid rule chain data structure.'),
    ).toBeInTheDocument();
    const exported = {
      ruleChain: { ...backend.store.ruleChains[1], name: 'Imported' },
      metadata: backend.store.metadata.get('rc-root'),
    };
    fireEvent.change(input, { target: { files: [file(JSON.stringify(exported), 'chain.json')] } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/ruleChains/ruleChain/import'));
    expect(await screen.findByTestId(S.node('Save Timeseries'))).toBeInTheDocument();
    expect(backend.callsTo('POST', '/api/ruleChain')).toHaveLength(0);
  });
});
