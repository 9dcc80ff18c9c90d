import type { WidgetAction } from '@meridian/common';
import { createContext, useContext } from 'react';
import type { ActionTarget } from './widget-actions';

/** A widget's configured actions, by action source, and how to run one. */
export interface WidgetActions {
  /** The actions of one source (`headerButton`, `actionCellButton`, `rowClick`, `rowDoubleClick`…). */
  of(sourceId: string): WidgetAction[];
  run(action: WidgetAction, target: ActionTarget, anchor?: HTMLElement): void;
}

/** Outside a dashboard (a widget shown on its own) a widget has no actions. */
const NONE: WidgetActions = { of: () => [], run: () => undefined };

export const WidgetActionsContext = createContext<WidgetActions>(NONE);

/** The actions of the widget being rendered. */
export function useWidgetActions(): WidgetActions {
  return useContext(WidgetActionsContext);
}
