import type { AuthUser } from '../auth/jwt';

/**
 * What the console may offer a user, decided in one place so pages never compare authorities
 * themselves. The server enforces the same rules; this only keeps the UI from offering what it
 * would refuse.
 */
export type Ability =
  /** Open the profile page (everyone signed in except public users). */
  | 'viewProfile'
  /** Choose a default dashboard (tenant admins and customer users own dashboards). */
  | 'pickDefaultDashboard'
  /** Edit system settings: general, mail, security. */
  | 'manageSystemSettings'
  /** Create, edit, delete and assign the tenant's customers, assets, devices and device profiles. */
  | 'manageTenantEntities';

const RULES: Record<Ability, (user: AuthUser) => boolean> = {
  viewProfile: (user) => user.authority !== 'ANONYMOUS' && !user.isPublic,
  pickDefaultDashboard: (user) => user.authority === 'TENANT_ADMIN' || user.authority === 'CUSTOMER_USER',
  manageSystemSettings: (user) => user.authority === 'SYS_ADMIN',
  manageTenantEntities: (user) => user.authority === 'TENANT_ADMIN',
};

export function can(user: AuthUser | null, ability: Ability): boolean {
  return user !== null && RULES[ability](user);
}
