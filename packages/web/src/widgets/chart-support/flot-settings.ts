import type { JsonObject } from '@meridian/common';

/**
 * What this console's flot chart renderers (line, bar and state charts, the flot pie) read of the
 * reference's `TbFlot` settings: the tenant's formatter functions, stacking, smooth lines, the grid
 * lines and the axes' labels, titles and limits. The flot chart's other settings (comparison,
 * custom legend, per-key separate axes...) are not drawn, so the settings form does not offer them
 * (settings-schemas/flot-charts.ts).
 */
export interface FlotChartSettings {
  /** `function (value)` writing each tooltip value; none: the value as formatted. */
  tooltipValueFormatter: string | undefined;
  /** The series stacked on one another. */
  stack: boolean;
  /** Lines drawn as curves through their points. */
  smoothLines: boolean;
  /** The axes' labels: their colour (none: the theme's) and size in pixels. */
  fontColor: string | undefined;
  fontSize: number;
  /** The tooltip shows the pointed series alone, not every series at that time. */
  tooltipIndividual: boolean;
  grid: {
    /** Lines across the chart at the time axis' ticks. */
    verticalLines: boolean;
    /** Lines across the chart at the value axis' ticks. */
    horizontalLines: boolean;
  };
  xaxis: {
    showLabels: boolean;
    title: string | undefined;
  };
  yaxis: {
    /** `function (value)` writing each y axis label; none: ECharts' labels. */
    ticksFormatter: string | undefined;
    showLabels: boolean;
    title: string | undefined;
    /** Fixed ends of the value axis; none: fitted to the data. */
    min: number | undefined;
    max: number | undefined;
  };
}

/** What the charts read of a data key's flot settings. */
export interface FlotKeySettings {
  /** The key's own tooltip value formatter, before the widget's. */
  tooltipValueFormatter: string | undefined;
}

/** How a line chart draws one key's series (the reference's flot data key settings). */
export interface FlotLineKeySettings extends FlotKeySettings {
  showLines: boolean;
  /** The area under the line filled in the key's colour. */
  fillLines: boolean;
  /** A mark at every point. */
  showPoints: boolean;
  /** Line width in pixels; none: the chart's default. */
  lineWidth: number | undefined;
}

/** A function's body, when there is one to run. */
export const functionBody = (source: unknown): string | undefined =>
  typeof source === 'string' && source.trim() !== '' ? source : undefined;

const objectOf = (value: unknown): JsonObject | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : undefined;

const flag = (value: unknown, fallback: boolean): boolean => (typeof value === 'boolean' ? value : fallback);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/** A number, also when saved as text (the reference's forms save some numbers so). */
const numberOf = (value: unknown): number | undefined => {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
};

/** The widget's tooltip value formatter alone: read for every series, without the rest of the settings. */
export const widgetTooltipFormatterOf = (settings: JsonObject | undefined): string | undefined =>
  functionBody(settings?.tooltipValueFormatter);

export function flotChartSettingsOf(settings: JsonObject | undefined): FlotChartSettings {
  const grid = objectOf(settings?.grid);
  const xaxis = objectOf(settings?.xaxis);
  const yaxis = objectOf(settings?.yaxis);
  return {
    tooltipValueFormatter: widgetTooltipFormatterOf(settings),
    stack: flag(settings?.stack, false),
    smoothLines: flag(settings?.smoothLines, false),
    fontColor: text(settings?.fontColor),
    fontSize: numberOf(settings?.fontSize) ?? 10,
    tooltipIndividual: flag(settings?.tooltipIndividual, false),
    grid: {
      verticalLines: flag(grid?.verticalLines, true),
      horizontalLines: flag(grid?.horizontalLines, true),
    },
    xaxis: { showLabels: flag(xaxis?.showLabels, true), title: text(xaxis?.title) },
    yaxis: {
      ticksFormatter: functionBody(yaxis?.ticksFormatter),
      showLabels: flag(yaxis?.showLabels, true),
      title: text(yaxis?.title),
      min: numberOf(yaxis?.min),
      max: numberOf(yaxis?.max),
    },
  };
}

export function flotKeySettingsOf(keySettings: JsonObject | undefined): FlotKeySettings {
  return { tooltipValueFormatter: functionBody(keySettings?.tooltipValueFormatter) };
}

export function flotLineKeySettingsOf(keySettings: JsonObject | undefined): FlotLineKeySettings {
  const width = numberOf(keySettings?.lineWidth);
  return {
    ...flotKeySettingsOf(keySettings),
    showLines: flag(keySettings?.showLines, true),
    fillLines: flag(keySettings?.fillLines, false),
    showPoints: flag(keySettings?.showPoints, false),
    lineWidth: width !== undefined && width >= 0 ? width : undefined,
  };
}
