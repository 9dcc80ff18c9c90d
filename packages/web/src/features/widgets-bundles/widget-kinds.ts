import type { WidgetType } from '@meridian/common';

/** How each kind of widget type is named (reference widget types: Time series, Latest values, …). */
export const WIDGET_KIND_LABEL_KEYS: Record<WidgetType, string> = {
  timeseries: 'widget-type.kind-timeseries',
  latest: 'widget-type.kind-latest',
  rpc: 'widget-type.kind-rpc',
  alarm: 'widget-type.kind-alarm',
  static: 'widget-type.kind-static',
};
