import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeBackend, pairFor } from '../../test/fake-backend';
import { renderApp } from '../../test/render-app';

const SYSADMIN = 'sysadmin@meridian.test';
const WARNING = /You are signed in with the default system administrator password/;

/** A backend whose system administrator last signed in with the installed password. */
function backendWithDefaultPassword() {
  const backend = createFakeBackend({
    'POST /api/auth/changePassword': () => {
      const sysadmin = backend.users.get(SYSADMIN);
      if (sysadmin) backend.users.set(SYSADMIN, { ...sysadmin, additionalInfo: {} });
      return { body: pairFor({ email: SYSADMIN, password: 'x', authority: 'SYS_ADMIN' }) };
    },
  });
  const sysadmin = backend.users.get(SYSADMIN);
  if (!sysadmin) throw new Error('no system administrator in the fake backend');
  backend.users.set(SYSADMIN, { ...sysadmin, additionalInfo: { defaultPasswordInUse: true } });
  return backend;
}

afterEach(() => {
  window.sessionStorage.clear();
});

describe('default password warning', () => {
  it('links the system administrator to the change-password dialog and goes once the password changed', async () => {
    const { user } = renderApp({
      path: '/home',
      signedInAs: SYSADMIN,
      backend: backendWithDefaultPassword(),
    });
    const warning = await screen.findByTestId('default-password-warning');
    expect(warning).toHaveTextContent(WARNING);
    await user.click(within(warning).getByRole('link', { name: 'Change password' }));

    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    await user.type(within(dialog).getByLabelText(/^Current password/), 'sysadmin');
    await user.type(within(dialog).getByLabelText(/^New password/), 'new-secret-1');
    await user.type(within(dialog).getByLabelText(/^Repeat new password/), 'new-secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.queryByTestId('default-password-warning')).not.toBeInTheDocument());
  });

  it('can be dismissed for the browser session', async () => {
    const backend = backendWithDefaultPassword();
    const first = renderApp({ path: '/home', signedInAs: SYSADMIN, backend });
    const warning = await screen.findByTestId('default-password-warning');
    await first.user.click(within(warning).getByRole('button', { name: 'Close' }));
    expect(screen.queryByTestId('default-password-warning')).not.toBeInTheDocument();
    first.unmount();

    renderApp({ path: '/home', signedInAs: SYSADMIN, backend });
    await screen.findByTestId('home-page');
    expect(screen.queryByTestId('default-password-warning')).not.toBeInTheDocument();
  });

  it('is shown in German from the German catalogue', async () => {
    const backend = backendWithDefaultPassword();
    const sysadmin = backend.users.get(SYSADMIN);
    if (sysadmin) {
      backend.users.set(SYSADMIN, {
        ...sysadmin,
        additionalInfo: { defaultPasswordInUse: true, lang: 'de_DE' },
      });
    }
    renderApp({ path: '/home', signedInAs: SYSADMIN, backend });
    const warning = await screen.findByTestId('default-password-warning');
    expect(warning).toHaveTextContent(/Standardpasswort des Systemadministrators/);
    expect(within(warning).getByRole('link', { name: 'Passwort ändern' })).toBeInTheDocument();
  });

  it('is not shown without the flag', async () => {
    renderApp({ path: '/home', signedInAs: SYSADMIN });
    await screen.findByTestId('home-page');
    expect(screen.queryByTestId('default-password-warning')).not.toBeInTheDocument();
  });
});
