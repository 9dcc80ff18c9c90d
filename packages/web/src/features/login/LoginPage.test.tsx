import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeBackend } from '../../test/fake-backend';
import { renderApp } from '../../test/render-app';

async function openLogin(backend = createFakeBackend()) {
  const app = renderApp({ path: '/login', backend });
  await screen.findByRole('button', { name: 'Log in' });
  return app;
}

describe('LoginPage', () => {
  it('shows the login form without OAuth2 buttons when the client list is empty', async () => {
    const { backend } = await openLogin();
    expect(screen.getByRole('heading', { name: 'Sign in to Meridian' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Username \(email\)/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/login/resetPasswordRequest',
    );
    expect(screen.queryByText('or')).not.toBeInTheDocument();
    expect(backend.callsTo('POST', '/api/noauth/oauth2Clients')[0]?.query.get('platform')).toBe('WEB');
    expect(document.title).toBe('Meridian | Log in');
  });

  it('offers one button per OAuth2 client followed by an "or" divider', async () => {
    const backend = createFakeBackend({
      'POST /api/noauth/oauth2Clients': () => ({
        body: [{ name: 'Google', icon: null, url: '/oauth2/authorization/google' }],
      }),
    });
    await openLogin(backend);
    expect(screen.getByRole('link', { name: 'Log in with Google' })).toHaveAttribute(
      'href',
      '/oauth2/authorization/google',
    );
    expect(screen.getByText('or')).toBeInTheDocument();
  });

  it('an invalid submit marks every field and sends nothing', async () => {
    const { user, backend } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(backend.callsTo('POST', '/api/auth/login')).toHaveLength(0);
  });

  it('requires the username to be an email (user.invalid-email-format)', async () => {
    const { user, backend } = await openLogin();
    await user.type(screen.getByLabelText(/Username \(email\)/), 'not-an-email');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(backend.callsTo('POST', '/api/auth/login')).toHaveLength(0);
  });

  it('the loginError dialog leaves the untouched username field unflagged', async () => {
    const { user } = renderApp({ path: '/login', loginParams: { loginError: 'OAuth2 sign-in failed' } });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('OAuth2 sign-in failed')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/Username \(email\)/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Enter a valid email address.')).not.toBeInTheDocument();
  });

  it('logs in and lands on home', async () => {
    const { user, backend, router } = await openLogin();
    await user.type(screen.getByLabelText(/Username \(email\)/), 'tenant@meridian.test');
    await user.type(screen.getByLabelText(/^Password/), 'tenant');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Tina Tenant' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(backend.callsTo('POST', '/api/auth/login')[0]?.body).toEqual({
      username: 'tenant@meridian.test',
      password: 'tenant',
    });
    expect(localStorage.getItem('jwt_token')).toBeTruthy();
    expect(localStorage.getItem('refresh_token_expiration')).toBeTruthy();
  });

  it("shows the server's message when the login fails", async () => {
    const backend = createFakeBackend({
      'POST /api/auth/login': () => ({
        status: 401,
        body: { status: 401, errorCode: 10, message: 'User account is locked due to security policy' },
      }),
    });
    const { user, router } = await openLogin(backend);
    await user.type(screen.getByLabelText(/Username \(email\)/), 'tenant@meridian.test');
    await user.type(screen.getByLabelText(/^Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('User account is locked due to security policy');
    expect(toast).toHaveAttribute('data-toast-type', 'error');
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows the server's message when sign-ins are throttled (429)", async () => {
    const message = 'Too many failed login attempts! Try again in 4 seconds.';
    const backend = createFakeBackend({
      'POST /api/auth/login': () => ({ status: 429, body: { status: 429, errorCode: 33, message } }),
    });
    const { user } = await openLogin(backend);
    await user.type(screen.getByLabelText(/Username \(email\)/), 'tenant@meridian.test');
    await user.type(screen.getByLabelText(/^Password/), 'tenant');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent(message);
    expect(toast).toHaveAttribute('data-toast-type', 'error');
  });

  it('goes to resetExpiredPassword with the resetToken when the password has expired (code 15)', async () => {
    const backend = createFakeBackend({
      'POST /api/auth/login': () => ({
        status: 401,
        body: { status: 401, errorCode: 15, message: 'User password expired!', resetToken: 'rt-42' },
      }),
    });
    const { user, router } = await openLogin(backend);
    await user.type(screen.getByLabelText(/Username \(email\)/), 'tenant@meridian.test');
    await user.type(screen.getByLabelText(/^Password/), 'old');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(
      await screen.findByText('Your password has expired. Please choose a new one.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login/resetExpiredPassword');
    expect(router.state.location.search).toBe('?resetToken=rt-42');
    expect(screen.queryByRole('alert', { name: /expired!/ })).not.toBeInTheDocument();
    expect(within(document.body).queryByText('User password expired!')).not.toBeInTheDocument();
  });
});
