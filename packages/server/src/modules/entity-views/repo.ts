import { NULL_UUID } from '@meridian/common';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { fetchPage, type PageSpec } from '../../db/paging.js';
import type { EntityViewTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';
import type { PageQuery } from '../../http/page-query.js';

export type EntityViewRow = Selectable<EntityViewTable>;

/** A row with the title and public flag of its customer (EntityViewInfo). */
export type EntityViewInfoRow = EntityViewRow & {
  customerTitle: string | null;
  customerAdditionalInfo: unknown;
};

const isPublicInfo = (info: unknown) =>
  typeof info === 'object' && info !== null && (info as Record<string, unknown>).isPublic === true;

/** The reference EntityView JSON. */
export function entityViewToWire(row: EntityViewRow) {
  return {
    id: { entityType: 'ENTITY_VIEW' as const, id: row.id },
    createdTime: row.createdTime,
    entityId: { entityType: row.entityType, id: row.entityId },
    tenantId: { entityType: 'TENANT' as const, id: row.tenantId },
    customerId: { entityType: 'CUSTOMER' as const, id: row.customerId ?? NULL_UUID },
    name: row.name,
    type: row.type,
    keys: row.keys ?? null,
    startTimeMs: row.startTs,
    endTimeMs: row.endTs,
    additionalInfo: row.additionalInfo ?? null,
  };
}

/** The reference EntityViewInfo JSON: EntityView + customerTitle, customerIsPublic. */
export function entityViewInfoToWire(row: EntityViewInfoRow) {
  const { customerTitle, customerAdditionalInfo, ...view } = row;
  return {
    ...entityViewToWire(view),
    customerTitle: row.customerId ? customerTitle : null,
    customerIsPublic: row.customerId ? isPublicInfo(customerAdditionalInfo) : false,
  };
}

const VIEW_PAGE: PageSpec = {
  sortable: { createdTime: 'entityView.createdTime', name: 'entityView.name', type: 'entityView.type' },
  searchColumns: ['entityView.name'],
  idColumn: 'entityView.id',
};
const VIEW_INFO_PAGE: PageSpec = {
  ...VIEW_PAGE,
  sortable: { ...VIEW_PAGE.sortable, customerTitle: 'customer.title' },
};

/** Which views a list shows: a tenant's, or one customer's, optionally of one type. */
export interface ViewListFilter {
  tenantId: string;
  customerId?: string;
  type?: string;
}

export class EntityViewsRepo {
  constructor(private readonly db: Db) {}

  findById(id: string, db: Db = this.db): Promise<EntityViewRow | undefined> {
    return db.selectFrom('entityView').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findInfoById(id: string): Promise<EntityViewInfoRow | undefined> {
    return this.withCustomer().where('entityView.id', '=', id).executeTakeFirst();
  }

  findByIds(ids: readonly string[]): Promise<EntityViewRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('entityView').selectAll().where('id', 'in', ids).orderBy('name').execute();
  }

  findByTenantAndName(tenantId: string, name: string): Promise<EntityViewRow | undefined> {
    return this.db
      .selectFrom('entityView')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async insert(row: Insertable<EntityViewTable>): Promise<void> {
    await this.db.insertInto('entityView').values(row).execute();
  }

  async update(id: string, changes: Updateable<EntityViewTable>): Promise<void> {
    await this.db.updateTable('entityView').set(changes).where('id', '=', id).execute();
  }

  async delete(id: string, db: Db = this.db): Promise<void> {
    await db.deleteFrom('entityView').where('id', '=', id).execute();
  }

  private withCustomer() {
    return this.db
      .selectFrom('entityView')
      .leftJoin('customer', 'customer.id', 'entityView.customerId')
      .selectAll('entityView')
      .select(['customer.title as customerTitle', 'customer.additionalInfo as customerAdditionalInfo']);
  }

  private listQuery(filter: ViewListFilter) {
    let query = this.withCustomer().where('entityView.tenantId', '=', filter.tenantId);
    if (filter.customerId) query = query.where('entityView.customerId', '=', filter.customerId);
    if (filter.type) query = query.where('entityView.type', '=', filter.type);
    return query;
  }

  page(filter: ViewListFilter, page: PageQuery) {
    return fetchPage(this.listQuery(filter), page, VIEW_PAGE, (row) =>
      entityViewToWire(stripCustomer(row as EntityViewInfoRow)),
    );
  }

  pageInfos(filter: ViewListFilter, page: PageQuery) {
    return fetchPage(this.listQuery(filter), page, VIEW_INFO_PAGE, (row) =>
      entityViewInfoToWire(row as EntityViewInfoRow),
    );
  }

  /** The distinct view types of a tenant, sorted. */
  async types(tenantId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('entityView')
      .select('type')
      .distinct()
      .where('tenantId', '=', tenantId)
      .orderBy('type')
      .execute();
    return rows.map((r) => r.type);
  }
}

function stripCustomer(row: EntityViewInfoRow): EntityViewRow {
  const { customerTitle: _title, customerAdditionalInfo: _info, ...view } = row;
  return view;
}
