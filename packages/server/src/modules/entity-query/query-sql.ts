import { sql } from 'kysely';
import type { Principal } from '../../auth/principal.js';
import { type EntitySource, entitySource, readScopeOf } from './entity-filters.js';
import { predicateSql, type ValueResolver } from './key-filters.js';
import { KeyJoins } from './key-values.js';
import type { CheckedKeyFilter, CountQueryInput, DataKey, DataQueryInput, ParsedPageLink } from './parse.js';
import { and, escapeLike, intParam, or, type Sql, textParam } from './sql-parts.js';

/**
 * Assembles the SQL of an entity query: the entity filter's rows, limited to the caller's read
 * scope and the key filters, then text search, sort and paging over the selected values. A page is
 * one statement and its total one more; every key is one lateral join, never a query per entity.
 */

/** A selected key and the result columns carrying its text (`s<i>`) and timestamp (`t<i>`). */
export interface SelectedKey {
  key: DataKey;
  value: string;
  ts: string | null;
}

const keyId = (key: DataKey) => `${key.type}\u0000${key.key}`;

/** entityFields then latestValues, each key once. */
export function selectedKeys(
  entityFields: readonly DataKey[],
  latestValues: readonly DataKey[],
): SelectedKey[] {
  const seen = new Set<string>();
  const selected: SelectedKey[] = [];
  for (const key of [...entityFields, ...latestValues]) {
    if (seen.has(keyId(key))) continue;
    seen.add(keyId(key));
    const i = selected.length;
    selected.push({ key, value: `s${i}`, ts: key.type === 'ENTITY_FIELD' ? null : `t${i}` });
  }
  return selected;
}

interface Inner {
  source: EntitySource;
  sql: Sql;
}

/**
 * The filtered rows with the columns asked for: `id`, `etype`, the selected keys, and `sn`/`ss`
 * (numeric and text sort values) when sorting.
 */
function innerQuery(
  principal: Principal,
  query: CountQueryInput,
  resolve: ValueResolver,
  selected: readonly SelectedKey[],
  sortKey: DataKey | null,
): Inner {
  const source = entitySource(query.entityFilter, principal);
  const keys = new KeyJoins(source);
  const conditions = [
    readScopeOf(source, principal),
    source.where,
    ...query.keyFilters.map((filter: CheckedKeyFilter) =>
      predicateSql(keys.valueOf(filter.key, true), filter.predicate, resolve),
    ),
  ];
  const columns: Sql[] = [sql`${source.id} as id`, sql`${source.entityType}::text as etype`];
  for (const entry of selected) {
    const value = keys.valueOf(entry.key);
    columns.push(sql`${value.text} as ${sql.raw(entry.value)}`);
    if (entry.ts && value.ts) columns.push(sql`${value.ts}::text as ${sql.raw(entry.ts)}`);
  }
  if (sortKey) {
    const value = keys.valueOf(sortKey);
    // Numbers sort as numbers, then everything by its text (the reference's two sort columns);
    // entity fields sort by their text, except createdTime, which is a number.
    const numeric = sortKey.type !== 'ENTITY_FIELD' || sortKey.key === 'createdTime';
    columns.push(sql`${numeric ? value.number : sql`null::float8`} as sn`, sql`${value.text} as ss`);
  }
  const where = and(conditions);
  return {
    source,
    sql: sql`select ${sql.join(columns)} from ${source.from} ${keys.joinSql} where ${where}`,
  };
}

function withCtes(source: EntitySource, body: Sql): Sql {
  if (source.ctes.length === 0) return body;
  return sql`with recursive ${sql.join(source.ctes)} ${body}`;
}

/** Case-insensitive "contains" over the selected values (reference `EntityDataPageLink.textSearch`). */
function textSearchSql(selected: readonly SelectedKey[], textSearch: string | null): Sql {
  if (!textSearch || selected.length === 0) return sql`true`;
  const pattern = textParam(`%${escapeLike(textSearch.toLowerCase())}%`);
  return or(selected.map((entry) => sql`lower(${sql.raw(`q.${entry.value}`)}) like ${pattern}`));
}

/** `select total` of a count query (no paging, no text search). */
export function countSql(principal: Principal, query: CountQueryInput, resolve: ValueResolver): Sql {
  const inner = innerQuery(principal, query, resolve, [], null);
  return withCtes(inner.source, sql`select count(*)::text as total from (${inner.sql}) q`);
}

export interface PageSql {
  /** `select total` of all rows matching, text search included. */
  count: Sql;
  /** The page: `id`, `etype`, and the selected keys' columns. */
  page: Sql;
  selected: SelectedKey[];
}

export function pageSql(principal: Principal, query: DataQueryInput, resolve: ValueResolver): PageSql {
  const selected = selectedKeys(query.entityFields, query.latestValues);
  const link: ParsedPageLink = query.pageLink;
  const search = textSearchSql(selected, link.textSearch);
  const counted = innerQuery(principal, query, resolve, link.textSearch ? selected : [], null);
  const sort = link.sortOrder;
  const paged = innerQuery(principal, query, resolve, selected, sort?.key ?? null);
  const direction = sql.raw(sort?.direction === 'DESC' ? 'desc' : 'asc');
  const order = sort ? sql`q.sn ${direction}, q.ss ${direction}, q.id asc` : sql`q.id asc`;
  const offset = BigInt(link.page) * BigInt(link.pageSize);
  return {
    selected,
    count: withCtes(
      counted.source,
      sql`select count(*)::text as total from (${counted.sql}) q where ${search}`,
    ),
    page: withCtes(
      paged.source,
      sql`select q.* from (${paged.sql}) q where ${search} order by ${order}
        limit ${intParam(link.pageSize)} offset ${intParam(offset)}`,
    ),
  };
}
