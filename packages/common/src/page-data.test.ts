import { describe, expect, it } from 'vitest';
import { applyPageLink, compareValues, emptyPageData, getPropertyPath } from './page-data.js';
import { matchesPrefixIgnoreCase, matchesTextSearch } from './text-search.js';

describe('matchesTextSearch', () => {
  const device = {
    name: 'Thermostat T1',
    type: 'thermostat',
    active: true,
    count: 42,
    info: { note: 'hidden' },
    x: null,
  };

  it('matches case-insensitive substrings of scalar values', () => {
    expect(matchesTextSearch(device, 'MOSTAT t')).toBe(true);
    expect(matchesTextSearch(device, '42')).toBe(true);
    expect(matchesTextSearch(device, 'TRU')).toBe(true);
  });

  it('skips nested objects and nulls', () => {
    expect(matchesTextSearch(device, 'hidden')).toBe(false);
    expect(matchesTextSearch(device, 'null')).toBe(false);
    expect(matchesTextSearch(device, 'object')).toBe(false);
    expect(matchesTextSearch({ tags: ['blue'] }, 'blue')).toBe(false);
  });

  it('matches everything for an empty search', () => {
    expect(matchesTextSearch(device, '')).toBe(true);
    expect(matchesTextSearch(device, undefined)).toBe(true);
  });

  it('can be restricted to one property', () => {
    expect(matchesTextSearch(device, 'thermostat', 'type')).toBe(true);
    expect(matchesTextSearch(device, 'T1', 'type')).toBe(false);
    expect(matchesTextSearch(device, 'T1', 'missing')).toBe(false);
  });
});

describe('matchesPrefixIgnoreCase', () => {
  it('matches prefixes only', () => {
    expect(matchesPrefixIgnoreCase('Customer A', 'cust')).toBe(true);
    expect(matchesPrefixIgnoreCase('Customer A', 'omer')).toBe(false);
    expect(matchesPrefixIgnoreCase(null, 'a')).toBe(false);
    expect(matchesPrefixIgnoreCase(null, '')).toBe(true);
  });
});

describe('applyPageLink', () => {
  const rows = [
    { name: 'b', ts: 3, customer: { title: 'Z' } },
    { name: 'A', ts: 1, customer: { title: 'Y' } },
    { name: 'c', ts: 2, customer: { title: 'X' } },
    { name: 'ab', ts: null, customer: { title: 'W' } },
  ];

  it('sorts, slices and counts pages', () => {
    const page = applyPageLink(rows, {
      pageSize: 3,
      page: 0,
      sortOrder: { property: 'name', direction: 'ASC' },
    });
    expect(page.data.map((r) => r.name)).toEqual(['A', 'ab', 'b']);
    expect(page).toMatchObject({ totalElements: 4, totalPages: 2, hasNext: true });
    const second = applyPageLink(rows, {
      pageSize: 3,
      page: 1,
      sortOrder: { property: 'name', direction: 'ASC' },
    });
    expect(second.data.map((r) => r.name)).toEqual(['c']);
    expect(second.hasNext).toBe(false);
  });

  it('sorts numbers numerically with missing values first, and by dotted paths', () => {
    const byTs = applyPageLink(rows, {
      pageSize: 10,
      page: 0,
      sortOrder: { property: 'ts', direction: 'DESC' },
    });
    expect(byTs.data.map((r) => r.ts)).toEqual([3, 2, 1, null]);
    const byTitle = applyPageLink(rows, {
      pageSize: 10,
      page: 0,
      sortOrder: { property: 'customer.title', direction: 'ASC' },
    });
    expect(byTitle.data.map((r) => r.name)).toEqual(['ab', 'c', 'A', 'b']);
  });

  it('filters by text search before paging', () => {
    const page = applyPageLink(rows, { pageSize: 10, page: 0, textSearch: 'A' });
    expect(page.data.map((r) => r.name)).toEqual(['A', 'ab']);
    expect(page.totalElements).toBe(2);
  });

  it('returns an empty page beyond the end', () => {
    expect(applyPageLink(rows, { pageSize: 2, page: 5 })).toEqual({
      data: [],
      totalPages: 2,
      totalElements: 4,
      hasNext: false,
    });
    expect(applyPageLink([], { pageSize: 2, page: 0 })).toEqual(emptyPageData());
  });

  it('does not reorder the input', () => {
    applyPageLink(rows, { pageSize: 10, page: 0, sortOrder: { property: 'name', direction: 'DESC' } });
    expect(rows[0]?.name).toBe('b');
  });
});

describe('compareValues / getPropertyPath', () => {
  it('orders booleans and mixed values', () => {
    expect(compareValues(false, true)).toBeLessThan(0);
    expect(compareValues(undefined, 0)).toBeLessThan(0);
    expect(compareValues(null, undefined)).toBe(0);
    expect(compareValues('10', 9)).toBeLessThan(0);
  });

  it('reads nested values and tolerates missing ones', () => {
    expect(getPropertyPath({ a: { b: 1 } }, 'a.b')).toBe(1);
    expect(getPropertyPath({ a: null }, 'a.b')).toBeUndefined();
  });
});
