import type { DashboardFilter, Timewindow, WidgetAction } from '@meridian/common';
import { createContext, useContext } from 'react';
import type { ActionTarget } from './actions/widget-actions';
import type { AliasEntity } from './runtime/alias-resolution';
import type { DashboardModel } from './runtime/dashboard-model';
import type { StateParams } from './runtime/state-param';
import type { SubscriptionWindow } from './runtime/subscription-window';

/** Runs a widget action against the open dashboard; `anchor` places a popover. */
export type ActionRunner = (action: WidgetAction, target: ActionTarget, anchor?: HTMLElement) => void;

/** What every widget of an open dashboard shares: the model, the current state and the time window. */
export interface DashboardRuntime {
  dashboardId: string;
  model: DashboardModel;
  stateParams: StateParams;
  window: SubscriptionWindow;
  /** The dashboard's time window as the viewer has it (saved, or changed in this view); none saved means the default. */
  timewindow: Timewindow | undefined;
  /** Changes the dashboard's time window for this view (the toolbar, a date-range navigator). */
  setTimewindow: (next: Timewindow) => void;
  /** The dashboard's filters, with the values the viewer gave their editable predicates. */
  filters: Record<string, DashboardFilter>;
  setFilter: (filter: DashboardFilter) => void;
  /** The entity the viewer picked for an alias in the toolbar, by alias id. */
  aliasSelections: Record<string, AliasEntity>;
  selectAliasEntity: (aliasId: string, entity: AliasEntity) => void;
  runAction: ActionRunner;
  /** A public viewer's dashboard: controls show values but send nothing. */
  readOnly: boolean;
}

export const DashboardRuntimeContext = createContext<DashboardRuntime | null>(null);

export function useDashboardRuntime(): DashboardRuntime {
  const runtime = useContext(DashboardRuntimeContext);
  if (!runtime) throw new Error('useDashboardRuntime must be used inside a dashboard');
  return runtime;
}
