import { act, configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../selectors';
import { createEntityBackend } from '../../test/fake-entities';
import { renderApp } from '../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const TENANT = 'tenant@meridian.test';

// Spec 1 §2: the home shell offers its toolbar search exactly on pages that support search text,
// which in this console are the entity lists; it is not on Home, Profile or details pages.
describe('toolbar search of the home shell', () => {
  it('is offered on the list pages, and a list page shows no second search of its own', async () => {
    const { router } = renderApp({ path: '/devices', signedInAs: TENANT, backend: createEntityBackend() });
    for (const path of ['/devices', '/assets', '/customers', '/deviceProfiles']) {
      await act(async () => {
        await router.navigate(path);
      });
      await screen.findAllByTestId(selectors.entityTable.row);
      expect(await screen.findByTestId(selectors.shell.searchToggle)).toBeInTheDocument();
      expect(screen.queryByTestId(selectors.entityTable.searchToggle)).not.toBeInTheDocument();
    }
  });

  it('is not offered on pages without search text (Home, Profile)', async () => {
    const { router } = renderApp({ path: '/home', signedInAs: TENANT, backend: createEntityBackend() });
    await screen.findByTestId(selectors.home.page);
    expect(screen.queryByTestId(selectors.shell.searchToggle)).not.toBeInTheDocument();
    await act(async () => {
      await router.navigate('/profile');
    });
    await screen.findByTestId(selectors.profile.page);
    expect(screen.queryByTestId(selectors.shell.searchToggle)).not.toBeInTheDocument();
  });

  it('filters the list: the text goes to the server as textSearch', async () => {
    const { user, backend } = renderApp({
      path: '/devices',
      signedInAs: TENANT,
      backend: createEntityBackend(),
    });
    await screen.findAllByTestId(selectors.entityTable.row);
    await user.click(screen.getByTestId(selectors.shell.searchToggle));
    await user.type(screen.getByTestId(selectors.shell.searchInput), 'therm');
    await waitFor(() =>
      expect(backend.callsTo('GET', '/api/tenant/deviceInfos').at(-1)?.query.get('textSearch')).toBe('therm'),
    );
  });
});
