import { NULL_UUID } from '@meridian/common';
import type { Principal } from '../../auth/principal.js';
import { badRequest } from '../../http/api-error.js';
import type { CustomersRepo } from '../customers/repo.js';

/** The id of an `{id}` reference in a saved body; null when absent or the null UUID. */
export const refId = (ref: { id: string } | null | undefined): string | null =>
  ref?.id && ref.id !== NULL_UUID ? ref.id : null;

/**
 * The customer a saved device or asset belongs to: the body's `customerId` for tenant
 * administrators (checked to be a customer of their tenant), the stored one when the body has none.
 */
export async function customerOfSave(
  customers: CustomersRepo,
  principal: Principal,
  requested: { id: string } | null | undefined,
  stored: { customerId: string | null } | undefined,
  noCustomerMessage: string,
): Promise<string | null> {
  // Customer users cannot move entities between customers; assignment has its own endpoints.
  if (principal.authority === 'CUSTOMER_USER') return stored ? stored.customerId : principal.customerId;
  if (requested === undefined) return stored?.customerId ?? null;
  const id = refId(requested);
  if (!id) return null;
  const customer = await customers.findById(id);
  // A customer of another tenant is reported like a missing one, so ids of other tenants stay unknown.
  if (!customer || customer.tenantId !== principal.tenantId) throw badRequest(noCustomerMessage);
  return id;
}
