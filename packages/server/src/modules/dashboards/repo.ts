import {
  type Dashboard,
  type DashboardInfo,
  type JsonValue,
  NULL_UUID,
  ownValue,
  type ShortCustomerInfo,
} from '@meridian/common';
import { type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import { fetchPage, type PageSpec } from '../../db/paging.js';
import type { DashboardTable, Database } from '../../db/schema.js';
import type { Db } from '../../db/store.js';
import { badRequest } from '../../http/api-error.js';
import type { PageQuery } from '../../http/page-query.js';
import type { CustomerRow } from '../customers/repo.js';

export type DashboardInfoRow = Omit<Selectable<DashboardTable>, 'configuration'>;
/** A stored dashboard; `configuration` is the JSON text exactly as saved (see `fullColumns`). */
export type DashboardRow = DashboardInfoRow & { configuration: string | null };

/** Sort properties of the reference dashboard lists (ControllerConstants). */
const DASHBOARD_PAGE: PageSpec = {
  sortable: { createdTime: 'createdTime', title: 'title' },
  searchColumns: ['title'],
  idColumn: 'id',
};

/** The mobile lists are ranked in a subquery (see `pageMobile`); its rank is their only sort. */
const MOBILE_PAGE: PageSpec = {
  sortable: { mobileRank: 'mobileRank' },
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
  'version',
] as const;

/**
 * The configuration is read as text and parsed here, not by the driver: the store's camel-case
 * mapping would otherwise rename keys inside it (a state id `device_details` would come back as
 * `deviceDetails`), and the text of a `json` column keeps the key order the user saved.
 */
const fullColumns = [...INFO_COLUMNS, sql<string | null>`configuration::text`.as('configuration')] as const;

/** The assigned customers as stored: a JSON array of the reference's ShortCustomerInfo. */
export function assignedCustomersOf(row: Pick<DashboardInfoRow, 'assignedCustomers'>): ShortCustomerInfo[] {
  return Array.isArray(row.assignedCustomers) ? (row.assignedCustomers as ShortCustomerInfo[]) : [];
}

/** The reference's DashboardInfo JSON (a dashboard without its configuration). */
export function dashboardInfoToWire(row: DashboardInfoRow): DashboardInfo {
  return {
    id: { entityType: 'DASHBOARD', id: row.id },
    createdTime: row.createdTime,
    tenantId: { entityType: 'TENANT', id: row.tenantId ?? NULL_UUID },
    title: row.title,
    image: row.image,
    assignedCustomers: assignedCustomersOf(row),
    mobileHide: row.mobileHide,
    mobileOrder: row.mobileOrder,
    name: row.title,
  };
}

/**
 * The reference's Dashboard JSON: the info plus the configuration, opaque to the server, and the
 * save counter the console sends back to detect concurrent saves.
 */
export function dashboardToWire(row: DashboardRow): Dashboard {
  return {
    ...dashboardInfoToWire(row),
    configuration: row.configuration === null ? null : (JSON.parse(row.configuration) as JsonValue),
    version: row.version,
  };
}

/** What an insert or update writes; JSON values go in as JSON text. */
export interface DashboardValues {
  title: string;
  image: string | null;
  mobileHide: boolean;
  mobileOrder: number | null;
  configuration: string | null;
}

type InfoQuery = SelectQueryBuilder<Database, 'dashboard', DashboardInfoRow>;

export class DashboardsRepo {
  constructor(private readonly db: Db) {}

  findById(id: string, db: Db = this.db): Promise<DashboardRow | undefined> {
    return db.selectFrom('dashboard').select(fullColumns).where('id', '=', id).executeTakeFirst();
  }

  /** The row locked until the transaction `trx` ends, so assignment changes do not overwrite each other. */
  findForUpdate(id: string, trx: Db): Promise<DashboardRow | undefined> {
    return trx
      .selectFrom('dashboard')
      .select(fullColumns)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async insert(
    row: DashboardValues & { id: string; createdTime: number; tenantId: string },
    db: Db = this.db,
  ): Promise<void> {
    await db
      .insertInto('dashboard')
      .values({ ...row, assignedCustomers: '[]' })
      .execute();
  }

  /**
   * Writes the values and increments the version in one statement. With `expectedVersion` the row
   * is written only while it still has that version, so two saves cannot both win. The new version,
   * or undefined when nothing was written (a newer version is stored, or the row is gone).
   */
  async update(
    id: string,
    values: DashboardValues,
    expectedVersion?: number,
    db: Db = this.db,
  ): Promise<number | undefined> {
    let query = db
      .updateTable('dashboard')
      .set({ ...values, version: sql<number>`version + 1` })
      .where('id', '=', id);
    if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
    const row = await query.returning('version').executeTakeFirst();
    return row?.version;
  }

  async setAssignedCustomers(id: string, customers: ShortCustomerInfo[], db: Db): Promise<void> {
    await db
      .updateTable('dashboard')
      .set({ assignedCustomers: JSON.stringify(customers) })
      .where('id', '=', id)
      .execute();
  }

  /** Deletes the dashboard and every relation from or to it, of any group (reference deleteEntityRelations). */
  async deleteWithRelations(id: string, db: Db): Promise<void> {
    await sql`
      delete from relation
      where (from_id = ${id} and from_type = 'DASHBOARD') or (to_id = ${id} and to_type = 'DASHBOARD')
    `.execute(db);
    await db.deleteFrom('dashboard').where('id', '=', id).execute();
  }

  /** The customers with these ids (any tenant; the caller checks). */
  findCustomers(ids: readonly string[]): Promise<CustomerRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('customer').selectAll().where('id', 'in', ids).execute();
  }

  /** Device profiles that open the dashboard as their default (mobile) dashboard. */
  async countProfilesUsing(id: string): Promise<number> {
    const row = await this.db
      .selectFrom('deviceProfile')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('defaultDashboardId', '=', id)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /**
   * Writes (or, for null, removes) the tenant's home dashboard keys in its additionalInfo in one
   * statement, keeping its other keys; additionalInfo that is not an object is replaced, as the
   * reference does.
   */
  async setTenantHome(tenantId: string, setting: { dashboardId: string; hideToolbar: boolean } | null) {
    const patch = setting
      ? JSON.stringify({
          homeDashboardId: setting.dashboardId,
          homeDashboardHideToolbar: setting.hideToolbar,
        })
      : '{}';
    await sql`
      update tenant set additional_info = (
        (case when jsonb_typeof(additional_info) = 'object' then additional_info else '{}'::jsonb end)
          - 'homeDashboardId' - 'homeDashboardHideToolbar'
      ) || ${patch}::jsonb
      where id = ${tenantId}
    `.execute(this.db);
  }

  pageByTenant(tenantId: string, page: PageQuery, mobile = false) {
    const scope = (query: InfoQuery) => query.where('tenantId', '=', tenantId);
    return mobile ? this.pageMobile(scope, page) : this.page(scope, page);
  }

  /** Dashboards whose assignedCustomers list holds the customer. */
  pageByCustomer(tenantId: string, customerId: string, page: PageQuery, mobile = false) {
    const assigned = JSON.stringify([{ customerId: { id: customerId } }]);
    const scope = (query: InfoQuery) =>
      query.where('tenantId', '=', tenantId).where(sql<boolean>`assigned_customers @> ${assigned}::jsonb`);
    return mobile ? this.pageMobile(scope, page) : this.page(scope, page);
  }

  private page(scope: (query: InfoQuery) => InfoQuery, page: PageQuery) {
    return fetchPage(
      scope(this.db.selectFrom('dashboard').select(INFO_COLUMNS)),
      page,
      DASHBOARD_PAGE,
      dashboardInfoToWire,
    );
  }

  /**
   * The mobile list (reference findMobileDashboards…): only dashboards not hidden in the mobile
   * app, ordered by mobileOrder (unset last), then by the requested sort, then by id. fetchPage
   * sorts by one column, so the whole order is computed as a rank in a subquery.
   */
  private pageMobile(scope: (query: InfoQuery) => InfoQuery, page: PageQuery) {
    const direction = (page.sortOrder ?? 'ASC').toUpperCase();
    if (direction !== 'ASC' && direction !== 'DESC') {
      throw badRequest(`Unsupported sort order '${page.sortOrder}'! Only 'ASC' or 'DESC' types are allowed.`);
    }
    let sortColumn = 'id';
    if (page.sortProperty) {
      const column = ownValue(DASHBOARD_PAGE.sortable, page.sortProperty);
      if (!column) throw badRequest(`Invalid sort property '${page.sortProperty}'`);
      sortColumn = column;
    }
    const dir = direction === 'ASC' ? sql`asc` : sql`desc`;
    const rank = sql<number>`row_number() over (order by mobile_order asc, ${sql.ref(sortColumn)} ${dir}, id ${dir})`;
    const ranked = scope(this.db.selectFrom('dashboard').select(INFO_COLUMNS))
      .where('mobileHide', '=', false)
      .select(rank.as('mobileRank'));
    const query = this.db.selectFrom(ranked.as('ranked')).selectAll();
    return fetchPage(
      query,
      { ...page, sortProperty: 'mobileRank', sortOrder: 'ASC' },
      MOBILE_PAGE,
      dashboardInfoToWire,
    );
  }
}
