import {
  NULL_UUID,
  type WidgetsBundle,
  type WidgetType,
  type WidgetTypeDescriptor,
  type WidgetTypeDetails,
  type WidgetTypeInfo,
  type WidgetTypeRecord,
} from '@meridian/common';
import type { ExpressionBuilder, Selectable } from 'kysely';
import { fetchPage, type PageSpec } from '../../db/paging.js';
import type { Database, WidgetsBundleTable, WidgetTypeTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';
import type { PageQuery } from '../../http/page-query.js';

export type WidgetsBundleRow = Selectable<WidgetsBundleTable>;
export type WidgetTypeRow = Selectable<WidgetTypeTable>;

/**
 * Whose widgets a query reads: `tenantId` null for the system's; `withSystem` adds the system
 * ones to a tenant's (what tenant users see).
 */
export interface WidgetsOwner {
  tenantId: string | null;
  withSystem?: boolean;
}

/** Sort properties of the reference's bundle list (ControllerConstants); the search is on the title. */
const BUNDLE_PAGE: PageSpec = {
  sortable: { createdTime: 'createdTime', title: 'title', tenantId: 'tenantId' },
  searchColumns: ['title'],
  idColumn: 'id',
};

const tenantRef = (tenantId: string | null) => ({ entityType: 'TENANT' as const, id: tenantId ?? NULL_UUID });

export function bundleToWire(row: WidgetsBundleRow): WidgetsBundle {
  return {
    id: { entityType: 'WIDGETS_BUNDLE', id: row.id },
    createdTime: row.createdTime,
    tenantId: tenantRef(row.tenantId),
    alias: row.alias,
    title: row.title,
    image: row.image,
    description: row.description,
  };
}

/** The reference's WidgetType JSON: no image or description. */
export function widgetTypeToWire(row: WidgetTypeRow): WidgetTypeRecord {
  return {
    id: { entityType: 'WIDGET_TYPE', id: row.id },
    createdTime: row.createdTime,
    tenantId: tenantRef(row.tenantId),
    bundleAlias: row.bundleAlias,
    alias: row.alias,
    name: row.name,
    descriptor: row.descriptor as WidgetTypeDescriptor,
  };
}

export function widgetTypeDetailsToWire(row: WidgetTypeRow): WidgetTypeDetails {
  return { ...widgetTypeToWire(row), image: row.image, description: row.description };
}

/** The list row: the details with the descriptor reduced to its kind. */
export function widgetTypeInfoToWire(row: WidgetTypeRow): WidgetTypeInfo {
  const { descriptor: _descriptor, ...details } = widgetTypeDetailsToWire(row);
  return { ...details, widgetType: (row.descriptor as { type?: WidgetType } | null)?.type as WidgetType };
}

export type BundleValues = Pick<WidgetsBundleRow, 'title' | 'image' | 'description'>;
export type WidgetTypeValues = Pick<WidgetTypeRow, 'name' | 'image' | 'description'> & { descriptor: string };

/** `tenant_id` is the owner's, or NULL for the system. */
function ownedBy<T extends 'widgetsBundle' | 'widgetType'>(owner: WidgetsOwner) {
  return (eb: ExpressionBuilder<Database, T>) => {
    const ref = eb.ref('tenantId' as never);
    if (owner.tenantId === null) return eb(ref, 'is', null);
    const own = eb(ref, '=', owner.tenantId as never);
    return owner.withSystem ? eb.or([own, eb(ref, 'is', null)]) : own;
  };
}

export class WidgetsRepo {
  constructor(private readonly db: Db) {}

  findBundleById(id: string): Promise<WidgetsBundleRow | undefined> {
    return this.db.selectFrom('widgetsBundle').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findBundleByAlias(tenantId: string | null, alias: string, db: Db = this.db) {
    return db
      .selectFrom('widgetsBundle')
      .selectAll()
      .where(ownedBy({ tenantId }))
      .where('alias', '=', alias)
      .executeTakeFirst();
  }

  listBundles(owner: WidgetsOwner): Promise<WidgetsBundleRow[]> {
    return this.db
      .selectFrom('widgetsBundle')
      .selectAll()
      .where(ownedBy(owner))
      .orderBy('title')
      .orderBy('id')
      .execute();
  }

  pageBundles(owner: WidgetsOwner, page: PageQuery) {
    const query = this.db.selectFrom('widgetsBundle').selectAll().where(ownedBy(owner));
    return fetchPage(query, page, BUNDLE_PAGE, bundleToWire);
  }

  async insertBundle(row: WidgetsBundleRow, db: Db = this.db): Promise<void> {
    await db.insertInto('widgetsBundle').values(row).execute();
  }

  async updateBundle(id: string, values: BundleValues): Promise<void> {
    await this.db.updateTable('widgetsBundle').set(values).where('id', '=', id).execute();
  }

  /** The bundle and its owner's types of its alias (reference deleteWidgetsBundle), in `trx`. */
  async deleteBundleWithTypes(bundle: WidgetsBundleRow, trx: Db): Promise<void> {
    await trx
      .deleteFrom('widgetType')
      .where(ownedBy({ tenantId: bundle.tenantId }))
      .where('bundleAlias', '=', bundle.alias)
      .execute();
    await trx.deleteFrom('widgetsBundle').where('id', '=', bundle.id).execute();
  }

  findTypeById(id: string): Promise<WidgetTypeRow | undefined> {
    return this.db.selectFrom('widgetType').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findType(tenantId: string | null, bundleAlias: string, alias: string, db: Db = this.db) {
    return db
      .selectFrom('widgetType')
      .selectAll()
      .where(ownedBy({ tenantId }))
      .where('bundleAlias', '=', bundleAlias)
      .where('alias', '=', alias)
      .executeTakeFirst();
  }

  listTypes(tenantId: string | null, bundleAlias: string): Promise<WidgetTypeRow[]> {
    return this.db
      .selectFrom('widgetType')
      .selectAll()
      .where(ownedBy({ tenantId }))
      .where('bundleAlias', '=', bundleAlias)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  async insertType(row: Omit<WidgetTypeRow, 'descriptor'> & { descriptor: string }, db: Db = this.db) {
    await db.insertInto('widgetType').values(row).execute();
  }

  async updateType(id: string, values: WidgetTypeValues): Promise<void> {
    await this.db.updateTable('widgetType').set(values).where('id', '=', id).execute();
  }

  async deleteType(id: string): Promise<void> {
    await this.db.deleteFrom('widgetType').where('id', '=', id).execute();
  }
}
