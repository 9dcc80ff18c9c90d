import type { SortDirection } from './page.js';

/**
 * Page links: how list endpoints are asked for one page (spec 2 §3 "Queries and pages", §7;
 * reference §1.1 `PAGE` and `TIME` parameters).
 */

/** Largest page size a client may ask for: Java's `Integer.MAX_VALUE`, used to mean "everything". */
export const MAX_SAFE_PAGE_SIZE = 2147483647;
/** Page size the console uses for ordinary list pages. */
export const DEFAULT_PAGE_SIZE = 50;
/** Page size used when the console fetches the dashboards a forced-fullscreen user may open. */
export const ALLOWED_DASHBOARDS_PAGE_SIZE = 100;
/** Page size used when a lookup "by name with size -1" pages through every result. */
export const LOOKUP_ALL_PAGE_SIZE = 100;
/** Page size of entity-info autocomplete searches. */
export const ENTITY_INFO_SEARCH_PAGE_SIZE = 10;

/** Sort directions a page link may carry. */
export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const satisfies readonly SortDirection[];

/** Sort of a plain page link: a property name (see `SORT_PROPERTIES`) and a direction. */
export interface SortOrder {
  property: string;
  direction: SortDirection;
}

/** A plain page link. `page` is 0-based. */
export interface PageLink {
  pageSize: number;
  page: number;
  textSearch?: string;
  sortOrder?: SortOrder;
}

/** A page link for time-ranged lists (alarms, events, audit logs, edge events): epoch ms bounds. */
export interface TimePageLink extends PageLink {
  startTime?: number;
  endTime?: number;
}

/**
 * Builds the query string of a page request exactly as the reference console does:
 * `pageSize=..&page=..`, then `&textSearch=<URL-encoded>` when the text is non-empty, then
 * `&sortProperty=..&sortOrder=..` when a sort is set. No leading `?`.
 */
export function pageLinkToQueryString(pageLink: PageLink): string {
  let query = `pageSize=${pageLink.pageSize}&page=${pageLink.page}`;
  if (pageLink.textSearch !== undefined && pageLink.textSearch.length > 0) {
    query += `&textSearch=${encodeURIComponent(pageLink.textSearch)}`;
  }
  if (pageLink.sortOrder) {
    query += `&sortProperty=${encodeURIComponent(pageLink.sortOrder.property)}&sortOrder=${pageLink.sortOrder.direction}`;
  }
  return query;
}

/** {@link pageLinkToQueryString} plus `&startTime=..` and `&endTime=..` for the bounds that are set. */
export function timePageLinkToQueryString(pageLink: TimePageLink): string {
  let query = pageLinkToQueryString(pageLink);
  if (pageLink.startTime !== undefined) {
    query += `&startTime=${pageLink.startTime}`;
  }
  if (pageLink.endTime !== undefined) {
    query += `&endTime=${pageLink.endTime}`;
  }
  return query;
}

/** The same page link moved to the following page. */
export function nextPageLink<T extends PageLink>(pageLink: T): T {
  return { ...pageLink, page: pageLink.page + 1 };
}

/** Query parameters as HTTP frameworks hand them over; repeated parameters arrive as arrays. */
export type QueryParams = Readonly<Record<string, string | readonly string[] | undefined>>;

export type PageLinkParameter = 'pageSize' | 'page' | 'sortOrder' | 'startTime' | 'endTime';
export type PageLinkProblemCode = 'missing' | 'notAnInteger' | 'outOfRange' | 'unsupportedSortOrder';

/** One reason a page query was rejected; the server answers 400 with code 31 and `message`. */
export interface PageLinkProblem {
  parameter: PageLinkParameter;
  code: PageLinkProblemCode;
  message: string;
}

export type PageLinkParseResult<T extends PageLink> =
  | { ok: true; pageLink: T }
  | { ok: false; problems: PageLinkProblem[] };

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const INTEGER_PATTERN = /^[+-]?\d+$/;

/** Repeated integer parameters: like Spring, only the first value counts. */
function firstValue(raw: string | readonly string[] | undefined): string | undefined {
  if (raw === undefined || typeof raw === 'string') {
    return raw;
  }
  return raw[0];
}

/** Repeated string parameters: like Spring's array-to-string conversion, values are joined by commas. */
function joinedValue(raw: string | readonly string[] | undefined): string | undefined {
  if (raw === undefined || typeof raw === 'string') {
    return raw;
  }
  return raw.length === 0 ? undefined : raw.join(',');
}

type IntegerParse =
  | { kind: 'missing' }
  | { kind: 'invalid'; text: string }
  | { kind: 'value'; value: number };

function parseInteger(raw: string | readonly string[] | undefined, min: number, max: number): IntegerParse {
  const text = firstValue(raw)?.trim();
  if (text === undefined || text.length === 0) {
    return { kind: 'missing' };
  }
  if (!INTEGER_PATTERN.test(text)) {
    return { kind: 'invalid', text };
  }
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    return { kind: 'invalid', text };
  }
  return { kind: 'value', value };
}

function notAnInteger(parameter: PageLinkParameter, type: 'int' | 'long', text: string): PageLinkProblem {
  return {
    parameter,
    code: 'notAnInteger',
    message: `Parameter '${parameter}' must be a valid ${type} value, got '${text}'`,
  };
}

/**
 * Parses the `PAGE` query parameters of a list endpoint the way the reference server does
 * (reference §1.1, `BaseController.createPageLink`):
 * - `pageSize` and `page` are required 32-bit integers; `pageSize` must be ≥ 1 and `page` ≥ 0.
 * - `textSearch` is kept verbatim when non-empty.
 * - A sort exists only when `sortProperty` is non-empty; `sortOrder` is then read case-insensitively,
 *   defaults to `ASC`, and anything but ASC/DESC is rejected with the reference message
 *   "Unsupported sort order '…'! Only 'ASC' or 'DESC' types are allowed.". Without `sortProperty`,
 *   `sortOrder` is ignored, as in the reference.
 *
 * On failure every problem is listed; `problems[0]` is the one the reference would report (binding
 * errors first, then the sort order, then the range checks of the page request).
 */
export function parsePageLink(query: QueryParams): PageLinkParseResult<PageLink> {
  const binding: PageLinkProblem[] = [];
  const sorting: PageLinkProblem[] = [];
  const ranges: PageLinkProblem[] = [];

  const pageSize = parseInteger(query.pageSize, INT32_MIN, INT32_MAX);
  const page = parseInteger(query.page, INT32_MIN, INT32_MAX);
  for (const [parameter, parsed] of [
    ['pageSize', pageSize],
    ['page', page],
  ] as const) {
    if (parsed.kind === 'missing') {
      binding.push({
        parameter,
        code: 'missing',
        message: `Required int parameter '${parameter}' is not present`,
      });
    } else if (parsed.kind === 'invalid') {
      binding.push(notAnInteger(parameter, 'int', parsed.text));
    }
  }
  if (pageSize.kind === 'value' && pageSize.value < 1) {
    ranges.push({
      parameter: 'pageSize',
      code: 'outOfRange',
      message: 'Page size must not be less than one!',
    });
  }
  if (page.kind === 'value' && page.value < 0) {
    ranges.push({ parameter: 'page', code: 'outOfRange', message: 'Page index must not be less than zero!' });
  }

  let sortOrder: SortOrder | undefined;
  const sortProperty = joinedValue(query.sortProperty);
  if (sortProperty !== undefined && sortProperty.length > 0) {
    const rawOrder = joinedValue(query.sortOrder);
    let direction: SortDirection = 'ASC';
    if (rawOrder !== undefined && rawOrder.length > 0) {
      const upper = rawOrder.toUpperCase();
      if (upper === 'ASC' || upper === 'DESC') {
        direction = upper;
      } else {
        sorting.push({
          parameter: 'sortOrder',
          code: 'unsupportedSortOrder',
          message: `Unsupported sort order '${rawOrder}'! Only 'ASC' or 'DESC' types are allowed.`,
        });
      }
    }
    sortOrder = { property: sortProperty, direction };
  }

  const problems = [...binding, ...sorting, ...ranges];
  if (problems.length > 0 || pageSize.kind !== 'value' || page.kind !== 'value') {
    return { ok: false, problems };
  }
  const pageLink: PageLink = { pageSize: pageSize.value, page: page.value };
  const textSearch = joinedValue(query.textSearch);
  if (textSearch !== undefined && textSearch.length > 0) {
    pageLink.textSearch = textSearch;
  }
  if (sortOrder) {
    pageLink.sortOrder = sortOrder;
  }
  return { ok: true, pageLink };
}

/**
 * {@link parsePageLink} plus the optional `TIME` parameters `startTime` and `endTime` (epoch ms,
 * 64-bit integers in the reference; here limited to safe integers).
 */
export function parseTimePageLink(query: QueryParams): PageLinkParseResult<TimePageLink> {
  const base = parsePageLink(query);
  const timeProblems: PageLinkProblem[] = [];
  const bounds: Partial<Record<'startTime' | 'endTime', number>> = {};
  for (const parameter of ['startTime', 'endTime'] as const) {
    const parsed = parseInteger(query[parameter], Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    if (parsed.kind === 'invalid') {
      timeProblems.push(notAnInteger(parameter, 'long', parsed.text));
    } else if (parsed.kind === 'value') {
      bounds[parameter] = parsed.value;
    }
  }
  if (!base.ok || timeProblems.length > 0) {
    const problems = base.ok ? timeProblems : base.problems;
    if (!base.ok) {
      // Time parameters are bound together with pageSize/page, before sort and range checks.
      const bindingCount = problems.filter((p) => p.code === 'missing' || p.code === 'notAnInteger').length;
      problems.splice(bindingCount, 0, ...timeProblems);
    }
    return { ok: false, problems };
  }
  return { ok: true, pageLink: { ...base.pageLink, ...bounds } };
}
