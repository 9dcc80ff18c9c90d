import type { HomeDashboard } from '@meridian/common';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { editorSelectors } from '../../dashboard/editor/editor-selectors';
import { dashboardSelectors } from '../../dashboard/selectors';
import { selectors } from '../../selectors';
import { createFakeBackend } from '../../test/fake-backend';
import { renderApp } from '../../test/render-app';

/** A home dashboard with one widget of a type the console does not render (no data to fetch). */
function homeDashboard(hideDashboardToolbar: boolean): HomeDashboard {
  return {
    id: { entityType: 'DASHBOARD', id: 'home-1' },
    createdTime: 1_700_000_000_000,
    tenantId: { entityType: 'TENANT', id: 'tenant-1' },
    title: 'Demo devices',
    image: null,
    assignedCustomers: [],
    mobileHide: false,
    mobileOrder: null,
    name: 'Demo devices',
    hideDashboardToolbar,
    configuration: {
      widgets: {
        gizmo: {
          id: 'gizmo',
          bundleAlias: 'custom_bundle',
          typeAlias: 'gizmo',
          type: 'static',
          sizeX: 8,
          sizeY: 5,
          config: { title: 'Gizmo', showTitle: true, datasources: [], settings: {} },
        },
      },
      states: {
        default: {
          name: 'Demo devices',
          root: true,
          layouts: {
            main: {
              widgets: { gizmo: { sizeX: 8, sizeY: 5, row: 0, col: 0 } },
              gridSettings: { columns: 24, margins: [10, 10] },
            },
          },
        },
      },
      entityAliases: {},
      timewindow: { realtime: { timewindowMs: 3_600_000 } },
      settings: { showTitle: true },
    },
  };
}

describe('home page', () => {
  // jsdom has no ResizeObserver; the dashboard layout measures its width with one.
  beforeEach(() => {
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the home dashboard the server names, with its toolbar, instead of the shortcuts', async () => {
    const backend = createFakeBackend({
      'GET /api/dashboard/home': () => ({ body: homeDashboard(false) }),
    });
    renderApp({ path: '/home', signedInAs: 'tenant@meridian.test', backend });
    // The first test loads the lazy shell, home page and viewer modules.
    await screen.findByTestId(selectors.home.dashboard, {}, { timeout: 5000 });
    expect(await screen.findByTestId(dashboardSelectors.viewer)).toBeInTheDocument();
    expect(await screen.findByTestId(dashboardSelectors.title)).toHaveTextContent('Demo devices');
    expect(await screen.findByTestId(dashboardSelectors.widget('gizmo'))).toBeInTheDocument();
    expect(screen.queryByTestId(selectors.home.section('devices'))).not.toBeInTheDocument();
    expect(screen.queryAllByRole('region')).toEqual([]);
    expect(backend.callsTo('GET', '/api/dashboard/home')).toHaveLength(1);
    // The tenant's administrator may edit it here, as on its own page.
    expect(screen.getByTestId(editorSelectors.edit)).toBeInTheDocument();
  });

  it("offers no editing to a customer's user", async () => {
    const backend = createFakeBackend({
      'GET /api/dashboard/home': () => ({ body: homeDashboard(false) }),
    });
    renderApp({ path: '/home', signedInAs: 'customer@meridian.test', backend });
    await screen.findByTestId(dashboardSelectors.widget('gizmo'), {}, { timeout: 5000 });
    expect(screen.getByTestId(dashboardSelectors.toolbar)).toBeInTheDocument();
    expect(screen.queryByTestId(editorSelectors.edit)).not.toBeInTheDocument();
  });

  it.each([
    ['a string', 'text'],
    ['a number', 42],
    ['an array', [1, 2]],
    ['null', null],
  ])(
    'opens a dashboard whose configuration is %s (any JSON value is stored) as an empty one',
    async (_label, configuration) => {
      const backend = createFakeBackend({
        'GET /api/dashboard/home': () => ({ body: { ...homeDashboard(false), configuration } }),
      });
      renderApp({ path: '/home', signedInAs: 'tenant@meridian.test', backend });
      expect(await screen.findByTestId(dashboardSelectors.viewer, {}, { timeout: 5000 })).toBeInTheDocument();
      expect(await screen.findByTestId(dashboardSelectors.title)).toHaveTextContent('Demo devices');
      expect(screen.queryByTestId(dashboardSelectors.widget('gizmo'))).not.toBeInTheDocument();
    },
  );

  it('hides the toolbar when the home dashboard setting says so', async () => {
    const backend = createFakeBackend({
      'GET /api/dashboard/home': () => ({ body: homeDashboard(true) }),
    });
    renderApp({ path: '/home', signedInAs: 'customer@meridian.test', backend });
    await screen.findByTestId(dashboardSelectors.widget('gizmo'));
    expect(screen.queryByTestId(dashboardSelectors.toolbar)).not.toBeInTheDocument();
  });

  it('shows the shortcuts when there is no home dashboard, or it cannot be read', async () => {
    const backend = createFakeBackend();
    renderApp({ path: '/home', signedInAs: 'tenant@meridian.test', backend });
    expect(await screen.findAllByRole('region')).not.toHaveLength(0);
    expect(screen.queryByTestId(selectors.home.dashboard)).not.toBeInTheDocument();
    expect(backend.callsTo('GET', '/api/dashboard/home')).toHaveLength(1);
  });

  it('falls back to the shortcuts, without an error message, when the request fails', async () => {
    const backend = createFakeBackend({
      'GET /api/dashboard/home': () => ({
        status: 500,
        body: { status: 500, message: 'Boom', errorCode: 2, timestamp: 0 },
      }),
    });
    renderApp({ path: '/home', signedInAs: 'tenant@meridian.test', backend });
    expect(await screen.findAllByRole('region')).not.toHaveLength(0);
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
  });

  it('does not ask for a home dashboard as the system administrator', async () => {
    const backend = createFakeBackend();
    renderApp({ path: '/home', signedInAs: 'sysadmin@meridian.test', backend });
    expect(await screen.findAllByRole('region')).not.toHaveLength(0);
    expect(backend.callsTo('GET', '/api/dashboard/home')).toEqual([]);
  });
});
