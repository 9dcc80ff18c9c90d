import { SYSADMIN_PASSWORD } from '../../install/system-data.js';
import type { UserRow } from '../users/repo.js';

/**
 * additionalInfo key, true while the system administrator signs in with the password it was
 * installed with: set at each sign-in, dropped by every password change. The console warns while
 * it is set (decision 0018).
 */
export const DEFAULT_PASSWORD_KEY = 'defaultPasswordInUse';

/** Whether this sign-in used the install default of the system administrator. */
export function usesDefaultPassword(user: Pick<UserRow, 'authority'>, password: string): boolean {
  return user.authority === 'SYS_ADMIN' && password === SYSADMIN_PASSWORD;
}
