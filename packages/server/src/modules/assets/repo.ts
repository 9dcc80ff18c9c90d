import type { Asset, AssetInfo } from '@meridian/common';
import { NULL_UUID } from '@meridian/common';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { fetchPage, type PageSpec } from '../../db/paging.js';
import type { AssetTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';
import type { PageQuery } from '../../http/page-query.js';
import {
  type CustomerInfoRow,
  customerInfoColumns,
  customerInfoToWire,
} from '../customer-assignable/repo.js';

export type AssetRow = Selectable<AssetTable>;
export type AssetInfoRow = AssetRow & CustomerInfoRow;

/** Sort properties of the reference asset lists (ControllerConstants). */
const ASSET_PAGE: PageSpec = {
  sortable: {
    createdTime: 'asset.createdTime',
    name: 'asset.name',
    type: 'asset.type',
    label: 'asset.label',
    customerTitle: 'customer.title',
  },
  searchColumns: ['asset.name'],
  idColumn: 'asset.id',
};

/** The reference's Asset JSON (reference §1.5). */
export function assetToWire(row: AssetRow): Asset {
  return {
    id: { entityType: 'ASSET', id: row.id },
    createdTime: row.createdTime,
    additionalInfo: (row.additionalInfo ?? null) as Asset['additionalInfo'],
    tenantId: { entityType: 'TENANT', id: row.tenantId },
    customerId: { entityType: 'CUSTOMER', id: row.customerId ?? NULL_UUID },
    name: row.name,
    type: row.type,
    label: row.label,
  };
}

export function assetInfoToWire(row: AssetInfoRow): AssetInfo {
  return { ...assetToWire(row), ...customerInfoToWire(row) };
}

export interface AssetFilter {
  tenantId: string;
  customerId?: string;
  type?: string;
}

export class AssetsRepo {
  constructor(private readonly db: Db) {}

  findById(id: string, db: Db = this.db): Promise<AssetRow | undefined> {
    return db.selectFrom('asset').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByName(tenantId: string, name: string): Promise<AssetRow | undefined> {
    return this.db
      .selectFrom('asset')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  private infos() {
    return this.db
      .selectFrom('asset')
      .leftJoin('customer', 'customer.id', 'asset.customerId')
      .selectAll('asset')
      .select(customerInfoColumns);
  }

  findInfoById(id: string): Promise<AssetInfoRow | undefined> {
    return this.infos().where('asset.id', '=', id).executeTakeFirst();
  }

  findByIds(tenantId: string, customerId: string | undefined, ids: readonly string[]): Promise<AssetRow[]> {
    let query = this.db
      .selectFrom('asset')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('id', 'in', ids);
    if (customerId) query = query.where('customerId', '=', customerId);
    return query.orderBy('name').execute();
  }

  page<T>(filter: AssetFilter, page: PageQuery, toWire: (row: AssetInfoRow) => T) {
    let query = this.infos().where('asset.tenantId', '=', filter.tenantId);
    if (filter.customerId) query = query.where('asset.customerId', '=', filter.customerId);
    if (filter.type) query = query.where('asset.type', '=', filter.type);
    return fetchPage(query, page, ASSET_PAGE, toWire);
  }

  async insert(row: Insertable<AssetTable>): Promise<void> {
    await this.db.insertInto('asset').values(row).execute();
  }

  async update(id: string, changes: Updateable<AssetTable>): Promise<void> {
    await this.db.updateTable('asset').set(changes).where('id', '=', id).execute();
  }
}
