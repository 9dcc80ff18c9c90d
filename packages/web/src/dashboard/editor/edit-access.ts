import type { Dashboard } from '@meridian/common';
import type { AuthUser } from '../../app/auth/jwt';

/**
 * Whether the user may edit the dashboard: a tenant administrator of its tenant, as the server's
 * access policy allows its save; never a customer user, a system administrator or a public viewer.
 */
export function mayEditDashboard(
  user: Pick<AuthUser, 'authority' | 'tenantId' | 'isPublic'> | null | undefined,
  dashboard: Pick<Dashboard, 'tenantId'>,
): boolean {
  return (
    user !== null &&
    user !== undefined &&
    !user.isPublic &&
    user.authority === 'TENANT_ADMIN' &&
    user.tenantId === dashboard.tenantId.id
  );
}
