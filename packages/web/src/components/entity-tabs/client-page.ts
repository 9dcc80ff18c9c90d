import { applyPageLink, type PageData, type PageLink } from '@meridian/common';
import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Lists the server answers whole (attributes, latest telemetry, relations) are paged, sorted and
 * searched in the browser, as the reference console does (reference console §4.2, §4.5).
 */

/** One page of `rows`: the search text matches any of `searchFields` (case-insensitive contains). */
export function clientPage<T extends object>(
  rows: readonly T[],
  pageLink: PageLink,
  searchFields: readonly (keyof T & string)[],
): PageData<T> {
  const text = pageLink.textSearch?.trim().toLowerCase() ?? '';
  const found =
    text === ''
      ? rows
      : rows.filter((row) =>
          searchFields.some((field) => {
            const value = row[field];
            return value !== null && value !== undefined && String(value).toLowerCase().includes(text);
          }),
        );
  const { textSearch: _ignored, ...rest } = pageLink;
  return applyPageLink(found, rest);
}

/**
 * The whole list, loaded once and then served from the query cache: paging, sorting and searching
 * do not call the server again; refreshing the table (which invalidates a prefix of `queryKey`)
 * does. Tables drop the cached list when they unmount ({@link useDropOnUnmount}), so a table shown
 * again loads a fresh one.
 */
export function wholeList<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  load: (signal: AbortSignal) => Promise<T[]>,
): Promise<T[]> {
  return queryClient.fetchQuery({
    queryKey,
    queryFn: ({ signal }) => load(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Removes the queries under `queryKey` when the component unmounts. */
export function useDropOnUnmount(queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    const dropped = JSON.parse(key) as QueryKey;
    return () => queryClient.removeQueries({ queryKey: dropped });
  }, [queryClient, key]);
}
