import type { PageData } from './page.js';
import type { PageLink } from './page-link.js';
import { matchesTextSearch } from './text-search.js';

/** A page with no rows, as the reference returns for an empty result. */
export function emptyPageData<T>(): PageData<T> {
  return { data: [], totalPages: 0, totalElements: 0, hasNext: false };
}

/** Reads a possibly dotted property path (`"customer.title"`) from an item. */
export function getPropertyPath(item: unknown, path: string): unknown {
  let current: unknown = item;
  for (const part of path.split('.')) {
    if (typeof current !== 'object' || current === null) {
      return undefined;
    }
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

const collator = new Intl.Collator('en');

/**
 * Orders two values for client-side sorting: missing values (null/undefined) first, then numbers
 * numerically, booleans false before true, strings by an English collation, and any other mix by
 * their string form. Returns a negative, zero or positive number.
 */
export function compareValues(a: unknown, b: unknown): number {
  if (a === b) {
    return 0;
  }
  const aMissing = a === null || a === undefined;
  const bMissing = b === null || b === undefined;
  if (aMissing || bMissing) {
    return aMissing && bMissing ? 0 : aMissing ? -1 : 1;
  }
  if (typeof a === 'number' && typeof b === 'number') {
    return a - b;
  }
  if (typeof a === 'boolean' && typeof b === 'boolean') {
    return a ? 1 : -1;
  }
  return collator.compare(String(a), String(b));
}

export interface ApplyPageLinkOptions {
  /** Restrict text search to this field instead of all scalar fields. */
  searchProperty?: string;
}

/**
 * Pages an in-memory list the way the reference console does for lists it holds client-side
 * (attributes, relations, widget lists): text search ({@link matchesTextSearch}), then a stable sort
 * by `sortOrder.property`, then the requested slice. `totalPages` is `ceil(total / pageSize)` and
 * `hasNext` tells whether rows remain after this page.
 */
export function applyPageLink<T extends object>(
  items: readonly T[],
  pageLink: PageLink,
  options: ApplyPageLinkOptions = {},
): PageData<T> {
  const filtered = items.filter((item) =>
    matchesTextSearch(item, pageLink.textSearch, options.searchProperty),
  );
  const sortOrder = pageLink.sortOrder;
  if (sortOrder) {
    const sign = sortOrder.direction === 'DESC' ? -1 : 1;
    filtered.sort(
      (x, y) =>
        sign * compareValues(getPropertyPath(x, sortOrder.property), getPropertyPath(y, sortOrder.property)),
    );
  }
  const pageSize = Math.max(1, pageLink.pageSize);
  const start = pageLink.page * pageSize;
  const total = filtered.length;
  return {
    data: filtered.slice(start, start + pageSize),
    totalPages: Math.ceil(total / pageSize),
    totalElements: total,
    hasNext: start + pageSize < total,
  };
}
