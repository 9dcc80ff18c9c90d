import type { Authority, JsonObject } from '@meridian/common';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type AuthState, INITIAL_AUTH_STATE } from '../../app/auth/auth-state';
import { WithConsoleMessages } from '../../test/i18n-console';
import { NavigationCardWidget } from '../navigation-card/NavigationCardWidget';
import { navigationSelectors as s } from '../navigation-support/selectors';
import type { WidgetProps } from '../widget-definition';
import { NavigationCardsWidget } from './NavigationCardsWidget';

const auth = vi.hoisted(() => ({ state: null as unknown }));
vi.mock('../../app/services/useAuthState', () => ({ useAuthState: () => auth.state }));

function signIn(authority: Authority, isPublic = false) {
  auth.state = {
    ...INITIAL_AUTH_STATE,
    isAuthenticated: true,
    authUser: {
      sub: 'u',
      scopes: [authority],
      userId: 'u-1',
      tenantId: 't-1',
      customerId: null,
      firstName: null,
      lastName: null,
      isPublic,
      authority,
    },
  } satisfies AuthState;
}

const props = (settings: JsonObject): WidgetProps => ({
  config: { settings },
  data: [],
  range: { startTs: 0, endTs: 1 },
});

/** Renders a widget on a dashboard route, with the pages it links to. */
function renderAt(ui: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: ui },
      { path: '*', element: <p data-testid="page">page</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(
    <WithConsoleMessages>
      <RouterProvider router={router} />
    </WithConsoleMessages>,
  );
  return router;
}

const cardPaths = () =>
  Array.from(document.querySelectorAll('[data-navigation-card]')).map((card) => card.getAttribute('href'));

describe('NavigationCardsWidget', () => {
  beforeEach(() => signIn('TENANT_ADMIN'));

  it('shows every page of the user’s home sections with its translated name, and navigates on click', async () => {
    const router = renderAt(<NavigationCardsWidget {...props({ filterType: 'all', filter: [] })} />);
    expect(cardPaths()).toEqual([
      '/ruleChains',
      '/customers',
      '/assets',
      '/devices',
      '/deviceProfiles',
      '/entityViews',
      '/widgets-bundles',
      '/dashboards',
      '/auditLogs',
      '/usage',
    ]);
    expect(screen.getByTestId(s.card('/devices'))).toHaveTextContent('Devices');
    await userEvent.click(screen.getByTestId(s.card('/devices')));
    expect(router.state.location.pathname).toBe('/devices');
    expect(screen.getByTestId('page')).toBeInTheDocument();
  });

  it('keeps only the included paths, dropping sections left empty', () => {
    renderAt(
      <NavigationCardsWidget {...props({ filterType: 'include', filter: ['/devices', '/assets'] })} />,
    );
    expect(cardPaths()).toEqual(['/assets', '/devices']);
    expect(screen.getAllByTestId(s.section)).toHaveLength(2);
  });

  it('leaves out the excluded paths', () => {
    renderAt(
      <NavigationCardsWidget
        {...props({ filterType: 'exclude', filter: ['/devices', '/customers', '/auditLogs'] })}
      />,
    );
    expect(cardPaths()).toEqual([
      '/ruleChains',
      '/assets',
      '/deviceProfiles',
      '/entityViews',
      '/widgets-bundles',
      '/dashboards',
      '/usage',
    ]);
  });

  it('follows the authority’s menu: a customer user gets no tenant pages', () => {
    signIn('CUSTOMER_USER');
    renderAt(<NavigationCardsWidget {...props({})} />);
    expect(cardPaths()).toEqual(['/assets', '/devices', '/entityViews', '/dashboards']);
  });

  it('shows a public viewer nothing to open', () => {
    signIn('CUSTOMER_USER', true);
    renderAt(
      <>
        <NavigationCardsWidget {...props({})} />
        <NavigationCardWidget {...props({ path: '/devices' })} />
      </>,
    );
    expect(cardPaths()).toEqual([]);
  });
});

describe('NavigationCardWidget', () => {
  beforeEach(() => signIn('TENANT_ADMIN'));

  it('links its icon and name to its path', async () => {
    const router = renderAt(
      <NavigationCardWidget {...props({ name: 'Assets', icon: 'domain', path: '/assets' })} />,
    );
    const card = screen.getByTestId(s.card('/assets'));
    expect(card).toHaveTextContent('domainAssets');
    await userEvent.click(card);
    expect(router.state.location.pathname).toBe('/assets');
  });

  it('translates an i18n name and falls back to the reference defaults', () => {
    renderAt(<NavigationCardWidget {...props({})} />);
    expect(screen.getByTestId(s.card('/devices'))).toHaveTextContent('Devices');
  });
});
