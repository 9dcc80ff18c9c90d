import { isJsonObject, type JsonObject } from '@meridian/common';

/**
 * Reading and replacing one widget's `config` in the dashboard configuration JSON, immutably: the
 * other widgets keep their objects and the widget keeps the keys beside its config.
 */

type Json = Record<string, unknown>;
const objectOr = (value: unknown): Json => (isJsonObject(value) ? (value as Json) : {});

/** The widget's saved JSON, or null when the configuration has no such widget. */
export function widgetJsonOf(configuration: JsonObject, widgetId: string): JsonObject | null {
  const widget = objectOr(configuration.widgets)[widgetId];
  return isJsonObject(widget) ? widget : null;
}

/** The configuration with the widget's `config` replaced; unchanged when there is no such widget. */
export function withWidgetConfig(
  configuration: JsonObject,
  widgetId: string,
  config: JsonObject,
): JsonObject {
  const widgets = objectOr(configuration.widgets);
  const widget = widgets[widgetId];
  if (!isJsonObject(widget)) return configuration;
  return { ...configuration, widgets: { ...widgets, [widgetId]: { ...widget, config } } } as JsonObject;
}
