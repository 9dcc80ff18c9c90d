import type { Device, DeviceCredentials, DeviceInfo, PageData } from '@meridian/common';
import { NULL_UUID } from '@meridian/common';
import { type Insertable, type RawBuilder, type Selectable, sql, type Updateable } from 'kysely';
import type { PageSpec } from '../../db/paging.js';
import type { DeviceCredentialsTable, DeviceTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';
import { badRequest } from '../../http/api-error.js';
import type { PageQuery } from '../../http/page-query.js';
import {
  type CustomerInfoRow,
  customerInfoColumns,
  customerInfoToWire,
} from '../customer-assignable/repo.js';

export type DeviceRow = Selectable<DeviceTable>;
export type DeviceInfoRow = DeviceRow & CustomerInfoRow & { deviceProfileName: string };
export type CredentialsRow = Selectable<DeviceCredentialsTable>;

/** Sort properties of the reference device lists (ControllerConstants), plus `type`. */
const DEVICE_PAGE: PageSpec = {
  sortable: {
    createdTime: 'device.createdTime',
    name: 'device.name',
    deviceProfileName: 'deviceProfile.name',
    label: 'device.label',
    customerTitle: 'customer.title',
    type: 'device.type',
  },
  searchColumns: ['device.name'],
  idColumn: 'device.id',
};

/**
 * A text search matching more devices than this reports an estimated totalElements (PostgreSQL's
 * row estimate) instead of counting every match; see docs/decisions/0006-device-list-counts.md.
 */
export const EXACT_SEARCH_COUNT_LIMIT = 2000;

/**
 * A search that PostgreSQL expects to match more devices than this is not counted at all: finding
 * EXACT_SEARCH_COUNT_LIMIT + 1 of them could mean reading most of the table when the matches are
 * not evenly spread, and the total is an estimate anyway.
 */
export const SEARCH_COUNT_GATE = 10 * EXACT_SEARCH_COUNT_LIMIT;

/** Escapes LIKE wildcards so a search for "50%" looks for that text (as db/paging.ts does). */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Which devices a list holds, as one SQL condition over `device`. */
function deviceConditions(filter: DeviceFilter, textSearch: string | undefined): RawBuilder<boolean> {
  const parts = [sql`${sql.ref('device.tenantId')} = ${filter.tenantId}`];
  if (filter.customerId) parts.push(sql`${sql.ref('device.customerId')} = ${filter.customerId}`);
  if (filter.type) parts.push(sql`${sql.ref('device.type')} = ${filter.type}`);
  else if (filter.deviceProfileId)
    parts.push(sql`${sql.ref('device.deviceProfileId')} = ${filter.deviceProfileId}`);
  // The same match as `ilike` (in a UTF-8 database PostgreSQL's ILIKE is LIKE over lower() of both
  // sides), but the pattern is lowered once instead of for every row, the trigram index of
  // migration 0004 is on lower(name), and the name index of migration 0016 holds lower(name).
  if (textSearch) parts.push(sql`lower(${sql.ref('device.name')}) like lower(${likePattern(textSearch)})`);
  return sql<boolean>`(${sql.join(parts, sql` and `)})`;
}

/** The planner's row estimate from the output of `EXPLAIN (FORMAT JSON)`; 0 when absent. */
function planRows(explained: readonly Record<string, unknown>[]): number {
  let plan = Object.values(explained[0] ?? {})[0];
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const rows = (plan as { Plan?: { 'Plan Rows'?: unknown } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' && Number.isFinite(rows) ? rows : 0;
}

const otaRef = (id: string | null) => (id === null ? null : { entityType: 'OTA_PACKAGE' as const, id });

/** The reference's Device JSON (reference §1.5). */
export function deviceToWire(row: DeviceRow): Device {
  return {
    id: { entityType: 'DEVICE', id: row.id },
    createdTime: row.createdTime,
    additionalInfo: (row.additionalInfo ?? null) as Device['additionalInfo'],
    tenantId: { entityType: 'TENANT', id: row.tenantId },
    customerId: { entityType: 'CUSTOMER', id: row.customerId ?? NULL_UUID },
    name: row.name,
    type: row.type ?? '',
    label: row.label,
    deviceProfileId: { entityType: 'DEVICE_PROFILE', id: row.deviceProfileId },
    deviceData: row.deviceData as Device['deviceData'],
    firmwareId: otaRef(row.firmwareId),
    softwareId: otaRef(row.softwareId),
  };
}

/** The reference's DeviceInfo JSON: a Device with its customer and profile names. */
export function deviceInfoToWire(row: DeviceInfoRow): DeviceInfo {
  return { ...deviceToWire(row), ...customerInfoToWire(row), deviceProfileName: row.deviceProfileName };
}

/** The reference's DeviceCredentials JSON; its id travels as a bare `{"id"}`. */
export function credentialsToWire(row: CredentialsRow): DeviceCredentials {
  return {
    id: { id: row.id },
    createdTime: row.createdTime,
    deviceId: { entityType: 'DEVICE', id: row.deviceId },
    credentialsType: row.credentialsType as DeviceCredentials['credentialsType'],
    credentialsId: row.credentialsId,
    credentialsValue: row.credentialsValue,
  };
}

/** Which devices a list shows: a tenant's, optionally one customer's, of one type or one profile. */
export interface DeviceFilter {
  tenantId: string;
  customerId?: string;
  type?: string;
  deviceProfileId?: string;
}

export class DevicesRepo {
  constructor(private readonly db: Db) {}

  findById(id: string, db: Db = this.db): Promise<DeviceRow | undefined> {
    return db.selectFrom('device').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByName(tenantId: string, name: string, db: Db = this.db): Promise<DeviceRow | undefined> {
    return db
      .selectFrom('device')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('name', '=', name)
      .executeTakeFirst();
  }

  /** Devices with customer and profile names; unassigned devices have a null customer title. */
  private infos(db: Db = this.db) {
    return db
      .selectFrom('device')
      .innerJoin('deviceProfile', 'deviceProfile.id', 'device.deviceProfileId')
      .leftJoin('customer', 'customer.id', 'device.customerId')
      .selectAll('device')
      .select([...customerInfoColumns, 'deviceProfile.name as deviceProfileName']);
  }

  findInfoById(id: string): Promise<DeviceInfoRow | undefined> {
    return this.infos().where('device.id', '=', id).executeTakeFirst();
  }

  /** The devices among `ids` in the tenant (and customer, when given); unknown ids are left out. */
  findByIds(tenantId: string, customerId: string | undefined, ids: readonly string[]): Promise<DeviceRow[]> {
    let query = this.db
      .selectFrom('device')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('id', 'in', ids);
    if (customerId) query = query.where('customerId', '=', customerId);
    return query.orderBy('name').execute();
  }

  /**
   * One page of the filtered list; `type` wins over `deviceProfileId`, as in the reference. Paging,
   * search and sort behave as `fetchPage` (db/paging.ts), built for tenants with a million devices:
   * the page is chosen on `device` alone (for the name and createdTime sorts from an index, without
   * reading skipped rows), then joined with its customer and profile; totalElements comes from
   * `pageTotal`.
   */
  async page<T>(
    filter: DeviceFilter,
    page: PageQuery,
    toWire: (row: DeviceInfoRow) => T,
  ): Promise<PageData<T>> {
    const direction = (page.sortOrder ?? 'ASC').toUpperCase();
    if (direction !== 'ASC' && direction !== 'DESC') {
      throw badRequest(`Unsupported sort order '${page.sortOrder}'! Only 'ASC' or 'DESC' types are allowed.`);
    }
    let sortColumn = DEVICE_PAGE.idColumn;
    if (page.sortProperty) {
      const column = DEVICE_PAGE.sortable[page.sortProperty];
      if (!column) throw badRequest(`Invalid sort property '${page.sortProperty}'`);
      sortColumn = column;
    }
    const dir = direction === 'ASC' ? sql`asc` : sql`desc`;
    const conditions = deviceConditions(filter, page.textSearch);
    const offset = page.page * page.pageSize;
    // One row more than the page tells whether another page follows.
    const limit = page.pageSize + 1;
    let rows: DeviceInfoRow[];
    if (sortColumn === 'device.name') {
      // Names are unique within a tenant, so the name alone orders the list, and the unique index on
      // (tenant_id, name) yields the page without visiting the table. A search starts the walk at
      // the first name that can match instead of passing every name before it.
      const bounds = page.textSearch ? await this.nameBounds(filter.tenantId, page.textSearch) : 'none';
      if (bounds === 'no match') {
        rows = [];
      } else {
        let names = this.db
          .selectFrom('device')
          .select('device.name')
          .where(conditions)
          .orderBy(sql`${sql.ref('device.name')} ${dir}`)
          .limit(limit)
          .offset(offset);
        if (bounds !== 'none') {
          names =
            direction === 'ASC'
              ? names.where('device.name', '>=', bounds.lowest)
              : names.where('device.name', '<=', bounds.highest);
        }
        rows = await this.infos()
          .innerJoin(names.as('page'), 'page.name', 'device.name')
          .where('device.tenantId', '=', filter.tenantId)
          .orderBy(sql`${sql.ref('device.name')} ${dir}`)
          .execute();
      }
    } else if (sortColumn.startsWith('device.')) {
      const ids = this.db
        .selectFrom('device')
        .select('device.id')
        .where(conditions)
        .orderBy(sql`${sql.ref(sortColumn)} ${dir}`)
        .orderBy(sql`${sql.ref('device.id')} ${dir}`)
        .limit(limit)
        .offset(offset);
      rows = await this.infos()
        .innerJoin(ids.as('page'), 'page.id', 'device.id')
        .orderBy(sql`${sql.ref(sortColumn)} ${dir}`)
        .orderBy(sql`${sql.ref('device.id')} ${dir}`)
        .execute();
    } else {
      // Customer title and profile name: the sort needs the joined rows.
      rows = await this.infos()
        .where(conditions)
        .orderBy(sql`${sql.ref(sortColumn)} ${dir}`)
        .orderBy(sql`${sql.ref('device.id')} ${dir}`)
        .limit(limit)
        .offset(offset)
        .execute();
    }
    const hasNext = rows.length > page.pageSize;
    const data = hasNext ? rows.slice(0, page.pageSize) : rows;
    const total = await this.pageTotal(filter, page.textSearch, {
      offset,
      pageSize: page.pageSize,
      fetched: rows.length,
    });
    return {
      data: data.map(toWire),
      totalPages: Math.ceil(total / page.pageSize),
      totalElements: total,
      hasNext,
    };
  }

  /**
   * The lowest and highest name of the tenant that can contain `textSearch` (case-insensitively),
   * from the trigram bounds of migration 0017: every match contains each trigram of the text, so it
   * lies between the highest of their lowest names and the lowest of their highest. 'no match' when
   * some trigram is in none of the tenant's names; 'none' when the text is shorter than a trigram.
   * The trigrams are cut in SQL, with the same lower() as the trigger and the search.
   */
  private async nameBounds(
    tenantId: string,
    textSearch: string,
  ): Promise<{ lowest: string; highest: string } | 'no match' | 'none'> {
    // Fewer than three UTF-16 units are fewer than three characters: no trigram, no round trip.
    if (textSearch.length < 3) return 'none';
    const result = await sql<{
      trigrams: number;
      found: number;
      lowest: string | null;
      highest: string | null;
    }>`
      with wanted as (
        select distinct substr(lower(${textSearch}::text), i, 3) as trigram
        from generate_series(1, length(lower(${textSearch}::text)) - 2) as i
      )
      select count(*)::int as trigrams, count(b.trigram)::int as found,
             max(b.min_name) as lowest, min(b.max_name) as highest
      from wanted left join device_name_trigram b on b.tenant_id = ${tenantId} and b.trigram = wanted.trigram
    `.execute(this.db);
    const row = result.rows[0];
    if (!row || row.trigrams === 0) return 'none';
    if (row.found < row.trigrams || row.lowest === null || row.highest === null) return 'no match';
    return { lowest: row.lowest, highest: row.highest };
  }

  /**
   * totalElements of a list page whose query returned `fetched` rows (the page and one more) from
   * `offset`. Exact, except for a text search with more than EXACT_SEARCH_COUNT_LIMIT matches or
   * that PostgreSQL expects to have more than SEARCH_COUNT_GATE:
   * - a page that ends the list tells the total itself;
   * - a tenant's whole list is counted in `device_count`;
   * - other filters (customer, type, profile) are counted;
   * - a text search is counted up to the limit unless the gate skips it; otherwise the total is
   *   PostgreSQL's estimate of the matches, kept within what the page proves.
   */
  private async pageTotal(
    filter: DeviceFilter,
    textSearch: string | undefined,
    page: { offset: number; pageSize: number; fetched: number },
  ): Promise<number> {
    const seen = page.offset + page.fetched;
    if (page.fetched <= page.pageSize && (page.fetched > 0 || page.offset === 0)) return seen;
    const conditions = deviceConditions(filter, textSearch);
    if (!textSearch) {
      if (!filter.customerId && !filter.type && !filter.deviceProfileId) {
        const result = await sql<{ count: string | number }>`
          select count from device_count where tenant_id = ${filter.tenantId}
        `.execute(this.db);
        return Number(result.rows[0]?.count ?? 0);
      }
      const row = await this.db
        .selectFrom('device')
        .select(sql<number>`count(*)::int`.as('total'))
        .where(conditions)
        .executeTakeFirstOrThrow();
      return Number(row.total);
    }
    // What the page proves: at least `seen` matches when it found rows, at most `offset` when not.
    let atLeast = page.fetched > 0 ? seen : 0;
    const atMost = page.fetched > 0 ? Number.POSITIVE_INFINITY : page.offset;
    const plan = await this.db.selectFrom('device').select('device.id').where(conditions).explain('json');
    const estimate = Math.round(planRows(plan));
    if (atLeast <= EXACT_SEARCH_COUNT_LIMIT && estimate <= SEARCH_COUNT_GATE) {
      const matches = this.db
        .selectFrom('device')
        .select(sql<number>`1`.as('one'))
        .where(conditions)
        .limit(EXACT_SEARCH_COUNT_LIMIT + 1)
        .as('matches');
      const row = await this.db
        .selectFrom(matches)
        .select(sql<number>`count(*)::int`.as('total'))
        .executeTakeFirstOrThrow();
      const counted = Number(row.total);
      if (counted <= EXACT_SEARCH_COUNT_LIMIT) return counted;
      atLeast = Math.max(atLeast, counted);
    }
    return Math.min(atMost, Math.max(atLeast, estimate));
  }

  async insert(row: Insertable<DeviceTable>, db: Db = this.db): Promise<void> {
    await db.insertInto('device').values(row).execute();
  }

  async update(id: string, changes: Updateable<DeviceTable>, db: Db = this.db): Promise<void> {
    await db.updateTable('device').set(changes).where('id', '=', id).execute();
  }

  /** Devices of a profile that have no firmware (or software) package assigned. */
  async countWithoutOtaPackage(
    tenantId: string,
    profileId: string,
    column: 'firmwareId' | 'softwareId',
  ): Promise<number> {
    const row = await this.db
      .selectFrom('device')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('tenantId', '=', tenantId)
      .where('deviceProfileId', '=', profileId)
      .where(column, 'is', null)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  credentialsOf(deviceId: string, db: Db = this.db): Promise<CredentialsRow | undefined> {
    return db.selectFrom('deviceCredentials').selectAll().where('deviceId', '=', deviceId).executeTakeFirst();
  }

  /** Credentials ids are unique across all tenants: a device authenticates with the id alone. */
  credentialsByCredentialsId(credentialsId: string, db: Db = this.db): Promise<CredentialsRow | undefined> {
    return db
      .selectFrom('deviceCredentials')
      .selectAll()
      .where('credentialsId', '=', credentialsId)
      .executeTakeFirst();
  }

  async insertCredentials(row: Insertable<DeviceCredentialsTable>, db: Db = this.db): Promise<void> {
    await db.insertInto('deviceCredentials').values(row).execute();
  }

  async updateCredentials(
    id: string,
    changes: Updateable<DeviceCredentialsTable>,
    db: Db = this.db,
  ): Promise<void> {
    await db.updateTable('deviceCredentials').set(changes).where('id', '=', id).execute();
  }
}
