import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../selectors';
import { renderApp } from '../../test/render-app';
import { createEntityViewBackend } from './fake-entity-views';

// Whole-console page tests: generous time when the machine is busy.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const TENANT = 'tenant@meridian.test';
const CUSTOMER = 'customer@meridian.test';

async function openViews(path = '/entityViews', who = TENANT, backend = createEntityViewBackend()) {
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

describe('EntityViewsPage', () => {
  it('lists the tenant entity views with the reference columns and filters them by type', async () => {
    const { user, backend } = await openViews();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.slice(1, 6)).toEqual(['Created time', 'Name', 'Entity view type', 'Customer', 'Public']);
    expect(names()).toEqual(['Pump view', 'Boiler view']);
    expect(within(row('Boiler view')).getByRole('cell', { name: 'Customer A' })).toBeInTheDocument();
    await user.click(screen.getByTestId(selectors.entityViews.typeFilter));
    await user.click(await screen.findByRole('option', { name: 'pumps' }));
    await waitFor(() => expect(names()).toEqual(['Pump view']));
    expect(backend.callsTo('GET', '/api/tenant/entityViewInfos').at(-1)?.query.get('type')).toBe('pumps');
  });

  it('adds an entity view for a device with keys suggested from the device', async () => {
    const backend = createEntityViewBackend({
      keys: { 'device-t1': { timeseries: ['humidity', 'temperature'], SERVER_SCOPE: ['firmware'] } },
    });
    const { user } = await openViews('/entityViews', TENANT, backend);
    await user.click(screen.getByTestId(selectors.entityTable.add));
    const dialog = await screen.findByTestId(selectors.entityTable.addDialog);
    const submit = within(dialog).getByTestId(selectors.entityTable.addSubmit);
    await user.type(within(dialog).getByTestId(selectors.entityViews.name), 'Thermostat view');
    await user.type(within(dialog).getByTestId(selectors.entityViews.type), 'climate');
    expect(submit).toBeDisabled();
    await user.click(within(dialog).getByTestId(selectors.entityViews.targetEntity));
    await user.click(await screen.findByRole('option', { name: 'Thermostat T1' }));
    // Time series: a suggestion picked, a key typed with a separator.
    await user.click(within(dialog).getByTestId(selectors.entityViews.keys('timeseries')));
    await user.click(await screen.findByRole('option', { name: 'humidity' }));
    await user.type(within(dialog).getByTestId(selectors.entityViews.keys('timeseries')), ' pressure ;');
    // Server attributes: suggestions of that scope only; Enter adds, a duplicate is ignored.
    await user.click(within(dialog).getByTestId(selectors.entityViews.keys('serverAttributes')));
    expect(await screen.findByRole('option', { name: 'firmware' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'humidity' })).not.toBeInTheDocument();
    await user.type(
      within(dialog).getByTestId(selectors.entityViews.keys('serverAttributes')),
      'model{Enter}',
    );
    await user.type(within(dialog).getByTestId(selectors.entityViews.keys('serverAttributes')), 'model,');
    expect(within(dialog).getAllByTestId(selectors.keysList.chip('model'))).toHaveLength(1);
    await user.type(within(dialog).getByTestId(selectors.entityViews.startTime), '05/01/2024, 10:00:00 AM');
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(backend.callsTo('POST', '/api/entityView')).toHaveLength(1));
    const body = backend.callsTo('POST', '/api/entityView')[0]?.body;
    expect(body).toEqual({
      name: 'Thermostat view',
      type: 'climate',
      entityId: { entityType: 'DEVICE', id: 'device-t1' },
      keys: { timeseries: ['humidity', 'pressure'], attributes: { cs: [], ss: ['model'], sh: [] } },
      startTimeMs: new Date('2024-05-01T10:00:00').getTime(),
      endTimeMs: 0,
      additionalInfo: { description: '' },
    });
    expect(backend.callsTo('GET', '/api/plugins/telemetry/DEVICE/device-t1/keys/timeseries')).toHaveLength(1);
    expect(
      backend.callsTo('GET', '/api/plugins/telemetry/DEVICE/device-t1/keys/attributes/SERVER_SCOPE'),
    ).toHaveLength(1);
    await waitFor(() => expect(names()[0]).toBe('Thermostat view'));
  });

  it('refuses an end time before the start time', async () => {
    const { user } = await openViews();
    await user.click(screen.getByRole('cell', { name: 'Pump view' }));
    const drawer = await screen.findByTestId(selectors.entityTable.details);
    // The stored target is shown by name.
    await waitFor(() =>
      expect(within(drawer).getByTestId(selectors.entityViews.targetEntity)).toHaveValue('Pump 7'),
    );
    await user.click(within(drawer).getByTestId(selectors.entityTable.editToggle));
    await user.type(within(drawer).getByTestId(selectors.entityViews.startTime), '05/02/2024, 10:00:00 AM');
    await user.type(within(drawer).getByTestId(selectors.entityViews.endTime), '05/01/2024, 10:00:00 AM');
    expect(
      await within(drawer).findByText('End time must not be before the start time.'),
    ).toBeInTheDocument();
    expect(within(drawer).getByTestId(selectors.entityTable.apply)).toBeDisabled();

    // Text that is no date is refused too, and the picker says what to type.
    await user.clear(within(drawer).getByTestId(selectors.entityViews.endTime));
    await user.clear(within(drawer).getByTestId(selectors.entityViews.startTime));
    await user.type(within(drawer).getByTestId(selectors.entityViews.startTime), 'tomorrow');
    await user.tab();
    expect(
      await within(drawer).findByText(/^Not a date and time: type it as mm\/dd\/yyyy, hh:mm:ss\sAM\/PM$/),
    ).toBeInTheDocument();
    expect(within(drawer).getByTestId(selectors.entityTable.apply)).toBeDisabled();
  });

  it('changing the target type clears the target entity', async () => {
    const { user } = await openViews();
    await user.click(screen.getByRole('cell', { name: 'Boiler view' }));
    const drawer = await screen.findByTestId(selectors.entityTable.details);
    await waitFor(() =>
      expect(within(drawer).getByTestId(selectors.entityViews.targetEntity)).toHaveValue('Device A1'),
    );
    await user.click(within(drawer).getByTestId(selectors.entityTable.editToggle));
    await user.click(within(drawer).getByTestId(selectors.entityViews.targetType));
    await user.click(await screen.findByRole('option', { name: 'Asset' }));
    expect(within(drawer).getByTestId(selectors.entityViews.targetEntity)).toHaveValue('');
    expect(await within(drawer).findByText('Target entity is required.')).toBeInTheDocument();
    expect(within(drawer).getByTestId(selectors.entityTable.apply)).toBeDisabled();
  });

  it('assigns an entity view to a customer, makes one public and unassigns', async () => {
    const { user, backend } = await openViews();
    await user.click(
      within(row('Pump view')).getByTestId(selectors.entityTable.rowAction('assignToCustomer')),
    );
    const dialog = await screen.findByTestId(selectors.assignDialog.root);
    await user.click(within(dialog).getByTestId(selectors.assignDialog.customer));
    await user.click(await screen.findByRole('option', { name: 'Customer B' }));
    await user.click(within(dialog).getByTestId(selectors.assignDialog.submit));
    await waitFor(() =>
      expect(backend.callsTo('POST', '/api/customer/customer-2/entityView/view-2')).toHaveLength(1),
    );
    await within(row('Pump view')).findByRole('cell', { name: 'Customer B' });
    await user.click(
      within(row('Pump view')).getByTestId(selectors.entityTable.rowAction('unassignFromCustomer')),
    );
    const confirm = await screen.findByTestId(selectors.entityTable.confirmDialog);
    expect(confirm).toHaveTextContent('Unassign the entity view “Pump view”?');
    await user.click(within(confirm).getByTestId(selectors.entityTable.confirmOk));
    await waitFor(() => expect(backend.callsTo('DELETE', '/api/customer/entityView/view-2')).toHaveLength(1));
    await user.click(
      await within(row('Pump view')).findByTestId(selectors.entityTable.rowAction('makePublic')),
    );
    await user.click(
      within(await screen.findByTestId(selectors.entityTable.confirmDialog)).getByTestId(
        selectors.entityTable.confirmOk,
      ),
    );
    await waitFor(() =>
      expect(backend.callsTo('POST', '/api/customer/public/entityView/view-2')).toHaveLength(1),
    );
    expect(
      await within(row('Pump view')).findByTestId(selectors.entityTable.rowAction('makePrivate')),
    ).toBeInTheDocument();
  });

  it('deletes an entity view after confirmation', async () => {
    const { user, backend } = await openViews();
    await user.click(within(row('Pump view')).getByTestId(selectors.entityTable.rowAction('delete')));
    const confirm = await screen.findByTestId(selectors.entityTable.confirmDialog);
    expect(confirm).toHaveTextContent('Delete the entity view “Pump view”?');
    await user.click(within(confirm).getByTestId(selectors.entityTable.confirmOk));
    await waitFor(() => expect(backend.callsTo('DELETE', '/api/entityView/view-2')).toHaveLength(1));
    await waitFor(() => expect(names()).toEqual(['Boiler view']));
  });

  it('a customer user sees the own customer entity views read-only', async () => {
    const { user, backend } = await openViews('/entityViews', CUSTOMER);
    expect(names()).toEqual(['Boiler view']);
    expect(backend.callsTo('GET', '/api/customer/customer-1/entityViewInfos')).toHaveLength(1);
    expect(backend.callsTo('GET', '/api/tenant/entityViewInfos')).toHaveLength(0);
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).not.toContain('Customer');
    expect(screen.queryByTestId(selectors.entityTable.add)).not.toBeInTheDocument();
    expect(screen.queryByTestId(selectors.entityTable.rowCheckbox)).not.toBeInTheDocument();
    await user.click(screen.getByRole('cell', { name: 'Boiler view' }));
    const drawer = await screen.findByTestId(selectors.entityTable.details);
    expect(within(drawer).queryByTestId(selectors.entityTable.editToggle)).not.toBeInTheDocument();
    expect(within(drawer).queryByTestId(selectors.entityTable.detailsDelete)).not.toBeInTheDocument();
    expect(within(drawer).getByTestId(selectors.keysList.chip('temperature'))).toBeInTheDocument();
  });

  it('the details page edits an entity view under its breadcrumb', async () => {
    const backend = createEntityViewBackend();
    const { user } = renderApp({ path: '/entityViews/view-1', signedInAs: TENANT, backend });
    const page = await screen.findByTestId(selectors.entityTable.detailsPage, {}, { timeout: 5000 });
    expect(await within(page).findByTestId(selectors.entityTable.detailsTitle)).toHaveTextContent(
      'Boiler view',
    );
    expect(screen.getByTestId(selectors.shell.breadcrumb)).toHaveTextContent('Entity view details');
    await user.click(within(page).getByTestId(selectors.entityTable.editToggle));
    await user.type(within(page).getByTestId(selectors.entityViews.description), 'Basement');
    await user.click(within(page).getByTestId(selectors.entityTable.apply));
    await waitFor(() => expect(backend.callsTo('POST', '/api/entityView')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/entityView')[0]?.body).toEqual({
      id: { entityType: 'ENTITY_VIEW', id: 'view-1' },
      createdTime: 1_700_000_010_000,
      tenantId: { entityType: 'TENANT', id: 'tenant-1' },
      customerId: { entityType: 'CUSTOMER', id: 'customer-1' },
      entityId: { entityType: 'DEVICE', id: 'device-a1' },
      name: 'Boiler view',
      type: 'heating',
      keys: { timeseries: ['temperature'], attributes: { cs: [], ss: ['model'], sh: [] } },
      startTimeMs: 0,
      endTimeMs: 0,
      additionalInfo: { description: 'Basement' },
    });
  });

  it('manages one customer entity views from the customers page', async () => {
    const { user, router, backend } = renderApp({
      path: '/customers',
      signedInAs: TENANT,
      backend: createEntityViewBackend(),
    });
    await screen.findAllByTestId(selectors.entityTable.row, {}, { timeout: 5000 });
    await user.click(
      within(row('Customer B')).getByTestId(selectors.entityTable.rowAction('manageEntityViews')),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers/customer-2/entityViews'));
    expect(await screen.findByText('Customer B: Entity views')).toBeInTheDocument();
    expect(screen.getByTestId(selectors.shell.breadcrumb)).toHaveTextContent('Customer entity views');
    await user.click(screen.getByTestId(selectors.entityTable.add));
    const dialog = await screen.findByTestId(selectors.assignDialog.root);
    await user.click(within(dialog).getByTestId(selectors.assignDialog.entities));
    await user.click(await screen.findByRole('option', { name: 'Pump view' }));
    await user.click(within(dialog).getByTestId(selectors.assignDialog.submit));
    await waitFor(() =>
      expect(backend.callsTo('POST', '/api/customer/customer-2/entityView/view-2')).toHaveLength(1),
    );
    await waitFor(() => expect(names()).toEqual(['Pump view']));
    expect(
      within(row('Pump view')).getByTestId(selectors.entityTable.rowAction('unassignFromCustomer')),
    ).toBeInTheDocument();
    expect(within(row('Pump view')).queryByTestId(selectors.entityTable.rowAction('delete'))).toBeNull();
  });
});
