import type { WidgetItem } from './widget-item';

/**
 * The copied widget, kept for the console session: it pastes into any dashboard opened later, with
 * its aliases and filters (as the reference's item buffer does).
 */
let copied: WidgetItem | null = null;

export function copiedWidget(): WidgetItem | null {
  return copied;
}

export function setCopiedWidget(item: WidgetItem): void {
  copied = item;
}

/**
 * A widget copied by reference ("Copy reference"): the same widget, to be shown in another state or
 * layout of the same dashboard, so it pastes only there.
 */
export interface WidgetReference {
  dashboardId: string;
  widgetId: string;
  size: { sizeX: number; sizeY: number };
  /** The columns of the layout it was copied from, to scale its size. */
  columns: number;
}

let reference: WidgetReference | null = null;

/** The widget copied by reference on the dashboard `dashboardId`, else null. */
export function copiedReference(dashboardId: string): WidgetReference | null {
  return reference?.dashboardId === dashboardId ? reference : null;
}

export function setCopiedReference(value: WidgetReference): void {
  reference = value;
}
