import type { DashboardFilter, Timewindow } from '@meridian/common';
import { useCallback, useState } from 'react';
import type { AliasEntity } from './runtime/alias-resolution';
import type { DashboardModel } from './runtime/dashboard-model';

/** What a viewer changes on an open dashboard without saving it. */
interface ViewChanges {
  timewindow?: Timewindow;
  filters: Record<string, DashboardFilter>;
  aliasSelections: Record<string, AliasEntity>;
}

const NONE: ViewChanges = { filters: {}, aliasSelections: {} };

/**
 * The viewer's own time window, filter values and picked alias entities, over the saved dashboard.
 * They belong to the dashboard they were made on: another dashboard (or a new version of this one)
 * starts from its saved values.
 */
export function useViewChanges(model: DashboardModel) {
  const [changes, setChanges] = useState<{ model: DashboardModel; view: ViewChanges }>({ model, view: NONE });
  const view = changes.model === model ? changes.view : NONE;
  const change = useCallback(
    (next: (view: ViewChanges) => ViewChanges) =>
      setChanges((current) => ({ model, view: next(current.model === model ? current.view : NONE) })),
    [model],
  );
  const setTimewindow = useCallback(
    (timewindow: Timewindow) => change((current) => ({ ...current, timewindow })),
    [change],
  );
  const setFilter = useCallback(
    (filter: DashboardFilter) =>
      change((current) => ({ ...current, filters: { ...current.filters, [filter.id]: filter } })),
    [change],
  );
  const selectAliasEntity = useCallback(
    (aliasId: string, entity: AliasEntity) =>
      change((current) => ({
        ...current,
        aliasSelections: { ...current.aliasSelections, [aliasId]: entity },
      })),
    [change],
  );
  return {
    timewindow: view.timewindow ?? model.timewindow,
    filters: view.filters === NONE.filters ? model.filters : { ...model.filters, ...view.filters },
    aliasSelections: view.aliasSelections,
    setTimewindow,
    setFilter,
    selectAliasEntity,
  };
}
