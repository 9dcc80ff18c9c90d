import { NULL_UUID } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../../auth/principal.js';
import { dynamicSources, type StoredValue, storedValueAs } from './dynamic-values.js';

const base: Principal = {
  userId: 'user',
  sub: 'user@example.test',
  authority: 'CUSTOMER_USER',
  tenantId: 'tenant',
  customerId: 'customer',
  firstName: null,
  lastName: null,
  enabled: true,
  isPublic: false,
  iat: 0,
};
const admin: Principal = { ...base, authority: 'TENANT_ADMIN', customerId: NULL_UUID };

describe('dynamicSources', () => {
  it('reads the current tenant, customer or user, inheriting upwards only when asked', () => {
    const source = (
      sourceType: 'CURRENT_TENANT' | 'CURRENT_CUSTOMER' | 'CURRENT_USER' | 'CURRENT_DEVICE',
      inherit: boolean,
      who = base,
    ) => dynamicSources(who, { sourceType, sourceAttribute: 'a', inherit });
    expect(source('CURRENT_TENANT', false)).toEqual(['tenant']);
    expect(source('CURRENT_CUSTOMER', false)).toEqual(['customer']);
    expect(source('CURRENT_CUSTOMER', true)).toEqual(['customer', 'tenant']);
    expect(source('CURRENT_USER', false)).toEqual(['user']);
    expect(source('CURRENT_USER', true)).toEqual(['user', 'customer', 'tenant']);
    expect(source('CURRENT_DEVICE', true)).toEqual([]);
    expect(source('CURRENT_CUSTOMER', false, admin)).toEqual([]);
    expect(source('CURRENT_CUSTOMER', true, admin)).toEqual(['tenant']);
    expect(dynamicSources(base, { sourceType: null, sourceAttribute: 'a' })).toEqual([]);
  });
});

describe('storedValueAs', () => {
  const stored = (value: Partial<StoredValue>): StoredValue => ({
    boolV: null,
    strV: null,
    longV: null,
    dblV: null,
    jsonV: null,
    ...value,
  });

  it('converts stored values to the operand type of the predicate', () => {
    expect(storedValueAs(stored({ dblV: 25 }), 'STRING')).toBe('25.0');
    expect(storedValueAs(stored({ longV: '7' }), 'STRING')).toBe('7');
    expect(storedValueAs(stored({ boolV: false }), 'STRING')).toBe('false');
    expect(storedValueAs(stored({ jsonV: '{"a":1}' }), 'STRING')).toBe('{"a":1}');
    expect(storedValueAs(stored({ longV: '7' }), 'NUMERIC')).toBe(7);
    expect(storedValueAs(stored({ dblV: 2.5 }), 'NUMERIC')).toBe(2.5);
    expect(storedValueAs(stored({ strV: ' 12.5 ' }), 'NUMERIC')).toBe(12.5);
    expect(storedValueAs(stored({ strV: 'twelve' }), 'NUMERIC')).toBeNull();
    expect(storedValueAs(stored({ boolV: true }), 'BOOLEAN')).toBe(true);
    expect(storedValueAs(stored({ strV: 'FALSE' }), 'BOOLEAN')).toBe(false);
    expect(storedValueAs(stored({ longV: '1' }), 'BOOLEAN')).toBeNull();
  });
});
