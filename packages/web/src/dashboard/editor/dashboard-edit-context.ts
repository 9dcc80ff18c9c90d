import { createContext, useContext } from 'react';
import type { LayoutRef } from './config-edit';
import type { ManagerKind } from './managers/manager-kind';
import type { DashboardEditor } from './useDashboardEditor';

/** What the layouts of a dashboard in edit mode need: the edit session and the widget actions. */
export interface DashboardEditing {
  editor: DashboardEditor;
  copyWidget(ref: LayoutRef, widgetId: string): void;
  /** Pastes the copied widget into the layout; nothing when nothing was copied. */
  pasteWidget(ref: LayoutRef): void;
  /** Asks, then removes the widget from the layout. */
  deleteWidget(ref: LayoutRef, widgetId: string): void;
  /** Opens the widget's config editor. */
  editWidget(widgetId: string): void;
  /** Copies the widget by reference: pasted, the same widget shows in another layout too. */
  copyReference(ref: LayoutRef, widgetId: string): void;
  /** Shows the widget copied by reference in the layout; nothing when none was copied here. */
  pasteReference(ref: LayoutRef): void;
  /** Whether a widget was copied by reference on this dashboard. */
  hasReference(): boolean;
  /** Opens a manager's dialog (states, layouts, settings). */
  openManager(kind: ManagerKind): void;
}

export const DashboardEditContext = createContext<DashboardEditing | null>(null);

/** The edit session when the dashboard is in edit mode, else null. */
export function useDashboardEditing(): DashboardEditing | null {
  const editing = useContext(DashboardEditContext);
  return editing?.editor.editing ? editing : null;
}
