import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { selectors } from '../../selectors';
import { createFakeBackend, pairFor } from '../../test/fake-backend';
import { renderApp } from '../../test/render-app';

const tenant = {
  email: 'tenant@meridian.test',
  password: 'tenant',
  authority: 'TENANT_ADMIN' as const,
  firstName: 'Tina',
  lastName: 'Tenant',
};

describe('login/resetPasswordRequest', () => {
  it('checks the email on submit, sends once, and confirms on the page and in a toast', async () => {
    const { user, backend } = renderApp({ path: '/login/resetPasswordRequest' });
    const button = await screen.findByRole('button', { name: 'Request password reset' });
    await user.click(button);
    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'nobody');
    await user.click(button);
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(backend.callsTo('POST', '/api/noauth/resetPasswordByEmail')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Email/));
    await user.type(screen.getByLabelText(/^Email/), 'tenant@meridian.test');
    await user.click(button);
    // The confirmation stays on the page (the toast alone is gone within seconds).
    expect(await screen.findByTestId(selectors.resetRequest.sent)).toHaveTextContent(
      'If an account exists for tenant@meridian.test, a link to choose a new password is on its way.',
    );
    expect(screen.getByTestId(selectors.app.toast)).toHaveTextContent('A password reset link has been sent');
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute('href', '/login');
    expect(backend.callsTo('POST', '/api/noauth/resetPasswordByEmail')[0]?.body).toEqual({
      email: 'tenant@meridian.test',
    });
    expect(button).toBeDisabled();
  });

  it('cancel returns to the login page', async () => {
    const { user, router } = renderApp({ path: '/login/resetPasswordRequest' });
    await user.click(await screen.findByRole('link', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('login/resetPassword', () => {
  it('shows the mismatch toast and sends nothing when the passwords differ', async () => {
    const { user, backend } = renderApp({ path: '/login/resetPassword?resetToken=rt-1' });
    await user.type(await screen.findByLabelText(/^New password/), 'first-pass');
    await user.type(screen.getByLabelText(/^Repeat new password/), 'second-pass');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('The two passwords must be the same.');
    expect(toast).toHaveAttribute('data-toast-type', 'error');
    expect(backend.callsTo('POST', '/api/noauth/resetPassword')).toHaveLength(0);
  });

  it('resets the password and logs in with the returned pair', async () => {
    const backend = createFakeBackend({
      'POST /api/noauth/resetPassword': () => ({ body: pairFor(tenant) }),
    });
    const { user, router } = renderApp({ path: '/login/resetPassword?resetToken=rt-1', backend });
    await user.type(await screen.findByLabelText(/^New password/), 'brand-new');
    await user.type(screen.getByLabelText(/^Repeat new password/), 'brand-new');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Tina Tenant' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
    expect(backend.callsTo('POST', '/api/noauth/resetPassword')[0]?.body).toEqual({
      resetToken: 'rt-1',
      password: 'brand-new',
    });
  });

  it('the expired variant shows the expiry notice', async () => {
    renderApp({ path: '/login/resetExpiredPassword?resetToken=rt-2' });
    expect(
      await screen.findByText('Your password has expired. Please choose a new one.'),
    ).toBeInTheDocument();
  });
});

describe('login/createPassword', () => {
  it('rejects different passwords without a call', async () => {
    const { user, backend } = renderApp({ path: '/login/createPassword?activateToken=at-1' });
    await user.type(await screen.findByLabelText(/^Password/), 'one-pass');
    await user.type(screen.getByLabelText(/^Repeat password/), 'two-pass');
    await user.click(screen.getByRole('button', { name: 'Create password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The two passwords must be the same.');
    expect(backend.callsTo('POST', '/api/noauth/activate')).toHaveLength(0);
  });

  it('activates the account and logs the user in', async () => {
    const backend = createFakeBackend({ 'POST /api/noauth/activate': () => ({ body: pairFor(tenant) }) });
    const { user } = renderApp({ path: '/login/createPassword?activateToken=at-1', backend });
    await user.type(await screen.findByLabelText(/^Password/), 'first-secret');
    await user.type(screen.getByLabelText(/^Repeat password/), 'first-secret');
    await user.click(screen.getByRole('button', { name: 'Create password' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Tina Tenant' })).toBeInTheDocument();
    const call = backend.callsTo('POST', '/api/noauth/activate')[0];
    expect(call?.body).toEqual({ activateToken: 'at-1', password: 'first-secret' });
    expect(call?.query.get('sendActivationMail')).toBe('true');
  });

  it('without a token the form cannot be sent', async () => {
    renderApp({ path: '/login/createPassword' });
    expect(
      await screen.findByText('This link is incomplete. Open the link from your email again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create password' })).toBeDisabled();
  });
});
