import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../selectors';
import { renderApp } from '../../test/render-app';
import { createAdminBackend } from './fake-admin-backend';

// Whole-console page tests: generous time when the machine is busy.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const SYSADMIN = 'sysadmin@meridian.test';
const T = selectors.entityTable;

async function openTenants(path = '/tenants', backend = createAdminBackend()) {
  const app = renderApp({ path, signedInAs: SYSADMIN, backend });
  await screen.findAllByTestId(T.row, {}, { timeout: 5000 });
  return app;
}

function row(name: string): HTMLElement {
  const tr = screen.getByRole('cell', { name, hidden: true }).closest('tr');
  if (!tr) {
    throw new Error(`no row for ${name}`);
  }
  return tr;
}

describe('TenantsPage', () => {
  it('lists tenant infos newest first with the reference columns; the menu offers tenants and profiles', async () => {
    const { backend } = await openTenants();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.slice(1, 7)).toEqual([
      'Created time',
      'Title',
      'Tenant profile',
      'Email',
      'Country',
      'City',
    ]);
    const request = backend.callsTo('GET', '/api/tenantInfos')[0];
    expect(request?.query.get('sortProperty')).toBe('createdTime');
    expect(request?.query.get('sortOrder')).toBe('DESC');
    expect(within(row('Tenant Two')).getByRole('cell', { name: 'Small' })).toBeInTheDocument();
    expect(screen.getByTestId(selectors.menu.link('/tenants'))).toBeInTheDocument();
    expect(screen.getByTestId(selectors.menu.link('/tenantProfiles'))).toBeInTheDocument();
  });

  it('adds a tenant: the default profile is preselected, another can be picked', async () => {
    const { user, backend } = await openTenants();
    await user.click(screen.getByTestId(T.add));
    const dialog = await screen.findByTestId(T.addDialog);
    await waitFor(() =>
      expect(within(dialog).getByTestId(selectors.tenants.tenantProfile)).toHaveValue('Default'),
    );
    expect(within(dialog).getByTestId(T.addSubmit)).toBeDisabled();
    await user.type(within(dialog).getByTestId(selectors.tenants.title), 'Tenant Three');
    await user.click(within(dialog).getByTestId(selectors.tenants.tenantProfile));
    await user.click(await screen.findByRole('option', { name: 'Small' }));
    await user.type(within(dialog).getByTestId(selectors.tenants.description), 'Pilot customer');
    await user.type(within(dialog).getByTestId('tenant-email'), 'ops@three.example');
    await waitFor(() => expect(within(dialog).getByTestId(T.addSubmit)).toBeEnabled());
    await user.click(within(dialog).getByTestId(T.addSubmit));
    await waitFor(() => expect(backend.callsTo('POST', '/api/tenant')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/tenant')[0]?.body).toEqual({
      title: 'Tenant Three',
      tenantProfileId: { entityType: 'TENANT_PROFILE', id: 'tp-small' },
      country: null,
      city: null,
      state: null,
      zip: null,
      address: null,
      address2: null,
      phone: null,
      email: 'ops@three.example',
      additionalInfo: { description: 'Pilot customer' },
    });
    expect(await screen.findByRole('cell', { name: 'Tenant Three' })).toBeInTheDocument();
    expect(screen.queryByTestId(T.addDialog)).not.toBeInTheDocument();
  });

  it('the title is required; clearing the profile blocks Add', async () => {
    const { user } = await openTenants();
    await user.click(screen.getByTestId(T.add));
    const dialog = await screen.findByTestId(T.addDialog);
    await waitFor(() =>
      expect(within(dialog).getByTestId(selectors.tenants.tenantProfile)).toHaveValue('Default'),
    );
    await user.type(within(dialog).getByTestId(selectors.tenants.title), 'x');
    await user.clear(within(dialog).getByTestId(selectors.tenants.title));
    expect(await within(dialog).findByText('Title is required.')).toBeInTheDocument();
    await user.type(within(dialog).getByTestId(selectors.tenants.title), 'Tenant X');
    await waitFor(() => expect(within(dialog).getByTestId(T.addSubmit)).toBeEnabled());
    await user.clear(within(dialog).getByTestId(selectors.tenants.tenantProfile));
    expect(await within(dialog).findByText('Tenant profile is required.')).toBeInTheDocument();
    expect(within(dialog).getByTestId(T.addSubmit)).toBeDisabled();
  });

  it('deletes a tenant after the reference confirmation', async () => {
    const { user, backend } = await openTenants();
    await user.click(within(row('Tenant Two')).getByTestId(T.rowAction('delete')));
    const confirm = await screen.findByTestId(T.confirmDialog);
    expect(confirm).toHaveTextContent('Are you sure you want to delete the tenant ‘Tenant Two’?');
    expect(confirm).toHaveTextContent(
      'Be careful, after the confirmation the tenant and all related data will become unrecoverable.',
    );
    await user.click(within(confirm).getByTestId(T.confirmOk));
    await waitFor(() => expect(backend.callsTo('DELETE', '/api/tenant/tenant-2')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'Tenant Two' })).not.toBeInTheDocument());
  });

  it('manage tenant admins opens the tenant scoped users table', async () => {
    const { user, router } = await openTenants();
    await user.click(within(row('Tenant One')).getByTestId(T.rowAction('manageTenantAdmins')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tenants/tenant-1/users'));
    expect(await screen.findByText('Tenant One: Tenant admins')).toBeInTheDocument();
    expect(screen.getByTestId(selectors.shell.breadcrumb)).toHaveTextContent('Tenants');
    expect(screen.getByTestId(selectors.shell.breadcrumb)).toHaveTextContent('Tenant admins');
  });

  it('the details page shows the profile by name and saves an edit', async () => {
    const backend = createAdminBackend();
    const { user } = renderApp({ path: '/tenants/tenant-2', signedInAs: SYSADMIN, backend });
    const page = await screen.findByTestId(T.detailsPage, {}, { timeout: 5000 });
    expect(await within(page).findByTestId(T.detailsTitle)).toHaveTextContent('Tenant Two');
    expect(within(page).getByTestId(selectors.tenants.tenantProfile)).toHaveValue('Small');
    expect(screen.getByTestId(selectors.shell.breadcrumb)).toHaveTextContent('Tenant details');
    expect(within(page).getByTestId(T.detailsAction('manageTenantAdmins'))).toBeInTheDocument();
    await user.click(within(page).getByTestId(T.editToggle));
    await user.type(within(page).getByTestId(selectors.tenants.description), 'Key account');
    await user.click(within(page).getByTestId(T.apply));
    await waitFor(() => expect(backend.callsTo('POST', '/api/tenant')).toHaveLength(1));
    const body = backend.callsTo('POST', '/api/tenant')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      id: { entityType: 'TENANT', id: 'tenant-2' },
      title: 'Tenant Two',
      region: 'Global',
      city: 'Springfield',
      tenantProfileId: { entityType: 'TENANT_PROFILE', id: 'tp-small' },
      additionalInfo: { description: 'Key account' },
    });
    expect(body).not.toHaveProperty('tenantProfileName');
  });

  it('a tenant administrator cannot open the tenants page', async () => {
    renderApp({ path: '/tenants', signedInAs: 'tenant@meridian.test', backend: createAdminBackend() });
    expect(await screen.findByTestId(selectors.app.dialog, {}, { timeout: 5000 })).toHaveTextContent(
      'Access forbidden',
    );
    expect(screen.queryByTestId(T.root('tenants'))).not.toBeInTheDocument();
  });
});
