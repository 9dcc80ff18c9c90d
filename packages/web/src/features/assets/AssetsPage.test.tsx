import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../selectors';
import { createEntityBackend } from '../../test/fake-entities';
import { renderApp } from '../../test/render-app';

// Whole-console page tests: generous time when the machine is busy.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const TENANT = 'tenant@meridian.test';

async function openAssets(path = '/assets', who = TENANT, backend = createEntityBackend()) {
  const app = renderApp({ path, signedInAs: who, backend });
  await screen.findAllByTestId(selectors.entityTable.row, {}, { timeout: 5000 });
  return app;
}

function row(name: string): HTMLElement {
  const tr = screen.getByRole('cell', { name, hidden: true }).closest('tr');
  if (!tr) {
    throw new Error(`no row for ${name}`);
  }
  return tr;
}

function names(): string[] {
  const headers = screen.getAllByRole('columnheader', { hidden: true }).map((cell) => cell.textContent);
  const column = headers.indexOf('Name');
  return screen
    .getAllByTestId(selectors.entityTable.row)
    .map((tr) => within(tr).getAllByRole('cell', { hidden: true })[column]?.textContent ?? '');
}

describe('AssetsPage', () => {
  it('lists the tenant assets and filters them by type', async () => {
    const { user, backend } = await openAssets();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.slice(1, 7)).toEqual([
      'Created time',
      'Name',
      'Asset type',
      'Label',
      'Customer',
      'Public',
    ]);
    expect(names()).toEqual(['Pump 7', 'Building 2', 'Building 1']);
    await user.click(screen.getByTestId(selectors.assets.typeFilter));
    await user.click(await screen.findByRole('option', { name: 'pump' }));
    await waitFor(() => expect(names()).toEqual(['Pump 7']));
    expect(backend.callsTo('GET', '/api/tenant/assetInfos').at(-1)?.query.get('type')).toBe('pump');
  });

  it('adds an asset with a new type typed in freely', async () => {
    const { user, backend } = await openAssets();
    await user.click(screen.getByTestId(selectors.entityTable.add));
    await user.click(await screen.findByTestId(selectors.entityTable.addMenuItem('add')));
    const dialog = await screen.findByTestId(selectors.entityTable.addDialog);
    await user.type(within(dialog).getByTestId(selectors.assets.name), 'Tank 3');
    await user.type(within(dialog).getByTestId(selectors.assets.type), 'bui');
    expect(await screen.findByRole('option', { name: 'building' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'pump' })).not.toBeInTheDocument();
    await user.clear(within(dialog).getByTestId(selectors.assets.type));
    await user.type(within(dialog).getByTestId(selectors.assets.type), 'tank');
    await user.click(within(dialog).getByTestId(selectors.entityTable.addSubmit));
    await waitFor(() => expect(backend.callsTo('POST', '/api/asset')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/asset')[0]?.body).toEqual({
      name: 'Tank 3',
      type: 'tank',
      label: null,
      additionalInfo: { description: '' },
    });
    await waitFor(() => expect(names()[0]).toBe('Tank 3'));
  });

  it('assigns an asset to a customer and unassigns it', async () => {
    const { user, backend } = await openAssets();
    await user.click(
      within(row('Building 2')).getByTestId(selectors.entityTable.rowAction('assignToCustomer')),
    );
    const dialog = await screen.findByTestId(selectors.assignDialog.root);
    await user.click(within(dialog).getByTestId(selectors.assignDialog.customer));
    await user.click(await screen.findByRole('option', { name: 'Customer A' }));
    await user.click(within(dialog).getByTestId(selectors.assignDialog.submit));
    await waitFor(() =>
      expect(backend.callsTo('POST', '/api/customer/customer-1/asset/asset-2')).toHaveLength(1),
    );
    await user.click(
      await within(row('Building 2')).findByTestId(selectors.entityTable.rowAction('unassignFromCustomer')),
    );
    await user.click(
      within(await screen.findByTestId(selectors.entityTable.confirmDialog)).getByTestId(
        selectors.entityTable.confirmOk,
      ),
    );
    await waitFor(() => expect(backend.callsTo('DELETE', '/api/customer/asset/asset-2')).toHaveLength(1));
  });

  it('a customer user sees the own customer assets read-only', async () => {
    const { backend } = await openAssets('/assets', 'customer@meridian.test');
    expect(names()).toEqual(['Building 1']);
    expect(backend.callsTo('GET', '/api/customer/customer-1/assetInfos')).toHaveLength(1);
    expect(screen.queryByTestId(selectors.entityTable.add)).not.toBeInTheDocument();
    expect(screen.queryByTestId(selectors.entityTable.rowCheckbox)).not.toBeInTheDocument();
  });

  it('shows one customer assets to the tenant administrator', async () => {
    const { backend } = await openAssets('/customers/customer-2/assets');
    expect(await screen.findByText('Customer B: Assets')).toBeInTheDocument();
    expect(names()).toEqual(['Pump 7']);
    expect(backend.callsTo('GET', '/api/customer/customer-2/assetInfos')).not.toHaveLength(0);
    expect(
      within(row('Pump 7')).getByTestId(selectors.entityTable.rowAction('unassignFromCustomer')),
    ).toBeInTheDocument();
    expect(
      within(row('Pump 7')).queryByTestId(selectors.entityTable.rowAction('delete')),
    ).not.toBeInTheDocument();
  });
});
