import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ENTITY_SORT,
  ENTITY_TABLE_PAGE_SIZES,
  initialTableState,
  pageLinkOf,
  tableReducer,
} from './table-state';

describe('table state', () => {
  it('starts on the first page of 10, newest first, nothing selected', () => {
    expect(ENTITY_TABLE_PAGE_SIZES).toEqual([10, 20, 30]);
    const state = initialTableState();
    expect(state).toEqual({
      page: 0,
      pageSize: 10,
      sortOrder: DEFAULT_ENTITY_SORT,
      textSearch: '',
      selected: [],
    });
    expect(pageLinkOf(state)).toEqual({
      pageSize: 10,
      page: 0,
      sortOrder: { property: 'createdTime', direction: 'DESC' },
    });
  });

  it('sorting a new column starts ascending; sorting it again flips; both go back to page 0', () => {
    let state = { ...initialTableState(), page: 3, selected: ['a'] };
    state = tableReducer(state, { type: 'sort', property: 'name' });
    expect(state.sortOrder).toEqual({ property: 'name', direction: 'ASC' });
    expect(state.page).toBe(0);
    expect(state.selected).toEqual([]);
    state = tableReducer(state, { type: 'sort', property: 'name' });
    expect(state.sortOrder).toEqual({ property: 'name', direction: 'DESC' });
    state = tableReducer(state, { type: 'sort', property: 'name' });
    expect(state.sortOrder.direction).toBe('ASC');
    state = tableReducer(
      { ...state, sortOrder: DEFAULT_ENTITY_SORT },
      { type: 'sort', property: 'createdTime' },
    );
    expect(state.sortOrder).toEqual({ property: 'createdTime', direction: 'ASC' });
  });

  it('a new page size or search text returns to the first page; the same text changes nothing', () => {
    const start = { ...initialTableState(), page: 2 };
    expect(tableReducer(start, { type: 'pageSize', pageSize: 30 })).toMatchObject({ page: 0, pageSize: 30 });
    const searched = tableReducer(start, { type: 'search', text: 'pump' });
    expect(searched).toMatchObject({ page: 0, textSearch: 'pump' });
    expect(tableReducer(searched, { type: 'search', text: 'pump' })).toBe(searched);
    expect(pageLinkOf({ ...searched, textSearch: '  pump ' }).textSearch).toBe('pump');
    expect(pageLinkOf({ ...searched, textSearch: '   ' })).not.toHaveProperty('textSearch');
  });

  it('changing page drops the selection; the same page keeps the state', () => {
    const state = { ...initialTableState(), selected: ['a'] };
    expect(tableReducer(state, { type: 'page', page: 0 })).toBe(state);
    expect(tableReducer(state, { type: 'page', page: 1 })).toMatchObject({ page: 1, selected: [] });
    expect(tableReducer(state, { type: 'page', page: -4 }).page).toBe(0);
  });

  it('toggles rows, toggles all, and keeps only rows still shown', () => {
    let state = initialTableState();
    state = tableReducer(state, { type: 'toggleRow', id: 'a' });
    state = tableReducer(state, { type: 'toggleRow', id: 'b' });
    expect(state.selected).toEqual(['a', 'b']);
    state = tableReducer(state, { type: 'toggleRow', id: 'a' });
    expect(state.selected).toEqual(['b']);
    state = tableReducer(state, { type: 'toggleAll', ids: ['a', 'b', 'c'] });
    expect(state.selected).toEqual(['a', 'b', 'c']);
    state = tableReducer(state, { type: 'toggleAll', ids: ['a', 'b', 'c'] });
    expect(state.selected).toEqual([]);
    expect(tableReducer(state, { type: 'toggleAll', ids: [] }).selected).toEqual([]);
    state = tableReducer({ ...state, selected: ['a', 'b'] }, { type: 'keepSelection', ids: ['b', 'c'] });
    expect(state.selected).toEqual(['b']);
    expect(tableReducer(state, { type: 'keepSelection', ids: ['b'] })).toBe(state);
    expect(tableReducer(state, { type: 'clearSelection' }).selected).toEqual([]);
  });
});
