import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../selectors';
import { createEntityBackend } from '../../test/fake-entities';
import { renderApp } from '../../test/render-app';

// Whole-console page tests: generous time when the machine is busy.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const TENANT = 'tenant@meridian.test';

async function openCustomers(path = '/customers', backend = createEntityBackend()) {
  const app = renderApp({ path, signedInAs: TENANT, backend });
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

function titles(): string[] {
  return screen
    .getAllByTestId(selectors.entityTable.row)
    .map((tr) => within(tr).getAllByRole('cell', { hidden: true })[2]?.textContent ?? '');
}

describe('CustomersPage', () => {
  it('lists the customers newest first with the reference columns', async () => {
    const { backend } = await openCustomers();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.slice(1, 6)).toEqual(['Created time', 'Title', 'Email', 'Country', 'City']);
    const request = backend.callsTo('GET', '/api/customers')[0];
    expect(request?.query.get('pageSize')).toBe('10');
    expect(request?.query.get('page')).toBe('0');
    expect(request?.query.get('sortProperty')).toBe('createdTime');
    expect(request?.query.get('sortOrder')).toBe('DESC');
    expect(titles()).toEqual(['Public', 'Customer B', 'Customer A']);
    expect(screen.getByTestId(selectors.menu.link('/customers'))).toBeInTheDocument();
  });

  it('sorts by title on the server and searches with textSearch', async () => {
    const { user, backend } = await openCustomers();
    await user.click(screen.getByTestId(selectors.entityTable.sortHeader('title')));
    await waitFor(() => expect(titles()).toEqual(['Customer A', 'Customer B', 'Public']));
    expect(backend.callsTo('GET', '/api/customers').at(-1)?.query.get('sortOrder')).toBe('ASC');
    await user.click(screen.getByTestId(selectors.shell.searchToggle));
    await user.type(screen.getByTestId(selectors.shell.searchInput), 'mer b');
    await waitFor(() => expect(titles()).toEqual(['Customer B']));
    expect(backend.callsTo('GET', '/api/customers').at(-1)?.query.get('textSearch')).toBe('mer b');
  });

  it('the public customer cannot be selected, deleted or edited', async () => {
    const { user } = await openCustomers();
    expect(within(row('Public')).getByTestId(selectors.entityTable.rowCheckbox)).toBeDisabled();
    expect(
      within(row('Public')).queryByTestId(selectors.entityTable.rowAction('delete')),
    ).not.toBeInTheDocument();
    expect(
      within(row('Public')).getByTestId(selectors.entityTable.rowAction('managePublicDevices')),
    ).toBeInTheDocument();
    expect(
      within(row('Public')).queryByTestId(selectors.entityTable.rowAction('manageDevices')),
    ).not.toBeInTheDocument();
    await user.click(screen.getByRole('cell', { name: 'Public' }));
    const drawer = await screen.findByTestId(selectors.entityTable.details);
    expect(within(drawer).queryByTestId(selectors.entityTable.editToggle)).not.toBeInTheDocument();
    expect(within(drawer).queryByTestId(selectors.entityTable.detailsDelete)).not.toBeInTheDocument();
  });

  it('adds a customer with contact details; the zip must fit the country', async () => {
    const { user, backend } = await openCustomers();
    await user.click(screen.getByTestId(selectors.entityTable.add));
    const dialog = await screen.findByTestId(selectors.entityTable.addDialog);
    expect(within(dialog).getByTestId(selectors.entityTable.addSubmit)).toBeDisabled();
    await user.type(within(dialog).getByTestId(selectors.customers.title), 'Customer C');
    await user.click(within(dialog).getByTestId('customer-country'));
    await user.type(within(dialog).getByTestId('customer-country'), 'Germ');
    await user.click(await screen.findByRole('option', { name: 'Germany' }));
    await user.type(within(dialog).getByTestId('customer-zip'), '123');
    expect(
      await within(dialog).findByText('This is not a valid postal code for the selected country.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByTestId(selectors.entityTable.addSubmit)).toBeDisabled();
    await user.type(within(dialog).getByTestId('customer-zip'), '45');
    await user.type(within(dialog).getByTestId('customer-email'), 'not-an-email');
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeInTheDocument();
    await user.clear(within(dialog).getByTestId('customer-email'));
    await user.type(within(dialog).getByTestId('customer-email'), 'c@example.com');
    await user.type(within(dialog).getByTestId('customer-city'), 'Berlin');
    await waitFor(() => expect(within(dialog).getByTestId(selectors.entityTable.addSubmit)).toBeEnabled());
    await user.click(within(dialog).getByTestId(selectors.entityTable.addSubmit));
    await waitFor(() => expect(backend.callsTo('POST', '/api/customer')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/customer')[0]?.body).toEqual({
      title: 'Customer C',
      country: 'Germany',
      city: 'Berlin',
      state: null,
      zip: '12345',
      address: null,
      address2: null,
      phone: null,
      email: 'c@example.com',
      additionalInfo: { description: '', homeDashboardHideToolbar: false },
    });
    await waitFor(() => expect(titles()[0]).toBe('Customer C'));
  });

  it('manage customer devices opens the customer scoped devices table', async () => {
    const { user, router } = await openCustomers();
    await user.click(within(row('Customer A')).getByTestId(selectors.entityTable.rowAction('manageDevices')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers/customer-1/devices'));
    expect(await screen.findByText('Customer A: Devices')).toBeInTheDocument();
    expect(screen.getByTestId(selectors.shell.breadcrumb)).toHaveTextContent('Customers');
    expect(screen.getByTestId(selectors.shell.breadcrumb)).toHaveTextContent('Customer devices');
  });

  it('the details page edits a customer under its breadcrumb', async () => {
    const backend = createEntityBackend();
    const { user } = renderApp({ path: '/customers/customer-2', signedInAs: TENANT, backend });
    const page = await screen.findByTestId(selectors.entityTable.detailsPage, {}, { timeout: 5000 });
    expect(await within(page).findByTestId(selectors.entityTable.detailsTitle)).toHaveTextContent(
      'Customer B',
    );
    expect(screen.getByTestId(selectors.shell.breadcrumb)).toHaveTextContent('Customer details');
    expect(within(page).queryByTestId(selectors.entityTable.openDetailsPage)).not.toBeInTheDocument();
    await user.click(within(page).getByTestId(selectors.entityTable.editToggle));
    await user.type(within(page).getByTestId(selectors.customers.description), 'Key account');
    await user.click(within(page).getByTestId(selectors.entityTable.apply));
    await waitFor(() => expect(backend.callsTo('POST', '/api/customer')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/customer')[0]?.body).toMatchObject({
      id: { entityType: 'CUSTOMER', id: 'customer-2' },
      title: 'Customer B',
      city: 'Springfield',
      additionalInfo: { description: 'Key account' },
    });
  });

  it('a customer user cannot open the customers page', async () => {
    renderApp({ path: '/customers', signedInAs: 'customer@meridian.test', backend: createEntityBackend() });
    expect(await screen.findByTestId(selectors.app.dialog, {}, { timeout: 5000 })).toHaveTextContent(
      'Access forbidden',
    );
    expect(screen.queryByTestId(selectors.entityTable.root('customers'))).not.toBeInTheDocument();
  });
});
