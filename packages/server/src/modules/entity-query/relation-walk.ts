import { type EntitySearchDirection, type EntityType, MAX_RELATION_LEVEL } from '@meridian/common';
import { sql } from 'kysely';
import type { Principal } from '../../auth/principal.js';
import { ENTITY_TABLES, isQueryableEntityType } from './entity-tables.js';
import { col, intParam, type Sql, uuidParam, word } from './sql-parts.js';

/**
 * The relation search behind relationsQuery and the *SearchQuery filters (reference §3.4): a
 * recursive walk over COMMON relations from the root entities, in one direction, up to maxLevel
 * hops (0 or less: up to MAX_RELATION_LEVEL). Every relation is followed; `hopMatches` decides which
 * of the reached entities count, by the relation that reached them. It yields the CTE `rel(id,
 * etype, parent)`: each matching entity once, with the entity it was first reached from.
 */

export interface RelationWalk {
  /** Root entities: one type, any number of ids (none: the walk finds nothing). */
  roots: { type: EntityType | null; ids: readonly string[] };
  direction: EntitySearchDirection;
  maxLevel: number;
  fetchLastLevelOnly: boolean;
  /** Does a hop count, given its relation type and the type of the entity it reaches? */
  hopMatches(relationType: Sql, farType: Sql): Sql;
}

/** Ends of a relation row seen from the walk: `near` is where the hop starts, `far` where it ends. */
function ends(direction: EntitySearchDirection) {
  return direction === 'FROM' ? { near: 'from', far: 'to' } : { near: 'to', far: 'from' };
}

/**
 * The CTEs of a walk (`rel_roots`, `rel_walk`, `rel`). Roots must belong to the caller's tenant, so a
 * root of another tenant starts nothing; the entities found are filtered by the caller's read scope
 * later, like every other query.
 */
export function relationWalkCtes(walk: RelationWalk, principal: Principal): Sql[] {
  const { near, far } = ends(walk.direction);
  const depth = walk.maxLevel > 0 ? Math.min(walk.maxLevel, MAX_RELATION_LEVEL) : MAX_RELATION_LEVEL;
  const rootIds = [...new Set(walk.roots.ids)];
  const rootType = walk.roots.type;
  let roots: Sql;
  if (rootType && isQueryableEntityType(rootType) && rootIds.length > 0) {
    const table = ENTITY_TABLES[rootType];
    roots = sql`select o.id, ${word(rootType)}::text as etype from ${sql.raw(table.table)} o
      where o.id in (${sql.join(rootIds.map(uuidParam))})
        and ${col('o', table.tenantColumn)} = ${uuidParam(principal.tenantId)}`;
  } else {
    roots = sql`select null::uuid as id, null::text as etype where false`;
  }
  const hop = (r: string) => ({
    near: { id: col(r, `${near}_id`), type: col(r, `${near}_type`) },
    far: { id: col(r, `${far}_id`), type: col(r, `${far}_type`) },
  });
  const r = hop('r');
  const n = hop('n');
  const lastLevel = walk.fetchLastLevelOnly
    ? sql`and (w.lvl = ${intParam(depth)} or not exists (
        select 1 from relation n
        where n.relation_type_group = 'COMMON' and ${n.near.id} = w.id and ${n.near.type} = w.etype
          and ${walk.hopMatches(sql`n.relation_type`, n.far.type)}))`
    : sql``;
  return [
    sql`rel_roots(id, etype) as (${roots})`,
    sql`rel_walk(id, etype, lvl, parent, rtype) as (
      select ${r.far.id}, ${r.far.type}::text, 1, ${r.near.id}, r.relation_type::text
      from relation r join rel_roots o on ${r.near.id} = o.id and ${r.near.type} = o.etype
      where r.relation_type_group = 'COMMON'
      union
      select ${r.far.id}, ${r.far.type}::text, w.lvl + 1, ${r.near.id}, r.relation_type::text
      from relation r join rel_walk w on ${r.near.id} = w.id and ${r.near.type} = w.etype
      where r.relation_type_group = 'COMMON' and w.lvl < ${intParam(depth)}
    )`,
    sql`rel(id, etype, parent) as (
      select distinct on (w.id, w.etype) w.id, w.etype, w.parent
      from rel_walk w
      where ${walk.hopMatches(sql`w.rtype`, sql`w.etype`)} ${lastLevel}
      order by w.id, w.etype, w.lvl, w.parent
    )`,
  ];
}
