import { SUPPORTED_LANGUAGES, type User } from '@meridian/common';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OFFERED_LANGUAGES } from '../../i18n/languages';
import { createFakeBackend } from '../../test/fake-backend';
import { renderApp } from '../../test/render-app';

describe('profile language', () => {
  it('offers all twenty languages, each complete (locales.test.ts)', () => {
    expect([...OFFERED_LANGUAGES].sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
  });

  it('shows the console in the stored language, and the picker names each language in its own words', async () => {
    const backend = createFakeBackend();
    const tenant = backend.users.get('tenant@meridian.test') as User;
    backend.users.set(tenant.email, {
      ...tenant,
      additionalInfo: { ...tenant.additionalInfo, lang: 'fr_FR' },
    });

    const { user } = renderApp({ path: '/profile', signedInAs: 'tenant@meridian.test', backend });
    await waitFor(() => expect(document.documentElement.lang).toBe('fr-FR'));
    const picker = await screen.findByRole('combobox', { name: 'Langue' });
    await user.click(picker);
    expect(await screen.findByRole('option', { name: 'Deutsch' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: '日本語' })).toBeInTheDocument();
  });
});
