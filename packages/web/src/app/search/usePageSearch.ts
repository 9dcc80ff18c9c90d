import { useContext, useEffect, useRef } from 'react';
import { PageSearchContext, type SearchTextHandler } from './page-search-context';

/**
 * Declares that the calling page supports search: the toolbar shows its search toggle and the
 * page receives debounced, de-duplicated search text ('' when the search closes).
 */
export function usePageSearch(onSearchText: SearchTextHandler): void {
  const registry = useContext(PageSearchContext);
  const latest = useRef(onSearchText);
  latest.current = onSearchText;
  useEffect(() => {
    if (!registry) {
      return undefined;
    }
    return registry.register((text) => latest.current(text));
  }, [registry]);
}
