import type { EntityId, EntitySubtype } from '@meridian/common';
import { may, type Operation, requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/store.js';
import { badRequest, forbidden, notFound } from '../../http/api-error.js';
import { type AuditRecorder, auditedAction } from '../audit-logs/audited-action.js';
import { ensurePublicCustomer } from '../customers/public-customer.js';
import type { CustomerRow, CustomersRepo } from '../customers/repo.js';
import type { RelationsQueryInput, SearchParametersInput } from '../relations/schemas.js';
import { type AssignableKind, type AssignableRow, assignableSubject, assignableTarget } from './kind.js';
import type { AssignableRepo } from './repo.js';

/** The relation walk of `POST /api/relations` (RelationsService.search), which the related-entity queries use. */
export interface RelationSearch {
  search(
    principal: Principal,
    query: RelationsQueryInput,
  ): Promise<{ fromType: string; fromId: string; toType: string; toId: string }[]>;
}

/** The telemetry store, which drops the attributes and time series of a deleted entity. */
export interface EntityDataStore {
  deleteEntityData(entityId: EntityId): Promise<void>;
}

/** Body of `POST /api/devices`, `POST /api/assets`: related entities of some types (reference *SearchQuery). */
export interface RelatedQuery {
  parameters: SearchParametersInput;
  relationType?: string | null;
}

/**
 * What devices, assets and entity views share (reference Device/Asset/EntityViewController):
 * assignment to a customer or to the tenant's public customer, unassignment, the customer check of
 * customer-scoped lists, and the list of entity subtypes.
 */
export class CustomerAssignmentService {
  constructor(
    private readonly db: Db,
    private readonly repo: AssignableRepo,
    private readonly customers: CustomersRepo,
    private readonly relations: RelationSearch,
    private readonly entityData: EntityDataStore,
    private readonly audit: AuditRecorder,
  ) {}

  /** The customer of a customer-scoped request: 404 when unknown, 403 when the caller may not read it. */
  async readableCustomer(principal: Principal, customerId: string): Promise<CustomerRow> {
    const customer = await this.customers.findById(customerId);
    if (!customer) throw notFound();
    requireAccess(principal, 'READ', 'CUSTOMER', { id: customer.id, tenantId: customer.tenantId });
    return customer;
  }

  /** Loads an entity of the kind and checks the operation on it: 404 unknown, 403 denied. */
  async load<R extends AssignableRow, W>(
    principal: Principal,
    kind: AssignableKind<R, W>,
    id: string,
    operation: Operation,
  ): Promise<R> {
    const row = await kind.load(id);
    if (!row) throw notFound();
    requireAccess(principal, operation, kind.resource, assignableTarget(row));
    return row;
  }

  /**
   * DELETE /api/<kind>/{id}: refused while entity views show the entity; its relations go with it,
   * then its attributes and time series.
   */
  async delete<R extends AssignableRow, W>(principal: Principal, kind: AssignableKind<R, W>, id: string) {
    const row = await this.load(principal, kind, id, 'DELETE');
    const audit = {
      actionType: 'DELETED',
      subject: assignableSubject(kind, row),
      data: { entityId: row.id },
    } as const;
    await auditedAction(this.audit, principal, audit, async () => {
      if (kind.hasViewsMessage && (await this.repo.countEntityViewsOf(row.id)) > 0) {
        throw badRequest(kind.hasViewsMessage);
      }
      await this.db
        .transaction()
        .execute((trx) => this.repo.deleteWithRelations(kind.table, kind.entityType, row.id, trx));
      await this.entityData.deleteEntityData({ entityType: kind.entityType, id: row.id });
    });
  }

  /**
   * Sets the entity's customer, recorded as ASSIGNED_TO_CUSTOMER under the new customer. The caller
   * has checked access (device claiming assigns on behalf of a customer user).
   */
  async setCustomerAudited<R extends AssignableRow, W>(
    principal: Principal,
    kind: AssignableKind<R, W>,
    row: R,
    customer: CustomerRow,
  ): Promise<W> {
    const assigned = { ...row, customerId: customer.id };
    const audit = {
      actionType: 'ASSIGNED_TO_CUSTOMER',
      subject: assignableSubject(kind, row),
      data: { entityId: row.id, assignedCustomerId: customer.id, assignedCustomerName: customer.title },
      onSuccess: () => ({ subject: assignableSubject(kind, assigned) }),
    } as const;
    const wire = await auditedAction(this.audit, principal, audit, async () => {
      await this.repo.setCustomer(kind.table, row.id, customer.id);
      return kind.toWire(assigned);
    });
    kind.customerChanged?.(row.id);
    return wire;
  }

  /** POST /api/customer/{customerId}/<kind>/{id}: the customer is checked first, as the reference does. */
  async assign<R extends AssignableRow, W>(
    principal: Principal,
    kind: AssignableKind<R, W>,
    customerId: string,
    id: string,
  ): Promise<W> {
    const customer = await this.readableCustomer(principal, customerId);
    const row = await this.load(principal, kind, id, 'ASSIGN_TO_CUSTOMER');
    if (customer.tenantId !== row.tenantId) throw forbidden();
    return this.setCustomerAudited(principal, kind, row, customer);
  }

  /** DELETE /api/customer/<kind>/{id}: 400 when the entity has no customer. */
  async unassign<R extends AssignableRow, W>(principal: Principal, kind: AssignableKind<R, W>, id: string) {
    const row = await this.load(principal, kind, id, 'UNASSIGN_FROM_CUSTOMER');
    return this.clearCustomerAudited(principal, kind, row);
  }

  /**
   * Clears the entity's customer, recorded as UNASSIGNED_FROM_CUSTOMER; 400 when it has none. The
   * caller has checked access to the entity (device re-claiming unassigns too).
   */
  async clearCustomerAudited<R extends AssignableRow, W>(
    principal: Principal,
    kind: AssignableKind<R, W>,
    row: R,
  ): Promise<W> {
    const customer = row.customerId === null ? null : await this.readableCustomer(principal, row.customerId);
    const audit = {
      actionType: 'UNASSIGNED_FROM_CUSTOMER',
      // Filed under the customer the entity leaves, as the reference does.
      subject: assignableSubject(kind, row),
      data: customer
        ? { entityId: row.id, unassignedCustomerId: customer.id, unassignedCustomerName: customer.title }
        : { entityId: row.id },
    } as const;
    const wire = await auditedAction(this.audit, principal, audit, async () => {
      if (customer === null) throw badRequest(kind.notAssignedMessage);
      await this.repo.setCustomer(kind.table, row.id, null);
      return kind.toWire({ ...row, customerId: null });
    });
    kind.customerChanged?.(row.id);
    return wire;
  }

  /** POST /api/customer/public/<kind>/{id}: assigns to the tenant's public customer, creating it on first use. */
  async assignToPublic<R extends AssignableRow, W>(
    principal: Principal,
    kind: AssignableKind<R, W>,
    id: string,
  ): Promise<W> {
    const row = await this.load(principal, kind, id, 'ASSIGN_TO_CUSTOMER');
    const publicCustomer = await ensurePublicCustomer(this.db, row.tenantId);
    return this.setCustomerAudited(principal, kind, row, publicCustomer);
  }

  /** GET /api/<kind>/types: the distinct types in the caller's tenant (customer users see the tenant's too). */
  async types<R extends AssignableRow, W>(
    principal: Principal,
    kind: AssignableKind<R, W>,
  ): Promise<EntitySubtype[]> {
    requireAccess(principal, 'READ', kind.resource);
    const types = await this.repo.types(kind.table, principal.tenantId);
    return types.map((type) => ({
      tenantId: { entityType: 'TENANT', id: principal.tenantId },
      entityType: kind.entityType,
      type,
    }));
  }

  /**
   * The entities of the kind related to the query's root (walking the relations as
   * `POST /api/relations` does) whose type is one of `types`, leaving out those the caller may not read.
   */
  async findRelated<R extends AssignableRow & { type: string | null }, W>(
    principal: Principal,
    kind: AssignableKind<R, W>,
    query: RelatedQuery,
    types: readonly string[],
    loadMany: (tenantId: string, ids: string[]) => Promise<R[]>,
  ): Promise<W[]> {
    const direction = query.parameters.direction;
    const relations = await this.relations.search(principal, {
      parameters: query.parameters,
      filters: [{ relationType: query.relationType ?? null, entityTypes: [kind.entityType] }],
    });
    const ids = new Set<string>();
    for (const relation of relations) {
      const [type, id] =
        direction === 'FROM' ? [relation.toType, relation.toId] : [relation.fromType, relation.fromId];
      if (type === kind.entityType) ids.add(id);
    }
    if (ids.size === 0) return [];
    const wanted = new Set(types);
    const rows = await loadMany(principal.tenantId, [...ids]);
    return rows
      .filter((row) => row.type !== null && wanted.has(row.type))
      .filter((row) => may(principal, 'READ', kind.resource, assignableTarget(row)))
      .map((row) => kind.toWire(row));
  }
}
