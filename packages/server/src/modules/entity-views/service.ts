import { type EntityViewKeys, NULL_UUID } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import { may, requireAccess, type Target } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import { isUniqueViolation } from '../../db/sql-errors.js';
import type { Db } from '../../db/store.js';
import { badRequest, forbidden, notFound } from '../../http/api-error.js';
import type { PageQuery } from '../../http/page-query.js';
import { deleteAlarmsOf } from '../alarms/repo.js';
import type { AuditRecorder } from '../audit-logs/audited-action.js';
import { actorOf, failureDetails } from '../audit-logs/service.js';
import { ensurePublicCustomer } from '../customers/public-customer.js';
import type { CustomerRow, CustomersRepo } from '../customers/repo.js';
import { loadOwners, mayAccessEntity, ownerKey } from '../entities/owner.js';
import { deleteRelationsOf } from '../relations/repo.js';
import type { RelationsService } from '../relations/service.js';
import { type EntityViewRow, type EntityViewsRepo, entityViewInfoToWire, entityViewToWire } from './repo.js';
import type { EntityViewInput, EntityViewSearchInput } from './schemas.js';

const NAME_TAKEN = 'Entity view with such name already exists!';

export const entityViewTarget = (row: EntityViewRow): Target => ({
  id: row.id,
  tenantId: row.tenantId,
  customerId: row.customerId ?? NULL_UUID,
});

const ownerId = (ref: { id?: string } | null | undefined) =>
  ref?.id && ref.id !== NULL_UUID ? ref.id : null;

function normalizeKeys(keys: EntityViewInput['keys']): EntityViewKeys | null {
  if (!keys) return null;
  return {
    timeseries: keys.timeseries ?? [],
    attributes: {
      cs: keys.attributes?.cs ?? [],
      ss: keys.attributes?.ss ?? [],
      sh: keys.attributes?.sh ?? [],
    },
  };
}

type PagedWithType = PageQuery & { type?: string };

/** Entity views: the rules of EntityViewController (reference §1.3, §1.5) without the edge ones. */
export class EntityViewsService {
  constructor(
    private readonly db: Db,
    private readonly views: EntityViewsRepo,
    private readonly customers: CustomersRepo,
    private readonly relations: RelationsService,
    private readonly audit: AuditRecorder,
  ) {}

  private async load(
    principal: Principal,
    id: string,
    operation: 'READ' | 'WRITE' | 'DELETE' | 'ASSIGN_TO_CUSTOMER' | 'UNASSIGN_FROM_CUSTOMER' = 'READ',
  ): Promise<EntityViewRow> {
    const row = await this.views.findById(id);
    if (!row) throw notFound();
    requireAccess(principal, operation, 'ENTITY_VIEW', entityViewTarget(row));
    return row;
  }

  private record(
    principal: Principal,
    row: EntityViewRow,
    actionType: 'ADDED' | 'UPDATED' | 'DELETED' | 'ASSIGNED_TO_CUSTOMER' | 'UNASSIGNED_FROM_CUSTOMER',
    actionData: unknown,
    customerId: string | null = row.customerId,
    error?: unknown,
  ) {
    return this.audit.record({
      ...actorOf(principal),
      customerId,
      entityId: { entityType: 'ENTITY_VIEW', id: row.id },
      entityName: row.name,
      actionType,
      actionData,
      actionStatus: error === undefined ? 'SUCCESS' : 'FAILURE',
      actionFailureDetails: error === undefined ? null : failureDetails(error),
    });
  }

  async get(principal: Principal, id: string) {
    return entityViewToWire(await this.load(principal, id));
  }

  async getInfo(principal: Principal, id: string) {
    await this.load(principal, id);
    const row = await this.views.findInfoById(id);
    if (!row) throw notFound();
    return entityViewInfoToWire(row);
  }

  /** Checks the target device or asset: it must exist in the caller's tenant and be readable. */
  private async checkTarget(principal: Principal, entityId: EntityViewInput['entityId']): Promise<void> {
    const owner = (await loadOwners(this.db, [entityId])).get(ownerKey(entityId));
    if (!owner || owner.tenantId !== principal.tenantId) {
      throw badRequest("Invalid request: field 'entityId' must reference an existing device or asset");
    }
    if (!mayAccessEntity(principal, 'READ', owner)) throw forbidden();
  }

  private async checkCustomer(principal: Principal, customerId: string | null): Promise<void> {
    if (!customerId) return;
    const customer = await this.customers.findById(customerId);
    if (!customer)
      throw badRequest(
        "Invalid request: field 'customerId': can't assign entity view to non-existent customer!",
      );
    if (customer.tenantId !== principal.tenantId)
      throw badRequest(
        "Invalid request: field 'customerId': can't assign entity view to customer from different tenant!",
      );
  }

  async save(principal: Principal, input: EntityViewInput) {
    if (input.name.trim() === '')
      throw badRequest("Invalid request: field 'name': entity view name should be specified!");
    if (input.type.trim() === '')
      throw badRequest("Invalid request: field 'type': entity view type should be specified!");
    const startTs = input.startTimeMs ?? 0;
    const endTs = input.endTimeMs ?? 0;
    if (startTs > 0 && endTs > 0 && endTs < startTs)
      throw badRequest("Invalid request: field 'endTimeMs' must not be before 'startTimeMs'");
    const id = ownerId(input.id);
    const stored = id ? await this.load(principal, id, 'WRITE') : undefined;
    const customerId = stored ? stored.customerId : ownerId(input.customerId);
    if (!stored) {
      requireAccess(principal, 'CREATE', 'ENTITY_VIEW', {
        tenantId: principal.tenantId,
        customerId: customerId ?? NULL_UUID,
      });
      await this.checkCustomer(principal, customerId);
    }
    await this.checkTarget(principal, input.entityId);
    const sameName = await this.views.findByTenantAndName(principal.tenantId, input.name);
    if (sameName && sameName.id !== id) throw badRequest(NAME_TAKEN);
    const keys = normalizeKeys(input.keys);
    const row: EntityViewRow = {
      id: stored?.id ?? uuidv1(),
      createdTime: stored?.createdTime ?? Date.now(),
      tenantId: stored?.tenantId ?? principal.tenantId,
      customerId,
      entityId: input.entityId.id,
      entityType: input.entityId.entityType,
      name: input.name,
      type: input.type,
      keys,
      startTs,
      endTs,
      additionalInfo: input.additionalInfo ?? null,
    };
    const columns = {
      entityId: row.entityId,
      entityType: row.entityType,
      name: row.name,
      type: row.type,
      keys: keys === null ? null : JSON.stringify(keys),
      startTs,
      endTs,
      additionalInfo: row.additionalInfo === null ? null : JSON.stringify(row.additionalInfo),
    };
    const actionType = stored ? 'UPDATED' : 'ADDED';
    try {
      if (stored) await this.views.update(row.id, columns);
      else
        await this.views.insert({
          ...columns,
          id: row.id,
          createdTime: row.createdTime,
          tenantId: row.tenantId,
          customerId: row.customerId,
        });
    } catch (error) {
      if (isUniqueViolation(error)) throw badRequest(NAME_TAKEN);
      await this.record(principal, row, actionType, { entity: entityViewToWire(row) }, row.customerId, error);
      throw error;
    }
    const wire = entityViewToWire(row);
    await this.record(principal, row, actionType, { entity: wire });
    return wire;
  }

  async delete(principal: Principal, id: string): Promise<void> {
    const row = await this.load(principal, id, 'DELETE');
    await this.db.transaction().execute(async (trx) => {
      await deleteRelationsOf(trx, { entityType: 'ENTITY_VIEW', id });
      await deleteAlarmsOf(trx, { entityType: 'ENTITY_VIEW', id });
      await this.views.delete(id, trx);
    });
    await this.record(principal, row, 'DELETED', { entityId: id });
  }

  async tenantViewByName(principal: Principal, name: string) {
    requireAccess(principal, 'READ', 'ENTITY_VIEW', { tenantId: principal.tenantId });
    const row = await this.views.findByTenantAndName(principal.tenantId, name);
    if (!row) throw notFound();
    return entityViewToWire(row);
  }

  private async assign(principal: Principal, row: EntityViewRow, customer: CustomerRow) {
    await this.views.update(row.id, { customerId: customer.id });
    const updated = { ...row, customerId: customer.id };
    await this.record(principal, updated, 'ASSIGNED_TO_CUSTOMER', {
      entityId: row.id,
      assignedCustomerId: customer.id,
      assignedCustomerName: customer.title,
    });
    return entityViewToWire(updated);
  }

  async assignToCustomer(principal: Principal, customerId: string, id: string) {
    const customer = await this.customers.findById(customerId);
    if (!customer) throw notFound();
    requireAccess(principal, 'READ', 'CUSTOMER', { id: customer.id, tenantId: customer.tenantId });
    const row = await this.load(principal, id, 'ASSIGN_TO_CUSTOMER');
    if (customer.tenantId !== row.tenantId) throw forbidden();
    return this.assign(principal, row, customer);
  }

  async assignToPublicCustomer(principal: Principal, id: string) {
    const row = await this.load(principal, id, 'ASSIGN_TO_CUSTOMER');
    return this.assign(principal, row, await ensurePublicCustomer(this.db, row.tenantId));
  }

  async unassignFromCustomer(principal: Principal, id: string) {
    const row = await this.load(principal, id, 'UNASSIGN_FROM_CUSTOMER');
    if (!row.customerId) throw badRequest("Entity View isn't assigned to any customer!");
    const customer = await this.customers.findById(row.customerId);
    if (!customer) throw notFound();
    requireAccess(principal, 'READ', 'CUSTOMER', { id: customer.id, tenantId: customer.tenantId });
    await this.views.update(id, { customerId: null });
    const updated = { ...row, customerId: null };
    await this.record(
      principal,
      updated,
      'UNASSIGNED_FROM_CUSTOMER',
      { entityId: id, unassignedCustomerId: customer.id, unassignedCustomerName: customer.title },
      customer.id,
    );
    return entityViewToWire(updated);
  }

  tenantViews(principal: Principal, query: PagedWithType, infos: boolean) {
    requireAccess(principal, 'READ', 'ENTITY_VIEW', { tenantId: principal.tenantId });
    const { type, ...page } = query;
    const filter = { tenantId: principal.tenantId, ...(type?.trim() ? { type } : {}) };
    return infos ? this.views.pageInfos(filter, page) : this.views.page(filter, page);
  }

  async customerViews(principal: Principal, customerId: string, query: PagedWithType, infos: boolean) {
    const customer = await this.customers.findById(customerId);
    if (!customer) throw notFound();
    requireAccess(principal, 'READ', 'CUSTOMER', { id: customer.id, tenantId: customer.tenantId });
    requireAccess(principal, 'READ', 'ENTITY_VIEW', { tenantId: customer.tenantId, customerId });
    const { type, ...page } = query;
    const filter = { tenantId: customer.tenantId, customerId, ...(type?.trim() ? { type } : {}) };
    return infos ? this.views.pageInfos(filter, page) : this.views.page(filter, page);
  }

  async types(principal: Principal) {
    requireAccess(principal, 'READ', 'ENTITY_VIEW', {
      tenantId: principal.tenantId,
      customerId: principal.customerId,
    });
    const types = await this.views.types(principal.tenantId);
    return types.map((type) => ({
      tenantId: { entityType: 'TENANT' as const, id: principal.tenantId },
      entityType: 'ENTITY_VIEW' as const,
      type,
    }));
  }

  /** POST /api/entityViews: readable views of the given types related to the root entity. */
  async findByQuery(principal: Principal, query: EntityViewSearchInput) {
    const direction = query.parameters.direction;
    const relations = await this.relations.search(principal, {
      parameters: query.parameters,
      filters: [{ relationType: query.relationType ?? null, entityTypes: ['ENTITY_VIEW'] }],
    });
    const ids = new Set(
      relations
        .map((r) =>
          direction === 'FROM' ? { type: r.toType, id: r.toId } : { type: r.fromType, id: r.fromId },
        )
        .filter((end) => end.type === 'ENTITY_VIEW')
        .map((end) => end.id),
    );
    const rows = await this.views.findByIds([...ids]);
    const types = new Set(query.entityViewTypes);
    return rows
      .filter((row) => types.has(row.type) && may(principal, 'READ', 'ENTITY_VIEW', entityViewTarget(row)))
      .map(entityViewToWire);
  }
}
