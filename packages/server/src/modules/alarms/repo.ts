import type { AlarmSeverity, AlarmStatus, PageData } from '@meridian/common';
import { type Insertable, type SelectQueryBuilder, sql, type Updateable } from 'kysely';
import { fetchPage, type PageSpec } from '../../db/paging.js';
import type { AlarmTable, Database } from '../../db/schema.js';
import type { Db } from '../../db/store.js';
import type { PageQuery } from '../../http/page-query.js';
import type { AlarmInfoRow, AlarmRow } from './wire.js';

/** An entity as the alarm tables store it. */
export interface EntityRef {
  entityType: string;
  id: string;
}

export const ACTIVE_STATUSES: readonly AlarmStatus[] = ['ACTIVE_UNACK', 'ACTIVE_ACK'];

/**
 * Sort properties of the alarm lists (reference ControllerConstants). Severity sorts by rank
 * (CRITICAL first when ascending), not by its name.
 */
const ALARM_PAGE: PageSpec = {
  sortable: {
    createdTime: 'createdTime',
    startTs: 'startTs',
    endTs: 'endTs',
    ackTs: 'ackTs',
    clearTs: 'clearTs',
    type: 'type',
    severity: 'severityRank',
    status: 'status',
  },
  searchColumns: ['type', 'severity', 'status', 'originatorName'],
  idColumn: 'id',
};

/** The name an originator shows: its name, title or email, by type. */
export const ORIGINATOR_NAME = sql<string | null>`case a.originator_type
  when 'DEVICE' then (select o.name from device o where o.id = a.originator_id)
  when 'ASSET' then (select o.name from asset o where o.id = a.originator_id)
  when 'ENTITY_VIEW' then (select o.name from entity_view o where o.id = a.originator_id)
  when 'CUSTOMER' then (select o.title from customer o where o.id = a.originator_id)
  when 'TENANT' then (select o.title from tenant o where o.id = a.originator_id)
  when 'USER' then (select o.email from tb_user o where o.id = a.originator_id)
  when 'DASHBOARD' then (select o.title from dashboard o where o.id = a.originator_id)
  when 'DEVICE_PROFILE' then (select o.name from device_profile o where o.id = a.originator_id)
  when 'TENANT_PROFILE' then (select o.name from tenant_profile o where o.id = a.originator_id)
end`;

export const SEVERITY_RANK = sql<number>`case a.severity
  when 'CRITICAL' then 0 when 'MAJOR' then 1 when 'MINOR' then 2 when 'WARNING' then 3 else 4 end`;

const ALARM_COLUMNS = [
  'a.id',
  'a.tenantId',
  'a.customerId',
  'a.originatorId',
  'a.originatorType',
  'a.type',
  'a.severity',
  'a.status',
  'a.startTs',
  'a.endTs',
  'a.ackTs',
  'a.clearTs',
  'a.details',
  'a.propagate',
  'a.propagateToOwner',
  'a.propagateToTenant',
  'a.propagateRelationTypes',
] as const;

/** Rows of a list page: the alarm, its originator's name and its severity's rank. */
type AlarmPageRows = SelectQueryBuilder<
  Database & { alarmPage: AlarmInfoRow & { severityRank: number } },
  'alarmPage',
  AlarmInfoRow & { severityRank: number }
>;

/** Which alarms a list shows: those linked to one entity, or all of a tenant or customer. */
export type AlarmListScope =
  | { kind: 'entity'; tenantId: string; entity: EntityRef }
  | { kind: 'tenant'; tenantId: string }
  | { kind: 'customer'; tenantId: string; customerId: string };

export interface AlarmListFilter {
  /** `createdTime >= startTime` and `<= endTime`, as the reference's time page link. */
  startTime?: number;
  endTime?: number;
  /** Absent: any status. */
  statuses?: readonly AlarmStatus[];
}

/**
 * Removes the alarms an entity originated and its links to alarms propagated to it. Call it inside
 * the transaction that deletes the entity.
 */
export async function deleteAlarmsOf(db: Db, entity: EntityRef): Promise<void> {
  await db
    .deleteFrom('alarm')
    .where('originatorId', '=', entity.id)
    .where('originatorType', '=', entity.entityType)
    .execute();
  await db.deleteFrom('entityAlarm').where('entityId', '=', entity.id).execute();
}

/** The `alarm` and `entity_alarm` tables. */
export class AlarmsRepo {
  constructor(private readonly db: Db) {}

  findById(id: string, db: Db = this.db): Promise<AlarmRow | undefined> {
    return db.selectFrom('alarm').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The alarm with its originator's name (null when the originator is gone). */
  findInfoById(id: string): Promise<AlarmInfoRow | undefined> {
    return this.db
      .selectFrom('alarm as a')
      .selectAll('a')
      .select(ORIGINATOR_NAME.as('originatorName'))
      .where('a.id', '=', id)
      .executeTakeFirst();
  }

  /** The active alarm of this type on the originator (there is at most one). */
  findActive(originatorId: string, type: string, db: Db = this.db): Promise<AlarmRow | undefined> {
    return db
      .selectFrom('alarm')
      .selectAll()
      .where('originatorId', '=', originatorId)
      .where('type', '=', type)
      .where('status', 'in', ACTIVE_STATUSES)
      .executeTakeFirst();
  }

  /**
   * Inserts the alarm unless an active alarm of its type exists on its originator (the partial
   * unique index); false when it was not inserted.
   */
  async insertUnlessActive(row: Insertable<AlarmTable>, db: Db): Promise<boolean> {
    const inserted = await db
      .insertInto('alarm')
      .values(row)
      // The index predicate is written out, not bound, so PostgreSQL always matches it to the index.
      .onConflict((oc) =>
        oc
          .columns(['originatorId', 'type'])
          .where(sql<boolean>`status in ('ACTIVE_UNACK', 'ACTIVE_ACK')`)
          .doNothing(),
      )
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async update(id: string, changes: Updateable<AlarmTable>, db: Db): Promise<AlarmRow | undefined> {
    return db.updateTable('alarm').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
  }

  async delete(id: string, db: Db = this.db): Promise<boolean> {
    const result = await db.deleteFrom('alarm').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Links the alarm to the entities (one row each); existing links stay as they are. */
  async link(alarm: AlarmRow, entities: readonly EntityRef[], db: Db): Promise<void> {
    if (entities.length === 0) return;
    await db
      .insertInto('entityAlarm')
      .values(
        entities.map((entity) => ({
          tenantId: alarm.tenantId,
          entityType: entity.entityType,
          entityId: entity.id,
          createdTime: alarm.createdTime,
          alarmType: alarm.type,
          customerId: alarm.customerId,
          alarmId: alarm.id,
        })),
      )
      .onConflict((oc) => oc.columns(['entityId', 'alarmId']).doNothing())
      .execute();
  }

  /** The entities an alarm is linked to. */
  async linkedEntities(alarmId: string): Promise<EntityRef[]> {
    return this.db
      .selectFrom('entityAlarm')
      .select(['entityType', 'entityId as id'])
      .where('alarmId', '=', alarmId)
      .execute();
  }

  /** One page of alarms; originator names are filled only when `withOriginatorNames`. */
  page(
    scope: AlarmListScope,
    filter: AlarmListFilter,
    page: PageQuery,
    withOriginatorNames: boolean,
    toWire: (row: AlarmInfoRow) => unknown,
  ): Promise<PageData<unknown>> {
    const statuses = filter.statuses ? [...filter.statuses] : undefined;
    const finish = (rows: AlarmPageRows) =>
      fetchPage(rows, page, ALARM_PAGE, (row) =>
        toWire({ ...row, originatorName: withOriginatorNames ? row.originatorName : null }),
      );
    if (scope.kind === 'entity') {
      // The link's created_time copies the alarm's: filtering and sorting on it uses its index.
      let inner = this.db
        .selectFrom('entityAlarm as ea')
        .innerJoin('alarm as a', 'a.id', 'ea.alarmId')
        .select([
          ...ALARM_COLUMNS,
          'ea.createdTime',
          ORIGINATOR_NAME.as('originatorName'),
          SEVERITY_RANK.as('severityRank'),
        ])
        .where('ea.entityId', '=', scope.entity.id)
        .where('ea.entityType', '=', scope.entity.entityType)
        .where('ea.tenantId', '=', scope.tenantId)
        .where('a.tenantId', '=', scope.tenantId);
      if (filter.startTime !== undefined) inner = inner.where('ea.createdTime', '>=', filter.startTime);
      if (filter.endTime !== undefined) inner = inner.where('ea.createdTime', '<=', filter.endTime);
      if (statuses) inner = inner.where('a.status', 'in', statuses);
      return finish(this.db.selectFrom(inner.as('alarmPage')).selectAll());
    }
    let inner = this.db
      .selectFrom('alarm as a')
      .select([
        ...ALARM_COLUMNS,
        'a.createdTime',
        ORIGINATOR_NAME.as('originatorName'),
        SEVERITY_RANK.as('severityRank'),
      ])
      .where('a.tenantId', '=', scope.tenantId);
    if (scope.kind === 'customer') inner = inner.where('a.customerId', '=', scope.customerId);
    if (filter.startTime !== undefined) inner = inner.where('a.createdTime', '>=', filter.startTime);
    if (filter.endTime !== undefined) inner = inner.where('a.createdTime', '<=', filter.endTime);
    if (statuses) inner = inner.where('a.status', 'in', statuses);
    return finish(this.db.selectFrom(inner.as('alarmPage')).selectAll());
  }

  /** The severities of the alarms linked to an entity, of the given statuses (absent: any). */
  async severities(
    tenantId: string,
    entity: EntityRef,
    statuses: readonly AlarmStatus[] | undefined,
  ): Promise<AlarmSeverity[]> {
    let query = this.db
      .selectFrom('entityAlarm as ea')
      .innerJoin('alarm as a', 'a.id', 'ea.alarmId')
      .select('a.severity')
      .distinct()
      .where('ea.entityId', '=', entity.id)
      .where('ea.entityType', '=', entity.entityType)
      .where('ea.tenantId', '=', tenantId);
    if (statuses) query = query.where('a.status', 'in', [...statuses]);
    const rows = await query.execute();
    return rows.map((row) => row.severity as AlarmSeverity);
  }
}
