import type { JsonObject, WidgetTypeDetails } from '@meridian/common';
import { widgetOfType } from '../../dashboard/editor/widget-item';
import type { DashboardModel } from '../../dashboard/runtime/dashboard-model';
import { restoreDashboard } from '../../dashboard/runtime/restore-dashboard';

/** The previews of a bundle's types: a dashboard model with one widget per type, by type id. */
export interface PreviewModel {
  model: DashboardModel;
  /** Types whose default config does not parse, by id, with the reason. */
  broken: Record<string, string>;
}

/**
 * A dashboard of the bundle's types as the library previews them: each type's default config as a
 * widget (as the dashboard editor adds it), titled with the type's name, keyed by the type's id.
 */
export function previewModelOf(types: readonly WidgetTypeDetails[], isSystem: boolean): PreviewModel {
  const widgets: Record<string, JsonObject> = {};
  const broken: Record<string, string> = {};
  for (const type of types) {
    try {
      const widget = widgetOfType(type, isSystem);
      widgets[type.id.id] = { ...widget, config: { ...(widget.config as JsonObject), title: type.name } };
    } catch (error) {
      broken[type.id.id] = error instanceof Error ? error.message : String(error);
    }
  }
  return { model: restoreDashboard({ widgets }), broken };
}
