import {
  type EntityData,
  type EntityKeysByQuery,
  MAX_ENTITY_KEYS_QUERY_PAGE_SIZE,
  type PageData,
} from '@meridian/common';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/store.js';
import { forbidden } from '../../http/api-error.js';
import { resolveDynamicValues } from './dynamic-values.js';
import { parseCountQuery, parseDataQuery } from './parse.js';
import { countSql, pageSql } from './query-sql.js';
import { type EntityQueryRepo, entityTypesOf } from './repo.js';

/**
 * Entity data queries (EntityQueryController, reference §1.3, §1.4 "Entity query", §3.4). Row
 * access is not decided per entity here: every query is limited in SQL to the caller's read scope
 * (`read-scope.ts`, the READ rule of the access policy), whatever its filter names.
 */
export class EntityQueryService {
  constructor(
    private readonly db: Db,
    private readonly repo: EntityQueryRepo,
  ) {}

  /** Only tenant administrators and customer users query entities (routes enforce it too). */
  private check(principal: Principal): void {
    if (principal.authority !== 'TENANT_ADMIN' && principal.authority !== 'CUSTOMER_USER') throw forbidden();
  }

  async count(principal: Principal, body: unknown): Promise<number> {
    this.check(principal);
    const query = parseCountQuery(body);
    const resolve = await resolveDynamicValues(this.db, principal, query.keyFilters);
    return this.repo.count(countSql(principal, query, resolve));
  }

  async find(principal: Principal, body: unknown): Promise<PageData<EntityData>> {
    this.check(principal);
    const query = parseDataQuery(body);
    const resolve = await resolveDynamicValues(this.db, principal, query.keyFilters);
    return this.repo.page(pageSql(principal, query, resolve), query.pageLink.pageSize, query.pageLink.page);
  }

  /**
   * Keys of the entities on the query's page (page size cut to 100): their entity types and,
   * as asked, their latest time-series keys and attribute keys of every scope.
   */
  async findKeys(
    principal: Principal,
    body: unknown,
    options: { timeseries: boolean; attributes: boolean },
  ): Promise<EntityKeysByQuery> {
    this.check(principal);
    const query = parseDataQuery(body);
    const empty: EntityKeysByQuery = { entityTypes: [], timeseries: [], attribute: [] };
    if (!options.timeseries && !options.attributes) return empty;
    query.pageLink.pageSize = Math.min(query.pageLink.pageSize, MAX_ENTITY_KEYS_QUERY_PAGE_SIZE);
    const resolve = await resolveDynamicValues(this.db, principal, query.keyFilters);
    const page = await this.repo.page(
      pageSql(principal, query, resolve),
      query.pageLink.pageSize,
      query.pageLink.page,
    );
    if (page.data.length === 0) return empty;
    const keys = await this.repo.keysOf(page.data.map((entry) => entry.entityId.id));
    return {
      entityTypes: entityTypesOf(page.data),
      timeseries: options.timeseries ? keys.timeseries : [],
      attribute: options.attributes ? keys.attribute : [],
    };
  }
}
