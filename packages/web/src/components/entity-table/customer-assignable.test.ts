import { describe, expect, it } from 'vitest';
import enUSConsole from '../../i18n/locales/console/en_US.json';
import { customerAssignableKeys } from './customer-assignable';

type Tree = { [key: string]: string | Tree };

function message(key: string): string | Tree | undefined {
  return key
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      enUSConsole as Tree,
    );
}

describe('customerAssignableKeys', () => {
  it.each([
    ['device', 'devices'],
    ['asset', 'assets'],
    ['entity-view', 'entity-views'],
  ])('names only messages of the console bundle for %s', (one, many) => {
    const keys = Object.values(customerAssignableKeys(one, many));
    expect(keys.filter((key) => typeof message(key) !== 'string')).toEqual([]);
  });

  it('builds the keys from the names', () => {
    const keys = customerAssignableKeys('entity-view', 'entity-views');
    expect(keys.assignOneToCustomer).toBe('entity-view.assign-entity-view-to-customer');
    expect(keys.unassignManyTitle).toBe('entity-view.unassign-entity-views-title');
    expect(keys.publicCustomerEntities).toBe('customer.public-entity-views');
  });
});
