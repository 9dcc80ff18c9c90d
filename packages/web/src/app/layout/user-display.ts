import type { AuthState } from '../auth/auth-state';

/** First and last name, or the email when both are missing (spec 3 §2.2). */
export function userDisplayName(state: AuthState): string {
  const details = state.userDetails;
  const user = state.authUser;
  const first = details ? details.firstName : user?.firstName;
  const last = details ? details.lastName : user?.lastName;
  const name = [first, last].filter(
    (part): part is string => typeof part === 'string' && part.trim().length > 0,
  );
  return name.length ? name.join(' ') : (details?.email ?? user?.sub ?? '');
}

/** i18n key of the authority label shown under the name. */
export function authorityLabelKey(state: AuthState): string {
  const user = state.authUser;
  switch (user?.authority) {
    case 'SYS_ADMIN':
      return 'user.sys-admin';
    case 'TENANT_ADMIN':
      return 'user.tenant-admin';
    case 'CUSTOMER_USER':
      return user.isPublic ? 'user.public' : 'user.customer';
    default:
      return 'user.anonymous';
  }
}
