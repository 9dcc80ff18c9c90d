import type { AuditActionType, Dashboard, ShortCustomerInfo } from '@meridian/common';
import { requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/store.js';
import { ApiError, badRequest, notFound } from '../../http/api-error.js';
import { type AuditRecorder, auditedAction, recordAction } from '../audit-logs/audited-action.js';
import { ensurePublicCustomer } from '../customers/public-customer.js';
import { type CustomerRow, type CustomersRepo, isPublicCustomer } from '../customers/repo.js';
import { dashboardSubject, loadDashboard } from './access.js';
import { assignedCustomersOf, type DashboardRow, type DashboardsRepo, dashboardToWire } from './repo.js';

export const ASSIGNMENT_MESSAGES = {
  noCustomer: "Can't assign dashboard to non-existent customer!",
  otherTenant: "Can't assign dashboard to customer from different tenant!",
} as const;

/** The entry a dashboard's assignedCustomers list keeps for a customer (reference ShortCustomerInfo). */
const shortInfo = (customer: CustomerRow): ShortCustomerInfo => ({
  customerId: { entityType: 'CUSTOMER', id: customer.id },
  title: customer.title,
  public: isPublicCustomer(customer),
});

/** What one change of the assigned customers did. */
interface Change {
  row: DashboardRow;
  added: CustomerRow[];
  removed: ShortCustomerInfo[];
}

/** Who is to be assigned and unassigned, decided from the customers assigned when the row is locked. */
type Plan = (assigned: ShortCustomerInfo[]) => { add: CustomerRow[]; remove: string[] };

const isAssigned = (assigned: ShortCustomerInfo[], customerId: string) =>
  assigned.some((c) => c.customerId.id === customerId);

/**
 * Assigning dashboards to customers (reference DashboardController / DashboardServiceImpl): unlike
 * devices, a dashboard can be assigned to many customers at once, listed in its assignedCustomers.
 * Each customer that joins or leaves the list is recorded as ASSIGNED_TO_CUSTOMER or
 * UNASSIGNED_FROM_CUSTOMER, filed under that customer.
 */
export class DashboardAssignmentService {
  constructor(
    private readonly db: Db,
    private readonly dashboards: DashboardsRepo,
    private readonly customers: CustomersRepo,
    private readonly audit: AuditRecorder,
  ) {}

  /** The customer of the request path: 404 when unknown, 403 when the caller may not read it. */
  private async readableCustomer(principal: Principal, customerId: string): Promise<CustomerRow> {
    const customer = await this.customers.findById(customerId);
    if (!customer) throw notFound();
    requireAccess(principal, 'READ', 'CUSTOMER', { id: customer.id, tenantId: customer.tenantId });
    return customer;
  }

  /** POST /api/customer/{customerId}/dashboard/{dashboardId}: the customer is checked first, as the reference does. */
  async assign(principal: Principal, customerId: string, dashboardId: string): Promise<Dashboard> {
    const customer = await this.readableCustomer(principal, customerId);
    const row = await loadDashboard(this.dashboards, principal, dashboardId, 'ASSIGN_TO_CUSTOMER');
    return this.assignAudited(principal, row, customer);
  }

  /** DELETE /api/customer/{customerId}/dashboard/{dashboardId}: a customer not assigned changes nothing. */
  async unassign(principal: Principal, customerId: string, dashboardId: string): Promise<Dashboard> {
    const customer = await this.readableCustomer(principal, customerId);
    const row = await loadDashboard(this.dashboards, principal, dashboardId, 'UNASSIGN_FROM_CUSTOMER');
    return this.unassignAudited(principal, row, customer);
  }

  /** POST /api/customer/public/dashboard/{id}: assigns to the tenant's public customer, created on first use. */
  async assignToPublic(principal: Principal, dashboardId: string): Promise<Dashboard> {
    const row = await loadDashboard(this.dashboards, principal, dashboardId, 'ASSIGN_TO_CUSTOMER');
    const publicCustomer = await ensurePublicCustomer(this.db, row.tenantId);
    return this.assignAudited(principal, row, publicCustomer);
  }

  /** DELETE /api/customer/public/dashboard/{id}: the reference creates the public customer here too. */
  async unassignFromPublic(principal: Principal, dashboardId: string): Promise<Dashboard> {
    const row = await loadDashboard(this.dashboards, principal, dashboardId, 'UNASSIGN_FROM_CUSTOMER');
    const publicCustomer = await ensurePublicCustomer(this.db, row.tenantId);
    return this.unassignAudited(principal, row, publicCustomer);
  }

  /** POST /api/dashboard/{id}/customers: the assigned customers become exactly these (none for null). */
  async updateCustomers(principal: Principal, dashboardId: string, customerIds: readonly string[] | null) {
    const row = await loadDashboard(this.dashboards, principal, dashboardId, 'ASSIGN_TO_CUSTOMER');
    const wanted = [...new Set(customerIds ?? [])];
    return this.changeAudited(principal, row, 'ASSIGNED_TO_CUSTOMER', async () => {
      const customers = await this.assignableCustomers(row, wanted);
      return (assigned) => ({
        add: customers.filter((c) => !isAssigned(assigned, c.id)),
        remove: assigned.map((c) => c.customerId.id).filter((id) => !wanted.includes(id)),
      });
    });
  }

  /** POST /api/dashboard/{id}/customers/add: customers already assigned are left as they are. */
  async addCustomers(principal: Principal, dashboardId: string, customerIds: readonly string[] | null) {
    const row = await loadDashboard(this.dashboards, principal, dashboardId, 'ASSIGN_TO_CUSTOMER');
    const wanted = [...new Set(customerIds ?? [])];
    return this.changeAudited(principal, row, 'ASSIGNED_TO_CUSTOMER', async () => {
      const customers = await this.assignableCustomers(row, wanted);
      return (assigned) => ({ add: customers.filter((c) => !isAssigned(assigned, c.id)), remove: [] });
    });
  }

  /** POST /api/dashboard/{id}/customers/remove: ids of customers not assigned are ignored. */
  async removeCustomers(principal: Principal, dashboardId: string, customerIds: readonly string[] | null) {
    const row = await loadDashboard(this.dashboards, principal, dashboardId, 'UNASSIGN_FROM_CUSTOMER');
    const unwanted = new Set(customerIds ?? []);
    return this.changeAudited(principal, row, 'UNASSIGNED_FROM_CUSTOMER', async () => (assigned) => ({
      add: [],
      remove: assigned.map((c) => c.customerId.id).filter((id) => unwanted.has(id)),
    }));
  }

  /** The customers, each of which must exist and belong to the dashboard's tenant (400 otherwise). */
  private async assignableCustomers(row: DashboardRow, ids: readonly string[]): Promise<CustomerRow[]> {
    const found = await this.dashboards.findCustomers(ids);
    for (const id of ids) {
      const customer = found.find((c) => c.id === id);
      if (!customer) throw badRequest(ASSIGNMENT_MESSAGES.noCustomer);
      if (customer.tenantId !== row.tenantId) throw badRequest(ASSIGNMENT_MESSAGES.otherTenant);
    }
    return ids.flatMap((id) => found.filter((c) => c.id === id));
  }

  private assignAudited(principal: Principal, row: DashboardRow, customer: CustomerRow): Promise<Dashboard> {
    const audit = {
      actionType: 'ASSIGNED_TO_CUSTOMER',
      subject: dashboardSubject(row, customer.id),
      data: { entityId: row.id, assignedCustomerId: customer.id, assignedCustomerName: customer.title },
    } as const;
    return auditedAction(this.audit, principal, audit, async () => {
      if (customer.tenantId !== row.tenantId) throw badRequest(ASSIGNMENT_MESSAGES.otherTenant);
      const change = await this.change(row.id, (assigned) => ({
        add: isAssigned(assigned, customer.id) ? [] : [customer],
        remove: [],
      }));
      return dashboardToWire(change.row);
    });
  }

  private unassignAudited(
    principal: Principal,
    row: DashboardRow,
    customer: CustomerRow,
  ): Promise<Dashboard> {
    const audit = {
      actionType: 'UNASSIGNED_FROM_CUSTOMER',
      subject: dashboardSubject(row, customer.id),
      data: { entityId: row.id, unassignedCustomerId: customer.id, unassignedCustomerName: customer.title },
    } as const;
    return auditedAction(this.audit, principal, audit, async () => {
      const change = await this.change(row.id, () => ({ add: [], remove: [customer.id] }));
      return dashboardToWire(change.row);
    });
  }

  /**
   * A change of several customers at once: one transaction, then one entry per customer that was
   * assigned or unassigned. A failure (an unknown customer id) changes nothing and is recorded
   * once, as `failureAction`.
   */
  private async changeAudited(
    principal: Principal,
    row: DashboardRow,
    failureAction: AuditActionType,
    prepare: () => Promise<Plan>,
  ): Promise<Dashboard> {
    let change: Change;
    try {
      change = await this.change(row.id, await prepare());
    } catch (error) {
      // Refusals leave no entry (audited-action.ts explains why); the dashboard was readable here.
      const refused = error instanceof ApiError && [401, 403, 404].includes(error.status);
      if (!refused) {
        await recordAction(
          this.audit,
          principal,
          failureAction,
          dashboardSubject(row),
          { entityId: row.id },
          error,
        );
      }
      throw error;
    }
    for (const customer of change.added) {
      await recordAction(this.audit, principal, 'ASSIGNED_TO_CUSTOMER', dashboardSubject(row, customer.id), {
        entityId: row.id,
        assignedCustomerId: customer.id,
        assignedCustomerName: customer.title,
      });
    }
    for (const info of change.removed) {
      await recordAction(
        this.audit,
        principal,
        'UNASSIGNED_FROM_CUSTOMER',
        dashboardSubject(row, info.customerId.id),
        {
          entityId: row.id,
          unassignedCustomerId: info.customerId.id,
          unassignedCustomerName: info.title,
        },
      );
    }
    return dashboardToWire(change.row);
  }

  /** Applies a plan to the locked row, so concurrent changes of the same dashboard do not lose each other. */
  private change(dashboardId: string, plan: Plan): Promise<Change> {
    return this.db.transaction().execute(async (trx) => {
      const row = await this.dashboards.findForUpdate(dashboardId, trx);
      // Deleted since it was loaded.
      if (!row) throw notFound();
      const assigned = assignedCustomersOf(row);
      const { add, remove } = plan(assigned);
      const removed = assigned.filter((c) => remove.includes(c.customerId.id));
      if (add.length === 0 && removed.length === 0) return { row, added: [], removed: [] };
      const next = [...assigned.filter((c) => !remove.includes(c.customerId.id)), ...add.map(shortInfo)];
      await this.dashboards.setAssignedCustomers(row.id, next, trx);
      return { row: { ...row, assignedCustomers: next }, added: add, removed };
    });
  }
}
