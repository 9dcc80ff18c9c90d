import type { WidgetConfig } from '@meridian/common';

/** The widget's own text for "nothing to show" (`noDataDisplayMessage`, Data tab), when it has one. */
export function noDataMessageOf(config: WidgetConfig): string | undefined {
  const message = config.noDataDisplayMessage;
  return typeof message === 'string' && message.trim() ? message : undefined;
}
