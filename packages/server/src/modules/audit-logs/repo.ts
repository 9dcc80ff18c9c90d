import { NULL_UUID } from '@meridian/common';
import type { Insertable, Selectable } from 'kysely';
import { fetchPage, type PageSpec } from '../../db/paging.js';
import type { AuditLogTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';
import type { PageQuery } from '../../http/page-query.js';

export type AuditLogRow = Selectable<AuditLogTable>;

/** Sort properties and search columns of the reference audit log lists (ControllerConstants). */
const AUDIT_LOG_PAGE: PageSpec = {
  sortable: {
    createdTime: 'createdTime',
    entityType: 'entityType',
    entityName: 'entityName',
    userName: 'userName',
    actionType: 'actionType',
    actionStatus: 'actionStatus',
  },
  searchColumns: ['entityType', 'entityName', 'userName', 'actionType', 'actionStatus'],
  idColumn: 'id',
};

/** Which entries a list shows: always one tenant's, optionally narrowed to a customer, user or entity. */
export interface AuditLogFilter {
  tenantId: string;
  customerId?: string;
  userId?: string;
  entity?: { entityType: string; id: string };
  startTime?: number;
  endTime?: number;
  actionTypes?: readonly string[];
}

/** The reference AuditLog JSON; its own id travels as `{"id"}`, absent owners as NULL_UUID. */
export function auditLogToWire(row: AuditLogRow) {
  return {
    id: { id: row.id },
    createdTime: row.createdTime,
    tenantId: { entityType: 'TENANT' as const, id: row.tenantId ?? NULL_UUID },
    customerId: { entityType: 'CUSTOMER' as const, id: row.customerId ?? NULL_UUID },
    entityId: row.entityId && row.entityType ? { entityType: row.entityType, id: row.entityId } : null,
    entityName: row.entityName,
    userId: { entityType: 'USER' as const, id: row.userId ?? NULL_UUID },
    userName: row.userName,
    actionType: row.actionType,
    actionData: row.actionData ?? null,
    actionStatus: row.actionStatus,
    actionFailureDetails: row.actionFailureDetails,
  };
}

export class AuditLogsRepo {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<AuditLogTable>): Promise<void> {
    await this.db.insertInto('auditLog').values(row).execute();
  }

  page(filter: AuditLogFilter, page: PageQuery) {
    let query = this.db.selectFrom('auditLog').selectAll().where('tenantId', '=', filter.tenantId);
    if (filter.customerId) query = query.where('customerId', '=', filter.customerId);
    if (filter.userId) query = query.where('userId', '=', filter.userId);
    if (filter.entity) {
      query = query
        .where('entityType', '=', filter.entity.entityType)
        .where('entityId', '=', filter.entity.id);
    }
    if (filter.startTime !== undefined) query = query.where('createdTime', '>=', filter.startTime);
    if (filter.endTime !== undefined) query = query.where('createdTime', '<=', filter.endTime);
    if (filter.actionTypes && filter.actionTypes.length > 0)
      query = query.where('actionType', 'in', filter.actionTypes);
    return fetchPage(query, page, AUDIT_LOG_PAGE, auditLogToWire);
  }
}
