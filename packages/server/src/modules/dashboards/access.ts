import type { Operation, Target } from '../../auth/policy.js';
import { requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import { notFound } from '../../http/api-error.js';
import type { AuditSubject } from '../audit-logs/audited-action.js';
import {
  assignedCustomersOf,
  type DashboardInfoRow,
  type DashboardRow,
  type DashboardsRepo,
} from './repo.js';

/** The access-policy target of a stored dashboard: customer users read it when it is assigned to them. */
export const dashboardTarget = (row: DashboardInfoRow): Target => ({
  id: row.id,
  tenantId: row.tenantId,
  assignedCustomerIds: assignedCustomersOf(row).map((c) => c.customerId.id),
});

/**
 * The audit subject of a dashboard. A dashboard has no single customer: entries are filed under
 * the customer an assignment is about, and under none otherwise (as the reference logs them).
 */
export const dashboardSubject = (
  row: Pick<DashboardInfoRow, 'id' | 'title'>,
  customerId: string | null = null,
): AuditSubject => ({ entityType: 'DASHBOARD', id: row.id, name: row.title, customerId });

/** Loads a dashboard and checks the operation on it: 404 when unknown, 403 when not allowed. */
export async function loadDashboard(
  repo: DashboardsRepo,
  principal: Principal,
  id: string,
  operation: Operation,
): Promise<DashboardRow> {
  const row = await repo.findById(id);
  if (!row) throw notFound();
  requireAccess(principal, operation, 'DASHBOARD', dashboardTarget(row));
  return row;
}
