import type { JsonObject } from '@meridian/common';
import type { CSSProperties } from 'react';
import type { WidgetContextData } from '../../dashboard/sandbox/protocol';
import type { ScriptCalls } from '../../dashboard/sandbox/script-calls';
import { rawText, safeFunctionHtml } from '../html-support/function-html';
import type { TableRow } from './table-model';

/**
 * The tenant functions of the reference's table widgets (entities, time-series and alarms
 * tables): a data key's cell content function (`useCellContentFunction`, `cellContentFunction`,
 * HTML for the cell) and cell style function (`useCellStyleFunction`, `cellStyleFunction`, CSS
 * properties for the cell), and the widget's row style function (`useRowStyleFunction`,
 * `rowStyleFunction`). They run in the sandbox worker with the reference's arguments; their HTML
 * is sanitized before it reaches the page. A function that throws or runs too long leaves its cell
 * with the raw value (as the reference's `'' + value`) and no style.
 */

export interface CellScripts {
  content?: string;
  style?: string;
}

export interface TableScripts {
  /** Per column id, the functions of the column's data key. */
  cells: Record<string, CellScripts>;
  rowStyle?: string;
  /** The reference's argument names, e.g. `value, entity, ctx` for the entities table's cells. */
  cellArgs: string[];
  rowArgs: string[];
  /** What crosses for the functions' `ctx`. */
  ctx: WidgetContextData;
}

const body = (on: unknown, source: unknown): string | undefined =>
  on === true && typeof source === 'string' && source.trim() !== '' ? source : undefined;

/** A data key's cell functions, when its settings turn them on. */
export function cellScriptsOf(settings: JsonObject | undefined): CellScripts | undefined {
  const content = body(settings?.useCellContentFunction, settings?.cellContentFunction);
  const style = body(settings?.useCellStyleFunction, settings?.cellStyleFunction);
  return content || style ? { ...(content ? { content } : {}), ...(style ? { style } : {}) } : undefined;
}

/** The widget's row style function, when its settings turn it on. */
export function rowStyleScriptOf(settings: JsonObject | undefined): string | undefined {
  return body(settings?.useRowStyleFunction, settings?.rowStyleFunction);
}

/** Whether the table has any function to run. */
export function hasTableScripts(scripts: TableScripts | undefined): scripts is TableScripts {
  return !!scripts && (!!scripts.rowStyle || Object.keys(scripts.cells).length > 0);
}

const camelCase = (property: string) =>
  property.startsWith('--')
    ? property
    : property.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The CSS a style function returned, for React; anything but an object of texts and numbers gives none. */
export function styleOf(value: unknown): CSSProperties | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const style: Record<string, string | number> = {};
  for (const [property, setting] of Object.entries(value)) {
    if (typeof setting === 'string' || typeof setting === 'number') style[camelCase(property)] = setting;
  }
  return Object.keys(style).length > 0 ? (style as CSSProperties) : undefined;
}

/** A cell as drawn: the function's HTML, or text (the formatted value, or the raw one on failure). */
export interface ScriptedCell {
  html?: string;
  text: string;
  style?: CSSProperties;
}

export interface ScriptedRow {
  style?: CSSProperties;
  cells: Record<string, ScriptedCell>;
}

/** The rows last drawn, by row id: what a cell shows while its new outcome is not known yet. */
export type DrawnRows = Map<string, ScriptedRow>;

/**
 * A row as its functions draw it. Outcomes not known yet are asked for (all of one render go to
 * the worker together); meanwhile a cell keeps what it showed last (`drawn`), so a live update does
 * not flicker, or shows its formatted value and no style when it was never drawn.
 */
export function scriptedRow(
  row: TableRow,
  columns: readonly string[],
  scripts: TableScripts,
  calls: ScriptCalls,
  drawn?: DrawnRows,
): ScriptedRow {
  const before = drawn?.get(row.id);
  const cells: Record<string, ScriptedCell> = {};
  for (const column of columns) {
    const cell = row.cells[column];
    const previous = before?.cells[column];
    const shown: ScriptedCell = { text: cell?.text ?? '' };
    const functions = scripts.cells[column];
    if (functions) {
      // `ctx` crosses once per request (scripts.ctx), not in each call's arguments.
      const args = [cell?.value ?? '', row.scriptData ?? {}, null];
      if (functions.content) {
        const outcome = calls.outcome(functions.content, scripts.cellArgs, args, scripts.ctx);
        if (outcome?.ok) {
          shown.html = safeFunctionHtml(rawText(outcome.value));
        } else if (outcome) {
          shown.text = rawText(cell?.value);
        } else if (previous) {
          shown.text = previous.text;
          if (previous.html !== undefined) shown.html = previous.html;
        }
      }
      if (functions.style) {
        const outcome = calls.outcome(functions.style, scripts.cellArgs, args, scripts.ctx);
        const style = outcome ? (outcome.ok ? styleOf(outcome.value) : undefined) : previous?.style;
        if (style) shown.style = style;
      }
    }
    cells[column] = shown;
  }
  let style: CSSProperties | undefined;
  if (scripts.rowStyle) {
    const outcome = calls.outcome(
      scripts.rowStyle,
      scripts.rowArgs,
      [row.scriptData ?? {}, null],
      scripts.ctx,
    );
    style = outcome ? (outcome.ok ? styleOf(outcome.value) : undefined) : before?.style;
  }
  const result: ScriptedRow = { ...(style ? { style } : {}), cells };
  drawn?.set(row.id, result);
  return result;
}
