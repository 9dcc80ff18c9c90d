import { newTenant, newUser, type TenantRef, type UserRef } from './factories.js';
import { DEMO, type DemoIds, demoIds, type TestServer } from './helper.js';

/** The callers of the per-entity API tests: the demo accounts and outsiders of another tenant and customer. */
export const CALLERS = [
  'sysadmin',
  'tenantAdmin',
  'customerUser',
  'otherTenantAdmin',
  'otherCustomerUser',
] as const;
export type Caller = (typeof CALLERS)[number];

export interface Callers {
  ids: DemoIds;
  /** A second tenant, with its own administrator (otherTenantAdmin). */
  otherTenant: TenantRef;
  otherTenantAdmin: UserRef;
  /** An access token per caller; otherCustomerUser is a user of the demo tenant's Customer B. */
  tokens: Record<Caller, string>;
}

/** Creates the outsiders on a started test server and signs every caller in. */
export async function signInCallers(server: TestServer): Promise<Callers> {
  const ids = await demoIds(server.store);
  const { db } = server.store;
  const otherTenant = await newTenant(db, 'Other Tenant');
  const otherTenantAdmin = await newUser(db, { authority: 'TENANT_ADMIN', tenantId: otherTenant.id });
  const customerBUser = await newUser(db, {
    authority: 'CUSTOMER_USER',
    tenantId: ids.tenantId,
    customerId: ids.customerBId,
  });
  const login = async (email: string, password: string) => (await server.api.login(email, password)).token;
  const tokens: Record<Caller, string> = {
    sysadmin: await login(DEMO.sysadmin.email, DEMO.sysadmin.password),
    tenantAdmin: await login(DEMO.tenant.email, DEMO.tenant.password),
    customerUser: await login(DEMO.customer.email, DEMO.customer.password),
    otherTenantAdmin: await login(otherTenantAdmin.email, otherTenantAdmin.password),
    otherCustomerUser: await login(customerBUser.email, customerBUser.password),
  };
  return { ids, otherTenant, otherTenantAdmin, tokens };
}
