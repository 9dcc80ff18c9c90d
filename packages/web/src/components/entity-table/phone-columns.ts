import type { EntityColumn } from './types';

/** Column keys that name a row, most telling first: the column a phone shows first. */
const NAMING_KEYS = ['name', 'title', 'email', 'key', 'entityName', 'type'] as const;

/**
 * The columns a phone shows (under 600 px): the naming column first (one marked `namesRow`, or
 * one of NAMING_KEYS), then only those marked `keepOnPhone`. The rest stay a tap away, in the row's details.
 */
export function phoneColumns<T>(columns: readonly EntityColumn<T>[]): EntityColumn<T>[] {
  const naming =
    columns.find((column) => column.namesRow) ??
    NAMING_KEYS.map((key) => columns.find((column) => column.key === key)).find((column) => column) ??
    columns.find((column) => column.kind !== 'date') ??
    columns[0];
  if (!naming) {
    return [];
  }
  return [naming, ...columns.filter((column) => column !== naming && column.keepOnPhone)];
}
