import { describe, expect, it } from 'vitest';
import {
  MAX_SAFE_PAGE_SIZE,
  nextPageLink,
  type PageLinkParseResult,
  pageLinkToQueryString,
  parsePageLink,
  parseTimePageLink,
  timePageLinkToQueryString,
} from './page-link.js';

function problemsOf<T extends { pageSize: number }>(result: PageLinkParseResult<T & { page: number }>) {
  if (result.ok) {
    throw new Error('expected a failure');
  }
  return result.problems;
}

describe('pageLinkToQueryString', () => {
  it('writes pageSize and page only when nothing else is set', () => {
    expect(pageLinkToQueryString({ pageSize: 50, page: 0 })).toBe('pageSize=50&page=0');
  });

  it('URL-encodes the text search and skips an empty one', () => {
    expect(pageLinkToQueryString({ pageSize: 10, page: 2, textSearch: 'a&b c/ü' })).toBe(
      'pageSize=10&page=2&textSearch=a%26b%20c%2F%C3%BC',
    );
    expect(pageLinkToQueryString({ pageSize: 10, page: 2, textSearch: '' })).toBe('pageSize=10&page=2');
  });

  it('appends sortProperty and sortOrder after the text search', () => {
    expect(
      pageLinkToQueryString({
        pageSize: 20,
        page: 1,
        textSearch: 'x',
        sortOrder: { property: 'createdTime', direction: 'DESC' },
      }),
    ).toBe('pageSize=20&page=1&textSearch=x&sortProperty=createdTime&sortOrder=DESC');
  });

  it('adds startTime and endTime for time page links', () => {
    expect(timePageLinkToQueryString({ pageSize: 5, page: 0, startTime: 1000, endTime: 2000 })).toBe(
      'pageSize=5&page=0&startTime=1000&endTime=2000',
    );
    expect(timePageLinkToQueryString({ pageSize: 5, page: 0, endTime: 0 })).toBe(
      'pageSize=5&page=0&endTime=0',
    );
  });

  it('moves to the next page without touching the rest', () => {
    const link = { pageSize: 5, page: 3, textSearch: 'q' };
    expect(nextPageLink(link)).toEqual({ pageSize: 5, page: 4, textSearch: 'q' });
    expect(link.page).toBe(3);
  });
});

describe('parsePageLink', () => {
  it('round-trips what pageLinkToQueryString writes', () => {
    const query = Object.fromEntries(
      new URLSearchParams(
        pageLinkToQueryString({
          pageSize: 25,
          page: 3,
          textSearch: 'Test Device & co',
          sortOrder: { property: 'name', direction: 'ASC' },
        }),
      ),
    );
    expect(parsePageLink(query)).toEqual({
      ok: true,
      pageLink: {
        pageSize: 25,
        page: 3,
        textSearch: 'Test Device & co',
        sortOrder: { property: 'name', direction: 'ASC' },
      },
    });
  });

  it('accepts the maximum page size', () => {
    const result = parsePageLink({ pageSize: String(MAX_SAFE_PAGE_SIZE), page: '0' });
    expect(result).toEqual({ ok: true, pageLink: { pageSize: 2147483647, page: 0 } });
  });

  it('requires pageSize and page', () => {
    expect(problemsOf(parsePageLink({}))).toEqual([
      { parameter: 'pageSize', code: 'missing', message: "Required int parameter 'pageSize' is not present" },
      { parameter: 'page', code: 'missing', message: "Required int parameter 'page' is not present" },
    ]);
    expect(problemsOf(parsePageLink({ pageSize: '', page: '0' }))[0]?.code).toBe('missing');
  });

  it('rejects non-integers and values outside 32 bits', () => {
    const problems = problemsOf(parsePageLink({ pageSize: '1.5', page: '2147483648' }));
    expect(problems.map((p) => [p.parameter, p.code])).toEqual([
      ['pageSize', 'notAnInteger'],
      ['page', 'notAnInteger'],
    ]);
    expect(problems[0]?.message).toBe("Parameter 'pageSize' must be a valid int value, got '1.5'");
    expect(problemsOf(parsePageLink({ pageSize: 'ten', page: '0' }))[0]?.code).toBe('notAnInteger');
  });

  it('enforces pageSize >= 1 and page >= 0', () => {
    expect(problemsOf(parsePageLink({ pageSize: '0', page: '-1' }))).toEqual([
      { parameter: 'pageSize', code: 'outOfRange', message: 'Page size must not be less than one!' },
      { parameter: 'page', code: 'outOfRange', message: 'Page index must not be less than zero!' },
    ]);
    expect(parsePageLink({ pageSize: '1', page: '0' }).ok).toBe(true);
  });

  it('trims integers and takes the first of repeated integer values', () => {
    expect(parsePageLink({ pageSize: [' 7 ', '9'], page: '+1' })).toEqual({
      ok: true,
      pageLink: { pageSize: 7, page: 1 },
    });
  });

  it('reads the sort order case-insensitively and defaults it to ASC', () => {
    expect(parsePageLink({ pageSize: '10', page: '0', sortProperty: 'name', sortOrder: 'desc' })).toEqual({
      ok: true,
      pageLink: { pageSize: 10, page: 0, sortOrder: { property: 'name', direction: 'DESC' } },
    });
    expect(parsePageLink({ pageSize: '10', page: '0', sortProperty: 'name' })).toEqual({
      ok: true,
      pageLink: { pageSize: 10, page: 0, sortOrder: { property: 'name', direction: 'ASC' } },
    });
  });

  it('rejects other sort orders with the reference message', () => {
    expect(
      problemsOf(parsePageLink({ pageSize: '10', page: '0', sortProperty: 'name', sortOrder: 'UP' })),
    ).toEqual([
      {
        parameter: 'sortOrder',
        code: 'unsupportedSortOrder',
        message: "Unsupported sort order 'UP'! Only 'ASC' or 'DESC' types are allowed.",
      },
    ]);
  });

  it('ignores sortOrder without sortProperty, like the reference', () => {
    expect(parsePageLink({ pageSize: '10', page: '0', sortOrder: 'bogus' })).toEqual({
      ok: true,
      pageLink: { pageSize: 10, page: 0 },
    });
  });

  it('lists binding problems before the sort order and the sort order before ranges', () => {
    const problems = problemsOf(
      parsePageLink({ pageSize: '0', page: 'x', sortProperty: 'name', sortOrder: 'no' }),
    );
    expect(problems.map((p) => p.code)).toEqual(['notAnInteger', 'unsupportedSortOrder', 'outOfRange']);
  });

  it('keeps the text search verbatim and joins repeated string values with commas', () => {
    const result = parsePageLink({ pageSize: '10', page: '0', textSearch: ['a', 'b'] });
    expect(result.ok && result.pageLink.textSearch).toBe('a,b');
    const blank = parsePageLink({ pageSize: '10', page: '0', textSearch: '' });
    expect(blank.ok && 'textSearch' in blank.pageLink).toBe(false);
  });
});

describe('parseTimePageLink', () => {
  it('adds optional startTime and endTime', () => {
    expect(parseTimePageLink({ pageSize: '10', page: '0', startTime: '1609459200000' })).toEqual({
      ok: true,
      pageLink: { pageSize: 10, page: 0, startTime: 1609459200000 },
    });
  });

  it('rejects non-integer times and keeps binding problems first', () => {
    const problems = problemsOf(parseTimePageLink({ pageSize: '0', page: '0', startTime: 'yesterday' }));
    expect(problems.map((p) => [p.parameter, p.code])).toEqual([
      ['startTime', 'notAnInteger'],
      ['pageSize', 'outOfRange'],
    ]);
    expect(problems[0]?.message).toBe("Parameter 'startTime' must be a valid long value, got 'yesterday'");
  });

  it('reports time problems on their own when the page part is fine', () => {
    expect(
      problemsOf(parseTimePageLink({ pageSize: '1', page: '0', endTime: '12.5' })).map((p) => p.parameter),
    ).toEqual(['endTime']);
  });
});
