import { useMemo } from 'react';
import type { DashboardRuntime } from '../../dashboard/dashboard-runtime-context';
import type { DashboardModel } from '../../dashboard/runtime/dashboard-model';
import { localTimeZone, subscriptionWindowOf } from '../../dashboard/runtime/subscription-window';
import { useViewChanges } from '../../dashboard/useViewChanges';

/** Widget actions do nothing in a preview: there is no dashboard to open states in. */
const noAction = () => undefined;

/**
 * The runtime the previews of the widget library run in: the preview model with the default time
 * window, read only, so control widgets show their state but send nothing.
 */
export function usePreviewRuntime(model: DashboardModel): DashboardRuntime {
  const { timewindow, setTimewindow, filters, setFilter, aliasSelections, selectAliasEntity } =
    useViewChanges(model);
  const window = useMemo(() => subscriptionWindowOf(timewindow, Date.now(), localTimeZone()), [timewindow]);
  return useMemo(
    () => ({
      dashboardId: '',
      model,
      stateParams: {},
      window,
      timewindow,
      setTimewindow,
      filters,
      setFilter,
      aliasSelections,
      selectAliasEntity,
      runAction: noAction,
      readOnly: true,
    }),
    [model, window, timewindow, setTimewindow, filters, setFilter, aliasSelections, selectAliasEntity],
  );
}
