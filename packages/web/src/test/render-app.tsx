import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/App';
import { type LoginParams, NO_LOGIN_PARAMS } from '../app/auth/login-params';
import { TokenStore } from '../app/auth/token-store';
import { createAppRoutes } from '../app/routes/routes';
import { createAppServices } from '../app/services/create-services';
import { withBulkExpansion } from './bulk-expansion';
import { ACCOUNTS, createFakeBackend, type FakeBackend, pairFor } from './fake-backend';

export interface RenderAppOptions {
  path?: string;
  backend?: FakeBackend;
  /** Start signed in as this account (tokens in storage). */
  signedInAs?: string;
  /** Login-time query parameters, as main.tsx reads them from the address bar. */
  loginParams?: Partial<LoginParams>;
}

/** Renders the whole console on a memory router against a fake backend, like main.tsx does. */
export function renderApp({
  path = '/',
  backend = createFakeBackend(),
  signedInAs,
  loginParams,
}: RenderAppOptions = {}) {
  if (signedInAs) {
    const account = ACCOUNTS.find((item) => item.email === signedInAs);
    if (!account) {
      throw new Error(`Unknown account ${signedInAs}`);
    }
    const tokens = new TokenStore(window.localStorage);
    const pair = pairFor(account);
    tokens.store('access', pair.token);
    tokens.store('refresh', pair.refreshToken);
  }
  const routes = createAppRoutes();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const services = createAppServices({
    fetch: withBulkExpansion(backend.fetch),
    storage: window.localStorage,
    currentUrl: () => `${router.state.location.pathname}${router.state.location.search}`,
    fallbackLanguage: () => 'en_US',
  });
  void services.auth.reloadUser({ ...NO_LOGIN_PARAMS, ...loginParams });
  const user = userEvent.setup();
  const view = render(<App services={services} routes={routes} router={router} />);
  return { ...view, services, router, backend, user };
}
