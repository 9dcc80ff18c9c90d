import type { DataKey, WidgetConfig } from '@meridian/common';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TelemetrySocket } from '../api/ws/telemetry-socket';
import { TelemetrySocketContext } from '../api/ws/use-telemetry-socket';
import type { AppServices } from '../app/services/services-context';
import { ServicesContext } from '../app/services/services-context';
import { testRuntime } from '../test/dashboard-runtime';
import { WithConsoleMessages } from '../test/i18n-console';
import { InThreadWorker } from '../test/in-thread-sandbox';
import { simpleCardSelectors } from '../widgets/simple-card/selectors';
import { DashboardRuntimeContext } from './dashboard-runtime-context';
import type { DashboardModel } from './runtime/dashboard-model';
import { setSandboxWorkerFactory } from './sandbox/tenant-scripts';
import { dashboardSelectors } from './selectors';
import { WidgetHost } from './WidgetHost';

const fnKey = (funcBody: string): DataKey => ({
  name: 'f(x)',
  type: 'function',
  label: 'F',
  color: '#000',
  funcBody,
  decimals: 0,
});
const card = (id: string, funcBody: string) => ({
  id,
  bundleAlias: 'cards',
  typeAlias: 'simple_card',
  type: 'latest' as const,
  sizeX: 6,
  sizeY: 4,
  config: {
    title: id,
    datasources: [{ type: 'function' as const, dataKeys: [fnKey(funcBody)] }],
  } as WidgetConfig,
});

function renderCards(...widgets: ReturnType<typeof card>[]) {
  const runtime = testRuntime({ model: { entityAliases: {} } as unknown as DashboardModel });
  return render(
    <WithConsoleMessages>
      <QueryClientProvider client={new QueryClient()}>
        <ServicesContext.Provider value={{} as AppServices}>
          <TelemetrySocketContext.Provider value={{} as TelemetrySocket}>
            <DashboardRuntimeContext.Provider value={runtime}>
              {widgets.map((widget) => (
                <WidgetHost key={widget.id} widget={widget} />
              ))}
            </DashboardRuntimeContext.Provider>
          </TelemetrySocketContext.Provider>
        </ServicesContext.Provider>
      </QueryClientProvider>
    </WithConsoleMessages>,
  );
}

describe('widgets with tenant scripts', () => {
  beforeEach(() => setSandboxWorkerFactory(() => new InThreadWorker()));
  afterEach(() => setSandboxWorkerFactory(null));

  it('shows a function key’s value, and a throwing function’s error in its own widget only', async () => {
    renderCards(card('good', 'return 41 + 1;'), card('bad', 'throw new Error("nope");'));
    const good = screen.getByTestId(dashboardSelectors.widget('good'));
    const value = await within(good).findByTestId(simpleCardSelectors.value);
    await waitFor(() => expect(value).toHaveTextContent('42'));
    const bad = screen.getByTestId(dashboardSelectors.widget('bad'));
    expect(await within(bad).findByText('A script of this widget failed.')).toBeInTheDocument();
    expect(within(bad).getByText('Error: nope')).toBeInTheDocument();
    expect(within(good).queryByText('A script of this widget failed.')).toBeNull();
  });
});
