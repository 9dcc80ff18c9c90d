import { type HomeDashboard, type HomeDashboardInfo, isJsonObject } from '@meridian/common';
import { may, requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import type { CustomersRepo } from '../customers/repo.js';
import type { TenantsRepo } from '../tenants/repo.js';
import type { UsersRepo } from '../users/repo.js';
import { dashboardTarget, loadDashboard } from './access.js';
import { type DashboardRow, type DashboardsRepo, dashboardToWire } from './repo.js';
import type { HomeDashboardInfoInput } from './schemas.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Jackson's JsonNode.asBoolean, which the reference reads `homeDashboardHideToolbar` with. */
function asBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return value.trim().toLowerCase() === 'true';
  return false;
}

interface HomeSetting {
  dashboardId: string;
  hideToolbar: boolean;
}

/**
 * The home dashboard named in a user's, customer's or tenant's additionalInfo (`homeDashboardId`,
 * `homeDashboardHideToolbar`); undefined when unset or not a dashboard id. The toolbar is hidden
 * unless the setting says otherwise, as in the reference.
 */
export function homeSettingOf(additionalInfo: unknown): HomeSetting | undefined {
  if (!isJsonObject(additionalInfo)) return undefined;
  const id = additionalInfo.homeDashboardId;
  if (typeof id !== 'string' || !UUID.test(id)) return undefined;
  const hide = additionalInfo.homeDashboardHideToolbar;
  return { dashboardId: id, hideToolbar: hide === undefined ? true : asBoolean(hide) };
}

/**
 * Home dashboards (reference DashboardController getHomeDashboard…): the user's own setting, then
 * (for customer users) their customer's, then their tenant's. A level whose dashboard is gone or
 * not readable by the caller is passed over. System administrators have none.
 */
export class HomeDashboardService {
  constructor(
    private readonly dashboards: DashboardsRepo,
    private readonly users: UsersRepo,
    private readonly customers: CustomersRepo,
    private readonly tenants: TenantsRepo,
  ) {}

  /** GET /api/dashboard/home: null (an empty answer) when no level names a readable dashboard. */
  async home(principal: Principal): Promise<HomeDashboard | null> {
    const found = await this.resolve(principal);
    return found ? { ...dashboardToWire(found.row), hideDashboardToolbar: found.hideToolbar } : null;
  }

  /** GET /api/dashboard/home/info. */
  async homeInfo(principal: Principal): Promise<HomeDashboardInfo | null> {
    const found = await this.resolve(principal);
    return found
      ? {
          dashboardId: { entityType: 'DASHBOARD', id: found.row.id },
          hideDashboardToolbar: found.hideToolbar,
        }
      : null;
  }

  /** GET /api/tenant/dashboard/home/info: the tenant's own setting, as stored (no dashboard lookup). */
  async tenantHomeInfo(principal: Principal): Promise<HomeDashboardInfo> {
    requireAccess(principal, 'READ', 'TENANT', { id: principal.tenantId, tenantId: principal.tenantId });
    const tenant = await this.tenants.findById(principal.tenantId);
    const setting = homeSettingOf(tenant?.additionalInfo);
    return setting
      ? {
          dashboardId: { entityType: 'DASHBOARD', id: setting.dashboardId },
          hideDashboardToolbar: setting.hideToolbar,
        }
      : { dashboardId: null, hideDashboardToolbar: true };
  }

  /**
   * POST /api/tenant/dashboard/home/info: sets (or, without a dashboard id, clears) the tenant's
   * home dashboard, which must be one the administrator can read (404 unknown, 403 another tenant's).
   */
  async setTenantHomeInfo(principal: Principal, input: HomeDashboardInfoInput): Promise<void> {
    const dashboardId = input.dashboardId?.id ?? null;
    if (dashboardId !== null) await loadDashboard(this.dashboards, principal, dashboardId, 'READ');
    const setting =
      dashboardId === null ? null : { dashboardId, hideToolbar: input.hideDashboardToolbar === true };
    await this.dashboards.setTenantHome(principal.tenantId, setting);
  }

  private async resolve(principal: Principal): Promise<{ row: DashboardRow; hideToolbar: boolean } | null> {
    if (principal.authority === 'SYS_ADMIN') return null;
    const levels: (() => Promise<unknown>)[] = [];
    // A public session has no user of its own: its customer's setting comes first.
    if (!principal.isPublic)
      levels.push(async () => (await this.users.findById(principal.userId))?.additionalInfo);
    if (principal.authority === 'CUSTOMER_USER') {
      levels.push(async () => (await this.customers.findById(principal.customerId))?.additionalInfo);
    }
    levels.push(async () => (await this.tenants.findById(principal.tenantId))?.additionalInfo);
    for (const level of levels) {
      const setting = homeSettingOf(await level());
      if (!setting) continue;
      const row = await this.dashboards.findById(setting.dashboardId);
      if (row && may(principal, 'READ', 'DASHBOARD', dashboardTarget(row))) {
        return { row, hideToolbar: setting.hideToolbar };
      }
    }
    return null;
  }
}
