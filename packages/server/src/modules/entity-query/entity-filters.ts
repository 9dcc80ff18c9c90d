import type { EntityId, EntityType, RelationEntityTypeFilter } from '@meridian/common';
import { sql } from 'kysely';
import type { Principal } from '../../auth/principal.js';
import { ENTITY_TABLES, QUERYABLE_ENTITY_TYPES, type QueryableEntityType } from './entity-tables.js';
import type { SearchQueryFilter, SupportedEntityFilter } from './parse.js';
import { readScopeSql } from './read-scope.js';
import { type RelationWalk, relationWalkCtes } from './relation-walk.js';
import {
  and,
  col,
  escapeLike,
  FALSE,
  NULL,
  or,
  type Sql,
  TRUE,
  textParam,
  uuidParam,
  word,
} from './sql-parts.js';

/**
 * Entity filters (reference §3.4 `EntityFilter`) as SQL: where the entities come from, and the
 * condition that selects them. Filters of one entity type read that type's table aliased `e`;
 * relationsQuery reads the relation walk and joins every table its rows may come from.
 */

export interface EntitySource {
  /** CTEs the FROM clause needs (recursive when any is). */
  ctes: Sql[];
  from: Sql;
  /** The filter's own condition (the read scope is added separately). */
  where: Sql;
  id: Sql;
  entityType: Sql;
  /** Entity types rows may have, each with the alias its columns are read through. */
  tables: { type: QueryableEntityType; alias: string }[];
  /** Rows all have the one type of `tables`. */
  single: boolean;
  /** The entity a relation query reached the row from (relationsQuery only). */
  parentId: Sql | null;
}

function singleType(type: QueryableEntityType, where: Sql): EntitySource {
  return {
    ctes: [],
    from: sql`${sql.raw(ENTITY_TABLES[type].table)} e`,
    where,
    id: sql`e.id`,
    entityType: word(type),
    tables: [{ type, alias: 'e' }],
    single: true,
    parentId: null,
  };
}

/** Case-insensitive name prefix, the reference's `lower(search_text) like lower(prefix) || '%'`. */
function namePrefix(type: QueryableEntityType, prefix: string | undefined): Sql {
  if (!prefix) return TRUE;
  const pattern = `${escapeLike(prefix.toLowerCase())}%`;
  return sql`lower(${col('e', ENTITY_TABLES[type].nameColumn)}) like ${textParam(pattern)}`;
}

function typedEntities(
  type: 'ASSET' | 'DEVICE' | 'ENTITY_VIEW',
  subtype: string,
  prefix: string | undefined,
): EntitySource {
  return singleType(type, and([sql`e.type = ${textParam(subtype)}`, namePrefix(type, prefix)]));
}

const idIn = (ids: readonly string[]): Sql =>
  ids.length === 0 ? FALSE : sql`e.id in (${sql.join([...new Set(ids)].map(uuidParam))})`;

/** Entity types a relation query can return, given its filters (any type when a filter names none). */
function relationTargetTypes(filters: readonly RelationEntityTypeFilter[]): QueryableEntityType[] {
  if (filters.length === 0 || filters.some((f) => f.entityTypes.length === 0))
    return [...QUERYABLE_ENTITY_TYPES];
  const named = new Set<EntityType>(filters.flatMap((f) => f.entityTypes));
  return QUERYABLE_ENTITY_TYPES.filter((type) => named.has(type));
}

/** Hops matching any of the filters: relation type (any when empty) and far entity type (any when empty). */
function relationFiltersMatch(filters: readonly RelationEntityTypeFilter[]) {
  return (relationType: Sql, farType: Sql): Sql => {
    if (filters.length === 0) return TRUE;
    return or(
      filters.map((filter) =>
        and([
          filter.relationType ? sql`${relationType} = ${textParam(filter.relationType)}` : TRUE,
          filter.entityTypes.length > 0
            ? sql`${farType} in (${sql.join([...new Set(filter.entityTypes)].map(word))})`
            : TRUE,
        ]),
      ),
    );
  };
}

const rootOf = (root: EntityId | null) => ({ type: root?.entityType ?? null, ids: root ? [root.id] : [] });

function relationsQuerySource(
  filter: Extract<SupportedEntityFilter, { type: 'relationsQuery' }>,
  principal: Principal,
): EntitySource {
  const roots = filter.multiRoot
    ? { type: filter.multiRootEntitiesType ?? null, ids: filter.multiRootEntityIds ?? [] }
    : rootOf(filter.rootEntity);
  const walk: RelationWalk = {
    roots,
    direction: filter.direction,
    maxLevel: filter.maxLevel,
    fetchLastLevelOnly: filter.fetchLastLevelOnly ?? false,
    hopMatches: relationFiltersMatch(filter.filters),
  };
  const tables = relationTargetTypes(filter.filters).map((type) => ({
    type,
    alias: `t_${type.toLowerCase()}`,
  }));
  const joins = tables.map(
    ({ type, alias }) =>
      sql`left join ${sql.raw(ENTITY_TABLES[type].table)} ${sql.raw(alias)} on r.etype = ${word(type)} and ${col(alias, 'id')} = r.id`,
  );
  return {
    ctes: relationWalkCtes(walk, principal),
    from: sql`rel r ${sql.join(joins, sql` `)}`,
    where: TRUE,
    id: sql`r.id`,
    entityType: sql`r.etype`,
    tables,
    single: false,
    parentId: sql`r.parent`,
  };
}

/** The entity type a search query returns and the subtypes it lists (any when none). */
function searchTarget(filter: SearchQueryFilter): {
  type: 'ASSET' | 'DEVICE' | 'ENTITY_VIEW';
  subtypes: string[];
} {
  switch (filter.type) {
    case 'assetSearchQuery':
      return { type: 'ASSET', subtypes: filter.assetTypes };
    case 'deviceSearchQuery':
      return { type: 'DEVICE', subtypes: filter.deviceTypes };
    case 'entityViewSearchQuery':
      return { type: 'ENTITY_VIEW', subtypes: filter.entityViewTypes };
  }
}

function searchQuerySource(filter: SearchQueryFilter, principal: Principal): EntitySource {
  const target = searchTarget(filter);
  const subtypes = [...new Set(target.subtypes)];
  const walk: RelationWalk = {
    roots: rootOf(filter.rootEntity),
    direction: filter.direction,
    maxLevel: filter.maxLevel,
    fetchLastLevelOnly: filter.fetchLastLevelOnly ?? false,
    hopMatches: relationFiltersMatch([{ relationType: filter.relationType, entityTypes: [target.type] }]),
  };
  return {
    ...singleType(
      target.type,
      subtypes.length > 0 ? sql`e.type in (${sql.join(subtypes.map(textParam))})` : TRUE,
    ),
    ctes: relationWalkCtes(walk, principal),
    from: sql`rel r join ${sql.raw(ENTITY_TABLES[target.type].table)} e on e.id = r.id and r.etype = ${word(target.type)}`,
  };
}

/** Where the entities of a filter come from and which of them it selects. */
export function entitySource(filter: SupportedEntityFilter, principal: Principal): EntitySource {
  switch (filter.type) {
    case 'singleEntity':
      return singleType(
        filter.singleEntity.entityType as QueryableEntityType,
        idIn([filter.singleEntity.id]),
      );
    case 'entityList':
      return singleType(filter.entityType as QueryableEntityType, idIn(filter.entityList));
    case 'entityName':
      return singleType(
        filter.entityType as QueryableEntityType,
        namePrefix(filter.entityType as QueryableEntityType, filter.entityNameFilter),
      );
    case 'entityType':
      return singleType(filter.entityType as QueryableEntityType, TRUE);
    case 'assetType':
      return typedEntities('ASSET', filter.assetType, filter.assetNameFilter);
    case 'deviceType':
      return typedEntities('DEVICE', filter.deviceType, filter.deviceNameFilter);
    case 'entityViewType':
      return typedEntities('ENTITY_VIEW', filter.entityViewType, filter.entityViewNameFilter);
    case 'apiUsageState':
      // The tenant's own usage state (the read scope keeps it to the caller's tenant); Meridian keeps
      // no per-customer usage, so a customer's is empty.
      return singleType('API_USAGE_STATE', filter.customerId ? FALSE : TRUE);
    case 'relationsQuery':
      return relationsQuerySource(filter, principal);
    case 'assetSearchQuery':
    case 'deviceSearchQuery':
    case 'entityViewSearchQuery':
      return searchQuerySource(filter, principal);
  }
}

/**
 * An expression that depends on the row's entity type: built per type through that type's alias,
 * as a CASE over the type when rows may have several. Types `build` answers null for yield NULL.
 */
export function perType(
  source: EntitySource,
  build: (type: QueryableEntityType, alias: string) => Sql | null,
): Sql {
  const branches = source.tables.flatMap(({ type, alias }) => {
    const expr = build(type, alias);
    return expr ? [{ type, expr }] : [];
  });
  if (source.single) return branches[0]?.expr ?? NULL;
  if (branches.length === 0) return NULL;
  return sql`(case ${source.entityType} ${sql.join(
    branches.map(({ type, expr }) => sql`when ${word(type)} then ${expr}`),
    sql` `,
  )} end)`;
}

/** The caller's read scope over the source's rows. */
export function readScopeOf(source: EntitySource, principal: Principal): Sql {
  if (source.single) {
    const table = source.tables[0];
    return table ? readScopeSql(principal, table.type, table.alias) : FALSE;
  }
  return or(
    source.tables.map(({ type, alias }) =>
      and([sql`${source.entityType} = ${word(type)}`, readScopeSql(principal, type, alias)]),
    ),
  );
}
