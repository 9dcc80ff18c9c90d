// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the reference's ${metadataKey} pattern syntax, not JS templates
import type { RuleChainMetaData } from '@meridian/common';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../../selectors';
import { codeOf, setCode } from '../../../test/code-editor';
import { CLAZZ, createRuleChainBackend } from '../../../test/fake-rule-chains';
import { installReactFlowMocks } from '../../../test/react-flow-mocks';
import { renderApp } from '../../../test/render-app';

// The node form built from the descriptor's configuration schema (issue 11).
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });
installReactFlowMocks();

const S = selectors.ruleChains;

async function addNode(clazz: string) {
  const backend = createRuleChainBackend();
  const app = renderApp({ path: '/ruleChains/rc-root', signedInAs: 'tenant@meridian.test', backend });
  await screen.findByTestId(S.node('Log Other'), {}, { timeout: 20_000 });
  fireEvent.drop(screen.getByTestId(S.canvas), {
    clientX: 400,
    clientY: 300,
    dataTransfer: { getData: (type: string) => (type === 'application/x-meridian-rule-node' ? clazz : '') },
  });
  const dialog = await screen.findByTestId(S.nodeDialog);
  return { ...app, backend, dialog };
}

async function savedNode(
  user: { click: (element: Element) => Promise<void> },
  backend: ReturnType<typeof createRuleChainBackend>,
) {
  await user.click(screen.getByTestId(S.save));
  await waitFor(() => expect(backend.callsTo('POST', '/api/ruleChain/metadata')).toHaveLength(1));
  const saved = backend.callsTo('POST', '/api/ruleChain/metadata').at(-1)?.body as RuleChainMetaData;
  return saved.nodes.at(-1);
}

describe('schema-built node form', () => {
  it('offers an enum as a select with its labels, flags as switches, and saves the choice', async () => {
    const { user, backend, dialog } = await addNode(CLAZZ.createAlarm);
    await user.type(within(dialog).getByTestId(S.nodeName), 'Overheat');
    // Labels come from the console's messages where it has them, else from the schema titles.
    expect(within(dialog).getByLabelText(/Alarm type/)).toHaveValue('General Alarm');
    expect(within(dialog).getByText('Use alarm severity pattern')).toBeInTheDocument();
    const severity = within(dialog).getByTestId(S.nodeConfigField('severity'));
    expect(severity).toHaveTextContent('Critical');
    await user.click(severity);
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Critical',
      'Major',
      'Minor',
      'Warning',
      'Indeterminate',
    ]);
    await user.click(screen.getByRole('option', { name: 'Major' }));
    expect(within(dialog).getByTestId(S.nodeConfigField('severity'))).toHaveTextContent('Major');
    await user.click(within(dialog).getByTestId(S.nodeConfigField('propagate')));
    expect(within(dialog).getByTestId(S.testScript('alarmDetailsBuildJs'))).toBeInTheDocument();
    await user.click(within(dialog).getByTestId(S.nodeDialogSubmit));
    await waitFor(() => expect(screen.queryByTestId(S.nodeDialog)).not.toBeInTheDocument());
    expect((await savedNode(user, backend))?.configuration).toEqual({
      alarmDetailsBuildJs: 'return {};',
      alarmType: 'General Alarm',
      severity: 'MAJOR',
      propagate: true,
      relationTypes: [],
      dynamicSeverity: false,
    });
  });

  it('turns the severity into a pattern text while the pattern switch is on', async () => {
    const { user, backend, dialog } = await addNode(CLAZZ.createAlarm);
    await user.type(within(dialog).getByTestId(S.nodeName), 'Dynamic');
    await user.click(within(dialog).getByTestId(S.nodeConfigField('dynamicSeverity')));
    const severity = within(dialog).getByTestId(S.nodeConfigField('severity'));
    expect(severity.tagName).toBe('INPUT');
    fireEvent.change(severity, { target: { value: '${severity}' } });
    await user.click(within(dialog).getByTestId(S.nodeDialogSubmit));
    await waitFor(() => expect(screen.queryByTestId(S.nodeDialog)).not.toBeInTheDocument());
    expect((await savedNode(user, backend))?.configuration).toMatchObject({
      severity: '${severity}',
      dynamicSeverity: true,
    });
  });

  it('blocks a number outside its bounds or not whole, and nests objects as fieldsets', async () => {
    const { user, backend, dialog } = await addNode(CLAZZ.delay);
    await user.type(within(dialog).getByTestId(S.nodeName), 'Wait');
    const pending = within(dialog).getByTestId(S.nodeConfigField('maxPendingMsgs'));
    expect(pending).toHaveAttribute('type', 'number');
    expect(pending).toHaveAttribute('min', '1');
    expect(pending).toHaveAttribute('max', '100000');
    fireEvent.change(pending, { target: { value: '0' } });
    await user.click(within(dialog).getByTestId(S.nodeDialogSubmit));
    expect(await within(dialog).findByText('The value must be at least 1.')).toBeInTheDocument();
    expect(screen.getByTestId(S.nodeDialog)).toBeInTheDocument();
    fireEvent.change(pending, { target: { value: '2.5' } });
    await user.click(within(dialog).getByTestId(S.nodeDialogSubmit));
    expect(await within(dialog).findByText('Enter a whole number.')).toBeInTheDocument();
    fireEvent.change(pending, { target: { value: '' } });
    await user.click(within(dialog).getByTestId(S.nodeDialogSubmit));
    expect(await within(dialog).findByText('Enter a number.')).toBeInTheDocument();

    // The nested query is a fieldset; untouched, it stays out of the configuration.
    const query = within(dialog).getByTestId(S.nodeConfigField('relationsQuery'));
    expect(query.tagName).toBe('FIELDSET');
    expect(within(query).getByTestId(S.nodeConfigField('relationsQuery.direction'))).toBeInTheDocument();
    expect(within(query).getByText('Relations query')).toBeInTheDocument();
    fireEvent.change(pending, { target: { value: '50' } });
    await user.click(within(dialog).getByTestId(S.nodeDialogSubmit));
    await waitFor(() => expect(screen.queryByTestId(S.nodeDialog)).not.toBeInTheDocument());
    expect((await savedNode(user, backend))?.configuration).toEqual({
      periodInSeconds: 60,
      maxPendingMsgs: 50,
    });
  });

  it('keeps the raw JSON mode, and the form takes back what JSON set', async () => {
    const { user, dialog } = await addNode(CLAZZ.createAlarm);
    await user.click(within(dialog).getByRole('button', { name: 'JSON' }));
    const json = within(dialog).getByTestId(S.nodeConfigJson);
    const stored = JSON.parse(await codeOf(json));
    expect(stored).toMatchObject({ severity: 'CRITICAL' });
    await setCode(json, JSON.stringify({ ...stored, severity: 'MINOR', extra: 1 }));
    await user.click(within(dialog).getByRole('button', { name: 'Form' }));
    expect(within(dialog).getByTestId(S.nodeConfigField('severity'))).toHaveTextContent('Minor');
    await user.click(within(dialog).getByRole('button', { name: 'JSON' }));
    // A key the schema does not describe is kept.
    expect(JSON.parse(await codeOf(within(dialog).getByTestId(S.nodeConfigJson)))).toMatchObject({
      severity: 'MINOR',
      extra: 1,
    });
  });
});
