import { NULL_UUID } from '@meridian/common';
import type { UserRow } from './repo.js';

/** additionalInfo keys the server maintains; clients cannot set them through POST /api/user. */
export const SERVER_MANAGED_INFO_KEYS = [
  'failedLoginAttempts',
  'lastLoginTs',
  'userPasswordHistory',
  'userCredentialsEnabled',
  'lockoutTs',
  'defaultPasswordInUse',
];

export type JsonObject = Record<string, unknown>;

export const asObject = (value: unknown): JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonObject) : {};

/** The reference's User JSON; `name` is the email, absent owners are NULL_UUID. */
export function userToWire(row: UserRow, extraInfo: JsonObject = {}) {
  const info = asObject(row.additionalInfo);
  const { userPasswordHistory: _history, ...visibleInfo } = info;
  return {
    id: { entityType: 'USER' as const, id: row.id },
    createdTime: row.createdTime,
    additionalInfo: { ...visibleInfo, ...extraInfo },
    tenantId: { entityType: 'TENANT' as const, id: row.tenantId ?? NULL_UUID },
    customerId: { entityType: 'CUSTOMER' as const, id: row.customerId ?? NULL_UUID },
    email: row.email,
    name: row.email,
    authority: row.authority,
    firstName: row.firstName,
    lastName: row.lastName,
  };
}

export type WireUser = ReturnType<typeof userToWire>;
