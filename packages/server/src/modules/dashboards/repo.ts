import { NULL_UUID } from '@meridian/common';
import { type Selectable, sql } from 'kysely';
import { fetchPage, type PageSpec } from '../../db/paging.js';
import type { DashboardTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';
import type { PageQuery } from '../../http/page-query.js';

type DashboardInfoRow = Omit<Selectable<DashboardTable>, 'configuration'>;

const DASHBOARD_PAGE: PageSpec = {
  sortable: { createdTime: 'createdTime', title: 'title' },
  searchColumns: ['title'],
  idColumn: 'id',
};

const INFO_COLUMNS = [
  'id',
  'createdTime',
  'tenantId',
  'title',
  'image',
  'assignedCustomers',
  'mobileHide',
  'mobileOrder',
] as const;

/** The reference's DashboardInfo JSON (a dashboard without its configuration). */
export function dashboardInfoToWire(row: DashboardInfoRow) {
  return {
    id: { entityType: 'DASHBOARD' as const, id: row.id },
    createdTime: row.createdTime,
    tenantId: { entityType: 'TENANT' as const, id: row.tenantId ?? NULL_UUID },
    title: row.title,
    name: row.title,
    image: row.image,
    assignedCustomers: Array.isArray(row.assignedCustomers) ? row.assignedCustomers : [],
    mobileHide: row.mobileHide,
    mobileOrder: row.mobileOrder,
  };
}

export class DashboardsRepo {
  constructor(private readonly db: Db) {}

  pageByTenant(tenantId: string, page: PageQuery) {
    const query = this.db.selectFrom('dashboard').select(INFO_COLUMNS).where('tenantId', '=', tenantId);
    return fetchPage(query, page, DASHBOARD_PAGE, dashboardInfoToWire);
  }

  /** Dashboards whose assignedCustomers list holds the customer. */
  pageByCustomer(tenantId: string, customerId: string, page: PageQuery) {
    const query = this.db
      .selectFrom('dashboard')
      .select(INFO_COLUMNS)
      .where('tenantId', '=', tenantId)
      .where(
        sql<boolean>`assigned_customers @> ${JSON.stringify([{ customerId: { id: customerId } }])}::jsonb`,
      );
    return fetchPage(query, page, DASHBOARD_PAGE, dashboardInfoToWire);
  }
}
