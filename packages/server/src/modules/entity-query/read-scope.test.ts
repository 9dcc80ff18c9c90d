import { NULL_UUID } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { may, type Target } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import { QUERYABLE_ENTITY_TYPES } from './entity-tables.js';
import { RESOURCE_OF_TYPE, readScope, readScopeAllows } from './read-scope.js';

/**
 * The entity query's row filter must say exactly what the access policy says about READ, for the
 * callers the query endpoints admit (tenant administrators and customer users).
 */

const T1 = '11111111-1111-1111-1111-111111111111';
const T2 = '22222222-2222-2222-2222-222222222222';
const C1 = '33333333-3333-3333-3333-333333333333';
const C2 = '44444444-4444-4444-4444-444444444444';
const U1 = '55555555-5555-5555-5555-555555555555';
const U2 = '66666666-6666-6666-6666-666666666666';

const principal = (
  authority: Principal['authority'],
  tenantId: string,
  customerId: string,
  userId = U1,
): Principal => ({
  userId,
  sub: 'someone@example.test',
  authority,
  tenantId,
  customerId,
  firstName: null,
  lastName: null,
  enabled: true,
  isPublic: false,
  iat: 0,
});

const SYSADMIN = principal('SYS_ADMIN', NULL_UUID, NULL_UUID);
const PRINCIPALS: Record<string, Principal> = {
  tenantAdmin: principal('TENANT_ADMIN', T1, NULL_UUID),
  customerUser: principal('CUSTOMER_USER', T1, C1),
  publicUser: { ...principal('CUSTOMER_USER', T1, C2, C2), isPublic: true },
};

/** Owner combinations of every kind the tables can hold. */
function targets(): Target[] {
  const list: Target[] = [];
  for (const tenantId of [T1, T2, NULL_UUID]) {
    for (const customerId of [C1, C2, NULL_UUID]) {
      for (const id of [T1, T2, C1, C2, U1, U2]) {
        for (const assignedCustomerIds of [[], [C1], [C2], [C1, C2]]) {
          for (const authority of [undefined, 'TENANT_ADMIN', 'CUSTOMER_USER']) {
            list.push({ id, tenantId, customerId, assignedCustomerIds, ...(authority ? { authority } : {}) });
          }
        }
      }
    }
  }
  return list;
}

describe('read scope of entity queries', () => {
  for (const [name, who] of Object.entries(PRINCIPALS)) {
    for (const type of QUERYABLE_ENTITY_TYPES) {
      it(`${name} reading ${type} matches the access policy`, () => {
        for (const target of targets()) {
          // Rows of a table are consistent: a tenant row owns itself, a customer row is its own customer.
          const row: Target =
            type === 'TENANT'
              ? { ...target, tenantId: target.id ?? '', customerId: NULL_UUID }
              : type === 'CUSTOMER'
                ? { ...target, customerId: target.id }
                : target;
          expect(readScopeAllows(who, type, row), JSON.stringify(row)).toBe(
            may(who, 'READ', RESOURCE_OF_TYPE[type], row),
          );
        }
      });
    }
  }

  it('gives system administrators (refused by the routes anyway) nothing, and customer users no tenant rows', () => {
    for (const type of QUERYABLE_ENTITY_TYPES) expect(readScope(SYSADMIN, type)).toBe('none');
    expect(readScope(PRINCIPALS.customerUser as Principal, 'TENANT')).toBe('none');
  });
});
