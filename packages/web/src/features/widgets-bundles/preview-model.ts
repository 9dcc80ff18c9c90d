import type { JsonObject, WidgetTypeDetails } from '@meridian/common';
import { widgetOfType } from '../../dashboard/editor/widget-item';
import type { DashboardModel } from '../../dashboard/runtime/dashboard-model';
import { restoreDashboard } from '../../dashboard/runtime/restore-dashboard';

/**
 * A dashboard of the bundle's types as the library previews them: each type's default config as a
 * widget (as the dashboard editor adds it), titled with the type's name, keyed by the type's id. A
 * type whose default config does not parse has no widget: its card says there is no preview.
 */
export function previewModelOf(types: readonly WidgetTypeDetails[], isSystem: boolean): DashboardModel {
  const widgets: Record<string, JsonObject> = {};
  for (const type of types) {
    try {
      const widget = widgetOfType(type, isSystem);
      widgets[type.id.id] = { ...widget, config: { ...(widget.config as JsonObject), title: type.name } };
    } catch {
      // No preview for it; the other types still show.
    }
  }
  return restoreDashboard({ widgets });
}
