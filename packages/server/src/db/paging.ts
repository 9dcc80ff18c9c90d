import { ownValue, type PageData } from '@meridian/common';
import { type SelectQueryBuilder, sql } from 'kysely';
import { badRequest } from '../http/api-error.js';
import type { PageQuery } from '../http/page-query.js';

/**
 * Describes how a list can be paged: which wire sort properties map to which SQL expressions, and
 * which columns the text search looks in.
 */
export interface PageSpec {
  sortable: Record<string, string>;
  searchColumns: readonly string[];
  /** Tie-breaker and default order; the reference defaults to id ASC. */
  idColumn: string;
}

/** Escapes LIKE wildcards so a search for "50%" looks for that text. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Runs a paged, searched and sorted query and returns the reference's PageData. The text search is a
 * case-insensitive "contains" over the spec's search columns; unknown sort properties are a 400.
 */
export async function fetchPage<DB, TB extends keyof DB, O, T>(
  query: SelectQueryBuilder<DB, TB, O>,
  page: PageQuery,
  spec: PageSpec,
  toWire: (row: O) => T,
): Promise<PageData<T>> {
  const direction = (page.sortOrder ?? 'ASC').toUpperCase();
  if (direction !== 'ASC' && direction !== 'DESC') {
    throw badRequest(`Unsupported sort order '${page.sortOrder}'! Only 'ASC' or 'DESC' types are allowed.`);
  }
  let filtered = query;
  if (page.textSearch) {
    const pattern = likePattern(page.textSearch);
    const matches = spec.searchColumns.map((column) => sql<boolean>`${sql.ref(column)} ilike ${pattern}`);
    filtered = filtered.where(sql<boolean>`(${sql.join(matches, sql` or `)})`);
  }
  let sortColumn = spec.idColumn;
  if (page.sortProperty) {
    // Own keys only: `constructor` or `toString` are no sort properties (they would reach the SQL).
    const column = ownValue(spec.sortable, page.sortProperty);
    if (!column) throw badRequest(`Invalid sort property '${page.sortProperty}'`);
    sortColumn = column;
  }
  const countRow = await filtered
    .clearSelect()
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirst();
  const total = Number((countRow as { total?: number } | undefined)?.total ?? 0);
  const dir = direction === 'ASC' ? sql`asc` : sql`desc`;
  const rows = await filtered
    .orderBy(sql`${sql.ref(sortColumn)} ${dir}`)
    .orderBy(sql`${sql.ref(spec.idColumn)} ${dir}`)
    .limit(page.pageSize)
    .offset(page.page * page.pageSize)
    .execute();
  const totalPages = Math.ceil(total / page.pageSize);
  return {
    data: rows.map(toWire),
    totalPages,
    totalElements: total,
    hasNext: (page.page + 1) * page.pageSize < total,
  };
}
