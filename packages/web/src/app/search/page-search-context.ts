import { createContext } from 'react';

export type SearchTextHandler = (text: string) => void;

/**
 * How a page tells the home shell it supports search: it registers a handler for search-text
 * updates (usePageSearch). The toolbar offers the search toggle only while one is registered.
 */
export interface PageSearchRegistry {
  register(handler: SearchTextHandler): () => void;
}

export const PageSearchContext = createContext<PageSearchRegistry | null>(null);
