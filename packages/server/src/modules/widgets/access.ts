import { NULL_UUID } from '@meridian/common';
import { type Operation, requireAccess, type Target } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import { notFound } from '../../http/api-error.js';
import type { WidgetsBundleRow, WidgetsRepo, WidgetTypeRow } from './repo.js';

/** The access-policy target of a stored bundle or type: system ones have the null tenant. */
export const widgetsTarget = (row: { id: string; tenantId: string | null }): Target => ({
  id: row.id,
  tenantId: row.tenantId ?? NULL_UUID,
});

/** The target of a bundle or type about to be created for this owner. */
export const ownerTarget = (tenantId: string | null): Target => ({ tenantId: tenantId ?? NULL_UUID });

/**
 * Whose widgets the caller writes and reads as "its own": the system's for a system administrator
 * (the reference sets the system tenant on everything they save), else the caller's tenant.
 */
export const ownTenantOf = (principal: Principal): string | null =>
  principal.authority === 'SYS_ADMIN' ? null : principal.tenantId;

/** Loads a bundle and checks the operation on it: 404 when unknown, 403 when not allowed. */
export async function loadBundle(
  repo: WidgetsRepo,
  principal: Principal,
  id: string,
  operation: Operation,
): Promise<WidgetsBundleRow> {
  const row = await repo.findBundleById(id);
  if (!row) throw notFound();
  requireAccess(principal, operation, 'WIDGETS_BUNDLE', widgetsTarget(row));
  return row;
}

/** Loads a widget type and checks the operation on it: 404 when unknown, 403 when not allowed. */
export async function loadWidgetType(
  repo: WidgetsRepo,
  principal: Principal,
  id: string,
  operation: Operation,
): Promise<WidgetTypeRow> {
  const row = await repo.findTypeById(id);
  if (!row) throw notFound();
  requireAccess(principal, operation, 'WIDGET_TYPE', widgetsTarget(row));
  return row;
}
