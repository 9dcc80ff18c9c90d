import type { JsonObject } from '@meridian/common';
import type { ScriptCalls } from '../../dashboard/sandbox/script-calls';
import { escapeHtml } from '../html-support/card-pattern';
import { rawText, safeFunctionHtml } from '../html-support/function-html';
import { flotChartSettingsOf, flotKeySettingsOf, widgetTooltipFormatterOf } from './flot-settings';

/**
 * The tenant formatters of the reference's flot time charts, run in the sandbox worker: the
 * y axis's `settings.yaxis.ticksFormatter` and the tooltip's `tooltipValueFormatter` (a data key's
 * own, else the widget's), both `function (value)`. ECharts asks for labels synchronously, so a
 * label not known yet is drawn as ECharts would and the chart draws again when the worker answers;
 * a formatter that throws or runs too long keeps those default labels.
 */

const VALUE_ARGS = ['value'];

/** The y axis's tick formatter of the widget's settings. */
export function yTicksFormatterOf(settings: JsonObject | undefined): string | undefined {
  return flotChartSettingsOf(settings).yaxis.ticksFormatter;
}

/** A series' tooltip value formatter: its data key's own, else the widget's. */
export function tooltipFormatterOf(
  settings: JsonObject | undefined,
  keySettings: JsonObject | undefined,
): string | undefined {
  return flotKeySettingsOf(keySettings).tooltipValueFormatter ?? widgetTooltipFormatterOf(settings);
}

/** A value axis label as ECharts writes one: thousands grouped, no trailing zeros. */
export function defaultTickText(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 10 });
}

/** The y axis labels through the tenant's formatter; the default label while or when it has none. */
export function tickFormatter(body: string, calls: ScriptCalls): (value: number) => string {
  return (value) => {
    const outcome = calls.outcome(body, VALUE_ARGS, [value]);
    return outcome?.ok ? rawText(outcome.value) : defaultTickText(value);
  };
}

/** What ECharts hands an axis tooltip's formatter for each series at the pointed time. */
export interface TooltipParam {
  seriesIndex?: number;
  seriesName?: string;
  marker?: unknown;
  value?: unknown;
  axisValue?: unknown;
}

export type TooltipFormatter = (
  params: TooltipParam | TooltipParam[],
  ticket: string,
  callback: (ticket: string, html: string) => void,
) => string;

/**
 * A tooltip value through its formatter (`body`, none for a plain value): the formatter's HTML
 * sanitized once known; meanwhile, or when it fails, `fallback` as text. `waiting` says the
 * tooltip should be written again once the worker answers.
 */
export function tooltipValueHtml(
  body: string | undefined,
  value: unknown,
  fallback: string,
  calls: ScriptCalls,
): { html: string; waiting: boolean } {
  const plain = { html: escapeHtml(fallback), waiting: false };
  if (!body) return plain;
  const outcome = calls.outcome(body, VALUE_ARGS, [value]);
  if (outcome === undefined) return { ...plain, waiting: true };
  return outcome.ok ? { html: safeFunctionHtml(rawText(outcome.value)), waiting: false } : plain;
}

/**
 * A tooltip written by `write` (which reports whether a value is still on its way); when one is,
 * it is written again through ECharts' callback once the worker has answered.
 */
export function rewrittenTooltip(
  calls: ScriptCalls,
  write: () => { html: string; waiting: boolean },
  ticket: string,
  callback: (ticket: string, html: string) => void,
): string {
  const first = write();
  if (first.waiting) void calls.idle().then(() => callback(ticket, write().html));
  return first.html;
}

/**
 * The axis tooltip with each series' value through its formatter (`formatters[seriesIndex]`),
 * the formatter's HTML sanitized. Values not known yet show as numbers; the tooltip is written
 * again when the worker answers.
 */
export function tooltipFormatter(
  formatters: readonly (string | undefined)[],
  calls: ScriptCalls,
  formatTime: (epochMs: number) => string,
): TooltipFormatter {
  return (params, ticket, callback) => {
    const list = Array.isArray(params) ? params : [params];
    const write = () => {
      let waiting = false;
      const rows = list.map((param) => {
        const value = Array.isArray(param.value) ? param.value[1] : param.value;
        const body = formatters[param.seriesIndex ?? -1];
        const formatted = tooltipValueHtml(body, value, rawText(value), calls);
        waiting ||= formatted.waiting;
        const valueHtml = formatted.html;
        const marker = typeof param.marker === 'string' ? param.marker : '';
        return (
          `<div>${marker}<span>${escapeHtml(param.seriesName ?? '')}</span>` +
          `<span style="float:right;margin-left:20px;font-weight:bold">${valueHtml}</span></div>`
        );
      });
      // An axis tooltip names its time; a point's own (`tooltipIndividual`) holds it in its value.
      const first = list[0];
      const time = Number(first?.axisValue ?? (Array.isArray(first?.value) ? first.value[0] : Number.NaN));
      const heading = Number.isFinite(time) ? `<div>${escapeHtml(formatTime(time))}</div>` : '';
      return { html: heading + rows.join(''), waiting };
    };
    return rewrittenTooltip(calls, write, ticket, callback);
  };
}

/** The formatters a time chart draws with, made from its settings and the widget's calls. */
export interface TimeChartFormatting {
  yTick?: (value: number) => string;
  tooltip?: TooltipFormatter;
}

/** The widget's calls for its labels (a redraw when answered) and its tooltip (written again). */
export interface ChartScriptCalls {
  labels: ScriptCalls;
  tooltip: ScriptCalls;
}

export function timeChartFormatting(
  settings: JsonObject | undefined,
  seriesFormatters: readonly (string | undefined)[],
  calls: ChartScriptCalls | undefined,
  formatTime: (epochMs: number) => string,
): TimeChartFormatting {
  if (!calls) return {};
  const ticks = yTicksFormatterOf(settings);
  return {
    ...(ticks ? { yTick: tickFormatter(ticks, calls.labels) } : {}),
    ...(seriesFormatters.some(Boolean)
      ? { tooltip: tooltipFormatter(seriesFormatters, calls.tooltip, formatTime) }
      : {}),
  };
}
