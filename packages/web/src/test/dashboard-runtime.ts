import type { DashboardRuntime } from '../dashboard/dashboard-runtime-context';
import type { DashboardModel } from '../dashboard/runtime/dashboard-model';

/**
 * A dashboard runtime for component tests: an empty dashboard in a realtime window that changes
 * nothing, with what the test needs set in `overrides`.
 */
export function testRuntime(overrides: Partial<DashboardRuntime> = {}): DashboardRuntime {
  return {
    dashboardId: 'dash-1',
    model: { entityAliases: {}, filters: {} } as unknown as DashboardModel,
    stateParams: {},
    window: { kind: 'realtime', timewindowMs: 60_000 },
    timewindow: undefined,
    setTimewindow: () => undefined,
    filters: {},
    setFilter: () => undefined,
    aliasSelections: {},
    selectAliasEntity: () => undefined,
    runAction: () => undefined,
    readOnly: false,
    ...overrides,
  };
}
