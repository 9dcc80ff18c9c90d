import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBackend } from '../../test/fake-backend';
import { renderApp } from '../../test/render-app';

describe('route guard (spec 1 §4)', () => {
  it('sends an unauthenticated visitor to login and back to the requested page after login', async () => {
    const { user, router } = renderApp({ path: '/settings/general?tab=1' });
    await screen.findByRole('button', { name: 'Log in' });
    expect(router.state.location.pathname).toBe('/login');
    await user.type(screen.getByLabelText(/Username \(email\)/), 'sysadmin@meridian.test');
    await user.type(screen.getByLabelText(/^Password/), 'sysadmin');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'General settings' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/settings/general?tab=1',
    );
  });

  it('redirects the empty path to home (unknown paths: features/not-found)', async () => {
    const { router } = renderApp({ path: '/', signedInAs: 'tenant@meridian.test' });
    await screen.findByTestId('home-page');
    expect(router.state.location.pathname).toBe('/home');
  });

  it('sends an authenticated user away from the login page', async () => {
    const { router } = renderApp({ path: '/login', signedInAs: 'tenant@meridian.test' });
    await screen.findByTestId('home-page');
    expect(router.state.location.pathname).toBe('/home');
  });

  it('shows the forbidden dialog and stays put when the authority is not allowed', async () => {
    const { router, user } = renderApp({ path: '/home', signedInAs: 'tenant@meridian.test' });
    await screen.findByTestId('home-page');
    await act(async () => {
      await router.navigate('/settings/general');
    });
    const dialog = await screen.findByRole('dialog', { name: 'Access forbidden' });
    expect(router.state.location.pathname).toBe('/home');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/home');
  });

  it('blocks an in-app navigation to a forbidden page: the location never changes', async () => {
    const { router } = renderApp({ path: '/home', signedInAs: 'tenant@meridian.test' });
    await screen.findByTestId('home-page');
    // Let the guard's blocker register (a browser has long done so before anyone clicks).
    await act(async () => undefined);
    const visited: string[] = [];
    const unsubscribe = router.subscribe((state) => visited.push(state.location.pathname));
    await act(async () => {
      await router.navigate('/settings/outgoing-mail');
    });
    expect(await screen.findByRole('dialog', { name: 'Access forbidden' })).toBeInTheDocument();
    expect(visited).not.toContain('/settings/outgoing-mail');
    expect(router.state.location.pathname).toBe('/home');
    unsubscribe();
  });

  it('sign in from the forbidden dialog logs out', async () => {
    const { user, backend } = renderApp({
      path: '/settings/security-settings',
      signedInAs: 'customer@meridian.test',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Access forbidden' });
    await user.click(within(dialog).getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(backend.callsTo('POST', '/api/auth/logout')).toHaveLength(1);
    expect(localStorage.getItem('jwt_token')).toBeNull();
  });

  it('reloads the user on start from stored tokens', async () => {
    const { backend } = renderApp({ path: '/home', signedInAs: 'sysadmin@meridian.test' });
    expect(await screen.findByRole('heading', { name: 'Welcome, Sys Admin' })).toBeInTheDocument();
    expect(backend.callsTo('GET', '/api/auth/user')).toHaveLength(1);
    expect(backend.callsTo('GET', '/api/user/tokenAccessEnabled')).toHaveLength(1);
  });

  it('the loginError parameter opens an alert titled with the login-error label and a close button', async () => {
    const { user } = renderApp({
      path: '/login',
      loginParams: { loginError: 'OAuth2 provider refused the request' },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Login error' });
    expect(dialog).toHaveTextContent('OAuth2 provider refused the request');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('logs in from username and password parameters', async () => {
    const { router } = renderApp({
      path: '/home',
      loginParams: { username: 'tenant@meridian.test', password: 'tenant' },
    });
    expect(await screen.findByRole('heading', { name: 'Welcome, Tina Tenant' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('tells a system administrator about an available update, bottom right', async () => {
    const backend = createFakeBackend({
      'GET /api/admin/updates': () => ({
        body: { updateAvailable: true, message: 'Meridian 1.1 is available' },
      }),
    });
    const { user } = renderApp({ path: '/login', backend });
    await user.type(await screen.findByLabelText(/Username \(email\)/), 'sysadmin@meridian.test');
    await user.type(screen.getByLabelText(/^Password/), 'sysadmin');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Meridian 1.1 is available');
    expect(toast).toHaveAttribute('data-toast-type', 'info');
    expect(toast.closest('.MuiSnackbar-anchorOriginBottomRight')).not.toBeNull();
  });
});
