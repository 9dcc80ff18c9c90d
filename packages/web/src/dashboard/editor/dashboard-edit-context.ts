import { createContext, useContext } from 'react';
import type { LayoutRef } from './config-edit';
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
}

export const DashboardEditContext = createContext<DashboardEditing | null>(null);

/** The edit session when the dashboard is in edit mode, else null. */
export function useDashboardEditing(): DashboardEditing | null {
  const editing = useContext(DashboardEditContext);
  return editing?.editor.editing ? editing : null;
}
