import { DEFAULT_LANGUAGE, type User } from '@meridian/common';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OFFERED_LANGUAGES } from '../../i18n/languages';
import { createFakeBackend } from '../../test/fake-backend';
import { renderApp } from '../../test/render-app';

describe('profile language while English is the only complete language', () => {
  it('offers no picker, and a stored incomplete language neither applies nor gets overwritten', async () => {
    expect(OFFERED_LANGUAGES).toEqual([DEFAULT_LANGUAGE]);
    const backend = createFakeBackend();
    const tenant = backend.users.get('tenant@meridian.test') as User;
    backend.users.set(tenant.email, {
      ...tenant,
      additionalInfo: { ...tenant.additionalInfo, lang: 'de_DE' },
    });

    const { user } = renderApp({ path: '/profile', signedInAs: 'tenant@meridian.test', backend });
    expect(await screen.findByRole('heading', { name: 'Your details' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Language' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('First name'), 'a');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(backend.callsTo('POST', '/api/user')).toHaveLength(1));
    const saved = backend.callsTo('POST', '/api/user')[0]?.body as User | undefined;
    expect(saved?.additionalInfo?.lang).toBe('de_DE');
    expect(document.documentElement.lang).toBe('en-US');
  });
});
