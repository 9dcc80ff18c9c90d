import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { widgetKey } from '../widgets/registry';
import type { WidgetDefinition, WidgetProps } from '../widgets/widget-definition';

/** One lazy component per widget type, made once, so re-renders do not reload the chunk. */
const components = new Map<string, LazyExoticComponent<ComponentType<WidgetProps>>>();

export function lazyWidget(definition: WidgetDefinition): LazyExoticComponent<ComponentType<WidgetProps>> {
  const key = widgetKey(definition);
  let component = components.get(key);
  if (!component) {
    component = lazy(async () => ({ default: await definition.load() }));
    components.set(key, component);
  }
  return component;
}
