import { isScalar } from './json.js';

/** Search input of the console toolbar is debounced by this many ms (spec 1 §2, §9). */
export const SEARCH_DEBOUNCE_MS = 150;
/** Delay before the search field takes focus after it opens (spec 1 §9). */
export const SEARCH_FOCUS_DELAY_MS = 10;

/**
 * Client-side text search (spec 2 §5): a case-insensitive substring match over the item's scalar
 * field values (strings, numbers, booleans; nested objects, arrays and nulls are skipped). With
 * `searchProperty` only that own field is looked at. An empty or missing search text matches
 * everything. Reproduces the reference console's default page-link search function.
 */
export function matchesTextSearch(
  item: object,
  textSearch: string | undefined,
  searchProperty?: string,
): boolean {
  if (textSearch === undefined || textSearch.length === 0) {
    return true;
  }
  const expected = textSearch.toLowerCase();
  const matches = (value: unknown): boolean =>
    isScalar(value) && String(value).toLowerCase().includes(expected);
  const record = item as Record<string, unknown>;
  if (searchProperty !== undefined && searchProperty.length > 0) {
    return Object.hasOwn(record, searchProperty) && matches(record[searchProperty]);
  }
  return Object.values(record).some(matches);
}

/**
 * Search of a single tenant or customer by title (spec 1 §5): a case-insensitive prefix match.
 * Also the semantics of the server's `*NameFilter` fields in entity filters (reference §3.4).
 */
export function matchesPrefixIgnoreCase(
  value: string | null | undefined,
  prefix: string | undefined,
): boolean {
  if (prefix === undefined || prefix.length === 0) {
    return true;
  }
  return value?.toLowerCase().startsWith(prefix.toLowerCase()) ?? false;
}
