import { describe, expect, it } from 'vitest';
import { hasConsoleMessage } from '../../test/console-messages';
import { customerAssignableKeys } from './customer-assignable';

describe('customerAssignableKeys', () => {
  it.each([
    ['device', 'devices'],
    ['asset', 'assets'],
    ['entity-view', 'entity-views'],
  ])('names only messages of the console bundle for %s', (one, many) => {
    const keys = Object.values(customerAssignableKeys(one, many));
    expect(keys.filter((key) => !hasConsoleMessage(key))).toEqual([]);
  });

  it('builds the keys from the names', () => {
    const keys = customerAssignableKeys('entity-view', 'entity-views');
    expect(keys.assignOneToCustomer).toBe('entity-view.assign-entity-view-to-customer');
    expect(keys.unassignManyTitle).toBe('entity-view.unassign-entity-views-title');
    expect(keys.publicCustomerEntities).toBe('customer.public-entity-views');
  });
});
