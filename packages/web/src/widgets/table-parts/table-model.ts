import type { ActionTarget } from '../../dashboard/actions/widget-actions';
import { numericValue } from '../../dashboard/runtime/format-value';

/**
 * What the table widgets share, kept apart from React: how cells compare, which rows a search
 * keeps, which page is shown, and how the reference's settings read.
 */

/** One cell: the text shown and the value it sorts by (the raw value, so 9 sorts before 10). */
export interface TableCell {
  text: string;
  sortValue: string | number | undefined;
  /** The value the cell's tenant functions get as `value` (the reference's raw value). */
  value?: unknown;
}

export interface TableRow {
  id: string;
  cells: Record<string, TableCell>;
  /** The entity the row shows, for the row's widget actions. */
  target?: ActionTarget;
  /** The row as the tenant functions get it (the reference's `entity`, `rowData` or `alarm`). */
  scriptData?: Record<string, unknown>;
}

export type SortDirection = 'asc' | 'desc';

export interface SortOrder {
  column: string;
  direction: SortDirection;
}

/** The page sizes the reference offers (its `pageSizeOptions`), with the widget's own default. */
const PAGE_SIZES = [5, 10, 15, 20, 25, 30, 40, 50];

export const DEFAULT_PAGE_SIZE = 10;

/** The widget's `defaultPageSize` when it is a positive whole number, else 10. */
export function pageSizeOf(setting: unknown): number {
  return typeof setting === 'number' && Number.isInteger(setting) && setting > 0
    ? setting
    : DEFAULT_PAGE_SIZE;
}

export function pageSizeOptions(defaultPageSize: number): number[] {
  return [...new Set([...PAGE_SIZES, defaultPageSize])].sort((a, b) => a - b);
}

/** A boolean setting, with the reference's default when it is not set. */
export function flag(setting: unknown, fallback: boolean): boolean {
  return typeof setting === 'boolean' ? setting : fallback;
}

/** A string setting, or undefined when empty or not a string. */
export function text(setting: unknown): string | undefined {
  return typeof setting === 'string' && setting.trim() !== '' ? setting : undefined;
}

/** A cell of a stored value: numbers sort as numbers, text as text. */
export function valueCell(value: string | undefined, shown: string): TableCell {
  if (value === undefined) return { text: '', sortValue: undefined, value: '' };
  return { text: shown, sortValue: numericValue(value) ?? value, value };
}

/** Ascending order of two cells: numbers before text, empty cells last. */
export function compareCells(a: TableCell | undefined, b: TableCell | undefined): number {
  const x = a?.sortValue;
  const y = b?.sortValue;
  if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  if (typeof x === 'number') return -1;
  if (typeof y === 'number') return 1;
  return x.localeCompare(y, undefined, { numeric: true, sensitivity: 'base' });
}

/** The rows in `order`; rows that compare equal keep their order. Empty cells stay last. */
export function sortRows(rows: readonly TableRow[], order: SortOrder | undefined): TableRow[] {
  if (!order) return [...rows];
  const sign = order.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a.cells[order.column];
    const y = b.cells[order.column];
    const emptyX = x?.sortValue === undefined;
    const emptyY = y?.sortValue === undefined;
    if (emptyX || emptyY) return compareCells(x, y);
    return sign * compareCells(x, y);
  });
}

/** The rows with a shown cell containing `search`, case-insensitively; all rows for an empty search. */
export function searchRows(
  rows: readonly TableRow[],
  columns: readonly string[],
  search: string,
): TableRow[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return [...rows];
  return rows.filter((row) =>
    columns.some((column) => row.cells[column]?.text.toLocaleLowerCase().includes(needle)),
  );
}

/** The last page that has rows when `page` is past it (rows went away in a live update). */
export function clampPage(page: number, rowCount: number, pageSize: number): number {
  return Math.max(0, Math.min(page, Math.ceil(rowCount / pageSize) - 1));
}

/**
 * The reference's `defaultSortOrder`: a column, `-` before it for descending (e.g. `-temperature`).
 * `columnOf` finds the column by its name; undefined when there is none.
 */
export function parseSortOrder(
  setting: unknown,
  columnOf: (name: string) => string | undefined,
): SortOrder | undefined {
  const value = text(setting)?.trim();
  if (!value) return undefined;
  const descending = value.startsWith('-');
  const column = columnOf(descending ? value.slice(1) : value.startsWith('+') ? value.slice(1) : value);
  return column ? { column, direction: descending ? 'desc' : 'asc' } : undefined;
}
