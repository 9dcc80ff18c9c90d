import { sql } from 'kysely';
import type { Db } from '../../db/store.js';
import { and, escapeLike, intParam, or, type Sql, textParam, uuidParam } from '../entity-query/sql-parts.js';
import type { AlarmPageLinkInput } from './query-parse.js';
import { ORIGINATOR_NAME, SEVERITY_RANK } from './repo.js';
import type { AlarmInfoRow } from './wire.js';

/**
 * The alarm half of an alarm data query (reference DefaultAlarmQueryRepository): the alarms of
 * the entities an entity query selected, linked through `entity_alarm` when propagated alarms are
 * searched, else by originator. One statement for the page and one for the total; the entities go
 * in as one parameter, numbered in their query order, which orders the page unless it is sorted by
 * an alarm field.
 */

/** A row of the page: the alarm, its originator's name and the entity of the query it matched. */
export type AlarmDataRow = AlarmInfoRow & { entityId: string };

export interface AlarmDataFilter {
  tenantId: string;
  /** Entity ids in the entity query's order. */
  entityIds: readonly string[];
  link: AlarmPageLinkInput;
  /** From `timeRangeOf`: 0 leaves that end open. */
  startTs: number;
  endTs: number;
  searchColumns: readonly string[];
}

/** Columns the outer query reads by name (from ALARM_FIELD_COLUMNS). */
const OUTER_COLUMNS = new Set([
  'created_time',
  'ack_ts',
  'clear_ts',
  'end_ts',
  'start_ts',
  'status',
  'type',
  'severity',
  'originator_id',
  'originator_type',
  'originator_name',
  'details',
]);

const outer = (column: string): Sql => {
  if (!OUTER_COLUMNS.has(column)) throw new Error(`not an alarm query column: ${column}`);
  return sql.raw(`q.${column}`);
};

function innerSql(filter: AlarmDataFilter): Sql {
  const { link, tenantId } = filter;
  const tenant = uuidParam(tenantId);
  const propagated = link.searchPropagatedAlarms;
  const conditions: Sql[] = [sql`a.tenant_id = ${tenant}`];
  if (filter.startTs > 0) conditions.push(sql`a.created_time >= ${intParam(filter.startTs)}`);
  if (filter.endTs > 0) conditions.push(sql`a.created_time <= ${intParam(filter.endTs)}`);
  if (link.typeList.length > 0) {
    conditions.push(sql`a.type in (${sql.join(link.typeList.map(textParam))})`);
  }
  if (link.severityList.length > 0) {
    conditions.push(sql`a.severity in (${sql.join(link.severityList.map(textParam))})`);
  }
  if (link.statuses) conditions.push(sql`a.status in (${sql.join(link.statuses.map(textParam))})`);
  const joins = propagated
    ? sql`join entity_alarm ea on ea.alarm_id = a.id and ea.tenant_id = ${tenant} join e on e.id = ea.entity_id`
    : sql`join e on e.id = a.originator_id`;
  return sql`select a.id, a.created_time, a.tenant_id, a.customer_id, a.originator_id, a.originator_type,
      a.type, a.severity, a.status, a.start_ts, a.end_ts, a.ack_ts, a.clear_ts, a.details, a.propagate,
      a.propagate_to_owner, a.propagate_to_tenant, a.propagate_relation_types,
      ${ORIGINATOR_NAME} as originator_name, ${SEVERITY_RANK} as severity_rank,
      e.id as entity_id, e.priority as entity_priority
    from alarm a ${joins}
    where ${and(conditions)}`;
}

/** Case-insensitive "contains" over the alarm fields the query names. */
function textSearchSql(filter: AlarmDataFilter): Sql {
  const text = filter.link.textSearch;
  if (!text || filter.searchColumns.length === 0) return sql`true`;
  const pattern = textParam(`%${escapeLike(text.toLowerCase())}%`);
  return or(filter.searchColumns.map((column) => sql`lower(${outer(column)}::text) like ${pattern}`));
}

function orderSql(link: AlarmPageLinkInput): Sql {
  // Alarms of one entity (or one alarm on several entities) follow each other newest first.
  const ties = sql`q.created_time desc, q.id asc, q.entity_priority asc`;
  if (!link.alarmSort) return sql`q.entity_priority asc, ${ties}`;
  const direction = sql.raw(link.alarmSort.direction === 'DESC' ? 'desc' : 'asc');
  // Severity sorts by rank (CRITICAL first when ascending), as the alarm lists do.
  const column = link.alarmSort.column === 'severity' ? sql`q.severity_rank` : outer(link.alarmSort.column);
  return sql`${column} ${direction}, ${ties}`;
}

export class AlarmQueryRepo {
  constructor(private readonly db: Db) {}

  /** One page of matching alarms and the number of them all. */
  async page(filter: AlarmDataFilter): Promise<{ rows: AlarmDataRow[]; total: number }> {
    if (filter.entityIds.length === 0) return { rows: [], total: 0 };
    const entities = sql`with e(id, priority) as (
      select * from unnest(string_to_array(${textParam(filter.entityIds.join(','))}, ',')::uuid[]) with ordinality
    )`;
    const matching = sql`select q.* from (${innerSql(filter)}) q where ${textSearchSql(filter)}`;
    const count = await sql<{
      total: string;
    }>`${entities} select count(*)::text as total from (${matching}) c`.execute(this.db);
    const total = Number(count.rows[0]?.total ?? 0);
    if (total === 0) return { rows: [], total };
    const { link } = filter;
    const offset = BigInt(link.page) * BigInt(link.pageSize);
    const result = await sql<AlarmDataRow>`${entities} ${matching} order by ${orderSql(link)}
      limit ${intParam(link.pageSize)} offset ${intParam(offset)}`.execute(this.db);
    return { rows: result.rows, total };
  }
}
