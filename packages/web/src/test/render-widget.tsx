import type { Authority } from '@meridian/common';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { TokenStore } from '../app/auth/token-store';
import { createAppServices } from '../app/services/create-services';
import { ServicesContext } from '../app/services/services-context';
import { ACCOUNTS, createFakeBackend, type FakeBackend, pairFor } from './fake-backend';
import { WithConsoleMessages } from './i18n-console';

/**
 * Renders a widget that talks to the server (an RPC control) with the console's services over a
 * fake backend, signed in as the tenant administrator (or another account), with the English
 * messages.
 */
export function renderWithServices(
  ui: ReactNode,
  backend: FakeBackend = createFakeBackend(),
  authority: Authority = 'TENANT_ADMIN',
) {
  const account = ACCOUNTS.find((item) => item.authority === authority);
  if (!account) throw new Error(`No ${authority} account`);
  const tokens = new TokenStore(window.localStorage);
  const pair = pairFor(account);
  tokens.store('access', pair.token);
  tokens.store('refresh', pair.refreshToken);
  const services = createAppServices({
    fetch: backend.fetch,
    storage: window.localStorage,
    currentUrl: () => '/',
    fallbackLanguage: () => 'en_US',
  });
  const user = userEvent.setup();
  // A wrapper, so a rerender with new props keeps the services and messages.
  const view = render(ui, {
    wrapper: ({ children }) => (
      <ServicesContext.Provider value={services}>
        <QueryClientProvider client={services.queryClient}>
          <WithConsoleMessages>{children}</WithConsoleMessages>
        </QueryClientProvider>
      </ServicesContext.Provider>
    ),
  });
  return { ...view, backend, services, user };
}
