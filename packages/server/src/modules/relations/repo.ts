import type { EntitySearchDirection, RelationTypeGroup } from '@meridian/common';
import { type Selectable, sql } from 'kysely';
import type { RelationTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';

export type RelationRow = Selectable<RelationTable>;

interface EntityRef {
  entityType: string;
  id: string;
}

/** The key of one relation: both ends, its type and its group. */
export interface RelationKey {
  from: EntityRef;
  to: EntityRef;
  type: string;
  typeGroup: RelationTypeGroup;
}

/** The reference EntityRelation JSON. */
export function relationToWire(row: RelationRow) {
  return {
    from: { entityType: row.fromType, id: row.fromId },
    to: { entityType: row.toType, id: row.toId },
    type: row.relationType,
    typeGroup: row.relationTypeGroup as RelationTypeGroup,
    additionalInfo: row.additionalInfo ?? null,
  };
}

export type WireRelation = ReturnType<typeof relationToWire>;

/** Where a relation search starts, which way it walks and how deep it goes. */
export interface RelationSearch {
  root: EntityRef;
  direction: EntitySearchDirection;
  typeGroup: RelationTypeGroup;
  /** 1 or more. */
  maxLevel: number;
  /** Only relations found at exactly maxLevel. */
  fetchLastLevelOnly: boolean;
}

const keyWhere = (key: RelationKey) =>
  sql<boolean>`from_id = ${key.from.id} and from_type = ${key.from.entityType}
    and to_id = ${key.to.id} and to_type = ${key.to.entityType}
    and relation_type = ${key.type} and relation_type_group = ${key.typeGroup}`;

/**
 * Removes every relation (of any group) from or to the entity. Call it, inside the same
 * transaction, wherever an entity is deleted, so no relation points at a missing entity.
 */
export async function deleteRelationsOf(db: Db, entityId: EntityRef): Promise<void> {
  await db
    .deleteFrom('relation')
    .where((eb) =>
      eb.or([
        eb.and([eb('fromId', '=', entityId.id), eb('fromType', '=', entityId.entityType)]),
        eb.and([eb('toId', '=', entityId.id), eb('toType', '=', entityId.entityType)]),
      ]),
    )
    .execute();
}

export class RelationsRepo {
  constructor(private readonly db: Db) {}

  /** Creates the relation, or replaces the additionalInfo of the existing one. */
  async save(key: RelationKey, additionalInfo: unknown): Promise<void> {
    const info =
      additionalInfo === undefined || additionalInfo === null ? null : JSON.stringify(additionalInfo);
    await this.db
      .insertInto('relation')
      .values({
        fromId: key.from.id,
        fromType: key.from.entityType,
        toId: key.to.id,
        toType: key.to.entityType,
        relationTypeGroup: key.typeGroup,
        relationType: key.type,
        additionalInfo: info,
      })
      .onConflict((oc) =>
        oc
          .columns(['fromId', 'fromType', 'relationTypeGroup', 'relationType', 'toId', 'toType'])
          .doUpdateSet({ additionalInfo: info }),
      )
      .execute();
  }

  find(key: RelationKey): Promise<RelationRow | undefined> {
    return this.db.selectFrom('relation').selectAll().where(keyWhere(key)).executeTakeFirst();
  }

  /** True when there was such a relation. */
  async delete(key: RelationKey): Promise<boolean> {
    const result = await this.db.deleteFrom('relation').where(keyWhere(key)).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Removes the entity's COMMON relations in both directions (DELETE /api/relations). */
  async deleteCommonOf(entity: EntityRef): Promise<number> {
    const result = await this.db
      .deleteFrom('relation')
      .where('relationTypeGroup', '=', 'COMMON')
      .where((eb) =>
        eb.or([
          eb.and([eb('fromId', '=', entity.id), eb('fromType', '=', entity.entityType)]),
          eb.and([eb('toId', '=', entity.id), eb('toType', '=', entity.entityType)]),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  findByFrom(from: EntityRef, typeGroup: RelationTypeGroup, relationType?: string): Promise<RelationRow[]> {
    let query = this.db
      .selectFrom('relation')
      .selectAll()
      .where('fromId', '=', from.id)
      .where('fromType', '=', from.entityType)
      .where('relationTypeGroup', '=', typeGroup);
    if (relationType !== undefined) query = query.where('relationType', '=', relationType);
    return query.orderBy('relationType').orderBy('toType').orderBy('toId').execute();
  }

  findByTo(to: EntityRef, typeGroup: RelationTypeGroup, relationType?: string): Promise<RelationRow[]> {
    let query = this.db
      .selectFrom('relation')
      .selectAll()
      .where('toId', '=', to.id)
      .where('toType', '=', to.entityType)
      .where('relationTypeGroup', '=', typeGroup);
    if (relationType !== undefined) query = query.where('relationType', '=', relationType);
    return query.orderBy('relationType').orderBy('fromType').orderBy('fromId').execute();
  }

  /**
   * Walks relations from the root, level by level, in one recursive query. A relation into an
   * entity already on the current path is returned but not followed, so cycles end. Each relation
   * is returned once, at the lowest level it was reached at.
   */
  async search(search: RelationSearch): Promise<(RelationRow & { lvl: number })[]> {
    // `near` is the end the walk arrives from, `far` the end it moves on to.
    const [near, far] = search.direction === 'FROM' ? ['from', 'to'] : ['to', 'from'];
    const nearId = sql.raw(`${near}_id`);
    const nearType = sql.raw(`${near}_type`);
    const farId = sql.raw(`${far}_id`);
    const farType = sql.raw(`${far}_type`);
    const lastLevel = search.fetchLastLevelOnly ? sql`having min(lvl) = ${search.maxLevel}` : sql``;
    const result = await sql<RelationRow & { lvl: number }>`
      with recursive related as (
        select r.from_id, r.from_type, r.to_id, r.to_type, r.relation_type_group, r.relation_type,
               r.additional_info, 1 as lvl, array[r.${nearId}] as path
          from relation r
         where r.${nearId} = ${search.root.id} and r.${nearType} = ${search.root.entityType}
           and r.relation_type_group = ${search.typeGroup}
        union all
        select r.from_id, r.from_type, r.to_id, r.to_type, r.relation_type_group, r.relation_type,
               r.additional_info, re.lvl + 1, re.path || r.${nearId}
          from relation r
          join related re on r.${nearId} = re.${farId} and r.${nearType} = re.${farType}
         where r.relation_type_group = ${search.typeGroup}
           and re.lvl < ${search.maxLevel}
           and not (re.${farId} = any(re.path))
      )
      select from_id, from_type, to_id, to_type, relation_type_group, relation_type, additional_info,
             min(lvl) as lvl
        from related
       group by from_id, from_type, to_id, to_type, relation_type_group, relation_type, additional_info
       ${lastLevel}
       order by lvl, relation_type, ${farType}, ${farId}
    `.execute(this.db);
    return result.rows;
  }
}
