import type { UserRow } from '../modules/users/repo.js';
import type { TokenSubject } from './jwt.js';

/** The claims of a stored user's tokens. */
export function userTokenSubject(row: UserRow, enabled: boolean): TokenSubject {
  return {
    userId: row.id,
    email: row.email,
    authority: row.authority,
    tenantId: row.tenantId,
    customerId: row.customerId,
    firstName: row.firstName,
    lastName: row.lastName,
    enabled,
    isPublic: false,
  };
}
