import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../selectors';
import { renderApp } from '../../test/render-app';
import { createAdminBackend } from '../tenants/fake-admin-backend';

// Whole-console page tests: generous time when the machine is busy.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const SYSADMIN = 'sysadmin@meridian.test';
const TENANT = 'tenant@meridian.test';
/** The tenant admin's user id as it appears in request paths. */
const TENANT_ID_PATH = encodeURIComponent(`id-${TENANT}`);
const NULL_ID = '13814000-1dd2-11b2-8080-808080808080';
const T = selectors.entityTable;
const U = selectors.users;

async function openUsers(path: string, signedInAs = SYSADMIN, backend = createAdminBackend()) {
  const app = renderApp({ path, signedInAs, backend });
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

const action = (name: string, id: string) => within(row(name)).queryByTestId(T.rowAction(id));

describe('UsersPage: tenant admins', () => {
  it('lists a tenant’s admins with the reference columns; actions follow each account’s state', async () => {
    const { backend } = await openUsers('/tenants/tenant-1/users');
    expect(await screen.findByText('Tenant One: Tenant admins')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.slice(1, 5)).toEqual(['Created time', 'First name', 'Last name', 'Email']);
    expect(backend.callsTo('GET', '/api/tenant/tenant-1/users')[0]?.query.get('sortOrder')).toBe('DESC');
    // Only tenant-1's administrators; the customer user and the other tenant's admin are not listed.
    expect(screen.getAllByTestId(T.row)).toHaveLength(2);
    expect(screen.queryByRole('cell', { name: 'cu1@meridian.test' })).not.toBeInTheDocument();
    // The pending user: activation link, resend, enable; no login-as, no disable.
    await waitFor(() => expect(action('pending@meridian.test', 'displayActivationLink')).toBeInTheDocument());
    expect(action('pending@meridian.test', 'resendActivation')).toBeInTheDocument();
    expect(action('pending@meridian.test', 'enableAccount')).toBeInTheDocument();
    expect(action('pending@meridian.test', 'loginAsUser')).not.toBeInTheDocument();
    expect(action('pending@meridian.test', 'disableAccount')).not.toBeInTheDocument();
    // The active administrator: disable and login-as; no activation actions.
    expect(action(TENANT, 'disableAccount')).toBeInTheDocument();
    expect(action(TENANT, 'loginAsUser')).toHaveAttribute('aria-label', 'Login as tenant admin');
    expect(action(TENANT, 'displayActivationLink')).not.toBeInTheDocument();
    expect(action(TENANT, 'enableAccount')).not.toBeInTheDocument();
  });

  it('adds a tenant admin and displays the activation link with a copy button', async () => {
    const { user, backend } = await openUsers('/tenants/tenant-1/users');
    await user.click(screen.getByTestId(T.add));
    const dialog = await screen.findByTestId(T.addDialog);
    expect(dialog).toHaveTextContent('Add user');
    await user.type(within(dialog).getByTestId(U.email), 'not-an-email');
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeInTheDocument();
    await user.clear(within(dialog).getByTestId(U.email));
    await user.type(within(dialog).getByTestId(U.email), 'new.admin@meridian.test');
    await user.type(within(dialog).getByTestId(U.firstName), 'Nora');
    await waitFor(() => expect(within(dialog).getByTestId(T.addSubmit)).toBeEnabled());
    expect(within(dialog).getByTestId(U.activationMethod)).toHaveTextContent('Display activation link');
    await user.click(within(dialog).getByTestId(T.addSubmit));
    const linkDialog = await screen.findByTestId(U.activationLinkDialog);
    const create = backend.callsTo('POST', '/api/user')[0];
    expect(create?.query.get('sendActivationMail')).toBe('false');
    expect(create?.body).toEqual({
      email: 'new.admin@meridian.test',
      firstName: 'Nora',
      lastName: null,
      authority: 'TENANT_ADMIN',
      tenantId: { entityType: 'TENANT', id: 'tenant-1' },
      customerId: { entityType: 'CUSTOMER', id: NULL_ID },
      additionalInfo: { description: '' },
    });
    expect(within(linkDialog).getByText('User activation link')).toBeInTheDocument();
    const link = within(linkDialog).getByTestId(U.activationLink);
    expect(link).toHaveTextContent(
      /^http:\/\/localhost:8080\/api\/noauth\/activate\?activateToken=TOKEN\d+$/,
    );
    expect(link).toHaveAttribute('href', link.textContent ?? '');
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(linkDialog).getByTestId(U.copyActivationLink));
    expect(writeText).toHaveBeenCalledWith(link.textContent);
    await user.click(within(linkDialog).getByTestId(U.activationLinkOk));
    await waitFor(() => expect(screen.queryByTestId(U.activationLinkDialog)).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'new.admin@meridian.test' })).toBeInTheDocument();
  });

  it('"Send activation email" asks the server to mail the link and shows none', async () => {
    const { user, backend } = await openUsers('/tenants/tenant-1/users');
    await user.click(screen.getByTestId(T.add));
    const dialog = await screen.findByTestId(T.addDialog);
    await user.type(within(dialog).getByTestId(U.email), 'mailed@meridian.test');
    await user.click(within(dialog).getByTestId(U.activationMethod));
    await user.click(await screen.findByTestId(U.activationMethodOption('sendActivationMail')));
    await waitFor(() => expect(within(dialog).getByTestId(T.addSubmit)).toBeEnabled());
    await user.click(within(dialog).getByTestId(T.addSubmit));
    await waitFor(() => expect(backend.callsTo('POST', '/api/user')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/user')[0]?.query.get('sendActivationMail')).toBe('true');
    expect(await screen.findByRole('cell', { name: 'mailed@meridian.test' })).toBeInTheDocument();
    expect(screen.queryByTestId(U.activationLinkDialog)).not.toBeInTheDocument();
    expect(backend.calls.some((call) => call.path.endsWith('/activationLink'))).toBe(false);
  });

  it('shows and resends a pending user’s activation, and enables or disables accounts', async () => {
    const { user, backend } = await openUsers('/tenants/tenant-1/users');
    await waitFor(() => expect(action('pending@meridian.test', 'displayActivationLink')).toBeInTheDocument());
    await user.click(action('pending@meridian.test', 'displayActivationLink') as HTMLElement);
    expect(await screen.findByTestId(U.activationLink)).toHaveTextContent('activateToken=PENDINGTOKEN');
    await user.click(screen.getByTestId(U.activationLinkOk));

    await user.click(action('pending@meridian.test', 'resendActivation') as HTMLElement);
    expect(await screen.findByText('Activation email was successfully sent!')).toBeInTheDocument();
    expect(backend.callsTo('POST', '/api/user/sendActivationMail')[0]?.query.get('email')).toBe(
      'pending@meridian.test',
    );

    await user.click(action(TENANT, 'disableAccount') as HTMLElement);
    expect(await screen.findByText('User account was successfully disabled!')).toBeInTheDocument();
    const disable = backend.callsTo('POST', `/api/user/${TENANT_ID_PATH}/userCredentialsEnabled`)[0];
    expect(disable?.query.get('userCredentialsEnabled')).toBe('false');
    await waitFor(() => expect(action(TENANT, 'enableAccount')).toBeInTheDocument());
    expect(action(TENANT, 'loginAsUser')).not.toBeInTheDocument();
    await user.click(action(TENANT, 'enableAccount') as HTMLElement);
    await waitFor(() => expect(action(TENANT, 'disableAccount')).toBeInTheDocument());
  });

  it('deletes a user after the reference confirmation', async () => {
    const { user, backend } = await openUsers('/tenants/tenant-1/users');
    await user.click(action('pending@meridian.test', 'delete') as HTMLElement);
    const confirm = await screen.findByTestId(T.confirmDialog);
    expect(confirm).toHaveTextContent('Are you sure you want to delete the user ‘pending@meridian.test’?');
    await user.click(within(confirm).getByTestId(T.confirmOk));
    await waitFor(() => expect(backend.callsTo('DELETE', '/api/user/user-pending')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'pending@meridian.test' })).not.toBeInTheDocument(),
    );
  });

  it('login as tenant admin switches the session to that user', async () => {
    const { user, backend, router } = await openUsers('/tenants/tenant-1/users');
    await waitFor(() => expect(action(TENANT, 'loginAsUser')).toBeInTheDocument());
    await user.click(action(TENANT, 'loginAsUser') as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(backend.callsTo('GET', `/api/user/${TENANT_ID_PATH}/token`)).toHaveLength(1);
    expect(await screen.findByTestId(selectors.menu.link('/customers'))).toBeInTheDocument();
    expect(screen.queryByTestId(selectors.menu.link('/tenants'))).not.toBeInTheDocument();
  });

  it('without user token access there is no login-as action', async () => {
    const backend = createAdminBackend();
    const fetch = backend.fetch;
    backend.fetch = async (input, init) =>
      String(input).includes('/api/user/tokenAccessEnabled')
        ? new Response('false', { status: 200 })
        : fetch(input, init);
    await openUsers('/tenants/tenant-1/users', SYSADMIN, backend);
    await waitFor(() => expect(action(TENANT, 'disableAccount')).toBeInTheDocument());
    expect(action(TENANT, 'loginAsUser')).not.toBeInTheDocument();
  });
});

describe('UsersPage: customer users', () => {
  it('the customers page leads to a customer’s users; the public customer has none', async () => {
    const { user, router } = await openUsers('/customers', TENANT);
    expect(within(row('Public')).queryByTestId(T.rowAction('manageUsers'))).not.toBeInTheDocument();
    await user.click(within(row('Customer A')).getByTestId(T.rowAction('manageUsers')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers/customer-1/users'));
    expect(await screen.findByText('Customer A: Customer users')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'cu1@meridian.test' })).toBeInTheDocument();
    expect(screen.getByTestId(selectors.shell.breadcrumb)).toHaveTextContent('Customer users');
    expect(action('cu1@meridian.test', 'loginAsUser')).toHaveAttribute(
      'aria-label',
      'Login as customer user',
    );
  });

  it('adds a customer user of the customer', async () => {
    const { user, backend } = await openUsers('/customers/customer-1/users', TENANT);
    await user.click(screen.getByTestId(T.add));
    const dialog = await screen.findByTestId(T.addDialog);
    await user.type(within(dialog).getByTestId(U.email), 'cu2@meridian.test');
    await user.type(within(dialog).getByTestId(U.description), 'Night shift');
    await waitFor(() => expect(within(dialog).getByTestId(T.addSubmit)).toBeEnabled());
    await user.click(within(dialog).getByTestId(T.addSubmit));
    await screen.findByTestId(U.activationLinkDialog);
    expect(backend.callsTo('POST', '/api/user')[0]?.body).toMatchObject({
      email: 'cu2@meridian.test',
      authority: 'CUSTOMER_USER',
      tenantId: { entityType: 'TENANT', id: 'tenant-1' },
      customerId: { entityType: 'CUSTOMER', id: 'customer-1' },
      additionalInfo: { description: 'Night shift' },
    });
  });

  it('the details page edits names and the default dashboard of a customer user', async () => {
    const backend = createAdminBackend();
    const { user } = renderApp({ path: '/customers/customer-1/users/user-c1', signedInAs: TENANT, backend });
    const page = await screen.findByTestId(T.detailsPage, {}, { timeout: 5000 });
    expect(await within(page).findByTestId(T.detailsTitle)).toHaveTextContent('cu1@meridian.test');
    expect(screen.getByTestId(selectors.shell.breadcrumb)).toHaveTextContent('User details');
    expect(within(page).getByTestId(T.detailsAction('disableAccount'))).toBeInTheDocument();
    expect(within(page).queryByTestId(T.detailsAction('displayActivationLink'))).not.toBeInTheDocument();
    await user.click(within(page).getByTestId(T.editToggle));
    await user.clear(within(page).getByTestId(U.lastName));
    await user.type(within(page).getByTestId(U.lastName), 'Smith');
    await user.click(within(page).getByTestId(U.defaultDashboard));
    await user.click(await screen.findByRole('option', { name: 'Thermostats' }));
    await user.click(within(page).getByTestId(T.apply));
    await waitFor(() => expect(backend.callsTo('POST', '/api/user')).toHaveLength(1));
    expect(backend.callsTo('POST', '/api/user')[0]?.body).toMatchObject({
      id: { entityType: 'USER', id: 'user-c1' },
      email: 'cu1@meridian.test',
      firstName: 'Carla',
      lastName: 'Smith',
      authority: 'CUSTOMER_USER',
      additionalInfo: { defaultDashboardId: 'd-2', defaultDashboardFullscreen: false },
    });
  });

  it("a customer user's details have an audit log tab with what the user did", async () => {
    const { user } = renderApp({
      path: '/customers/customer-1/users/user-c1',
      signedInAs: TENANT,
      backend: createAdminBackend(),
    });
    const page = await screen.findByTestId(T.detailsPage, {}, { timeout: 5000 });
    await user.click(await within(page).findByTestId(T.detailsTab('auditLogs')));
    expect(
      await within(page).findByRole('cell', { name: 'Device changed by cu1@meridian.test' }),
    ).toBeInTheDocument();
  });

  it('tenant admin details offer no dashboards (the system administrator cannot list them)', async () => {
    renderApp({
      path: `/tenants/tenant-1/users/id-${TENANT}`,
      signedInAs: SYSADMIN,
      backend: createAdminBackend(),
    });
    const page = await screen.findByTestId(T.detailsPage, {}, { timeout: 5000 });
    expect(await within(page).findByTestId(T.detailsTitle)).toHaveTextContent(TENANT);
    expect(within(page).getByTestId(U.email)).toHaveValue(TENANT);
    expect(within(page).queryByTestId(U.defaultDashboard)).not.toBeInTheDocument();
    // System administrators read no audit logs.
    expect(within(page).queryByTestId(T.detailsTab('auditLogs'))).not.toBeInTheDocument();
  });
});
