import { requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import { notFound } from '../../http/api-error.js';
import type { PageQuery } from '../../http/page-query.js';
import type { CustomersRepo } from '../customers/repo.js';
import type { DashboardsRepo } from './repo.js';

/** Dashboard listings; the dashboard editor and its CRUD arrive with the dashboards issue. */
export class DashboardsService {
  constructor(
    private readonly dashboards: DashboardsRepo,
    private readonly customers: CustomersRepo,
  ) {}

  tenantDashboards(principal: Principal, page: PageQuery) {
    requireAccess(principal, 'READ', 'DASHBOARD');
    return this.dashboards.pageByTenant(principal.tenantId, page);
  }

  async customerDashboards(principal: Principal, customerId: string, page: PageQuery) {
    const customer = await this.customers.findById(customerId);
    if (!customer) throw notFound();
    requireAccess(principal, 'READ', 'CUSTOMER', { id: customer.id, tenantId: customer.tenantId });
    return this.dashboards.pageByCustomer(customer.tenantId, customerId, page);
  }
}
