import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { widgetKey } from '../widgets/registry';
import type { WidgetDefinition, WidgetProps } from '../widgets/widget-definition';

/** One lazy component per widget type, made once, so re-renders do not reload the chunk. */
const components = new Map<string, LazyExoticComponent<ComponentType<WidgetProps>>>();
/** The chunk of each widget type, loading or loaded. */
const chunks = new Map<string, Promise<ComponentType<WidgetProps>>>();

/**
 * Starts loading a widget type's chunk (a dashboard does this for the widgets of the state it
 * opens, while its aliases resolve), so the widget does not wait for it when its data is there.
 */
export function preloadWidget(definition: WidgetDefinition): Promise<ComponentType<WidgetProps>> {
  const key = widgetKey(definition);
  let chunk = chunks.get(key);
  if (!chunk) {
    chunk = definition.load();
    chunks.set(key, chunk);
    // A failed load is tried again next time (the widget's error boundary reports this one).
    chunk.catch(() => chunks.delete(key));
  }
  return chunk;
}

export function lazyWidget(definition: WidgetDefinition): LazyExoticComponent<ComponentType<WidgetProps>> {
  const key = widgetKey(definition);
  let component = components.get(key);
  if (!component) {
    component = lazy(async () => ({ default: await preloadWidget(definition) }));
    components.set(key, component);
  }
  return component;
}
