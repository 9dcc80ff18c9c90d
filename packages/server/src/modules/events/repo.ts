import type { EntityEvent, EntityId, EventType, PageData } from '@meridian/common';
import { type Insertable, type RawBuilder, type Selectable, sql } from 'kysely';
import { fetchPage, type PageSpec } from '../../db/paging.js';
import type { EventTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';
import type { PageQuery } from '../../http/page-query.js';

export type EventRow = Selectable<EventTable>;
export type NewEventRow = Insertable<EventTable>;

/** Sort properties of the event lists (reference ControllerConstants: `createdTime, id`). */
const EVENT_PAGE: PageSpec = {
  sortable: { createdTime: 'createdTime', id: 'id' },
  searchColumns: [],
  idColumn: 'id',
};

/** Escapes LIKE wildcards so a search for "50%" looks for that text. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Which events a list or a clear touches: one tenant's events of one entity. */
export interface EventSelection {
  tenantId: string;
  entityId: string;
  /** Absent: every type. */
  eventType?: EventType | undefined;
  /** Body conditions of an EventFilter. */
  conditions?: readonly RawBuilder<boolean>[];
  startTime?: number | undefined;
  endTime?: number | undefined;
}

/** The reference Event JSON; the event's own id travels as `{"id"}`. */
export function eventToWire(row: EventRow): EntityEvent {
  return {
    id: { id: row.id },
    createdTime: Number(row.createdTime),
    tenantId: { entityType: 'TENANT', id: row.tenantId },
    type: row.eventType,
    uid: row.eventUid,
    entityId: { entityType: row.entityType, id: row.entityId } as EntityId,
    body: row.body as EntityEvent['body'],
  };
}

export class EventsRepo {
  constructor(private readonly db: Db) {}

  /** Inserts a batch; an event whose uid was already recorded for the entity is skipped. */
  async insert(rows: readonly NewEventRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('event')
      .values([...rows])
      .onConflict((oc) =>
        oc.columns(['tenantId', 'entityType', 'entityId', 'eventType', 'eventUid']).doNothing(),
      )
      .execute();
  }

  private selected(selection: EventSelection) {
    let query = this.db
      .selectFrom('event')
      .selectAll()
      .where('tenantId', '=', selection.tenantId)
      .where('entityId', '=', selection.entityId);
    if (selection.eventType !== undefined) query = query.where('eventType', '=', selection.eventType);
    if (selection.startTime !== undefined) query = query.where('createdTime', '>=', selection.startTime);
    if (selection.endTime !== undefined) query = query.where('createdTime', '<=', selection.endTime);
    for (const condition of selection.conditions ?? []) query = query.where(condition);
    return query;
  }

  /**
   * A page of events, newest first unless the caller sorts otherwise. The reference ignores the
   * text search here; this one looks for it anywhere in the body's JSON text.
   */
  page(selection: EventSelection, page: PageQuery): Promise<PageData<EntityEvent>> {
    const { textSearch, ...rest } = page;
    let query = this.selected(selection);
    if (textSearch) query = query.where(sql<boolean>`body::text ilike ${likePattern(textSearch)}`);
    const sorted = rest.sortProperty
      ? rest
      : { ...rest, sortProperty: 'createdTime', sortOrder: rest.sortOrder ?? 'DESC' };
    return fetchPage(query, sorted, EVENT_PAGE, eventToWire);
  }

  /** Deletes the selected events; answers how many went. */
  async delete(selection: EventSelection): Promise<number> {
    const ids = this.selected(selection).clearSelect().select('id');
    const result = await this.db.deleteFrom('event').where('id', 'in', ids).executeTakeFirst();
    return Number(result.numDeletedRows ?? 0);
  }

  /** The body of the newest IN debug event of a rule node, if any. */
  async latestDebugIn(tenantId: string, ruleNodeId: string): Promise<unknown> {
    const row = await this.db
      .selectFrom('event')
      .select('body')
      .where('tenantId', '=', tenantId)
      .where('entityId', '=', ruleNodeId)
      .where('eventType', '=', 'DEBUG_RULE_NODE')
      .where(sql<boolean>`body->>'type' = 'IN'`)
      .orderBy('createdTime', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.body;
  }

  /** Deletes events created before `cutoff` (epoch ms): the debug ones, or all the others. */
  async deleteOlderThan(cutoff: number, kind: 'debug' | 'other'): Promise<number> {
    const result = await this.db
      .deleteFrom('event')
      .where('createdTime', '<', cutoff)
      .where('eventType', kind === 'debug' ? 'in' : 'not in', ['DEBUG_RULE_NODE', 'DEBUG_RULE_CHAIN'])
      .executeTakeFirst();
    return Number(result.numDeletedRows ?? 0);
  }
}
