import type { Dashboard, Timewindow } from '@meridian/common';
import Box from '@mui/material/Box';
import { type ReactNode, useMemo, useState } from 'react';
import { DashboardLayoutView } from './DashboardLayoutView';
import { DashboardToolbar } from './DashboardToolbar';
import { DashboardRuntimeContext } from './dashboard-runtime-context';
import { restoreDashboard } from './runtime/restore-dashboard';
import { localTimeZone, subscriptionWindowOf } from './runtime/subscription-window';
import { dashboardSelectors } from './selectors';
import { useDashboardState } from './useDashboardState';

/**
 * A dashboard, read-only: toolbar (unless hidden) and the current state's main layout. The runtime
 * every widget reads (model, state, time window) is provided here.
 */
export function DashboardViewer({
  dashboard,
  hideToolbar,
  toolbarEnd,
}: {
  dashboard: Dashboard;
  hideToolbar: boolean;
  toolbarEnd?: ReactNode;
}) {
  const model = useMemo(() => restoreDashboard(dashboard.configuration), [dashboard.configuration]);
  const { state } = useDashboardState(model);
  // The viewer's time window: the saved one until the viewer changes it (not saved).
  const [changed, setChanged] = useState<{ model: typeof model; timewindow: Timewindow } | null>(null);
  const timewindow = changed?.model === model ? changed.timewindow : model.timewindow;
  const window = useMemo(() => subscriptionWindowOf(timewindow, Date.now(), localTimeZone()), [timewindow]);
  const stateParams = state?.params;
  const runtime = useMemo(
    () => ({ dashboardId: dashboard.id.id, model, stateParams: stateParams ?? {}, window }),
    [dashboard.id.id, model, stateParams, window],
  );
  const layout = state ? model.states[state.id]?.layouts.main : undefined;
  return (
    <DashboardRuntimeContext.Provider value={runtime}>
      <Box
        data-testid={dashboardSelectors.viewer}
        sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
      >
        {!(hideToolbar || model.settings.hideToolbar) && (
          <DashboardToolbar
            title={model.settings.showTitle ? dashboard.title : null}
            titleColor={model.settings.titleColor}
            timewindow={timewindow}
            onTimewindowChange={(next) => setChanged({ model, timewindow: next })}
            showTimewindow={model.settings.showDashboardTimewindow}
            end={toolbarEnd}
          />
        )}
        {layout && <DashboardLayoutView layout={layout} model={model} />}
      </Box>
    </DashboardRuntimeContext.Provider>
  );
}
