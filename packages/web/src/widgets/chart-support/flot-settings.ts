import type { JsonObject } from '@meridian/common';

/**
 * What this console's flot chart renderers (line, bar and state charts, the flot pie) read of the
 * reference's `TbFlot` settings: the tenant's formatter functions. Their other settings (stacking,
 * grid, axis limits, line styles...) are not drawn, so the settings form does not offer them
 * (settings-schemas/flot-charts.ts).
 */
export interface FlotChartSettings {
  /** `function (value)` writing each tooltip value; none: the value as formatted. */
  tooltipValueFormatter: string | undefined;
  yaxis: {
    /** `function (value)` writing each y axis label; none: ECharts' labels. */
    ticksFormatter: string | undefined;
  };
}

/** What the charts read of a data key's flot settings. */
export interface FlotKeySettings {
  /** The key's own tooltip value formatter, before the widget's. */
  tooltipValueFormatter: string | undefined;
}

/** A function's body, when there is one to run. */
export const functionBody = (source: unknown): string | undefined =>
  typeof source === 'string' && source.trim() !== '' ? source : undefined;

const objectOf = (value: unknown): JsonObject | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : undefined;

export function flotChartSettingsOf(settings: JsonObject | undefined): FlotChartSettings {
  return {
    tooltipValueFormatter: functionBody(settings?.tooltipValueFormatter),
    yaxis: { ticksFormatter: functionBody(objectOf(settings?.yaxis)?.ticksFormatter) },
  };
}

export function flotKeySettingsOf(keySettings: JsonObject | undefined): FlotKeySettings {
  return { tooltipValueFormatter: functionBody(keySettings?.tooltipValueFormatter) };
}
