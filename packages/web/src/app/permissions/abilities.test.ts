import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../auth/jwt';
import { can } from './abilities';

function user(authority: AuthUser['authority'], isPublic = false): AuthUser {
  return {
    sub: 's',
    scopes: [authority],
    userId: 'u',
    tenantId: null,
    customerId: null,
    firstName: null,
    lastName: null,
    isPublic,
    authority,
  };
}

describe('can', () => {
  it('nobody can do anything when signed out', () => {
    expect(can(null, 'viewProfile')).toBe(false);
  });

  it.each([
    ['SYS_ADMIN', false, [true, false, true]],
    ['TENANT_ADMIN', false, [true, true, false]],
    ['CUSTOMER_USER', false, [true, true, false]],
    ['CUSTOMER_USER', true, [false, true, false]],
  ] as const)('%s (public: %s)', (authority, isPublic, expected) => {
    const subject = user(authority, isPublic);
    expect([
      can(subject, 'viewProfile'),
      can(subject, 'pickDefaultDashboard'),
      can(subject, 'manageSystemSettings'),
    ]).toEqual(expected);
  });
});
