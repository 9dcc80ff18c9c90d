import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../selectors';
import { createDashboardBackend } from '../../test/fake-dashboards';
import { renderApp } from '../../test/render-app';

// Whole-console page tests: generous time when the machine is busy.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const TENANT = 'tenant@meridian.test';
const CUSTOMER_USER = 'customer@meridian.test';
const S = selectors.dashboards;
const T = selectors.entityTable;

async function openDashboards(path = '/dashboards', who = TENANT, backend = createDashboardBackend()) {
  const app = renderApp({ path, signedInAs: who, backend });
  await screen.findAllByTestId(T.row, {}, { timeout: 5000 });
  return app;
}

function row(title: string): HTMLElement {
  const tr = screen.getByRole('cell', { name: title, hidden: true }).closest('tr');
  if (!tr) {
    throw new Error(`no row for ${title}`);
  }
  return tr;
}

/** The text of one column, row by row. */
function column(header: string): string[] {
  const headers = screen.getAllByRole('columnheader', { hidden: true }).map((cell) => cell.textContent);
  const index = headers.indexOf(header);
  return screen
    .getAllByTestId(T.row)
    .map((tr) => within(tr).getAllByRole('cell', { hidden: true })[index]?.textContent ?? '');
}

const titles = () => column('Title');

/** Confirms the open confirmation, after checking its title when one is given. */
async function confirmOk(title?: string) {
  const dialog = await screen.findByTestId(T.confirmDialog);
  if (title) {
    expect(dialog).toHaveTextContent(title);
  }
  fireEvent.click(within(dialog).getByTestId(T.confirmOk));
}

// jsdom's Blob has no text(); files in the test carry their content.
const file = (content: string, name: string) =>
  Object.assign(new File([content], name), { text: async () => content });

describe('DashboardsPage', () => {
  it('lists the tenant dashboards with their customers and public flag', async () => {
    const { backend } = await openDashboards();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.slice(1, 5)).toEqual(['Created time', 'Title', 'Assigned to customers', 'Public']);
    expect(titles()).toEqual(['Lobby', 'Plant', 'Fleet']);
    expect(column('Assigned to customers')).toEqual(['', '', 'Customer A']);
    expect(within(row('Plant')).getByLabelText('Yes')).toBeInTheDocument();
    expect(within(row('Fleet')).getByLabelText('No')).toBeInTheDocument();
    expect(backend.callsTo('GET', '/api/tenant/dashboards')[0]?.query.get('sortProperty')).toBe(
      'createdTime',
    );
    expect(screen.getByTestId(selectors.menu.link('/dashboards'))).toBeInTheDocument();
    // Public dashboards offer Make private, private ones Make public; no "open" action exists yet.
    expect(within(row('Plant')).getByTestId(T.rowAction('makePrivate'))).toBeInTheDocument();
    expect(within(row('Plant')).queryByTestId(T.rowAction('makePublic'))).not.toBeInTheDocument();
    expect(within(row('Fleet')).getByTestId(T.rowAction('makePublic'))).toBeInTheDocument();
  });

  it('creates a dashboard with a title and a description', async () => {
    const { user, backend } = await openDashboards();
    await user.click(screen.getByTestId(T.add));
    await user.click(await screen.findByTestId(T.addMenuItem('add')));
    const dialog = await screen.findByTestId(T.addDialog);
    expect(within(dialog).queryByTestId(S.mobileOrder)).not.toBeInTheDocument();
    expect(within(dialog).getByTestId(T.addSubmit)).toBeDisabled();
    await user.type(within(dialog).getByTestId(S.title), 'Operations');
    await user.type(within(dialog).getByTestId(S.description), 'Night shift');
    await user.click(within(dialog).getByTestId(T.addSubmit));
    await waitFor(() => expect(backend.callsTo('POST', '/api/dashboard')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/dashboard')[0]?.body).toEqual({
      image: null,
      title: 'Operations',
      configuration: { description: 'Night shift' },
      mobileHide: false,
      mobileOrder: null,
    });
    await waitFor(() => expect(titles()).toContain('Operations'));
  });

  it('imports a dashboard file as it is, aliases included, and refuses other files', async () => {
    const { user, backend } = await openDashboards();
    // The Add menu entry opens the file picker; the test hands the input its file directly.
    await user.click(screen.getByTestId(T.add));
    await user.click(await screen.findByTestId(T.addMenuItem('import')));
    const input = screen.getByTestId(S.importFile);
    fireEvent.change(input, { target: { files: [file('{"name":"x"}', 'x.json')] } });
    expect(await screen.findByText('The file is not an exported dashboard.')).toBeInTheDocument();
    const exported = {
      id: { entityType: 'DASHBOARD', id: 'elsewhere' },
      tenantId: { entityType: 'TENANT', id: 'other-tenant' },
      assignedCustomers: [{ customerId: { entityType: 'CUSTOMER', id: 'c9' }, title: 'X', public: false }],
      title: 'Rule Engine Statistics',
      configuration: {
        widgets: {},
        entityAliases: { q: { id: 'q', alias: 'Queues', filter: { type: 'assetType', assetType: 'Queue' } } },
      },
    };
    fireEvent.change(input, { target: { files: [file(JSON.stringify(exported), 'stats.json')] } });
    await waitFor(() => expect(backend.callsTo('POST', '/api/dashboard')).toHaveLength(1));
    const sent = backend.callsTo('POST', '/api/dashboard')[0]?.body as Record<string, unknown>;
    expect(sent).toEqual({ title: 'Rule Engine Statistics', configuration: exported.configuration });
    await waitFor(() => expect(titles()).toContain('Rule Engine Statistics'));
  });

  it('exports a dashboard as JSON without its id and customers', async () => {
    const created: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        created.push(blob);
        return 'blob:dashboard';
      }),
      revokeObjectURL: vi.fn(),
    });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user, backend } = await openDashboards();
    await user.click(within(row('Fleet')).getByTestId(T.rowAction('export')));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(backend.callsTo('GET', '/api/dashboard/dash-1')).toHaveLength(1);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0] as Blob);
    });
    const exported = JSON.parse(text) as Record<string, unknown>;
    expect(exported).toMatchObject({ title: 'Fleet', configuration: { description: 'Fleet description' } });
    expect(exported).not.toHaveProperty('id');
    expect(exported).not.toHaveProperty('assignedCustomers');
    clicked.mockRestore();
  });

  it('makes a dashboard public, shows its public link, and makes it private again', async () => {
    const { user, backend } = await openDashboards();
    await user.click(within(row('Lobby')).getByTestId(T.rowAction('makePublic')));
    const dialog = await screen.findByTestId(S.publicDialog);
    expect(backend.callsTo('POST', '/api/customer/public/dashboard/dash-3')).toHaveLength(1);
    expect(within(dialog).getByTestId(S.publicDialogLink)).toHaveTextContent(
      `${window.location.origin}/dashboard/dash-3?publicId=customer-public`,
    );
    expect(within(dialog).getByTestId(S.publicDialogCopy)).toBeInTheDocument();
    await user.click(within(dialog).getByTestId(S.publicDialogOk));
    await waitFor(() => expect(within(row('Lobby')).getByLabelText('Yes')).toBeInTheDocument());

    await user.click(within(row('Lobby')).getByTestId(T.rowAction('makePrivate')));
    await confirmOk('Make the dashboard “Lobby” private?');
    await waitFor(() =>
      expect(backend.callsTo('DELETE', '/api/customer/public/dashboard/dash-3')).toHaveLength(1),
    );
    await waitFor(() => expect(within(row('Lobby')).getByLabelText('No')).toBeInTheDocument());
  });

  it('manages the customers of a dashboard and keeps a public dashboard public', async () => {
    const { user, backend } = await openDashboards();
    await user.click(within(row('Fleet')).getByTestId(T.rowAction('manageAssignedCustomers')));
    let dialog = await screen.findByTestId(S.customersDialog);
    expect(within(dialog).getByRole('button', { name: 'Customer A' })).toBeInTheDocument();
    await user.click(within(dialog).getByTestId(S.customers));
    // The public customer is not offered.
    expect(await screen.findByRole('option', { name: 'Customer B' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Public' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Customer B' }));
    await user.click(within(dialog).getByTestId(S.customersSubmit));
    await waitFor(() => expect(backend.callsTo('POST', '/api/dashboard/dash-1/customers')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/dashboard/dash-1/customers')[0]?.body).toEqual([
      'customer-1',
      'customer-2',
    ]);
    await waitFor(() => expect(column('Assigned to customers')[2]).toBe('Customer A, Customer B'));

    await user.click(within(row('Plant')).getByTestId(T.rowAction('manageAssignedCustomers')));
    dialog = await screen.findByTestId(S.customersDialog);
    // No customer chosen is allowed: it takes every (private) customer away.
    await user.click(within(dialog).getByTestId(S.customersSubmit));
    await waitFor(() => expect(backend.callsTo('POST', '/api/dashboard/dash-2/customers')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/dashboard/dash-2/customers')[0]?.body).toEqual(['customer-public']);
  });

  it('assigns and unassigns the selected dashboards to and from customers', async () => {
    const { user, backend } = await openDashboards();
    await user.click(within(row('Fleet')).getByTestId(T.rowCheckbox));
    await user.click(within(row('Lobby')).getByTestId(T.rowCheckbox));
    await user.click(screen.getByTestId(T.groupAction('assignDashboards')));
    let dialog = await screen.findByTestId(S.customersDialog);
    expect(dialog).toHaveTextContent('Assign 2 dashboards to customers');
    expect(within(dialog).getByTestId(S.customersSubmit)).toBeDisabled();
    await user.click(within(dialog).getByTestId(S.customers));
    await user.click(await screen.findByRole('option', { name: 'Customer B' }));
    await user.click(within(dialog).getByTestId(S.customersSubmit));
    await waitFor(() =>
      expect(backend.callsTo('POST', '/api/dashboard/dash-3/customers/add')).toHaveLength(1),
    );
    expect(backend.callsTo('POST', '/api/dashboard/dash-1/customers/add')[0]?.body).toEqual(['customer-2']);
    await waitFor(() =>
      expect(column('Assigned to customers')).toEqual(['Customer B', '', 'Customer A, Customer B']),
    );

    await user.click(screen.getByTestId(T.groupAction('unassignDashboards')));
    dialog = await screen.findByTestId(S.customersDialog);
    await user.click(within(dialog).getByTestId(S.customers));
    await user.click(await screen.findByRole('option', { name: 'Customer A' }));
    await user.click(within(dialog).getByTestId(S.customersSubmit));
    await waitFor(() =>
      expect(backend.callsTo('POST', '/api/dashboard/dash-1/customers/remove')[0]?.body).toEqual([
        'customer-1',
      ]),
    );
    await waitFor(() => expect(column('Assigned to customers')).toEqual(['Customer B', '', 'Customer B']));
  });

  it('deletes the selected dashboards and reports the ones refused', async () => {
    const backend = createDashboardBackend(undefined, {
      'DELETE /api/dashboard/dash-2': () => ({
        status: 403,
        body: { status: 403, errorCode: 20, message: 'You do not have permission', timestamp: 0 },
      }),
    });
    const { user } = await openDashboards('/dashboards', TENANT, backend);
    await user.click(within(row('Fleet')).getByTestId(T.rowCheckbox));
    await user.click(within(row('Plant')).getByTestId(T.rowCheckbox));
    await user.click(screen.getByTestId(T.groupAction('delete')));
    await confirmOk('Delete 2 dashboards?');
    expect(await screen.findByTestId(T.bulkReport)).toHaveTextContent(
      'Deleted 1 of 2. Not deleted: Plant (You do not have permission)',
    );
    await waitFor(() => expect(titles()).toEqual(['Lobby', 'Plant']));
  });

  it('edits the details: description and mobile settings, keeping the widgets', async () => {
    const { user, backend } = await openDashboards();
    await user.click(screen.getByRole('cell', { name: 'Plant' }));
    const drawer = await screen.findByTestId(T.details);
    expect(await within(drawer).findByTestId(S.publicLink)).toHaveTextContent(
      `${window.location.origin}/dashboard/dash-2?publicId=customer-public`,
    );
    expect(within(drawer).getByTestId(T.detailsTab('auditLogs'))).toBeInTheDocument();
    expect(within(drawer).queryByTestId(T.openDetailsPage)).not.toBeInTheDocument();
    await waitFor(() => expect(within(drawer).getByTestId(S.description)).toHaveValue('Plant description'));
    await user.click(within(drawer).getByTestId(T.editToggle));
    await user.clear(within(drawer).getByTestId(S.description));
    await user.type(within(drawer).getByTestId(S.description), 'Boilers');
    await user.click(within(drawer).getByTestId(S.mobileHide));
    await user.type(within(drawer).getByTestId(S.mobileOrder), '1.5');
    expect(await within(drawer).findByText('The order must be a whole number.')).toBeInTheDocument();
    expect(within(drawer).getByTestId(T.apply)).toBeDisabled();
    await user.clear(within(drawer).getByTestId(S.mobileOrder));
    await user.type(within(drawer).getByTestId(S.mobileOrder), '-2');
    await user.click(within(drawer).getByTestId(T.apply));
    await waitFor(() => expect(backend.callsTo('POST', '/api/dashboard')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/dashboard')[0]?.body).toMatchObject({
      id: { entityType: 'DASHBOARD', id: 'dash-2' },
      title: 'Plant',
      mobileHide: true,
      mobileOrder: -2,
      configuration: { description: 'Boilers', widgets: { w1: { type: 'latest' } } },
    });
  });

  it('manages one customer dashboards: unassign, and assign new ones', async () => {
    const { user, backend } = await openDashboards('/customers/customer-1/dashboards');
    expect(await screen.findByText('Customer A: Dashboards')).toBeInTheDocument();
    expect(titles()).toEqual(['Fleet']);
    expect(column('Title')).toHaveLength(1);
    expect(screen.queryByRole('columnheader', { name: 'Assigned to customers' })).not.toBeInTheDocument();
    expect(within(row('Fleet')).queryByTestId(T.rowAction('delete'))).not.toBeInTheDocument();
    expect(within(row('Fleet')).queryByTestId(T.rowAction('makePrivate'))).not.toBeInTheDocument();

    await user.click(screen.getByTestId(T.add));
    const dialog = await screen.findByTestId(selectors.assignDialog.root);
    await user.click(within(dialog).getByTestId(selectors.assignDialog.entities));
    await user.click(await screen.findByRole('option', { name: 'Lobby' }));
    await user.click(within(dialog).getByTestId(selectors.assignDialog.submit));
    await waitFor(() =>
      expect(backend.callsTo('POST', '/api/customer/customer-1/dashboard/dash-3')).toHaveLength(1),
    );
    await waitFor(() => expect(titles()).toEqual(['Lobby', 'Fleet']));

    await user.click(within(row('Fleet')).getByTestId(T.rowAction('unassignFromCustomer')));
    await confirmOk();
    await waitFor(() =>
      expect(backend.callsTo('DELETE', '/api/customer/customer-1/dashboard/dash-1')).toHaveLength(1),
    );
    await waitFor(() => expect(titles()).toEqual(['Lobby']));

    await user.click(within(row('Lobby')).getByTestId(T.rowCheckbox));
    await user.click(screen.getByTestId(T.groupAction('unassignDashboards')));
    await confirmOk('Unassign 1 dashboard?');
    await waitFor(() =>
      expect(backend.callsTo('DELETE', '/api/customer/customer-1/dashboard/dash-3')).toHaveLength(1),
    );
  });

  it('public dashboards of the public customer are made private, not unassigned', async () => {
    const { user, backend } = await openDashboards('/customers/customer-public/dashboards');
    expect(await screen.findByText('Public dashboards')).toBeInTheDocument();
    expect(titles()).toEqual(['Plant']);
    expect(within(row('Plant')).queryByTestId(T.rowAction('unassignFromCustomer'))).not.toBeInTheDocument();
    await user.click(within(row('Plant')).getByTestId(T.rowAction('makePrivate')));
    await confirmOk();
    await waitFor(() =>
      expect(backend.callsTo('DELETE', '/api/customer/public/dashboard/dash-2')).toHaveLength(1),
    );
  });

  it('the customers table leads to a customer dashboards', async () => {
    const { user, router } = await openDashboards('/customers');
    expect(within(row('Public')).queryByTestId(T.rowAction('manageDashboards'))).toBeNull();
    expect(within(row('Public')).getByTestId(T.rowAction('managePublicDashboards'))).toBeInTheDocument();
    await user.click(within(row('Customer A')).getByTestId(T.rowAction('manageDashboards')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers/customer-1/dashboards'));
    expect(await screen.findByRole('cell', { name: 'Fleet' })).toBeInTheDocument();
  });

  it('a customer user sees the own customer dashboards read-only', async () => {
    const { user, backend } = await openDashboards('/dashboards', CUSTOMER_USER);
    expect(titles()).toEqual(['Fleet']);
    expect(backend.callsTo('GET', '/api/customer/customer-1/dashboards')).not.toHaveLength(0);
    expect(backend.callsTo('GET', '/api/tenant/dashboards')).toHaveLength(0);
    expect(screen.queryByTestId(T.add)).not.toBeInTheDocument();
    expect(screen.queryByTestId(T.rowCheckbox)).not.toBeInTheDocument();
    expect(within(row('Fleet')).queryByTestId(T.rowAction('export'))).not.toBeInTheDocument();
    await user.click(screen.getByRole('cell', { name: 'Fleet' }));
    const drawer = await screen.findByTestId(T.details);
    await waitFor(() => expect(within(drawer).getByTestId(S.description)).toHaveValue('Fleet description'));
    expect(within(drawer).queryByTestId(T.editToggle)).not.toBeInTheDocument();
    expect(within(drawer).queryByTestId(T.detailsTab('auditLogs'))).not.toBeInTheDocument();
  });
});
