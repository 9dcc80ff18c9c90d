import type { PageLink, SortOrder } from '@meridian/common';

/** Page sizes offered under every entity table (reference console §2); the first is the default. */
export const ENTITY_TABLE_PAGE_SIZES = [10, 20, 30] as const;

/** Default order of entity tables: newest first. */
export const DEFAULT_ENTITY_SORT: SortOrder = { property: 'createdTime', direction: 'DESC' };

/** Paging, sorting, search and selection of one entity table. Plain data, changed by {@link tableReducer}. */
export interface TableState {
  page: number;
  pageSize: number;
  sortOrder: SortOrder;
  textSearch: string;
  /** Ids of the selected rows, in selection order. */
  selected: string[];
}

export type TableAction =
  | { type: 'page'; page: number }
  | { type: 'pageSize'; pageSize: number }
  | { type: 'sort'; property: string }
  | { type: 'search'; text: string }
  | { type: 'toggleRow'; id: string }
  | { type: 'toggleAll'; ids: readonly string[] }
  | { type: 'clearSelection' }
  | { type: 'keepSelection'; ids: readonly string[] };

export function initialTableState(sortOrder: SortOrder = DEFAULT_ENTITY_SORT): TableState {
  return { page: 0, pageSize: ENTITY_TABLE_PAGE_SIZES[0], sortOrder, textSearch: '', selected: [] };
}

/**
 * Table state transitions: a new page size, sort or search text goes back to the first page and
 * drops the selection (the rows change); sorting the sorted column again flips its direction, a new
 * column starts ascending. "Toggle all" selects every given row unless all are selected already.
 */
export function tableReducer(state: TableState, action: TableAction): TableState {
  switch (action.type) {
    case 'page':
      return action.page === state.page ? state : { ...state, page: Math.max(0, action.page), selected: [] };
    case 'pageSize':
      return { ...state, pageSize: action.pageSize, page: 0, selected: [] };
    case 'sort': {
      const same = state.sortOrder.property === action.property;
      const direction = same && state.sortOrder.direction === 'ASC' ? 'DESC' : 'ASC';
      return { ...state, sortOrder: { property: action.property, direction }, page: 0, selected: [] };
    }
    case 'search':
      return action.text === state.textSearch
        ? state
        : { ...state, textSearch: action.text, page: 0, selected: [] };
    case 'toggleRow':
      return {
        ...state,
        selected: state.selected.includes(action.id)
          ? state.selected.filter((id) => id !== action.id)
          : [...state.selected, action.id],
      };
    case 'toggleAll': {
      const all = action.ids.length > 0 && action.ids.every((id) => state.selected.includes(id));
      return { ...state, selected: all ? [] : [...action.ids] };
    }
    case 'clearSelection':
      return state.selected.length === 0 ? state : { ...state, selected: [] };
    case 'keepSelection': {
      const kept = state.selected.filter((id) => action.ids.includes(id));
      return kept.length === state.selected.length ? state : { ...state, selected: kept };
    }
  }
}

/** The page link a table state asks the server for; search text is trimmed and left out when empty. */
export function pageLinkOf(state: TableState): PageLink {
  const pageLink: PageLink = { pageSize: state.pageSize, page: state.page, sortOrder: state.sortOrder };
  const text = state.textSearch.trim();
  if (text.length > 0) {
    pageLink.textSearch = text;
  }
  return pageLink;
}
