import type { EntityViewInfo } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { addKeys } from '../../components/KeysListInput';
import {
  entityViewOfValues,
  entityViewValuesOf,
  fromLocalDateTime,
  toLocalDateTime,
} from './entity-view-values';

const stored: EntityViewInfo = {
  id: { entityType: 'ENTITY_VIEW', id: 'view-1' },
  createdTime: 1,
  tenantId: { entityType: 'TENANT', id: 'tenant-1' },
  customerId: { entityType: 'CUSTOMER', id: 'customer-1' },
  entityId: { entityType: 'ASSET', id: 'asset-1' },
  name: 'Hall view',
  type: 'halls',
  keys: { timeseries: ['t'], attributes: { cs: ['c'], ss: ['s'], sh: ['h'] } },
  startTimeMs: new Date(2024, 0, 2, 3, 4, 5).getTime(),
  endTimeMs: 0,
  additionalInfo: { description: 'Ground floor', layout: 'grid' },
  customerTitle: 'Customer A',
  customerIsPublic: false,
};

describe('entity view values', () => {
  it('round-trips a stored view, dropping the list-only fields and keeping other additional info', () => {
    const values = entityViewValuesOf(stored);
    expect(values).toMatchObject({
      targetType: 'ASSET',
      target: { id: 'asset-1', label: '' },
      startTime: '2024-01-02T03:04:05',
      endTime: '',
      clientAttributes: ['c'],
      sharedAttributes: ['h'],
      serverAttributes: ['s'],
      timeseries: ['t'],
      description: 'Ground floor',
    });
    const { customerTitle, customerIsPublic, ...view } = stored;
    expect(entityViewOfValues(values, stored)).toEqual(view);
    expect([customerTitle, customerIsPublic]).toEqual(['Customer A', false]);
  });

  it('starts a new view on a device without time bounds', () => {
    const values = entityViewValuesOf(null);
    expect(values.targetType).toBe('DEVICE');
    expect(values.target).toBeNull();
    const draft = entityViewOfValues(
      { ...values, name: ' View ', type: ' t ', target: { id: 'd1', label: 'D1' } },
      null,
    );
    expect(draft).toEqual({
      name: 'View',
      type: 't',
      entityId: { entityType: 'DEVICE', id: 'd1' },
      keys: { timeseries: [], attributes: { cs: [], ss: [], sh: [] } },
      startTimeMs: 0,
      endTimeMs: 0,
      additionalInfo: { description: '' },
    });
  });

  it('converts local date-times to the second, 0 and empty text meaning no bound', () => {
    expect(toLocalDateTime(0)).toBe('');
    expect(fromLocalDateTime('')).toBe(0);
    expect(fromLocalDateTime('not a date')).toBe(0);
    const ms = new Date(2024, 4, 1, 10, 0, 30).getTime();
    expect(fromLocalDateTime(toLocalDateTime(ms))).toBe(ms);
  });
});

describe('addKeys (spec 3 keys list)', () => {
  it('trims, ignores empty entries and duplicates, and splits at commas and semicolons', () => {
    expect(addKeys(['a'], ' b , ;a; c ')).toEqual(['a', 'b', 'c']);
    expect(addKeys([], '   ')).toEqual([]);
  });
});
