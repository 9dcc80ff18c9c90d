import type { User } from '@meridian/common';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createFakeBackend, pairFor } from '../../test/fake-backend';
import { renderApp } from '../../test/render-app';

// These tests exercise the language picker, which shows once a second language is complete; today
// only English is (see OFFERED_LANGUAGES), so they offer German and French as if they were.
vi.mock('../../i18n/languages', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../i18n/languages')>();
  const offered = ['en_US', 'de_DE', 'fr_FR'];
  return {
    ...original,
    OFFERED_LANGUAGES: offered,
    isSupportedLanguage: (value: string | null | undefined) =>
      typeof value === 'string' && offered.includes(value),
  };
});

async function openProfile(email = 'tenant@meridian.test', backend = createFakeBackend()) {
  const app = renderApp({ path: '/profile', signedInAs: email, backend });
  await screen.findByRole('heading', { name: 'Your details' });
  return app;
}

describe('ProfilePage', () => {
  it('shows the current user and keeps Save disabled until something changes', async () => {
    await openProfile();
    expect(screen.getByLabelText(/^Email/)).toHaveValue('tenant@meridian.test');
    expect(screen.getByLabelText('First name')).toHaveValue('Tina');
    expect(screen.getByLabelText('Last name')).toHaveValue('Tenant');
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveTextContent('English');
    expect(screen.getByLabelText('Default dashboard')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('hides the default dashboard settings for a system administrator', async () => {
    await openProfile('sysadmin@meridian.test');
    expect(screen.queryByLabelText('Default dashboard')).not.toBeInTheDocument();
    expect(screen.queryByText('Always open the default dashboard fullscreen')).not.toBeInTheDocument();
  });

  it('applies the picked language on Save, not before, saves it with the full user object and keeps it after a reload', async () => {
    const backend = createFakeBackend();
    const first = await openProfile('tenant@meridian.test', backend);
    await first.user.click(screen.getByRole('combobox', { name: 'Language' }));
    await first.user.click(await screen.findByRole('option', { name: 'Deutsch' }));
    // Picked, not yet saved: the console still speaks English.
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveTextContent('Deutsch');
    expect(screen.getByRole('heading', { name: 'Your details' })).toBeInTheDocument();

    await first.user.clear(screen.getByLabelText('First name'));
    await first.user.type(screen.getByLabelText('First name'), 'Tanja');
    await first.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Hauptmenü' })).toHaveTextContent('Startseite');
    expect(screen.getByRole('heading', { name: 'Ihre Angaben' })).toBeInTheDocument();
    expect(backend.callsTo('POST', '/api/user')).toHaveLength(1);
    const saved = backend.callsTo('POST', '/api/user')[0]?.body as User;
    expect(saved).toMatchObject({
      id: { entityType: 'USER', id: 'id-tenant@meridian.test' },
      authority: 'TENANT_ADMIN',
      tenantId: { entityType: 'TENANT', id: 'tenant-1' },
      email: 'tenant@meridian.test',
      firstName: 'Tanja',
      lastName: 'Tenant',
      additionalInfo: { lang: 'de_DE', defaultDashboardId: null, defaultDashboardFullscreen: false },
    });
    await waitFor(() => expect(screen.getByTestId('user-display-name')).toHaveTextContent('Tanja Tenant'));
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled();
    first.unmount();

    // A reload starts the console afresh: the saved language comes back with the user.
    renderApp({ path: '/profile', signedInAs: 'tenant@meridian.test', backend });
    expect(await screen.findByRole('heading', { name: 'Ihre Angaben' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveTextContent('Deutsch');
  });

  it('enables Save after changing only the language', async () => {
    const { user, backend } = await openProfile('sysadmin@meridian.test');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Français' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(backend.callsTo('POST', '/api/user')).toHaveLength(1));
    expect((backend.callsTo('POST', '/api/user')[0]?.body as User | undefined)?.additionalInfo).toEqual({
      lang: 'fr_FR',
    });
  });

  it('picks a default dashboard from the tenant dashboards', async () => {
    const { user, backend } = await openProfile();
    await user.click(screen.getByLabelText('Default dashboard'));
    await user.click(await screen.findByRole('option', { name: 'Thermostats' }));
    await user.click(screen.getByRole('switch', { name: 'Always open the default dashboard fullscreen' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(backend.callsTo('POST', '/api/user')).toHaveLength(1));
    expect((backend.callsTo('POST', '/api/user')[0]?.body as User | undefined)?.additionalInfo).toMatchObject(
      {
        defaultDashboardId: 'd-2',
        defaultDashboardFullscreen: true,
      },
    );
    const search = backend.callsTo('GET', '/api/tenant/dashboards')[0];
    expect(search?.query.get('pageSize')).toBe('10');
    expect(search?.query.get('sortProperty')).toBe('title');
    expect(search?.query.get('sortOrder')).toBe('ASC');
  });

  it('change password: a mismatch shows the error toast and sends nothing', async () => {
    const { user, backend } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    await user.type(within(dialog).getByLabelText(/^Current password/), 'tenant');
    await user.type(within(dialog).getByLabelText(/^New password/), 'new-secret-1');
    await user.type(within(dialog).getByLabelText(/^Repeat new password/), 'new-secret-2');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The two passwords must be the same.');
    expect(backend.callsTo('POST', '/api/auth/changePassword')).toHaveLength(0);
  });

  it('change password: stores the new token pair', async () => {
    const next = pairFor({
      email: 'tenant@meridian.test',
      password: 'x',
      authority: 'TENANT_ADMIN',
      firstName: 'Tina',
    });
    const backend = createFakeBackend({ 'POST /api/auth/changePassword': () => ({ body: next }) });
    const { user } = await openProfile('tenant@meridian.test', backend);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change password' });
    await user.type(within(dialog).getByLabelText(/^Current password/), 'tenant');
    await user.type(within(dialog).getByLabelText(/^New password/), 'new-secret-1');
    await user.type(within(dialog).getByLabelText(/^Repeat new password/), 'new-secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Password changed');
    expect(backend.callsTo('POST', '/api/auth/changePassword')[0]?.body).toEqual({
      currentPassword: 'tenant',
      newPassword: 'new-secret-1',
    });
    expect(localStorage.getItem('jwt_token')).toBe(next.token);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
