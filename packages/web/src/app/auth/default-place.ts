import type { AuthState } from './auth-state';

/** The kinds of page the forced-fullscreen rule distinguishes (spec 1 §2 "After login"). */
export type PageKind = 'profile' | 'dashboard' | 'dashboards' | 'other';

export interface PlaceTarget {
  kind: PageKind;
  dashboardId: string | null;
}

export function defaultDashboardId(state: AuthState): string | null {
  const id = state.userDetails?.additionalInfo?.defaultDashboardId;
  return typeof id === 'string' && id.length > 0 ? id : null;
}

function isTenantOrCustomer(state: AuthState): boolean {
  const authority = state.authUser?.authority;
  return authority === 'TENANT_ADMIN' || authority === 'CUSTOMER_USER';
}

/**
 * Where an authenticated user belongs: the saved redirect URL, else the default dashboard
 * (dashboard/{id} when fullscreen is forced, dashboards/{id} otherwise), else the last public
 * dashboard for a public user, else home. An unauthenticated user belongs on the login page.
 */
export function resolveDefaultPlace(state: AuthState, redirectUrl: string | null): string {
  if (!state.isAuthenticated || !state.authUser) {
    return '/login';
  }
  if (redirectUrl) {
    return redirectUrl;
  }
  if (isTenantOrCustomer(state)) {
    const dashboardId = defaultDashboardId(state);
    if (dashboardId) {
      return state.forceFullscreen ? `/dashboard/${dashboardId}` : `/dashboards/${dashboardId}`;
    }
    if (state.authUser.isPublic && state.lastPublicDashboardId) {
      return `/dashboard/${state.lastPublicDashboardId}`;
    }
  }
  return '/home';
}

/**
 * A forced-fullscreen tenant or customer user (default dashboard with "always fullscreen", or any
 * public user) may reach only the profile (unless public), dashboard/{id} pages, and dashboards/{id}
 * pages of allowed dashboards. Returns true when the target is outside that set.
 */
export function mustGoToDefaultPlace(state: AuthState, target: PlaceTarget): boolean {
  const user = state.authUser;
  if (!user || !isTenantOrCustomer(state)) {
    return false;
  }
  const forced = (defaultDashboardId(state) !== null && state.forceFullscreen) || user.isPublic;
  if (!forced) {
    return false;
  }
  switch (target.kind) {
    case 'profile':
      return user.isPublic;
    case 'dashboard':
      return false;
    case 'dashboards':
      return !(target.dashboardId && state.allowedDashboardIds.includes(target.dashboardId));
    default:
      return true;
  }
}
