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

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const asObject = (value: unknown): JsonObject => (isObject(value) ? value : {});

/**
 * The additionalInfo a client sees: an object without the password history and with `extraInfo`;
 * any other JSON value as stored (the reference adds its keys only to an object, decision 0023).
 */
function visibleInfo(stored: unknown, extraInfo: JsonObject): unknown {
  if (stored !== null && stored !== undefined && !isObject(stored)) return stored;
  const { userPasswordHistory: _history, ...visible } = asObject(stored);
  return { ...visible, ...extraInfo };
}

/** The reference's User JSON; `name` is the email, absent owners are NULL_UUID. */
export function userToWire(row: UserRow, extraInfo: JsonObject = {}) {
  return {
    id: { entityType: 'USER' as const, id: row.id },
    createdTime: row.createdTime,
    additionalInfo: visibleInfo(row.additionalInfo, extraInfo),
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
