import { configure, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { selectors } from '../../selectors';
import { createEntityBackend } from '../../test/fake-entities';
import { renderApp } from '../../test/render-app';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 5000 });

const TENANT = 'tenant@meridian.test';
const MISSING_ID = '0f0f0f0f-0000-4000-8000-000000000000';

describe('not found', () => {
  it('an unknown route shows "page not found" with a link home, and stays on its address', async () => {
    const { router, user } = renderApp({ path: '/no/such/page', signedInAs: TENANT });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('There is no page at /no/such/page.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/no/such/page');
    await user.click(screen.getByRole('link', { name: 'Go to home' }));
    expect(await screen.findByTestId(selectors.home.page)).toBeInTheDocument();
  });

  it('a details page of an entity that does not exist says so in the page, with no 404 toast', async () => {
    const { backend } = renderApp({
      path: `/devices/${MISSING_ID}`,
      signedInAs: TENANT,
      backend: createEntityBackend(),
    });
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
    expect(backend.callsTo('GET', `/api/device/info/${MISSING_ID}`)).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to the list' })).toHaveAttribute('href', '/devices');
    expect(screen.queryByTestId(selectors.app.toast)).not.toBeInTheDocument();
  });
});
