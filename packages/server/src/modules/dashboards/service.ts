import { type Dashboard, ErrorCode, ErrorMessages } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import { requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/store.js';
import { ApiError, badRequest, notFound } from '../../http/api-error.js';
import type { PageQuery } from '../../http/page-query.js';
import { type AuditedActionSpec, type AuditRecorder, auditedAction } from '../audit-logs/audited-action.js';
import { refId } from '../customer-assignable/save-input.js';
import type { CustomersRepo } from '../customers/repo.js';
import { assertEntityLimit } from '../tenant-profiles/limits.js';
import type { TenantsRepo } from '../tenants/repo.js';
import { dashboardSubject, loadDashboard } from './access.js';
import { type DashboardRow, type DashboardsRepo, dashboardInfoToWire, dashboardToWire } from './repo.js';
import type { DashboardInput } from './schemas.js';

export const DASHBOARD_MESSAGES = {
  titleRequired: 'Dashboard title should be specified!',
  usedByProfiles: 'The dashboard referenced by the device profiles cannot be deleted!',
} as const;

export type DashboardListQuery = PageQuery & { mobile?: boolean };

/** Dashboards: the rules of DashboardController and DashboardServiceImpl (reference §1.3–§1.5). */
export class DashboardsService {
  constructor(
    private readonly db: Db,
    private readonly dashboards: DashboardsRepo,
    private readonly customers: CustomersRepo,
    private readonly tenants: TenantsRepo,
    private readonly audit: AuditRecorder,
  ) {}

  async get(principal: Principal, id: string) {
    return dashboardToWire(await loadDashboard(this.dashboards, principal, id, 'READ'));
  }

  async getInfo(principal: Principal, id: string) {
    return dashboardInfoToWire(await loadDashboard(this.dashboards, principal, id, 'READ'));
  }

  /**
   * POST /api/dashboard. Access first (WRITE on the stored dashboard, or CREATE in the caller's
   * tenant), then the checked save, recorded as ADDED or UPDATED, or as a FAILURE when a check
   * refuses it. The assigned customers are never taken from the body: they change only through the
   * assignment endpoints.
   */
  async save(principal: Principal, input: DashboardInput): Promise<Dashboard> {
    const id = refId(input.id);
    const stored = id ? await loadDashboard(this.dashboards, principal, id, 'WRITE') : undefined;
    if (!stored) requireAccess(principal, 'CREATE', 'DASHBOARD', { tenantId: principal.tenantId });
    const audit: AuditedActionSpec<Dashboard> = {
      actionType: stored ? 'UPDATED' : 'ADDED',
      subject: stored ? dashboardSubject(stored) : { entityType: 'DASHBOARD', name: input.title ?? null },
      data: { entity: input },
      onSuccess: (dashboard) => ({
        subject: dashboardSubject({ id: dashboard.id.id, title: dashboard.title }),
        data: { entity: dashboard },
      }),
    };
    return auditedAction(this.audit, principal, audit, () => this.saveChecked(principal, input, stored));
  }

  private async saveChecked(principal: Principal, input: DashboardInput, stored: DashboardRow | undefined) {
    const title = input.title;
    if (!title?.trim()) throw badRequest(DASHBOARD_MESSAGES.titleRequired);
    const tenantId = principal.tenantId;
    // Absent fields keep what is stored; null clears them.
    const keep = <K extends 'image' | 'mobileOrder'>(key: K) =>
      input[key] === undefined ? (stored?.[key] ?? null) : input[key];
    const configuration =
      input.configuration === undefined
        ? (stored?.configuration ?? null)
        : input.configuration === null
          ? null
          : JSON.stringify(input.configuration);
    const values = {
      title,
      image: keep('image'),
      mobileHide: input.mobileHide === undefined ? (stored?.mobileHide ?? false) : input.mobileHide === true,
      mobileOrder: keep('mobileOrder'),
      configuration,
    };
    if (stored) {
      // The version check and the write are one statement: a save in between makes it write nothing.
      const expected = input.version ?? undefined;
      const version = await this.dashboards.update(stored.id, values, expected);
      if (version === undefined) {
        if (expected === undefined) throw notFound();
        throw new ApiError(ErrorCode.VERSION_CONFLICT, ErrorMessages.versionConflict);
      }
      return dashboardToWire({ ...stored, ...values, version });
    }
    await assertEntityLimit(this.db, tenantId, 'DASHBOARD');
    const row = { id: uuidv1(), createdTime: Date.now(), tenantId, ...values };
    await this.dashboards.insert(row);
    return dashboardToWire({ ...row, assignedCustomers: [], version: 1 });
  }

  /**
   * DELETE /api/dashboard/{id}: its relations go with it. Refused while a device profile names it
   * as its default dashboard (the reference's foreign key does the same).
   */
  async delete(principal: Principal, id: string): Promise<void> {
    const row = await loadDashboard(this.dashboards, principal, id, 'DELETE');
    const audit = {
      actionType: 'DELETED',
      subject: dashboardSubject(row),
      data: { entityId: row.id },
    } as const;
    await auditedAction(this.audit, principal, audit, async () => {
      if ((await this.dashboards.countProfilesUsing(row.id)) > 0)
        throw badRequest(DASHBOARD_MESSAGES.usedByProfiles);
      await this.db.transaction().execute((trx) => this.dashboards.deleteWithRelations(row.id, trx));
    });
  }

  /** GET /api/tenant/dashboards[?mobile=true]. */
  tenantDashboards(principal: Principal, query: DashboardListQuery) {
    requireAccess(principal, 'READ', 'DASHBOARD');
    return this.dashboards.pageByTenant(principal.tenantId, query, query.mobile === true);
  }

  /** GET /api/tenant/{tenantId}/dashboards: a system administrator looks at a tenant's dashboards. */
  async dashboardsOfTenant(principal: Principal, tenantId: string, page: PageQuery) {
    const tenant = await this.tenants.findById(tenantId);
    if (!tenant) throw notFound();
    requireAccess(principal, 'READ', 'TENANT', { id: tenant.id, tenantId: tenant.id });
    return this.dashboards.pageByTenant(tenant.id, page);
  }

  /** GET /api/customer/{customerId}/dashboards[?mobile=true]: the dashboards assigned to the customer. */
  async customerDashboards(principal: Principal, customerId: string, query: DashboardListQuery) {
    const customer = await this.customers.findById(customerId);
    if (!customer) throw notFound();
    requireAccess(principal, 'READ', 'CUSTOMER', { id: customer.id, tenantId: customer.tenantId });
    return this.dashboards.pageByCustomer(customer.tenantId, customerId, query, query.mobile === true);
  }
}
