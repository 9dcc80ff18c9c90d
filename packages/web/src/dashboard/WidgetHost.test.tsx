import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AppServices } from '../app/services/services-context';
import { ServicesContext } from '../app/services/services-context';
import { WithConsoleMessages } from '../test/i18n-console';
import { findWidget, registeredWidgetKeys } from '../widgets/registry';
import { dashboardSelectors } from './selectors';
import { WidgetErrorBoundary } from './WidgetErrorBoundary';
import { WidgetHost } from './WidgetHost';

describe('widget registry and host', () => {
  it('finds native widgets by "<bundleAlias>.<typeAlias>" and nothing else', () => {
    expect(registeredWidgetKeys()).toContain('cards.simple_card');
    expect(findWidget({ bundleAlias: 'cards', typeAlias: 'simple_card' })?.kind).toBe('latest');
    expect(findWidget({ bundleAlias: 'cards', typeAlias: 'no_such_widget' })).toBeUndefined();
  });

  it('shows an unknown widget type as "Widget type not found" in its own frame', async () => {
    // The server has no such type in the system bundles nor in the tenant's.
    const asked: unknown[] = [];
    const http = {
      get: (path: string, options: { query?: unknown }) => {
        asked.push([path, options.query]);
        return Promise.reject(new Error('404'));
      },
    };
    render(
      <WithConsoleMessages>
        <QueryClientProvider client={new QueryClient()}>
          <ServicesContext.Provider value={{ http } as unknown as AppServices}>
            <WidgetHost
              widget={{
                id: 'w1',
                bundleAlias: 'custom',
                typeAlias: 'gizmo',
                type: 'latest',
                sizeX: 8,
                sizeY: 6,
                config: { title: 'Mine' },
              }}
            />
          </ServicesContext.Provider>
        </QueryClientProvider>
      </WithConsoleMessages>,
    );
    expect(await screen.findByTestId(dashboardSelectors.widget('w1'))).toHaveTextContent(
      'Widget type not found',
    );
    expect(asked).toEqual([
      ['/api/widgetType', { isSystem: true, bundleAlias: 'custom', alias: 'gizmo' }],
      ['/api/widgetType', { isSystem: false, bundleAlias: 'custom', alias: 'gizmo' }],
    ]);
    expect(screen.getByText('This console has no widget of type custom.gizmo.')).toBeInTheDocument();
  });

  it('keeps a widget that throws inside its boundary', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = () => {
      throw new Error('bad settings');
    };
    render(
      <div>
        <WidgetErrorBoundary fallback={(error) => <p>failed: {error.message}</p>}>
          <Broken />
        </WidgetErrorBoundary>
        <p>neighbour</p>
      </div>,
    );
    expect(screen.getByText('failed: bad settings')).toBeInTheDocument();
    expect(screen.getByText('neighbour')).toBeInTheDocument();
    quiet.mockRestore();
  });
});
