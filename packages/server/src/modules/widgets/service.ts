import type { PageData, WidgetsBundle } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import { requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/store.js';
import { badRequest } from '../../http/api-error.js';
import type { PageQuery } from '../../http/page-query.js';
import { loadBundle, ownerTarget, ownTenantOf } from './access.js';
import { aliasOf, freeAlias } from './aliases.js';
import { bundleToWire, type WidgetsBundleRow, type WidgetsOwner, type WidgetsRepo } from './repo.js';
import type { WidgetsBundleInput } from './schemas.js';

export const WIDGETS_BUNDLE_MESSAGES = {
  titleRequired: 'Widgets bundle title should be specified!',
  aliasChange: 'Update of widgets bundle alias is prohibited!',
} as const;

/**
 * Widgets bundles: the rules of WidgetsBundleController and WidgetsBundleServiceImpl. The reference
 * writes no audit entries for widgets, so neither does this.
 */
export class WidgetsBundlesService {
  constructor(
    private readonly db: Db,
    private readonly repo: WidgetsRepo,
  ) {}

  async get(principal: Principal, id: string): Promise<WidgetsBundle> {
    return bundleToWire(await loadBundle(this.repo, principal, id, 'READ'));
  }

  /**
   * GET /api/widgetsBundles: a system administrator sees the system bundles, everybody else the
   * system bundles and their tenant's. Paged when `pageSize` and `page` are both given.
   */
  list(principal: Principal, query: Partial<PageQuery>): Promise<WidgetsBundle[] | PageData<WidgetsBundle>> {
    requireAccess(principal, 'READ', 'WIDGETS_BUNDLE');
    const owner: WidgetsOwner = { tenantId: ownTenantOf(principal), withSystem: true };
    if (query.pageSize !== undefined && query.page !== undefined) {
      return this.repo.pageBundles(owner, query as PageQuery);
    }
    return this.repo.listBundles(owner).then((rows) => rows.map(bundleToWire));
  }

  /**
   * POST /api/widgetsBundle. The owner is always the caller's (the system's for a system
   * administrator); an update needs WRITE on the stored bundle, so a tenant cannot change a system
   * bundle. A new bundle without an alias gets one from its title, made unique within the owner's.
   */
  async save(principal: Principal, input: WidgetsBundleInput): Promise<WidgetsBundle> {
    const tenantId = ownTenantOf(principal);
    const stored = input.id ? await loadBundle(this.repo, principal, input.id.id, 'WRITE') : undefined;
    if (!stored) requireAccess(principal, 'CREATE', 'WIDGETS_BUNDLE', ownerTarget(tenantId));
    const title = input.title;
    if (!title?.trim()) throw badRequest(WIDGETS_BUNDLE_MESSAGES.titleRequired);
    // Absent fields keep what is stored; null clears them.
    const keep = <K extends 'image' | 'description'>(key: K) =>
      input[key] === undefined ? (stored?.[key] ?? null) : input[key];
    const values = { title, image: keep('image'), description: keep('description') };
    if (stored) {
      if (input.alias !== undefined && input.alias !== stored.alias) {
        throw badRequest(WIDGETS_BUNDLE_MESSAGES.aliasChange);
      }
      await this.repo.updateBundle(stored.id, values);
      return bundleToWire({ ...stored, ...values });
    }
    const wanted = input.alias?.trim() ? input.alias : aliasOf(title);
    const alias = await freeAlias(
      wanted,
      async (candidate) => (await this.repo.findBundleByAlias(tenantId, candidate)) !== undefined,
    );
    const row: WidgetsBundleRow = { id: uuidv1(), createdTime: Date.now(), tenantId, alias, ...values };
    await this.repo.insertBundle(row);
    return bundleToWire(row);
  }

  /** DELETE /api/widgetsBundle/{id}: the bundle and its owner's widget types of its alias, together. */
  async delete(principal: Principal, id: string): Promise<void> {
    const bundle = await loadBundle(this.repo, principal, id, 'DELETE');
    await this.db.transaction().execute((trx) => this.repo.deleteBundleWithTypes(bundle, trx));
  }
}
