import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

function menuLinks(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Main menu' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href') ?? '');
}

describe('home shell', () => {
  it('SYS_ADMIN: Home, tenants, tenant profiles and a System settings group with three pages', async () => {
    const { user } = renderApp({ path: '/home', signedInAs: 'sysadmin@meridian.test' });
    await screen.findByTestId('home-page');
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    const group = within(nav).getByRole('button', { name: 'System settings' });
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(menuLinks()).toEqual(['/home', '/tenants', '/tenantProfiles', '/widgets-bundles']);
    await user.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(menuLinks()).toEqual([
      '/home',
      '/tenants',
      '/tenantProfiles',
      '/widgets-bundles',
      '/settings/general',
      '/settings/outgoing-mail',
      '/settings/security-settings',
    ]);
    expect(within(nav).getByText('Tenants')).toBeInTheDocument();
    expect(within(nav).getByText('Widgets library')).toBeInTheDocument();
  });

  it.each([
    [
      'tenant@meridian.test',
      [
        '/home',
        '/ruleChains',
        '/customers',
        '/assets',
        '/devices',
        '/deviceProfiles',
        '/entityViews',
        '/widgets-bundles',
        '/dashboards',
        '/auditLogs',
        '/usage',
      ],
    ],
    ['customer@meridian.test', ['/home', '/assets', '/devices', '/entityViews', '/dashboards']],
  ])('%s sees Home and the implemented entity pages', async (email, paths) => {
    renderApp({ path: '/home', signedInAs: email });
    await screen.findByTestId('home-page');
    expect(menuLinks()).toEqual(paths);
    expect(screen.queryByText('Nothing is available for your account here yet.')).not.toBeInTheDocument();
  });

  it('home shortcuts mirror the menu', async () => {
    const { user, router } = renderApp({ path: '/home', signedInAs: 'sysadmin@meridian.test' });
    const card = await screen.findByRole('region', { name: 'System settings' });
    const links = within(card).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['General', 'Outgoing mail', 'Security settings']);
    await user.click(within(card).getByRole('link', { name: 'Outgoing mail' }));
    expect(await screen.findByRole('heading', { name: 'Outgoing mail (SMTP)' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings/outgoing-mail');
    expect(document.title).toBe('Meridian | Outgoing mail');
  });

  it('the breadcrumb links every level but the last', async () => {
    renderApp({ path: '/settings/security-settings', signedInAs: 'sysadmin@meridian.test' });
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'System settings' })).toHaveAttribute(
      'href',
      '/settings',
    );
    expect(within(crumbs).getByText('Security settings').closest('[aria-current]')).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(crumbs).getAllByRole('link')).toHaveLength(1);
  });

  it('the user menu shows name and authority, opens the profile and logs out', async () => {
    const { user, router, backend } = renderApp({ path: '/home', signedInAs: 'tenant@meridian.test' });
    await screen.findByTestId('home-page');
    const button = screen.getByRole('button', { name: 'Account menu' });
    expect(screen.getByTestId('user-display-name')).toHaveTextContent('Tina Tenant');
    expect(screen.getByTestId('user-authority')).toHaveTextContent('Tenant administrator');
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Profile' }));
    expect(await screen.findByRole('heading', { name: 'Your details' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(backend.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
  });

  it('shows the email when the user has no name', async () => {
    renderApp({ path: '/home', signedInAs: 'customer@meridian.test' });
    await screen.findByTestId('home-page');
    expect(screen.getByTestId('user-display-name')).toHaveTextContent('customer@meridian.test');
    expect(screen.getByTestId('user-authority')).toHaveTextContent('Customer');
  });

  it('offers no search toggle on pages without search support', async () => {
    renderApp({ path: '/home', signedInAs: 'tenant@meridian.test' });
    await screen.findByTestId('home-page');
    expect(screen.queryByRole('button', { name: 'Search' })).not.toBeInTheDocument();
  });

  it('the menu button collapses and reopens the side menu', async () => {
    const { user } = renderApp({ path: '/home', signedInAs: 'tenant@meridian.test' });
    await screen.findByTestId('home-page');
    const toggle = screen.getByRole('button', { name: 'Close menu' });
    await user.click(toggle);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false'),
    );
  });
});
