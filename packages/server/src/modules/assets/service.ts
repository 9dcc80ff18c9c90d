import { type Asset, NULL_UUID } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import { requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import { violatedUnique } from '../../db/sql-errors.js';
import type { Db } from '../../db/store.js';
import { badRequest, notFound } from '../../http/api-error.js';
import type { PageQuery } from '../../http/page-query.js';
import { type AuditedActionSpec, type AuditRecorder, auditedAction } from '../audit-logs/audited-action.js';
import { type AssignableKind, assignableSubject } from '../customer-assignable/kind.js';
import { parseIdList, requirePage } from '../customer-assignable/lists.js';
import { customerOfSave, refId } from '../customer-assignable/save-input.js';
import type { CustomerAssignmentService, RelatedQuery } from '../customer-assignable/service.js';
import type { CustomersRepo } from '../customers/repo.js';
import { assertEntityLimit } from '../tenant-profiles/limits.js';
import { type AssetRow, type AssetsRepo, assetInfoToWire, assetToWire } from './repo.js';
import type { AssetInput } from './schemas.js';

export const ASSET_MESSAGES = {
  nameRequired: 'Asset name should be specified!',
  typeRequired: 'Asset type should be specified!',
  nameTaken: 'Asset with such name already exists!',
  noCustomer: "Can't assign asset to non-existent customer!",
  hasViews: "Can't delete asset that has entity views!",
  notAssigned: "Asset isn't assigned to any customer!",
} as const;

export type AssetListQuery = Partial<PageQuery> & { type?: string; assetName?: string };

/** Assets: the rules of AssetController and AssetServiceImpl (reference §1.3–§1.5). */
export class AssetsService {
  readonly kind: AssignableKind<AssetRow, Asset>;

  constructor(
    private readonly db: Db,
    private readonly assets: AssetsRepo,
    private readonly customers: CustomersRepo,
    private readonly assignments: CustomerAssignmentService,
    private readonly audit: AuditRecorder,
  ) {
    this.kind = {
      entityType: 'ASSET',
      resource: 'ASSET',
      table: 'asset',
      segment: 'asset',
      idParam: 'assetId',
      notAssignedMessage: ASSET_MESSAGES.notAssigned,
      hasViewsMessage: ASSET_MESSAGES.hasViews,
      load: (id, db) => assets.findById(id, db),
      toWire: assetToWire,
    };
  }

  async get(principal: Principal, id: string) {
    return assetToWire(await this.assignments.load(principal, this.kind, id, 'READ'));
  }

  async getInfo(principal: Principal, id: string) {
    await this.assignments.load(principal, this.kind, id, 'READ');
    const row = await this.assets.findInfoById(id);
    if (!row) throw notFound();
    return assetInfoToWire(row);
  }

  /**
   * POST /api/asset. Access first (WRITE on the stored asset, or CREATE in the caller's tenant), then
   * the checked save, recorded as ADDED or UPDATED, or as a FAILURE when a check refuses it.
   */
  async save(principal: Principal, input: AssetInput) {
    const id = refId(input.id);
    const stored = id ? await this.assignments.load(principal, this.kind, id, 'WRITE') : undefined;
    if (!stored) requireAccess(principal, 'CREATE', 'ASSET', { tenantId: principal.tenantId });
    const audit: AuditedActionSpec<Asset> = {
      actionType: stored ? 'UPDATED' : 'ADDED',
      subject: stored
        ? assignableSubject(this.kind, stored)
        : { entityType: 'ASSET', name: input.name ?? null },
      data: { entity: input },
      onSuccess: (asset) => ({
        subject: {
          entityType: 'ASSET',
          id: asset.id.id,
          name: asset.name,
          customerId: refId(asset.customerId),
        },
        data: { entity: asset },
      }),
    };
    return auditedAction(this.audit, principal, audit, () => this.saveChecked(principal, input, stored));
  }

  private async saveChecked(principal: Principal, input: AssetInput, stored: AssetRow | undefined) {
    const tenantId = principal.tenantId;
    const name = input.name;
    if (!name?.trim()) throw badRequest(ASSET_MESSAGES.nameRequired);
    const type = input.type;
    if (!type?.trim()) throw badRequest(ASSET_MESSAGES.typeRequired);
    const customerId = await customerOfSave(
      this.customers,
      principal,
      input.customerId,
      stored,
      ASSET_MESSAGES.noCustomer,
    );
    requireAccess(principal, stored ? 'WRITE' : 'CREATE', 'ASSET', {
      ...(stored ? { id: stored.id } : {}),
      tenantId,
      customerId: customerId ?? NULL_UUID,
    });
    const sameName = await this.assets.findByName(tenantId, name);
    if (sameName && sameName.id !== stored?.id) throw badRequest(ASSET_MESSAGES.nameTaken);
    if (!stored) await assertEntityLimit(this.db, tenantId, 'ASSET');
    const row: AssetRow = {
      id: stored?.id ?? uuidv1(),
      createdTime: stored?.createdTime ?? Date.now(),
      tenantId,
      customerId,
      name,
      type,
      label: input.label === undefined ? (stored?.label ?? null) : input.label,
      additionalInfo:
        input.additionalInfo === undefined ? (stored?.additionalInfo ?? null) : input.additionalInfo,
    };
    const values = {
      ...row,
      additionalInfo: row.additionalInfo === null ? null : JSON.stringify(row.additionalInfo),
    };
    try {
      if (stored) {
        const { id: _id, createdTime: _created, ...changes } = values;
        await this.assets.update(stored.id, changes);
      } else {
        await this.assets.insert(values);
      }
    } catch (error) {
      if (violatedUnique(error) === 'asset_tenant_id_name_key') throw badRequest(ASSET_MESSAGES.nameTaken);
      throw error;
    }
    return assetToWire(row);
  }

  /** DELETE /api/asset/{id}: the relations go with the asset. */
  delete(principal: Principal, id: string): Promise<void> {
    return this.assignments.delete(principal, this.kind, id);
  }

  /** GET /api/tenant/assets: one asset by `assetName`, else a page (optionally of one `type`). */
  async tenantAssets(principal: Principal, query: AssetListQuery) {
    requireAccess(principal, 'READ', 'ASSET');
    if (query.assetName !== undefined) {
      const row = await this.assets.findByName(principal.tenantId, query.assetName);
      if (!row) throw notFound();
      return assetToWire(row);
    }
    return this.assets.page(this.filter(principal.tenantId, query), requirePage(query), assetToWire);
  }

  tenantAssetInfos(principal: Principal, query: AssetListQuery) {
    requireAccess(principal, 'READ', 'ASSET');
    return this.assets.page(this.filter(principal.tenantId, query), requirePage(query), assetInfoToWire);
  }

  async customerAssets(principal: Principal, customerId: string, query: AssetListQuery, infos: boolean) {
    const customer = await this.assignments.readableCustomer(principal, customerId);
    requireAccess(principal, 'READ', 'ASSET', { tenantId: customer.tenantId, customerId: customer.id });
    const filter = { ...this.filter(customer.tenantId, query), customerId };
    return infos
      ? this.assets.page(filter, requirePage(query), assetInfoToWire)
      : this.assets.page(filter, requirePage(query), assetToWire);
  }

  private filter(tenantId: string, query: AssetListQuery) {
    return { tenantId, ...(query.type ? { type: query.type } : {}) };
  }

  /** GET /api/assets?assetIds=: the caller's own assets among the ids (a customer user's customer only). */
  async byIds(principal: Principal, assetIds: readonly string[]) {
    requireAccess(principal, 'READ', 'ASSET');
    const ids = parseIdList(assetIds, 'assetIds');
    const customerId = principal.authority === 'CUSTOMER_USER' ? principal.customerId : undefined;
    const rows = await this.assets.findByIds(principal.tenantId, customerId, ids);
    return rows.map(assetToWire);
  }

  /** POST /api/assets: readable assets of the given types related to the root entity. */
  findByQuery(principal: Principal, query: RelatedQuery & { assetTypes: string[] }) {
    return this.assignments.findRelated(principal, this.kind, query, query.assetTypes, (tenantId, ids) =>
      this.assets.findByIds(tenantId, undefined, ids),
    );
  }
}
