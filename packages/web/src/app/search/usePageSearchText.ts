import { useContext, useState } from 'react';
import { PageSearchContext } from './page-search-context';
import { usePageSearch } from './usePageSearch';

/**
 * For list pages: the text of the home shell's toolbar search, which the page thereby supports
 * (spec 1 §2). Undefined outside the shell, where the page's table keeps a search of its own.
 */
export function usePageSearchText(): string | undefined {
  const inShell = useContext(PageSearchContext) !== null;
  const [text, setText] = useState('');
  usePageSearch(setText);
  return inShell ? text : undefined;
}
